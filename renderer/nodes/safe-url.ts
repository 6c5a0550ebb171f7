/**
 * URL guards for addresses that come from documents or data. Documents are edited by ops and data comes
 * from the backend, so neither may smuggle a `javascript:` link. (What a page may frame: embed-policy.ts.)
 */

/**
 * A browser drops tab, CR and LF from an address and reads a backslash as `/` (the URL standard), so `/\t/evil.example`
 * is `//evil.example`: another host. No address we follow carries one of them, nor any other control character.
 */
const rewritten = /[\u0000-\u001f\u007f\\]/;
const relative = /^(\/(?![/\\])|\.{1,2}\/|[?#])/;
const schemeOf = (url: string) => /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1].toLowerCase();

/** Image sources: http(s), relative, or an inline raster/SVG `data:image/...`. */
export function isSafeImageSrc(src: unknown): src is string {
  if (typeof src !== 'string' || !src.trim() || rewritten.test(src)) return false;
  const s = src.trim();
  if (relative.test(s)) return true;
  const scheme = schemeOf(s);
  if (scheme === 'http' || scheme === 'https') return true;
  if (scheme === 'data') return /^data:image\/(png|jpe?g|gif|webp|svg\+xml|bmp)[;,]/i.test(s);
  // A bare name like `logo.png` is relative too, but `//host` is another host (`\\host` was refused above).
  return !scheme && !s.startsWith('//');
}

/** Link targets: http(s), tel:, mailto: or relative. */
export function isSafeLinkUrl(url: unknown): url is string {
  if (typeof url !== 'string' || !url.trim() || rewritten.test(url)) return false;
  const s = url.trim();
  if (relative.test(s)) return true;
  const scheme = schemeOf(s);
  return scheme === 'http' || scheme === 'https' || scheme === 'tel' || scheme === 'mailto';
}
