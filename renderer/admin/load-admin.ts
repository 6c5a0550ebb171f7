/**
 * The console, started by the page's entry (main.tsx) on /admin paths. A step of its own: React's root for the console
 * and the list of files the console fetches alongside its chunk are kept here, not in the entry every borrower page
 * loads.
 */
import { createElement, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';

/** Draws the console into the page's root, "loading..." until its code is here. */
export function startAdmin(rootEl: HTMLElement): void {
  const AdminApp = lazy(() => import('./AdminApp'));
  createRoot(rootEl).render(
    createElement(Suspense, { fallback: createElement('p', null, 'loading...') }, createElement(AdminApp)),
  );
}
