import { matchRoutes } from 'react-router-dom';
import type { RouteMapDocument } from '../../schemas/generated/types';
import { readCached } from './config-cache';

/** The route map's routes as the router is given them (App.tsx), the not-found screen last. */
const routerRoutes = (map: RouteMapDocument) => [
  ...map.routes.map((r) => ({ path: r.exact === false ? `${r.path.replace(/\/$/, '')}/*` : r.path, screen: r.screen })),
  { path: '*', screen: map.notFound },
];

/**
 * Whether the screen an in-app path opens is on this phone (its last good copy): offline, a navigation to one that is
 * not would only show the offline notice, so the borrower is told and stays where they are, with what they typed.
 */
export function screenKept(map: RouteMapDocument, to: string): boolean {
  const path = to.split(/[?#]/)[0] || '/';
  const hit = matchRoutes(routerRoutes(map), path)?.at(-1)?.route;
  return !!hit && readCached(`screen:${hit.screen}`) !== null;
}
