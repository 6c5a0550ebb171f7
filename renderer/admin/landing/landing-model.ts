/**
 * What the console's "Landing pages" area needs to know about a landing-template document: its status,
 * its public link, a copy under a new templateId, and whether its button text is readable.
 */
import type { DocRecord } from '../admin-types';
import type { LandingSection, RegistrationSection } from '../../../schemas/generated/types';
import { withSections } from '../../core/landing/template-sections';

export interface LandingTemplate {
  kind: 'landing-template';
  id: string;
  templateId: string;
  market: 'ID' | 'IN';
  paused?: boolean;
  /** Absent only in a template made before sections: `contentOf` reads those through `withSections`. */
  sections?: LandingSection[];
  theme: { primary: string; background: string; text: string; buttonText?: string };
  afterRegister: 'download' | 'agreement';
  tracking?: { userFrom?: string; appFrom?: string; utmTag?: string; merchantNumber?: string };
  [field: string]: unknown;
}

export type LandingStatus = 'published' | 'draft' | 'paused';

/**
 * The content the console edits: the draft when there is one, else the published version, always with sections
 * (a template made before them is read as one registration section, and saved that way).
 */
export function contentOf(rec: DocRecord): LandingTemplate | null {
  const c = (rec.draft?.content ?? rec.published?.content) as LandingTemplate | undefined;
  return c && typeof c === 'object' && typeof c.templateId === 'string' ? withSections(c) : null;
}

/** The template's registration section (every valid template has exactly one). */
export function registrationOf(t: LandingTemplate): RegistrationSection | undefined {
  return t.sections?.find((s): s is RegistrationSection => s.section === 'registration');
}

/** The template with its registration section changed by `patch`; the other sections untouched. */
export function withRegistration(t: LandingTemplate, patch: Partial<RegistrationSection>): LandingTemplate {
  return {
    ...t,
    sections: (t.sections ?? []).map((s) => (s.section === 'registration' ? { ...s, ...patch } : s)),
  };
}

/** Paused wins (visitors see the ended page); never published is a draft. */
export function statusOf(rec: DocRecord): LandingStatus {
  const published = rec.published?.content as LandingTemplate | undefined;
  if (!published) return 'draft';
  return published.paused === true ? 'paused' : 'published';
}

export function publicLink(origin: string, t: Pick<LandingTemplate, 'templateId' | 'market'>): string {
  return `${origin}/register?${new URLSearchParams({ market: t.market, templateId: t.templateId })}`;
}

export const TEMPLATE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Document ids are kebab-case; a templateId may hold capitals and underscores. */
export const docIdFor = (templateId: string) =>
  `landing-${templateId
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')}`.slice(0, 80);

/** A new campaign from an existing one: same page, new templateId, not paused. */
export function duplicate(t: LandingTemplate, templateId: string): LandingTemplate {
  const copy = structuredClone(t);
  copy.id = docIdFor(templateId);
  copy.templateId = templateId;
  delete copy.paused;
  copy.description = `Copy of ${t.templateId}.`;
  return copy;
}

function luminance(hex: string): number | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rgb/#rrggbb colours (null when one is not a colour). */
export function contrastRatio(a: string, b: string): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Normal-size text needs 4.5:1 (WCAG AA). */
export const MIN_CONTRAST = 4.5;
