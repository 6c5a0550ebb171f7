/**
 * Copy QA at publish, run by the store inside the publish transaction on the state it would write: an
 * error finding in what is being published refuses it (422); a warning it introduces refuses it (409) unless the
 * publisher accepted warnings with a reason (which the route writes into the audit note).
 */
import { HttpError } from '../../http/http-error.js';
import type { NewDocument, PublishCheck, PublishCheckInput } from '../../store/config-store.js';
import { copyFindings, type CopyFinding } from './copy-findings.js';

export interface AcceptWarnings {
  reason: string;
}

/** `acceptWarnings` of a publish body: absent, or `{ reason }` of at least 10 characters (what the audit keeps). */
export function acceptWarningsOf(value: unknown): AcceptWarnings | undefined {
  if (value === undefined || value === null) return undefined;
  const reason = (value as { reason?: unknown }).reason;
  if (typeof value !== 'object' || typeof reason !== 'string' || reason.trim().length < 10)
    throw new HttpError(
      400,
      'acceptWarnings.reason must say why the copy warnings are acceptable (at least 10 characters)',
    );
  return { reason: reason.trim() };
}

const id = (f: CopyFinding) => `${f.locale}\u0000${f.key}\u0000${f.check}\u0000${f.message}`;

/** Every string of a document equal to one of `keys`: the text keys a screen or template uses. */
function keysIn(doc: unknown, keys: Set<string>, out = new Set<string>()): Set<string> {
  if (typeof doc === 'string') {
    if (keys.has(doc)) out.add(doc);
  } else if (doc && typeof doc === 'object') Object.values(doc).forEach((v) => keysIn(v, keys, out));
  return out;
}

/**
 * The findings a change is answerable for: those of the text sets it publishes, and of the keys the screens it
 * publishes use (a new `args` or a smaller slot makes existing copy wrong).
 */
export function findingsOfChange({ wouldBe, changes }: PublishCheckInput): CopyFinding[] {
  const locales = new Set<string>();
  const screens: unknown[] = [];
  for (const c of changes) {
    const locale = (c.after as { locale?: unknown } | null)?.locale;
    if (c.kind === 'text-set' && typeof locale === 'string') locales.add(locale);
    else if (c.kind !== 'text-set') screens.push(c.after);
  }
  if (!locales.size && !screens.length) return [];
  const findings = copyFindings({ documents: wouldBe });
  const allKeys = new Set(findings.map((f) => f.key));
  const used = keysIn(screens, allKeys);
  return findings.filter((f) => locales.has(f.locale) || used.has(f.key));
}

/** The published state before the change: the changed documents as they were (absent when new). */
function before({ wouldBe, changes }: PublishCheckInput): NewDocument[] {
  const was = new Map(changes.map((c) => [`${c.kind}\u0000${c.id}`, c.before]));
  return wouldBe.flatMap((d) => {
    const key = `${d.kind}\u0000${d.id}`;
    if (!was.has(key)) return [d];
    const content = was.get(key);
    return content === null || content === undefined ? [] : [{ ...d, content }];
  });
}

export const copyPublishCheck =
  (accepted?: AcceptWarnings): PublishCheck =>
  (input) => {
    const findings = findingsOfChange(input);
    const errors = findings.filter((f) => f.severity === 'error');
    if (errors.length) {
      const first = errors[0]!;
      throw new HttpError(
        422,
        `Nothing was published: ${errors.length} copy error(s), e.g. ${first.key} (${first.locale}): ${first.check}: ${first.message}`,
        { findings: errors },
      );
    }
    if (accepted) return;
    // A warning already published unchanged was confirmed when it shipped: only new ones need a confirmation.
    const published = new Set(copyFindings({ documents: before(input) }).map(id));
    const warnings = findings.filter((f) => f.severity === 'warning' && !published.has(id(f)));
    if (warnings.length)
      throw new HttpError(
        409,
        `Not published: ${warnings.length} copy warning(s) need a confirmation (send acceptWarnings: { reason })`,
        { findings: warnings },
      );
  };
