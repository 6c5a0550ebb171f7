/**
 * The parts of the registration form marketing cannot remove: without a mobile number, the image
 * captcha, the SMS code and the apply button no visitor can register. The schema refuses such a template
 * (`contains` in schemas/landing/registration.json); this words the refusal so marketing reads why, wherever the
 * template is checked (console while editing, draft save, validate, publish), and gives the console's outline
 * the reason a part's row is locked.
 */
import type { DocumentProblem } from '../validation/document-problem';
import { LEGACY_FIELDS, type RegistrationField } from './template-sections';

export const REQUIRED_PARTS = ['mobile', 'captcha', 'smsCode', 'apply'] as const satisfies readonly RegistrationField[];

/** Each part in words, as marketing names it. */
export const PART_NAMES: Record<RegistrationField, string> = {
  mobile: 'mobile number',
  captcha: 'image captcha',
  smsCode: 'SMS code',
  userName: 'user name',
  inviteCode: 'invite code',
  apply: 'apply button',
};

const REQUIRED_IN_WORDS = 'mobile number, image captcha, SMS code and apply button';

/** Why a part cannot be removed or moved (the outline's `locked`), or undefined for an optional part. */
export function lockedReason(part: string): string | undefined {
  return (REQUIRED_PARTS as readonly string[]).includes(part)
    ? `The ${PART_NAMES[part as RegistrationField]} cannot be removed: a visitor cannot register without it.`
    : undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** What is wrong with a template's sections and its registration form, in words (empty when nothing is). */
export function registrationProblems(doc: unknown): DocumentProblem[] {
  if (!isObject(doc) || !Array.isArray(doc.sections)) return [];
  const out: DocumentProblem[] = [];
  const registrations = doc.sections.flatMap((s, i) => (isObject(s) && s.section === 'registration' ? [i] : []));
  if (registrations.length === 0)
    out.push({
      pointer: '/sections',
      message: `the page has no registration section: add one (a visitor registers there with the ${REQUIRED_IN_WORDS})`,
    });
  for (const i of registrations.slice(1))
    out.push({
      pointer: `/sections/${i}`,
      message: 'the page has a second registration section: a page has exactly one registration form, remove this one',
    });
  for (const i of registrations) {
    const fields = (doc.sections[i] as Record<string, unknown>).fields;
    if (!Array.isArray(fields)) continue;
    for (const part of REQUIRED_PARTS)
      if (!fields.includes(part))
        out.push({
          pointer: `/sections/${i}/fields`,
          message: `the registration form's ${PART_NAMES[part]} cannot be removed: a visitor cannot register without the ${REQUIRED_IN_WORDS}; add "${part}" back`,
        });
  }
  for (const k of LEGACY_FIELDS)
    if (k in doc)
      out.push({
        pointer: `/${k}`,
        message: `"${k}" belongs in the registration section in a template with sections: remove it here`,
      });
  return out;
}

/**
 * ajv's words for the same failures: "must contain at least 1 valid item(s)", "must NOT be valid", and (with
 * allErrors) every other item's "must be "mobile"" from inside `contains`.
 */
function ajvWording(p: DocumentProblem): boolean {
  // An empty page is also "fewer than 1 items": it has no registration section, which is what marketing must hear.
  if (/^(|\/sections)$/.test(p.pointer))
    return /^(must contain |must NOT be valid|must match "(then|else)" schema|must NOT have fewer than 1 items$)/.test(
      p.message,
    );
  if (/^\/sections\/\d+\/fields(\/\d+)?$/.test(p.pointer))
    return /^must contain |^must be "(mobile|captcha|smsCode|apply)"$/.test(p.message);
  return /^\/sections\/\d+\/section$/.test(p.pointer) && p.message === 'must be "registration"';
}

/**
 * A landing template's schema problems with ajv's wording of the rules above replaced by `registrationProblems`;
 * other kinds' problems unchanged. Every place that checks a document calls it after formatting ajv's errors.
 */
export function withRegistrationWording(kind: unknown, doc: unknown, problems: DocumentProblem[]): DocumentProblem[] {
  if (kind !== 'landing-template') return problems;
  const mine = registrationProblems(doc);
  if (!mine.length) return problems;
  return [...problems.filter((p) => !ajvWording(p)), ...mine];
}
