import { describe, expect, it } from 'vitest';
import { registrationOf, sectionsOf, withSections } from './template-sections';
import { lockedReason, registrationProblems } from './registration-parts';
import { validateDocument } from '../validation/validate-document';
import shipped from '../../../screens/templates/default.json';

const legacy = {
  kind: 'landing-template',
  id: 'old',
  schemaVersion: 1,
  templateId: 'old',
  market: 'ID',
  appName: 'CashLoan',
  title: 'landing.default.title',
  bannerImage: '/assets/landing/banner.svg',
  theme: { primary: '#1f7a4d', background: '#ffffff', text: '#1a1a1a' },
  downloadUrl: 'https://www.cashloan.co.id/download',
  form: { fields: ['captcha', 'mobile', 'inviteCode'] },
  afterRegister: 'download',
};

describe('template sections', () => {
  it('reads a template made before sections as one registration section, in the order the page draws', () => {
    expect(sectionsOf(legacy)).toEqual([
      {
        section: 'registration',
        banner: { src: '/assets/landing/banner.svg' },
        title: 'landing.default.title',
        fields: ['mobile', 'captcha', 'smsCode', 'inviteCode', 'apply'],
      },
    ]);
  });

  it('migrates it to a valid template of today (the console saves that shape)', () => {
    const migrated = withSections(legacy);
    expect(Object.keys(migrated)).not.toContain('form');
    expect(Object.keys(migrated).indexOf('sections')).toBe(Object.keys(migrated).indexOf('appName') + 1);
    expect(validateDocument('landing-template', migrated)).toEqual([]);
    expect(validateDocument('landing-template', legacy)).toEqual([]);
  });

  it('leaves a template with sections as it is', () => {
    expect(withSections(shipped)).toBe(shipped);
    expect(registrationOf(shipped)?.fields).toContain('apply');
  });

  it('words a removed required part for the console as the server does, once, at the fields', () => {
    const t = structuredClone(shipped);
    const reg = t.sections.find((s) => s.section === 'registration')!;
    reg.fields = reg.fields.filter((f) => f !== 'captcha');
    const problems = validateDocument('landing-template', t);
    expect(problems).toEqual(registrationProblems(t));
    expect(problems).toEqual([
      {
        pointer: '/sections/0/fields',
        message: expect.stringMatching(/^the registration form's image captcha cannot be removed: /),
      },
    ]);
  });

  it('says why a required part is locked in the outline, and nothing for an optional one', () => {
    expect(lockedReason('smsCode')).toBe('The SMS code cannot be removed: a visitor cannot register without it.');
    expect(lockedReason('userName')).toBeUndefined();
  });
  it('says an empty page has no registration form, not "fewer than 1 items"', () => {
    expect(validateDocument('landing-template', { ...shipped, sections: [] })).toEqual([
      { pointer: '/sections', message: expect.stringMatching(/^the page has no registration section: add one/) },
    ]);
  });
});
