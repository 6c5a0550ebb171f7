import { describe, expect, it } from 'vitest';
import { NavigationRoute } from 'workbox-routing';
import { NOT_APP_PAGES } from './app-pages';

/** Whether the worker's navigation route (sw.ts) takes a navigation to `path`: kept page, or the shell offline. */
const takes = (path: string) =>
  !!new NavigationRoute({ handle: () => Promise.resolve(new Response()) }, { denylist: NOT_APP_PAGES }).match({
    url: new URL(path, 'https://h5.example'),
    request: { mode: 'navigate' } as Request,
  } as Parameters<NavigationRoute['match']>[0]);

describe('the pages the worker answers', () => {
  it('takes the borrower pages, whatever their query says', () => {
    expect(takes('/complaint?market=ID&token=t1')).toBe(true);
    expect(takes('/')).toBe(true);
    // A campaign's link carrying another address in its query is still a borrower page.
    expect(takes('/register?market=ID&ref=https://m.facebook.com')).toBe(true);
    expect(takes('/repay?back=/bills/loan.detail')).toBe(true);
  });

  it('leaves the console, the config and API routes and files to the network, with or without a query', () => {
    for (const path of [
      '/admin',
      '/admin/',
      '/admin?tab=releases',
      '/admin/releases?id=1',
      '/config/v1/bundle?market=ID',
      '/sandbox/api/x',
      '/healthz',
      '/assets/index-a1.js',
      '/favicon.svg?v=2',
      '/index.html',
    ])
      expect(takes(path), path).toBe(false);
  });
});
