/**
 * Input formats (card digits in fours, phone 3-4-4): what a borrower sees vs. what is stored and sent. Amounts are
 * grouped by the market's number format instead (core/money/amount.ts `groupThousands`).
 */

/** Keeps digits only, at most `max` of them. */
export function digitsOnly(input: unknown, max = Infinity): string {
  return String(input ?? '')
    .replace(/\D+/g, '')
    .slice(0, max);
}

/** Splits digits into groups of the given sizes (the last size repeats), joined by spaces: 3-4-4 for phones. */
export function groupDigits(digits: string, sizes: number[]): string {
  const parts: string[] = [];
  let i = 0;
  for (let g = 0; i < digits.length; g++) {
    const size = sizes[Math.min(g, sizes.length - 1)];
    parts.push(digits.slice(i, i + size));
    i += size;
  }
  return parts.join(' ');
}

/** Seconds → `mm:ss`, `hh:mm:ss` or plain seconds. */
export function formatDuration(totalSeconds: number, format: 'mm:ss' | 'hh:mm:ss' | 's' = 'mm:ss'): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  if (format === 's') return String(s);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (format === 'hh:mm:ss') return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}
