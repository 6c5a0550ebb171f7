import { describe, expect, it } from 'vitest';
import { depsToFetch, loadedWith } from '../vite-preload-deps';

// As the borrower build has it: the entry and the app's chunk share React's chunk and the runtime; a field widget
// comes with the helpers all fields share.
const imports = new Map([
  ['assets/index.js', ['assets/runtime.js', 'assets/react.js', 'assets/preload-helper.js']],
  ['assets/app-entry.js', ['assets/runtime.js', 'assets/app.js']],
  ['assets/app.js', ['assets/runtime.js', 'assets/react.js', 'assets/preload-helper.js']],
  ['assets/TextField.js', ['assets/runtime.js', 'assets/react.js', 'assets/field-kit.js', 'assets/app.js']],
  ['assets/field-kit.js', ['assets/react.js', 'assets/app.js']],
  ['assets/Tabs.js', ['assets/runtime.js', 'assets/react.js', 'assets/app.js']],
]);

describe('what a lazy import fetches alongside its chunk', () => {
  it('is what the importing chunk has not loaded itself, directly or through its imports', () => {
    expect([...loadedWith('assets/app-entry.js', imports)].sort()).toEqual([
      'assets/app.js',
      'assets/preload-helper.js',
      'assets/react.js',
      'assets/runtime.js',
    ]);
    const deps = ['assets/TextField.js', 'assets/runtime.js', 'assets/react.js', 'assets/field-kit.js'];
    expect(depsToFetch('assets/TextField.js', deps, 'assets/app.js', imports)).toEqual([
      'assets/TextField.js',
      'assets/field-kit.js',
    ]);
  });

  it('keeps a chunk the importer does not have, such as the app chunk behind the entry', () => {
    const deps = ['assets/app-entry.js', 'assets/runtime.js', 'assets/app.js', 'assets/react.js'];
    expect(depsToFetch('assets/app-entry.js', deps, 'assets/index.js', imports)).toEqual([
      'assets/app-entry.js',
      'assets/app.js',
    ]);
  });

  it('is no list at all for a chunk with nothing of its own to fetch alongside', () => {
    const deps = ['assets/Tabs.js', 'assets/runtime.js', 'assets/react.js'];
    expect(depsToFetch('assets/Tabs.js', deps, 'assets/app.js', imports)).toEqual([]);
  });
});
