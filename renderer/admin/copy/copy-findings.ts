/**
 * Copy QA findings as the server reports them (`GET /admin/api/copy/findings`, a draft save's answer, a refused
 * publish's `details.findings`): the console shows them, the server decides. Kept as a local type so the console reads
 * defensively whatever arrives (an unknown check or severity is still shown, never dropped).
 */
export interface CopyFinding {
  locale: string;
  key: string;
  check: string;
  severity: 'error' | 'warning';
  message: string;
  /** `value` is the whole corrected copy for that key and locale. */
  fix?: { label: string; value: string };
}

/** The findings in an answer body or error details; anything malformed is left out. */
export function findingsOf(body: unknown): CopyFinding[] {
  const b = body as { findings?: unknown; details?: { findings?: unknown }; error?: { details?: unknown } } | null;
  const details = b?.error?.details as { findings?: unknown } | undefined;
  const list = b?.findings ?? b?.details?.findings ?? details?.findings;
  if (!Array.isArray(list)) return [];
  return list.flatMap((f): CopyFinding[] => {
    const x = f as Partial<CopyFinding> | null;
    if (!x || typeof x.key !== 'string' || typeof x.locale !== 'string') return [];
    const fix =
      x.fix && typeof x.fix.value === 'string'
        ? { label: typeof x.fix.label === 'string' ? x.fix.label : 'Fix', value: x.fix.value }
        : undefined;
    return [
      {
        locale: x.locale,
        key: x.key,
        check: String(x.check ?? 'copy'),
        // Anything but an explicit warning is treated as blocking: the safer reading.
        severity: x.severity === 'warning' ? 'warning' : 'error',
        message: String(x.message ?? ''),
        ...(fix ? { fix } : {}),
      },
    ];
  });
}

/** Findings grouped by `key` then `locale`, keys sorted, errors before warnings. */
export function groupFindings(findings: CopyFinding[]): Map<string, Map<string, CopyFinding[]>> {
  const out = new Map<string, Map<string, CopyFinding[]>>();
  const sorted = [...findings].sort(
    (a, b) =>
      a.key.localeCompare(b.key) ||
      a.locale.localeCompare(b.locale) ||
      Number(a.severity === 'warning') - Number(b.severity === 'warning'),
  );
  for (const f of sorted) {
    const byLocale = out.get(f.key) ?? new Map<string, CopyFinding[]>();
    byLocale.set(f.locale, [...(byLocale.get(f.locale) ?? []), f]);
    out.set(f.key, byLocale);
  }
  return out;
}

/** One line naming key, locale and check, for messages outside the table (publish refusals). */
export function describeFinding(f: CopyFinding): string {
  return `${f.key} (${f.locale}), check ${f.check}: ${f.message}`;
}

/** Every string in a document: the text keys a screen or template names sit among them. */
function stringsIn(doc: unknown, out: Set<string>): Set<string> {
  if (typeof doc === 'string') out.add(doc);
  else if (doc && typeof doc === 'object') Object.values(doc).forEach((v) => stringsIn(v, out));
  return out;
}

/**
 * The findings a publish of `changes` answers for, as the server judges it: those of the text sets it publishes (by
 * locale) and of the keys the other documents it publishes use. The rest is already live and not this change's.
 */
export function findingsOfChange(
  findings: CopyFinding[],
  changes: { kind: string; id: string; content: unknown }[],
): CopyFinding[] {
  const locales = new Set<string>();
  const used = new Set<string>();
  for (const c of changes) {
    const locale = (c.content as { locale?: unknown } | null | undefined)?.locale;
    if (c.kind === 'text-set') locales.add(typeof locale === 'string' ? locale : c.id);
    else stringsIn(c.content, used);
  }
  return findings.filter((f) => locales.has(f.locale) || used.has(f.key));
}
