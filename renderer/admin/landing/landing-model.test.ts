import { describe, expect, it } from 'vitest';
import template from '../../../screens/templates/default.json';
import {
  contentOf,
  contrastRatio,
  docIdFor,
  duplicate,
  publicLink,
  registrationOf,
  statusOf,
  withRegistration,
  type LandingTemplate,
} from './landing-model';

const t = template as unknown as LandingTemplate;
const rec = (published: unknown, draft: unknown = null) =>
  ({
    kind: 'landing-template',
    id: 'default',
    file: 'templates/default.json',
    etag: '"e"',
    published: published && { version: 1, content: published },
    draft: draft && { content: draft },
  }) as never;

describe('landing model', () => {
  it('status: published, paused (visitors see the ended page), draft when never published', () => {
    expect(statusOf(rec(t))).toBe('published');
    expect(statusOf(rec({ ...t, paused: true }))).toBe('paused');
    expect(statusOf(rec(null, t))).toBe('draft');
  });

  it('public link carries market and templateId', () => {
    expect(publicLink('https://h5.example', t)).toBe('https://h5.example/register?market=ID&templateId=default');
  });

  it('duplicates under a new templateId with a kebab-case document id, not paused, without touching the original', () => {
    const copy = duplicate({ ...t, paused: true }, 'Spring_FB-2026');
    expect(copy).toMatchObject({ id: 'landing-spring-fb-2026', templateId: 'Spring_FB-2026', theme: t.theme });
    expect(copy.paused).toBeUndefined();
    expect(t.templateId).toBe('default');
  });

  it('contrast: white on the default green is readable, yellow on white is not, garbage is null', () => {
    expect(contrastRatio('#ffffff', '#1f7a4d')!).toBeGreaterThan(4.5);
    expect(contrastRatio('#ffeb3b', '#ffffff')!).toBeLessThan(4.5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 0);
    expect(contrastRatio('red', '#000')).toBeNull();
    expect(docIdFor('A')).toBe('landing-a');
  });
  it('reads a template made before sections as one registration section, and edits headline and banner there', () => {
    const { sections, ...rest } = t;
    const reg = registrationOf(t)!;
    const legacy = { ...rest, title: reg.title, bannerImage: '/old.png', form: { fields: ['mobile', 'captcha'] } };
    const read = contentOf(rec(legacy))!;
    expect(read).not.toHaveProperty('bannerImage');
    expect(registrationOf(read)).toMatchObject({ title: reg.title, banner: { src: '/old.png' } });
    const image = { section: 'image' as const, src: '/media/x.png', width: 1, height: 1 };
    const edited = withRegistration({ ...read, sections: [image, ...read.sections!] }, { title: 'landing.x.title' });
    expect(edited.sections![0]).toBe(image);
    expect(registrationOf(edited)?.title).toBe('landing.x.title');
    expect(sections).toHaveLength(1);
  });
});
