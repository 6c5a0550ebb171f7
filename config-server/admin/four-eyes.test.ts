/**
 * Four eyes per document: what a publisher alone can no longer do, and what a second publisher's approval
 * (of exactly the reviewed ETag) lets through. Market ID asks for four eyes, IN does not; pat and paula publish, ed edits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Every exchange is checked against the OpenAPI description (config-server/openapi/check.ts).
import { checkedFetch as fetch } from '../openapi/check.js';
import { login, startTestServer, testStores, type Client, type TestServer } from '../testing/test-helpers.js';

const DOC = '/admin/api/documents';

describe.each(testStores())('four eyes per document on %s', (store) => {
  let s: TestServer;
  let ed: Client, pat: Client, paula: Client;
  let idTs: string, inTs: string;
  /** Version of market ID before four eyes was switched on (its `fourEyes` is false). */
  let withoutFourEyes: number;

  const bundle = async (market: string) => (await fetch(`${s.url}/config/v1/bundle?market=${market}`)).json();

  async function load(c: Client, kind: string, id: string) {
    const r = await c.req('GET', `${DOC}/${kind}/${id}`);
    expect(r.status).toBe(200);
    const rec = await r.json();
    return { rec, etag: r.headers.get('etag')!, content: structuredClone(rec.draft?.content ?? rec.published.content) };
  }

  /** Saves `edit` of the current content as `c`'s draft; returns the new ETag. */
  async function draft(c: Client, kind: string, id: string, edit: (d: Record<string, any>) => void) {
    const { content, etag } = await load(c, kind, id);
    edit(content);
    const r = await c.req('PUT', `${DOC}/${kind}/${id}/draft`, content, { 'if-match': etag });
    expect(r.status).toBe(200);
    return r.headers.get('etag')!;
  }

  const approve = (
    c: Client,
    kind: string,
    id: string,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => c.req('POST', `${DOC}/${kind}/${id}/approve`, body, headers);
  const publish = (
    c: Client,
    docs: { kind: string; id: string }[],
    note: string,
    extra: Record<string, unknown> = {},
  ) => c.req('POST', '/admin/api/publish', { documents: docs, note, ...extra });
  const copy = (text: string) => (d: Record<string, any>) => (d.texts['common.retry'] = text);

  beforeAll(async () => {
    s = await startTestServer({ store });
    [ed, pat, paula] = await Promise.all(['ed', 'pat', 'paula'].map((u) => login(s.url, u)));
    idTs = (await bundle('ID')).textSet.id;
    inTs = (await bundle('IN')).textSet.id;
    expect(idTs).not.toBe(inTs);
    withoutFourEyes = (await load(pat, 'market', 'ID')).rec.published.version;
    // Four eyes on for Indonesia: ed drafts it, pat publishes it (two people).
    await draft(ed, 'market', 'ID', (d) => (d.fourEyes = true));
    expect((await publish(pat, [{ kind: 'market', id: 'ID' }], 'four eyes for Indonesia')).status).toBe(200);
  });
  afterAll(() => s?.stop());

  it("refuses an own draft bundled with a colleague's edit (403 naming the document); nothing is published", async () => {
    await draft(pat, 'text-set', idTs, copy('pat alone'));
    await draft(ed, 'text-set', inTs, copy('ed for India'));
    const r = await publish(
      pat,
      [
        { kind: 'text-set', id: idTs },
        { kind: 'text-set', id: inTs },
      ],
      'both locales',
    );
    expect(r.status).toBe(403);
    const { error } = await r.json();
    expect(error.message).toContain(`text-set/${idTs} (market ID): your own edit needs a second person`);
    expect(error.message).not.toContain(`text-set/${inTs}`);
    expect(error.details.documents).toEqual([
      { kind: 'text-set', id: idTs, markets: ['ID'], reason: expect.stringMatching(/approve/) },
    ]);
    expect((await bundle('ID')).textSet.texts['common.retry']).not.toBe('pat alone');
    expect((await bundle('IN')).textSet.texts['common.retry']).not.toBe('ed for India');
    // A colleague's document alone is fine: the rule is per document.
    expect((await publish(pat, [{ kind: 'text-set', id: inTs }], 'India only')).status).toBe(200);
  });

  it('lets the own draft through once a second publisher approved its ETag, and audits the approval', async () => {
    const { etag } = await load(paula, 'text-set', idTs);
    // Nobody approves their own edit, and only publishers approve.
    expect((await approve(pat, 'text-set', idTs, { etag })).status).toBe(403);
    expect((await approve(ed, 'text-set', idTs, { etag })).status).toBe(403);
    const ok = await approve(paula, 'text-set', idTs, {}, { 'if-match': etag });
    expect(ok.status).toBe(200);
    expect((await ok.json()).approval).toMatchObject({
      kind: 'text-set',
      id: idTs,
      etag,
      version: null,
      approver: 'paula',
    });
    const listed = (await (await pat.req('GET', `${DOC}?kind=text-set`)).json()).documents.find(
      (d: { id: string }) => d.id === idTs,
    );
    expect(listed.approvals).toEqual([{ approver: 'paula', version: null, at: expect.any(String) }]);

    const r = await publish(pat, [{ kind: 'text-set', id: idTs }], 'approved by paula');
    expect(r.status).toBe(200);
    expect((await bundle('ID')).textSet.texts['common.retry']).toBe('pat alone');
    const audit = (await (await pat.req('GET', `/admin/api/audit?id=${idTs}&limit=5`)).json()).entries;
    expect(audit[0]).toMatchObject({ actor: 'pat', action: 'publish', note: 'approved by paula [approved by paula]' });
    expect(audit[1]).toMatchObject({
      actor: 'paula',
      action: 'approve',
      kind: 'text-set',
      id: idTs,
      note: `approved the draft at ${etag}`,
    });
  });

  it('does not count an approval of an older ETag: the draft changed after review', async () => {
    const first = await draft(pat, 'text-set', idTs, copy('reviewed text'));
    expect((await approve(paula, 'text-set', idTs, { etag: first })).status).toBe(200);
    const second = await draft(pat, 'text-set', idTs, copy('changed after review'));
    expect(second).not.toBe(first);
    const r = await publish(pat, [{ kind: 'text-set', id: idTs }], 'sneaking a change in');
    expect(r.status).toBe(403);
    expect((await r.json()).error.details.documents.map((d: { id: string }) => d.id)).toEqual([idTs]);
    expect((await bundle('ID')).textSet.texts['common.retry']).toBe('pat alone');
    // Approving the old ETag now is refused with the current one; the list shows no approval of the new draft.
    const late = await approve(paula, 'text-set', idTs, { etag: first });
    expect(late.status).toBe(412);
    expect((await late.json()).error.details.currentEtag).toBe(second);
    const listed = (await (await pat.req('GET', `${DOC}?kind=text-set`)).json()).documents.find(
      (d: { id: string }) => d.id === idTs,
    );
    expect(listed.approvals).toEqual([]);
    const { etag } = await load(pat, 'text-set', idTs);
    expect((await pat.req('DELETE', `${DOC}/text-set/${idTs}/draft`, undefined, { 'if-match': etag })).status).toBe(
      200,
    );
  });

  it("does not count a colleague's earlier save: only someone else's save or approval of the final ETag", async () => {
    await draft(ed, 'text-set', idTs, copy('typo fixed by ed'));
    // pat rewrites ed's draft and tries to publish it alone: nobody else saw what would go out.
    await draft(pat, 'text-set', idTs, copy('rewritten by pat'));
    const alone = await publish(pat, [{ kind: 'text-set', id: idTs }], 'riding on ed');
    expect(alone.status).toBe(403);
    expect((await alone.json()).error.message).toContain(`text-set/${idTs} (market ID)`);
    expect((await publish(pat, [{ kind: 'text-set', id: idTs }], 'to 10 %', { rollout: { percent: 10 } })).status).toBe(
      403,
    );
    expect((await bundle('ID')).textSet.texts['common.retry']).not.toBe('rewritten by pat');
    // ed saves the final text (having read pat's): now someone else saved exactly this ETag.
    await draft(ed, 'text-set', idTs, copy('rewritten by pat, read by ed'));
    expect((await publish(pat, [{ kind: 'text-set', id: idTs }], 'ed saved the final text')).status).toBe(200);
    expect((await bundle('ID')).textSet.texts['common.retry']).toBe('rewritten by pat, read by ed');
  });

  it('refuses a rollback turning four eyes off done alone, even when the approver tries it; an approval of another publisher lets it through', async () => {
    const { etag } = await load(pat, 'market', 'ID');
    const back = { version: withoutFourEyes, reason: 'four eyes is too slow' };
    const alone = await pat.req('POST', `${DOC}/market/ID/rollback`, back, { 'if-match': etag });
    expect(alone.status).toBe(403);
    const { error } = await alone.json();
    expect(error.message).toMatch(
      /^Four eyes: nothing was rolled back\. market\/ID \(market ID\): a rollback by you alone/,
    );
    expect((await bundle('ID')).market.fourEyes).toBe(true);

    // paula approves rolling back to that version; her approval does not count for her own rollback.
    const ok = await approve(paula, 'market', 'ID', { etag, version: withoutFourEyes });
    expect(ok.status).toBe(200);
    expect((await paula.req('POST', `${DOC}/market/ID/rollback`, back, { 'if-match': etag })).status).toBe(403);
    // The approval names the version: it does not approve the publish of some draft.
    const r = await pat.req('POST', `${DOC}/market/ID/rollback`, back, { 'if-match': etag });
    expect(r.status).toBe(200);
    expect((await bundle('ID')).market.fourEyes).toBe(false);
    const audit = (await (await pat.req('GET', '/admin/api/audit?kind=market&id=ID&limit=2')).json()).entries;
    expect(audit[0]).toMatchObject({
      actor: 'pat',
      action: 'rollback',
      note: 'four eyes is too slow [approved by paula]',
    });
    expect(audit[1]).toMatchObject({
      actor: 'paula',
      action: 'approve',
      version: withoutFourEyes,
      note: `approved rolling back to version ${withoutFourEyes} at ${etag}`,
    });
  });

  it('checks a publish to a share per document too; the approval goes with the release, so its publisher may widen it', async () => {
    await draft(ed, 'market', 'ID', (d) => (d.fourEyes = true));
    expect((await publish(paula, [{ kind: 'market', id: 'ID' }], 'four eyes back on')).status).toBe(200);
    const etag = await draft(pat, 'text-set', idTs, copy('for a share'));
    const share = { rollout: { percent: 10 } };
    expect((await publish(pat, [{ kind: 'text-set', id: idTs }], 'to 10 %', share)).status).toBe(403);
    expect((await approve(paula, 'text-set', idTs, { etag })).status).toBe(200);
    const started = await publish(pat, [{ kind: 'text-set', id: idTs }], 'to 10 %', share);
    expect(started.status).toBe(200);
    const { id } = (await started.json()).release;
    expect((await pat.req('PATCH', `/admin/api/releases/${id}`, { percent: 50 })).status).toBe(200);
    expect((await pat.req('POST', `/admin/api/releases/${id}/rollback`, { reason: 'done testing' })).status).toBe(200);
  });

  it('says what is wrong with an approval request: no ETag 428, a bad field 400, a document without draft 409', async () => {
    const { etag } = await load(paula, 'screen', 'not-found');
    expect((await approve(paula, 'screen', 'not-found', {})).status).toBe(428);
    const bad = await approve(paula, 'screen', 'not-found', { etag, version: 'latest' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details.field).toBe('version');
    expect((await approve(paula, 'screen', 'not-found', { etag, extra: 1 })).status).toBe(400);
    expect((await approve(paula, 'screen', 'not-found', { etag })).status).toBe(409);
    expect((await approve(paula, 'screen', 'no-such-screen', { etag })).status).toBe(404);
  });
});
