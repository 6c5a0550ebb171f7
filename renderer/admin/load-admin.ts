/**
 * The console's code, asked for by the page's entry (main.tsx) on /admin paths. A step of its own: the list of files
 * the console fetches alongside its chunk is kept here, not in the entry every borrower page loads.
 */
export const loadAdmin = () => import('./AdminApp');
