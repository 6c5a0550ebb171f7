import type { CopyFinding, MessageCheck } from '../copy-finding.js';
import { describePlaceholderProblem, placeholderDiff } from '../../../../renderer/core/index.js';
import { argumentsOf, type MessageArgument } from '../parse-message.js';

/** `{from` → `{to` for every use of the argument (simple, typed or plural), the rest of the source untouched. */
export function renameArgument(value: string, from: string, to: string): string {
  const name = from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return value.replace(new RegExp(`\\{(\\s*)${name}(\\s*[,}])`, 'g'), `{$1${to}$2`);
}

/** How a message shows an argument's value: as a plural count, as written, or formatted (date, number, select). */
const shownAs = (a: MessageArgument) =>
  a.type === 'plural'
    ? 'count'
    : a.type === 'simple'
      ? 'as written'
      : a.type === 'select'
        ? 'as a select case'
        : `as a ${a.type}`;

/**
 * Two ways of showing one argument that put a different text before the borrower: a date or number formatted in one
 * locale and written raw in the other shows the raw epoch or an ungrouped figure in one market; a select shows its
 * case in one and the raw code in the other. A count is exempt beside a plain or number argument: languages word
 * counts differently (Indonesian has no plural) and the figure reads the same.
 */
function kindClash(own: MessageArgument, theirs: MessageArgument): boolean {
  const pair = new Set([shownAs(own), shownAs(theirs)]);
  return pair.size > 1 && !(pair.has('count') && (pair.has('as written') || pair.has('as a number')));
}

/**
 * A value that drops an argument the other locale shows (a lost number) or adds one it does not. ICU-aware: a plural's
 * or a number's argument counts, not only `{name}`. One dropped and one added is a misspelt name: the fix renames it.
 */
export const placeholderParityCheck: MessageCheck = ({ locale, key, value, parsed, others }) => {
  if (!parsed.ok) return [];
  const args = argumentsOf(parsed.ast);
  const own = args.map((a) => a.name);
  const out: CopyFinding[] = [];
  for (const other of others) {
    if (!other.parsed.ok || other.value.trim() === '') continue;
    const theirs = argumentsOf(other.parsed.ast);
    for (const a of args) {
      const t = theirs.find((x) => x.name === a.name);
      if (t && kindClash(a, t))
        out.push({
          locale,
          key,
          check: 'placeholder-parity',
          severity: 'error',
          message: `{${a.name}} is shown ${shownAs(a)} here but ${shownAs(t)} in ${other.locale}: format it the same way`,
        });
    }
    const problem = placeholderDiff(
      own,
      theirs.map((a) => a.name),
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
