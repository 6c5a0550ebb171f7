import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';

// Widget styles, when the widget set ships them (glob: a missing file never breaks the build).
import.meta.glob('./nodes/*.css', { eager: true });
// The toast's style is imported here, not by ToastRegion: the server renders that component too.
import './toast/toast.css';

// The admin console is written separately and loaded only on /admin paths.
const adminModules = import.meta.glob<{ default: ComponentType }>('./admin/AdminApp.tsx');

const rootEl = document.getElementById('root')!;
const isAdmin = /^\/admin(\/|$)/.test(window.location.pathname);
const loadAdmin = adminModules['./admin/AdminApp.tsx'];

if (isAdmin && loadAdmin) {
  const AdminApp = lazy(loadAdmin);
  createRoot(rootEl).render(
    createElement(Suspense, { fallback: createElement('p', null, 'loading...') }, createElement(AdminApp)),
  );
} else {
  // The app's own modules (router, runtime, widgets, expressions) evaluate in a task of their own, after React's: the
  // two were one task of 65-85 ms on the bench's phone (issue 45). The server hints their chunk with the page
  // (config-server/pages/widget-preloads.ts), so it downloads alongside this one.
  void import('./boot/start-app').then((m) => m.startApp(rootEl));
}
