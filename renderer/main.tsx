// React's code is evaluated here, in the entry's task, the app's in a later one (below). The console draws with it from
// a chunk of its own (admin/load-admin.ts), so the borrower's entry holds no React calls of its own.
import 'react-dom/client';

// Widget styles, when the widget set ships them (glob: a missing file never breaks the build).
import.meta.glob('./nodes/*.css', { eager: true });
// The toast's style is imported here, not by ToastRegion: the server renders that component too.
import './toast/toast.css';

// The admin console is written separately and loaded only on /admin paths (admin/load-admin.ts).
const adminModules = import.meta.glob<{ startAdmin(rootEl: HTMLElement): void }>('./admin/load-admin.ts');

const rootEl = document.getElementById('root')!;
const isAdmin = /^\/admin(\/|$)/.test(window.location.pathname);
const loadAdmin = adminModules['./admin/load-admin.ts'];

if (isAdmin && loadAdmin) {
  // Shown until the console's first step is here, which shows the same until its code comes (React replaces it).
  rootEl.appendChild(document.createElement('p')).textContent = 'loading...';
  void loadAdmin().then((m) => m.startAdmin(rootEl));
} else {
  // The app's own code is a chunk of its own (the server hints it with the page, so it downloads alongside this one),
  // evaluated in the task after React's: the two evaluated as one task of 53-74 ms at 4× CPU, the last long task of a
  // cold load (a quiet main thread). The yield first: an already fetched module would evaluate in this same task.
  // Nothing of the app imported here: a module both use would sit in this chunk, whose stylesheet (inlined by the
  // server) the app's later chunk loads would then fetch again as a dependency.
  void new Promise((r) => setTimeout(r, 0)).then(() => import('./boot/app-entry')).then((m) => m.startApp(rootEl));
}
