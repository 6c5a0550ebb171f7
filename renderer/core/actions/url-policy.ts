/** Schemes a document may open: anything else (javascript:, data:, file:, intent:) is refused. */
const ALLOWED = /^(https?:\/\/[^\s/?#]+|tel:|mailto:)/i;

/** A browser drops tab/CR/LF and reads `\` as `/`: the address followed would not be the one validated and shown. */
const REWRITTEN = /[\u0000-\u001f\u007f\\]/;

export function isAllowedUrl(url: string): boolean {
  const trimmed = url.trim();
  if (REWRITTEN.test(trimmed)) return false;
  if (!ALLOWED.test(trimmed)) return false;
  try {
    const u = new URL(trimmed);
    return ['http:', 'https:', 'tel:', 'mailto:'].includes(u.protocol);
  } catch {
    return false;
  }
}
