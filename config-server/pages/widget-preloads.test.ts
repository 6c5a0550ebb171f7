import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_MODULE, widgetModule, widgetPreloads } from './widget-preloads';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function staticDir(manifest?: unknown) {
  const dir = mkdtempSync(join(tmpdir(), 'sdui-preloads-'));
  dirs.push(dir);
  if (manifest) {
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return dir;
}

// The shape vite writes: the entry, a shared chunk, two lazily loaded widgets.
const manifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_runtime-R.js'] },
  '_runtime-R.js': { file: 'assets/runtime-R.js' },
  '_options-of-O.js': { file: 'assets/options-of-O.js', imports: ['index.html'] },
  'nodes/ChoiceList.tsx': {
    file: 'assets/ChoiceList-C.js',
    isDynamicEntry: true,
    imports: ['index.html', '_options-of-O.js'],
  },
  'nodes/Tabs.tsx': { file: 'assets/Tabs-T.js', isDynamicEntry: true, imports: ['index.html'] },
};

describe('widgetPreloads', () => {
  it('hints the lazily loaded widget chunks of a screen and their shared chunks, never what the page loads anyway', () => {
    const tags = widgetPreloads(staticDir(manifest))(['choice-list', 'page', 'text']);
    expect(tags).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/ChoiceList-C.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/options-of-O.js">',
    );
  });

  it("hints the app's own chunk with every page, before the widgets, and once", () => {
    // As vite.config.ts builds it: the module the entry loads only points at the app's chunk, which the manifest names
    // by its file alone.
    const withApp = {
      ...manifest,
      'index.html': { ...manifest['index.html'], dynamicImports: [APP_MODULE] },
      [APP_MODULE]: { file: 'assets/app-entry-E.js', isDynamicEntry: true, imports: ['_app-A.js'] },
      '_app-A.js': { file: 'assets/app-A.js', imports: ['index.html', '_options-of-O.js'] },
    };
    const hints = widgetPreloads(staticDir(withApp));
    const app =
      '<link rel="modulepreload" crossorigin href="/assets/app-entry-E.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/app-A.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/options-of-O.js">';
    expect(hints([])).toBe(app);
    expect(hints(['page', 'text'])).toBe(app);
    expect(hints(['choice-list'])).toBe(app + '<link rel="modulepreload" crossorigin href="/assets/ChoiceList-C.js">');
  });

  it('hints nothing for a screen of first-chunk widgets, or without a build manifest', () => {
    expect(widgetPreloads(staticDir(manifest))(['page', 'text', 'list'])).toBe('');
    expect(widgetPreloads(staticDir())(['choice-list'])).toBe('');
  });

  it('follows a new build: the manifest is read again when it changes', () => {
    const dir = staticDir(manifest);
    const hints = widgetPreloads(dir);
    expect(hints(['tabs'])).toContain('Tabs-T.js');
    const file = join(dir, '.vite', 'manifest.json');
    writeFileSync(
      file,
      JSON.stringify({ ...manifest, 'nodes/Tabs.tsx': { ...manifest['nodes/Tabs.tsx'], file: 'assets/Tabs-T2.js' } }),
    );
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(hints(['tabs'])).toContain('Tabs-T2.js');
  });

  it('maps every node type of the schemas to its widget file (the naming rule the hints rely on)', () => {
    const types = readdirSync(resolve('schemas/nodes')).map((f) => f.replace(/\.json$/, ''));
    expect(types.length).toBeGreaterThan(20);
    for (const type of types)
      expect(existsSync(resolve('renderer', widgetModule(type))), `${type} → renderer/${widgetModule(type)}`).toBe(
        true,
      );
  });
});
