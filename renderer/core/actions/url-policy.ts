/** Schemes a document may open: anything else (javascript:, data:, file:, intent:) is refused. */
const ALLOWED = /^(https?:\/\/[^\s/?#]+|tel:|mailto:)/i;

export function isAllowedUrl(url: string): boolean {
  const trimmed = url.trim();
  if (!ALLOWED.test(trimmed)) return false;
  try {
    const u = new URL(trimmed);
    return ['http:', 'https:', 'tel:', 'mailto:'].includes(u.protocol);
  } catch {
    return false;
  }
}
