/**
 * The copy of a plain page with its own entry: only the texts it shows, picked from the id-ID text set at build time
 * (run.ts defines `__PAGE_TEXTS__` per page, as ../plain-a/ gets screen A's). `{name}` is replaced by its argument,
 * and the one plural form the pages' copy uses (`{count, plural, =0 {…} other {# …}}`) is read by hand: a page
 * that shows a handful of counted texts needs no message formatter.
 */
declare const __PAGE_TEXTS__: Record<string, string>;

const PLURAL = /^\{(\w+), plural,((?:\s*(?:=\d+|other) \{[^{}]*\})+)\s*\}$/;

export function t(key: string, args: Record<string, string | number> = {}): string {
  const text = __PAGE_TEXTS__[key] ?? key;
  const plural = PLURAL.exec(text);
  if (plural) {
    const n = Number(args[plural[1]]);
    const forms = Object.fromEntries([...plural[2].matchAll(/(=\d+|other) \{([^{}]*)\}/g)].map((m) => [m[1], m[2]]));
    return (forms[`=${n}`] ?? forms.other ?? '').replace(/#/g, String(n));
  }
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in args ? String(args[name]) : m));
}

/** Amounts as the market shows them (ID: `Rp` and id-ID grouping, no decimals). */
const number = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });
export const rupiah = (n: unknown) => `Rp${number.format(Number(n) || 0)}`;

/** A message to the native shell: the iOS message handler or the Android interface, as the bridge map names it. */
export function toNative(name: string, payload: Record<string, unknown>): void {
  const w = window as unknown as {
    webkit?: { messageHandlers?: Record<string, { postMessage(p: unknown): void } | undefined> };
    android?: Record<string, ((json: string) => void) | undefined>;
  };
  const ios = w.webkit?.messageHandlers?.[name];
  if (ios) ios.postMessage(payload);
  else w.android?.[name]?.(JSON.stringify(payload));
}
