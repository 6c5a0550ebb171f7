/**
 * A landing template's page as sections, and the one place a template made before sections is read:
 * its `title`, `subtitle`, `bannerImage`, `bannerAlt` and `form` become one registration section drawn as before.
 * The channel-template answer (config-server/sandbox/promotion.ts) and the console's editor (admin/landing) read
 * templates through `withSections`, so the landing screens only know `sections`.
 */
import type { LandingSection, RegistrationSection } from '../../../schemas/generated/types.js';

type Template = Record<string, unknown>;

/** The fields a registration form can have, in the order the page draws them. */
export const REGISTRATION_FIELDS = ['mobile', 'captcha', 'smsCode', 'userName', 'inviteCode', 'apply'] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/** The top-level fields of a template before sections; a template with sections keeps them in its registration. */
export const LEGACY_FIELDS = ['title', 'subtitle', 'bannerImage', 'bannerAlt', 'form'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The registration section of a template without sections. The old page always drew the SMS code and the apply
 * button and drew mobile and captcha only when listed: the section keeps that, so the page looks as it did.
 */
export function registrationFromLegacy(t: Template): RegistrationSection {
  const form = isObject(t.form) ? t.form : {};
  const listed = Array.isArray(form.fields) ? form.fields : [];
  const fields = REGISTRATION_FIELDS.filter(
    (f) => f === 'smsCode' || f === 'apply' || listed.includes(f),
  ) as RegistrationSection['fields'];
  // Keys in the order the page draws them, so a migrated template reads top to bottom.
  const banner =
    typeof t.bannerImage !== 'string'
      ? undefined
      : typeof t.bannerAlt === 'string'
        ? { src: t.bannerImage, alt: t.bannerAlt }
        : { src: t.bannerImage };
  const section: RegistrationSection = {
    section: 'registration',
    ...(banner && { banner }),
    title: String(t.title ?? ''),
    ...(typeof t.subtitle === 'string' && { subtitle: t.subtitle }),
    fields,
    ...(typeof form.submitLabel === 'string' && { submitLabel: form.submitLabel }),
  };
  return section;
}

/** The template's sections: its own, or the one registration section of a template made before them. */
export function sectionsOf(t: Template): LandingSection[] {
  return Array.isArray(t.sections) ? (t.sections as LandingSection[]) : [registrationFromLegacy(t)];
}

/**
 * The template in today's shape: `sections`, and none of the fields it replaced. A template that already has
 * sections comes back as it is (the same object).
 */
export function withSections<T extends Template>(t: T): T & { sections: LandingSection[] } {
  if (Array.isArray(t.sections)) return t as T & { sections: LandingSection[] };
  const out: Template = {};
  for (const [k, v] of Object.entries(t)) {
    if ((LEGACY_FIELDS as readonly string[]).includes(k)) continue;
    out[k] = v;
    // Sections sit where the headline was: after appName, before the theme.
    if (k === 'appName') out.sections = sectionsOf(t);
  }
  out.sections ??= sectionsOf(t);
  return out as T & { sections: LandingSection[] };
}

/** The registration section of a template (the first, if a broken one has several). */
export function registrationOf(t: Template): RegistrationSection | undefined {
  return sectionsOf(t).find((s): s is RegistrationSection => s.section === 'registration');
}
