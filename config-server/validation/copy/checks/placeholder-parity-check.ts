import type { CopyFinding, MessageCheck } from '../copy-finding.js';
import { argumentsOf } from '../parse-message.js';

const names = (list: string[]) => list.map((n) => `{${n}}`).join(', ');

/** "Placeholder drops {a} and adds {b}": the wording the console's copy table has used since before ICU. */
function describe(missing: string[], extra: string[]): string {
  const parts = [];
  if (missing.length) parts.push(`drops ${names(missing)}`);
  if (extra.length) parts.push(`adds ${names(extra)}`);
  return `Placeholder ${parts.join(' and ')}`;
}

/** `{from` → `{to` for every use of the argument (simple, typed or plural), the rest of the source untouched. */
export function renameArgument(value: string, from: string, to: string): string {
  const name = from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return value.replace(new RegExp(`\\{(\\s*)${name}(\\s*[,}])`, 'g'), `{$1${to}$2`);
}

/**
 * A value that drops an argument the other locale shows (a lost number) or adds one it does not. ICU-aware: a plural's
 * or a number's argument counts, not only `{name}`. One dropped and one added is a misspelt name: the fix renames it.
 */
export const placeholderParityCheck: MessageCheck = ({ locale, key, value, parsed, others }) => {
  if (!parsed.ok) return [];
  const own = new Set(argumentsOf(parsed.ast).map((a) => a.name));
  const out: CopyFinding[] = [];
  for (const other of others) {
    if (!other.parsed.ok || other.value.trim() === '') continue;
    const theirs = new Set(argumentsOf(other.parsed.ast).map((a) => a.name));
    const missing = [...theirs].filter((n) => !own.has(n));
    const extra = [...own].filter((n) => !theirs.has(n));
    if (!missing.length && !extra.length) continue;
    out.push({
      locale,
      key,
      check: 'placeholder-parity',
      severity: 'error',
      message: `${describe(missing, extra)} against ${other.locale}`,
      ...(missing.length === 1 && extra.length === 1
        ? {
            fix: {
              label: `Rename {${extra[0]}} to {${missing[0]}}`,
              value: renameArgument(value, extra[0]!, missing[0]!),
            },
          }
        : {}),
    });
  }
  return out;
};
