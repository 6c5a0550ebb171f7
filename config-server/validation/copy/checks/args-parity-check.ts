import type { CopyFinding, MessageCheck } from '../copy-finding.js';
import { argumentsOf } from '../parse-message.js';

const list = (names: string[]) => names.map((n) => `{${n}}`).join(', ');

/**
 * The message against the `args` the screens pass with the key: an argument some use does not pass shows blank or
 * raw; an argument passed and never shown is a figure the borrower was meant to read. Unknown uses are not judged.
 */
export const argsParityCheck: MessageCheck = ({ locale, key, parsed, use }) => {
  if (!parsed.ok || !use?.args?.length) return [];
  const own = argumentsOf(parsed.ast).map((a) => a.name);
  const passedByAll = use.args.reduce((acc, a) => acc.filter((n) => a.includes(n)));
  const passedBySome = [...new Set(use.args.flat())];
  const notPassed = own.filter((n) => !passedByAll.includes(n));
  const unused = passedBySome.filter((n) => !own.includes(n));
  const out: CopyFinding[] = [];
  if (notPassed.length)
    out.push({
      locale,
      key,
      check: 'args-parity',
      severity: 'error',
      message: `Uses ${list(notPassed)}, which ${passedBySome.some((n) => notPassed.includes(n)) ? 'not every screen' : 'no screen'} using the key passes`,
    });
  if (unused.length)
    out.push({
      locale,
      key,
      check: 'args-parity',
      severity: 'error',
      message: `The screens pass ${list(unused)}, which this copy never shows`,
    });
  return out;
};
