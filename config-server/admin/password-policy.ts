/**
 * What a console password must be (OWASP ASVS L2, V2.1): at least 12 characters and not guessable from a list of
 * common passwords, words, names or keyboard patterns. Guessability is zxcvbn-ts's estimate with its common
 * dictionaries (server only: the renderer never imports this, so the lists stay off the browser bundle). No rules of
 * the "one digit, one symbol" kind (V2.1.9): a long phrase of ordinary words passes.
 *
 * Checked where a person chooses a password (`cli/create-user.ts`, `ADMIN_PASSWORD` at start in
 * `bootstrap-admin.ts`), not by `hashPassword`: a re-hash at login must keep working for a password chosen under an
 * older rule.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { FIRST_ACCOUNT_COMMAND } from './first-account.js';

export const MIN_PASSWORD_LENGTH = 12;
/** zxcvbn's score 3: more than 10^8 guesses, "safely unguessable" against an online attack and a slow hash. */
const MIN_SCORE = 3;

/** The example password printed in the instructions: people paste it as it is. */
const EXAMPLE_PASSWORD = /ADMIN_PASSWORD='([^']+)'/.exec(FIRST_ACCOUNT_COMMAND)?.[1] ?? '';
/** Words anyone would try first against this console. */
const PRODUCT_WORDS = [
  'cashloan',
  'sdui',
  'admin',
  'console',
  'publisher',
  'editor',
  'viewer',
  'ops',
  EXAMPLE_PASSWORD,
];

const REASONS: Record<string, string> = {
  topTen: 'this password is on a list of common passwords',
  topHundred: 'this password is on a list of common passwords',
  common: 'this password is on a list of common passwords',
  similarToCommon: 'this password is a common password with small changes',
  userInputs: 'this password is built from the user name, the product or the example in the instructions',
  straightRow: 'this password is a row of keys',
  keyPattern: 'this password is a keyboard pattern',
  simpleRepeat: 'this password repeats characters',
  extendedRepeat: 'this password repeats a group of characters',
  sequences: 'this password is a sequence such as abc or 1234',
  recentYears: 'this password is mostly a recent year',
  dates: 'this password is mostly a date',
  wordByItself: 'this password is a single common word',
  namesByThemselves: 'this password is a common name',
  commonNames: 'this password is a common name',
};
const TOO_GUESSABLE = 'this password is too easy to guess: use three or four uncommon words, or more characters';

// The dictionaries are a few MB: loaded at the first check, once per process, and never before.
let loading: Promise<ZxcvbnFactory> | undefined;
function estimator(): Promise<ZxcvbnFactory> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
    ]);
    return new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
  })();
  return loading;
}

/** Why `password` may not be chosen by `user`: empty when it may. Each reason is a sentence a person can act on. */
export async function passwordProblems(password: string, user = ''): Promise<string[]> {
  const problems: string[] = [];
  const z = await estimator();
  const result = z.check(password, [user, ...PRODUCT_WORDS].filter(Boolean));
  if (result.score < MIN_SCORE)
    problems.push((result.feedback.warning && REASONS[result.feedback.warning]) || TOO_GUESSABLE);
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH)
    problems.push(`it has ${length} characters; at least ${MIN_PASSWORD_LENGTH} are needed`);
  return problems;
}

/** The refusal in one line, or undefined when the password may be chosen. */
export async function passwordRefusal(password: string, user = ''): Promise<string | undefined> {
  const problems = await passwordProblems(password, user);
  return problems.length ? `Password refused: ${problems.join('; ')}` : undefined;
}
