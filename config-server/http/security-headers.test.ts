/**
 * The drawn page's one inline script (the early-input capture script) as a browser receives it: small, allowed by
 * the page's CSP through the hash of the very text in the page, and no inline script allowed otherwise.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { startTestServer, type TestServer } from '../testing/test-helpers.js';
import { CAPTURE_SCRIPT } from '../../renderer/boot/capture/capture-script.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

/** The script-src directive's sources. */
const scriptSources = (csp: string) => /(?:^|;)\s*script-src ([^;]*)/.exec(csp)![1].trim().split(/\s+/);

describe('the capture script inlined in drawn pages', () => {
  it('is under 1 KB gzip', () => {
    expect(gzipSync(CAPTURE_SCRIPT, { level: 9 }).length).toBeLessThan(1024);
  });

  it('is in every drawn page, allowed by its sha256 in the CSP, with no unsafe-inline for scripts', async () => {
    for (const path of ['/complaint?market=ID', '/complaintList?market=IN']) {
      const r = await fetch(`${s.url}${path}`);
      const html = await r.text();
      expect(html, path).toContain('data-ssr');
      // Inline scripts the browser would run: no src, not JSON data.
      const inline = [
        ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g),
      ].map((m) => m[1]);
      expect(inline, path).toEqual([CAPTURE_SCRIPT]);
      const sources = scriptSources(r.headers.get('content-security-policy')!);
      expect(sources).toContain(`'sha256-${createHash('sha256').update(inline[0]).digest('base64')}'`);
      expect(sources).toContain("'self'");
      expect(sources.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval/);
      // The hash is the script's only way in: it is in the head, before the drawn markup it records.
      expect(html.indexOf(CAPTURE_SCRIPT)).toBeLessThan(html.indexOf('<div id="root"'));
    }
  });

  it('is not in a page the server does not draw (the app draws it itself: nothing to record)', async () => {
    const html = await (await fetch(`${s.url}/complaint?market=ID&locale=id-ID`)).text();
    expect(html).not.toContain('data-ssr');
    expect(html).not.toContain(CAPTURE_SCRIPT);
  });
});
