import { describe, expect, it } from 'vitest';
import { borrowerFiles } from '../vite-borrower-precache';

const manifest = {
  'index.html': {
    file: 'assets/main.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['boot/start-app.tsx', 'admin/AdminApp.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  'boot/start-app.tsx': {
    file: 'assets/start-app.js',
    imports: ['_react.js'],
    dynamicImports: ['nodes/List.tsx'],
    css: ['assets/app.css'],
  },
  'nodes/List.tsx': { file: 'assets/List.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  'admin/AdminApp.tsx': { file: 'assets/AdminApp.js', imports: ['_codemirror.js', '_shared.js'] },
  '_codemirror.js': { file: 'assets/codemirror.js' },
};

describe('the worker precaches the borrower app only', () => {
  it('keeps every file reachable from the entry, lazy ones too, and none reached only through the console', () => {
    expect([...borrowerFiles(manifest, 'index.html', ['admin/AdminApp.tsx'])].sort()).toEqual([
      'assets/List.js',
      'assets/app.css',
      'assets/main.js',
      'assets/react.js',
      'assets/shared.js',
      'assets/start-app.js',
    ]);
  });

  it('fails the build when the entry is missing, rather than precaching nothing', () => {
    expect(() => borrowerFiles(manifest, 'main.tsx', [])).toThrow(/no entry "main.tsx"/);
  });
});
