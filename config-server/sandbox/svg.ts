/** Small SVG pictures the sandbox serves: captcha images and product logos. Text is escaped; nothing else is dynamic. */
import { escapeHtml } from '../http/escape-html.js';

/** A deterministic pseudo-random sequence from a string, so a sid always draws the same picture. */
function rng(seed: string) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507) ^ Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h >>>= 0) % 1000) / 1000;
  };
}

/** The captcha of a sid: its text drawn with jitter and a few noise lines (readable by the borrower). */
export function captchaSvg(text: string, seed: string): string {
  const r = rng(seed);
  const chars = [...text].map((c, i) => {
    const x = 14 + i * 26;
    const y = 30 + Math.round(r() * 8);
    const rot = Math.round(r() * 40 - 20);
    return `<text x="${x}" y="${y}" transform="rotate(${rot} ${x} ${y})">${escapeHtml(c)}</text>`;
  });
  const lines = Array.from(
    { length: 4 },
    () =>
      `<line x1="${Math.round(r() * 120)}" y1="${Math.round(r() * 44)}" x2="${Math.round(r() * 120)}" y2="${Math.round(r() * 44)}"/>`,
  );
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="44" viewBox="0 0 120 44" role="img">',
    `<title>captcha</title><rect width="120" height="44" fill="#f2f4f7"/>`,
    `<g stroke="#9aa4b2" stroke-width="1">${lines.join('')}</g>`,
    `<g font-family="monospace" font-size="24" font-weight="bold" fill="#1f3a68">${chars.join('')}</g>`,
    '</svg>',
  ].join('');
}

/** A product logo: the product's initials on a colour derived from its id. */
export function logoSvg(name: string, id: number): string {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const hue = (id * 67) % 360;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img">',
    `<title>${escapeHtml(name)}</title><rect width="96" height="96" rx="20" fill="hsl(${hue} 60% 45%)"/>`,
    `<text x="48" y="60" text-anchor="middle" font-family="sans-serif" font-size="36" font-weight="bold" fill="#fff">${escapeHtml(initials)}</text>`,
    '</svg>',
  ].join('');
}
