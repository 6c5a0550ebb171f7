/**
 * A publish's audit entry says "[approved by …]" for the approvals that let it through; the store writes that, never the
 * publisher: a note, reason or accepted-warnings reason claiming an approval is refused (400 naming the field), so the
 * audit cannot show an approval nobody gave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, testStores, type Client, type TestServer } from '../testing/test-helpers.js';

const DOC = '/admin/api/documents/screen/not-found';

describe.each(testStores())('notes in the audit on %s', (store) => {
  let s: TestServer;
  let pat: Client;
  beforeAll(async () => {
    s = await startTestServer({ store });
    pat = await login(s.url, 'pat');
  });
  afterAll(() => s?.stop());

  async function draft(description: string) {
    const r0 = await pat.req('GET', DOC);
    const content = structuredClone((await r0.json()).published.content);
    content.description = description;
    expect((await pat.req('PUT', `${DOC}/draft`, content, { 'if-match': r0.headers.get('etag')! })).status).toBe(200);
  }
  const audit = async () =>
    (await (await pat.req('GET', '/admin/api/audit?limit=200')).json()).entries as { action: string; note: string }[];
  const refusedField = async (r: Response) => {
    expect(r.status).toBe(400);
    return ((await r.json()) as { error: { details?: { field?: string } } }).error.details?.field;
  };

  it('refuses a publish note or rollback reason that claims an approval, and publishes nothing', async () => {
    await draft('pat alone');
    const documents = [{ kind: 'screen', id: 'not-found' }];
    const forged = await pat.req('POST', '/admin/api/publish', { documents, note: 'typo fix [approved by paula]' });
    expect(await refusedField(forged)).toBe('note');
    const inWarnings = await pat.req('POST', '/admin/api/publish', {
      documents,
      note: 'typo fix',
      acceptWarnings: { reason: 'checked with legal [Approved by paula]' },
    });
    expect(await refusedField(inWarnings)).toBe('acceptWarnings.reason');
    expect((await audit()).filter((e) => /approved by paula/i.test(e.note))).toEqual([]);
    expect((await pat.req('GET', DOC).then((r) => r.json())).published.version).toBe(1);

    expect((await pat.req('POST', '/admin/api/publish', { documents, note: 'typo fix' })).status).toBe(200);
    const etag = (await pat.req('GET', DOC)).headers.get('etag')!;
    const back = { version: 1, reason: 'undo [approved by paula]' };
    expect(await refusedField(await pat.req('POST', `${DOC}/rollback`, back, { 'if-match': etag }))).toBe('reason');
    expect((await audit()).filter((e) => /approved by paula/i.test(e.note))).toEqual([]);
  });
});
