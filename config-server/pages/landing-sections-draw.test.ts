/**
 * Landing sections through the whole app: marketing saves a template with a picture above the
 * registration form and a paragraph below it, a publisher publishes it, and the server draws the landing page
 * with the sections in that order before any JavaScript runs; the sandbox answers the same template with them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type TestServer } from '../testing/test-helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

const KIND = 'landing-template';
const OFFER = {
  section: 'image',
  src: '/media/offer-sections-test.png',
  alt: 'landing.bannerAlt',
  width: 750,
  height: 240,
};
const FOOTNOTE = { section: 'text', copy: 'landing.default.subtitle', style: 'body' };

async function publishWithSections() {
  const ed = await login(s.url, 'ed');
  const cur = await ed.req('GET', `/admin/api/documents/${KIND}/default`);
  const rec = await cur.json();
  const doc = structuredClone(rec.published.content);
  const registration = doc.sections.find((x: { section: string }) => x.section === 'registration');
  doc.sections = [OFFER, registration, FOOTNOTE];
  const put = await ed.req('PUT', `/admin/api/documents/${KIND}/default/draft`, doc, {
    'if-match': cur.headers.get('etag')!,
  });
  expect(put.status).toBe(200);
  const pat = await login(s.url, 'pat');
  const pub = await pat.req('POST', '/admin/api/publish', {
    documents: [{ kind: KIND, id: 'default' }],
    note: 'sections',
  });
  expect(pub.status).toBe(200);
  await s.config.refresh();
  return doc;
}

describe('a landing template with sections around the form', () => {
  let texts: Record<string, string>;
  beforeAll(async () => {
    await publishWithSections();
    texts = (await (await fetch(`${s.url}/config/v1/bundle?market=ID`)).json()).textSet.texts;
  });

  it('is drawn by the server in the template order: picture, form, paragraph', async () => {
    const r = await fetch(`${s.url}/register?templateId=default&market=ID`);
    expect(r.status).toBe(200);
    const html = await r.text();
    const main = html.slice(html.indexOf('<main'));
    const at = (needle: string) => {
      const i = main.indexOf(needle);
      expect(i, `${needle} is drawn`).toBeGreaterThan(-1);
      return i;
    };
    const picture = at(`src="${OFFER.src}"`);
    const headline = at('<h1');
    const apply = at(`>${texts['landing.default.apply']}<`);
    const paragraph = main.lastIndexOf(`>${texts['landing.default.subtitle']}<`);
    expect(picture).toBeLessThan(headline);
    expect(headline).toBeLessThan(apply);
    expect(paragraph).toBeGreaterThan(apply);
    // The picture's box is reserved from its section's size, and named by its section's copy.
    const img = main.slice(picture - 200, picture + 300).match(/<img[^>]*offer-sections-test[^>]*>/)![0];
    expect(img).toMatch(/width="750"/);
    expect(img).toMatch(/height="240"/);
    expect(img).toContain(`alt="${texts['landing.bannerAlt']}"`);
  });

  it("the sandbox's channel-template answer carries the sections in the same order", async () => {
    const r = await fetch(`${s.url}/sandbox/api/v2/youmi/service/channel/channel-template?templateId=default`);
    const { data } = await r.json();
    expect(data.sections.map((x: { section: string }) => x.section)).toEqual(['image', 'registration', 'text']);
    expect(data.sections[0]).toEqual(OFFER);
  });
});
