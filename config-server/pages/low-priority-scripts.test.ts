import { describe, expect, it } from 'vitest';
import { lowPriorityScripts } from './low-priority-scripts';

describe('lowPriorityScripts', () => {
  it("asks a low priority for the page's module script and every module hint the build wrote", () => {
    const head =
      '<script type="module" crossorigin src="/assets/index-a.js"></script>\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/react-b.js">\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/runtime-c.js" />';
    expect(lowPriorityScripts(head)).toBe(
      '<script type="module" crossorigin src="/assets/index-a.js" fetchpriority="low"></script>\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/react-b.js" fetchpriority="low">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/runtime-c.js" fetchpriority="low" />',
    );
  });

  it('leaves a priority a tag names, and every other tag, as they are', () => {
    const head =
      '<link rel="modulepreload" fetchpriority="high" href="/assets/a.js">' +
      '<link rel="preload" as="fetch" crossorigin href="/config/v1/bundle">' +
      '<link rel="icon" href="/favicon.svg">' +
      '<script type="application/json" id="boot">{}</script><script>capture()</script>';
    expect(lowPriorityScripts(head)).toBe(head);
  });
});
