import { afterEach } from 'vitest';
import { preloadAllWidgets } from '../renderer/nodes/preload-widgets';
import { cleanup } from '@testing-library/react';

// Lazily loaded widgets render synchronously once loaded, as they do after a screen's preload in the app.
await preloadAllWidgets();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
