/**
 * A page's Content-Security-Policy that also lets one inline script run, by its hash and nothing wider: the kept copy
 * of a drawn page imports its entry from an inline module the worker wrote (kept-page-markup.ts).
 *
 * - `script-src` present: the script's `'sha256-…'` is added to it.
 * - only `default-src`: a `script-src` with the same sources and the hash (a hash added to `default-src` would let
 *   inline styles with that hash in too; a copy leaves every other kind of resource as it was).
 * - `'unsafe-inline'` without any hash or nonce: inline scripts run already, and adding a hash would turn that off for
 *   the page's other inline scripts, so the policy stays as it is. So does a policy that restricts no scripts.
 * - `script-src-elem`, which browsers read before `script-src` for script elements: the hash is added there too.
 * - `'none'` for scripts, or several policies in one header: undefined (the caller keeps the page as it was).
 */
const directives = (csp: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);

const nameOf = (directive: string) => directive.split(/\s+/)[0].toLowerCase();

const allowsAnyInline = (directive: string) =>
  /'unsafe-inline'/i.test(directive) && !/'(sha256|sha384|sha512)-|'nonce-/i.test(directive);

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

/** `csp` with `script` (an inline script's exact text) allowed to run; undefined where it cannot be said safely. */
export async function allowInlineScript(csp: string, script: string): Promise<string | undefined> {
  // Several policies (headers joined by commas) must each allow it: not attempted.
  if (csp.includes(',')) return undefined;
  const source = `'sha256-${await sha256(script)}'`;
  const parts = directives(csp);
  const scripts = parts.findIndex((d) => nameOf(d) === 'script-src');
  const fallback = parts.find((d) => nameOf(d) === 'default-src');
  const elem = parts.findIndex((d) => nameOf(d) === 'script-src-elem');
  const governing = scripts >= 0 ? parts[scripts] : fallback;
  if (!governing || allowsAnyInline(governing)) return csp;
  if (/'none'/i.test(governing)) return undefined;
  if (scripts >= 0) parts[scripts] = `${parts[scripts]} ${source}`;
  else parts.push(`script-src${governing.slice('default-src'.length)} ${source}`);
  if (elem >= 0 && !allowsAnyInline(parts[elem])) parts[elem] = `${parts[elem]} ${source}`;
  return parts.join(';');
}
