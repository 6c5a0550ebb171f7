import { afterEach } from 'vitest';
import { preloadAllWidgets } from '../renderer/nodes/preload-widgets';
import { warmLaterActions } from '../renderer/core/actions/registry';
import { cleanup } from '@testing-library/react';
// Tests draw documents made in code, which never went through a publish: their expressions are parsed from source,
// as the server and the console do (a published screen's trees: renderer/core/expressions/trees.test.ts).
import { installSourceParser } from '../renderer/core/expressions/source-parser';
installSourceParser();

// Lazily loaded widgets render synchronously once loaded, as they do after a screen's preload in the app.
await preloadAllWidgets();
// The steps a tap takes from their own chunk (navigate, copy, ...) are here, as once the app's first screen shows.
await warmLaterActions();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
