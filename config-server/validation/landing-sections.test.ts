/**
 * Landing templates as sections: the registration form's required parts cannot be removed, whichever
 * check meets the template (validate/publish, draft save), and the refusal says so in words; a template made
 * before sections still validates; the copy keys of sections are checked against the text sets like any other.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../project-root.js';
import { loadDocuments, validateDocuments } from './validate-documents.js';
import { schemaErrors } from './document-rules.js';

const FILE = 'screens/templates/default.json';
const shipped = () => JSON.parse(readFileSync(fromRoot(FILE), 'utf8'));
/** Every default document, with the default template replaced by `template`. */
function errorsWith(template: unknown) {
  const { docs } = loadDocuments();
  return validateDocuments(docs.map((d) => (d.file === FILE ? { ...d, doc: template } : d))).filter(
    (e) => e.file === FILE,
  );
}
const registrationIndex = (t: { sections: { section: string }[] }) =>
  t.sections.findIndex((s) => s.section === 'registration');

describe('landing template sections', () => {
  it('the shipped template has sections with exactly one registration form and validates', () => {
    const t = shipped();
    expect(t.sections.filter((s: { section: string }) => s.section === 'registration')).toHaveLength(1);
    expect(errorsWith(t)).toEqual([]);
    expect(schemaErrors('landing-template', t)).toEqual([]);
  });

  it.each([
    ['mobile', 'mobile number'],
    ['captcha', 'image captcha'],
    ['smsCode', 'SMS code'],
    ['apply', 'apply button'],
  ])('removing %s from the registration form is refused, in words, on validate and on save', (part, words) => {
    const t = shipped();
    const i = registrationIndex(t);
    t.sections[i].fields = t.sections[i].fields.filter((f: string) => f !== part);
    const expected = {
      pointer: `/sections/${i}/fields`,
      message: expect.stringContaining(`the registration form's ${words} cannot be removed`),
    };
    const errors = errorsWith(t);
    expect(errors).toEqual([{ file: FILE, ...expected }]);
    expect(errors[0].message).toMatch(/a visitor cannot register without/);
    expect(errors[0].message).toContain(`add "${part}" back`);
    // The draft save's check words it the same way (and only once: ajv's "must contain" is replaced).
    expect(schemaErrors('landing-template', t)).toEqual([
      { instancePath: expected.pointer, message: errors[0].message },
    ]);
  });

  it('optional fields come and go freely', () => {
    const t = shipped();
    const i = registrationIndex(t);
    t.sections[i].fields = ['inviteCode', 'mobile', 'captcha', 'smsCode', 'userName', 'apply'];
    expect(errorsWith(t)).toEqual([]);
  });

  it('a page without a registration form, or with two, is refused in words', () => {
    const t = shipped();
    const reg = t.sections[registrationIndex(t)];
    expect(errorsWith({ ...t, sections: [{ section: 'text', copy: 'landing.default.subtitle' }] })).toContainEqual({
      file: FILE,
      pointer: '/sections',
      message: expect.stringMatching(/^the page has no registration section: add one/),
    });
    expect(errorsWith({ ...t, sections: [reg, reg] })).toContainEqual({
      file: FILE,
      pointer: '/sections/1',
      message: expect.stringMatching(/second registration section/),
    });
  });

  it('a template made before sections (headline, banner and form at the top) still validates', () => {
    const { sections, ...rest } = shipped();
    const reg = sections[registrationIndex({ sections })];
    const legacy = {
      ...rest,
      title: reg.title,
      subtitle: reg.subtitle,
      bannerImage: reg.banner.src,
      bannerAlt: reg.banner.alt,
      form: { fields: ['mobile', 'captcha', 'smsCode'], submitLabel: reg.submitLabel },
    };
    expect(errorsWith(legacy)).toEqual([]);
    // ...but not half of each: with sections, the old fields must go.
    expect(errorsWith({ ...legacy, sections })).toContainEqual({
      file: FILE,
      pointer: '/bannerImage',
      message: '"bannerImage" belongs in the registration section in a template with sections: remove it here',
    });
    const { form: _form, ...formless } = legacy;
    expect(errorsWith(formless)).toContainEqual({
      file: FILE,
      pointer: '',
      message: 'missing required property "form": add it',
    });
  });

  it("a section's copy key is checked against every text set, at its pointer", () => {
    const t = shipped();
    t.sections.unshift(
      { section: 'image', src: '/media/offer.png', alt: 'landing.offer.alt', width: 750, height: 200 },
      { section: 'badges', badges: [{ icon: '/media/ojk.png', label: 'landing.default.title' }] },
    );
    t.sections.push({ section: 'text', copy: 'landing.nowhere', style: 'body' });
    const missing = errorsWith(t).filter((e) => /is missing in text set/.test(e.message));
    expect(new Set(missing.map((e) => e.pointer))).toEqual(new Set(['/sections/0/alt', `/sections/3/copy`]));
  });

  it('a picture with a link needs its alternative text (the pressable picture is named by it)', () => {
    const t = shipped();
    t.sections.unshift({ section: 'image', src: '/media/a.png', width: 10, height: 10, link: 'https://x.example/' });
    expect(errorsWith(t)).toContainEqual({
      file: FILE,
      pointer: '/sections/0',
      message: expect.stringMatching(/alt/),
    });
  });
});
