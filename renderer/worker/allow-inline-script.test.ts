import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { allowInlineScript } from './allow-inline-script';

const script = 'import "/assets/index-a.js";';
/** The hash as the CSP spec computes it (SHA-256 of the script's UTF-8 text, base64), by another implementation. */
const hash = `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

describe('a CSP that also allows the kept page inline entry', () => {
  it("adds the script's hash to script-src and to nothing else", async () => {
    const csp = "default-src 'self';script-src 'self' 'sha256-AAA=';style-src 'self' 'unsafe-inline';object-src 'none'";
    expect(await allowInlineScript(csp, script)).toBe(
      `default-src 'self';script-src 'self' 'sha256-AAA=' ${hash};style-src 'self' 'unsafe-inline';object-src 'none'`,
    );
  });

  it('a hash is for that exact text: another script is not allowed by it', async () => {
    const other = await allowInlineScript("script-src 'self'", 'import "/assets/evil.js";');
    expect(other).not.toContain(hash);
  });

  it('with only default-src, a script-src copied from it with the hash: other resources keep their policy', async () => {
    expect(await allowInlineScript("default-src 'self' https://cdn.example", script)).toBe(
      `default-src 'self' https://cdn.example;script-src 'self' https://cdn.example ${hash}`,
    );
  });

  it('script-src-elem, which browsers read first for script elements, gets it too', async () => {
    expect(await allowInlineScript("script-src 'self'; script-src-elem 'self'", script)).toBe(
      `script-src 'self' ${hash};script-src-elem 'self' ${hash}`,
    );
  });

  it('leaves a policy that already lets every inline script run, or restricts no script, as it is', async () => {
    expect(await allowInlineScript("script-src 'self' 'unsafe-inline'", script)).toBe(
      "script-src 'self' 'unsafe-inline'",
    );
    expect(await allowInlineScript("img-src 'self'", script)).toBe("img-src 'self'");
  });

  it("cannot widen 'none' or several policies at once: undefined, and the caller keeps the page as it was", async () => {
    expect(await allowInlineScript("script-src 'none'", script)).toBeUndefined();
    expect(await allowInlineScript("script-src 'self', script-src 'self'", script)).toBeUndefined();
  });
});
