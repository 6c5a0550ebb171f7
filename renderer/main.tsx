import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { startApp } from './boot/start-app';

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
  void startApp(rootEl);
}
