import type { CopyFinding, MessageCheck } from '../copy-finding.js';
import { describePlaceholderProblem, placeholderDiff } from '../../../../renderer/core/index.js';
import { argumentsOf } from '../parse-message.js';

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
  const own = argumentsOf(parsed.ast).map((a) => a.name);
  const out: CopyFinding[] = [];
  for (const other of others) {
    if (!other.parsed.ok || other.value.trim() === '') continue;
    const problem = placeholderDiff(
      own,
      argumentsOf(other.parsed.ast).map((a) => a.name),
    );
    if (!problem) continue;
    const { missing, extra } = problem;
    out.push({
      locale,
      key,
      check: 'placeholder-parity',
      severity: 'error',
      message: `${describePlaceholderProblem(problem)} against ${other.locale}`,
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
