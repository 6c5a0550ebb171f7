/**
 * Roles per market: a market's editor or publisher works on that market's documents (its market, text set, landing
 * templates), never another market's, and shared documents (screens, maps) need a global role; four eyes counts only
 * people with a role on the market. Refusals name the market and the role needed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { login, startTestServer, testStores, type Client, type TestServer } from '../testing/test-helpers.js';

const DOC = '/admin/api/documents';

describe.each(testStores())('roles per market on %s', (store) => {
  let s: TestServer;
  let pat: Client, paula: Client, ida: Client, ina: Client;
  let idTs: string, inTs: string;

  const bundle = async (market: string) => (await fetch(`${s.url}/config/v1/bundle?market=${market}`)).json();
  async function save(c: Client, kind: string, id: string, edit: (d: Record<string, any>) => void) {
    const r0 = await c.req('GET', `${DOC}/${kind}/${id}`);
    const rec = await r0.json();
    const content = structuredClone(rec.draft?.content ?? rec.published.content);
    edit(content);
    return c.req('PUT', `${DOC}/${kind}/${id}/draft`, content, { 'if-match': r0.headers.get('etag')! });
  }
  const publish = (c: Client, kind: string, id: string) =>
    c.req('POST', '/admin/api/publish', { documents: [{ kind, id }], note: `${kind} ${id}` });
  const message = async (r: Response) => ((await r.json()) as { error: { message: string } }).error.message;

  beforeAll(async () => {
    s = await startTestServer({ store });
    const auth = s.config.auth;
    const hash = (await auth.getUser('vera'))!.passwordHash;
    // ida publishes Indonesia's documents, ina edits India's; both only read the rest.
    await auth.upsertUser({ name: 'ida', role: 'viewer', passwordHash: hash });
    await auth.setMarketRoles('ida', [{ market: 'ID', role: 'publisher' }]);
    await auth.upsertUser({ name: 'ina', role: 'viewer', passwordHash: hash });
    await auth.setMarketRoles('ina', [{ market: 'IN', role: 'editor' }]);
    [pat, paula, ida, ina] = await Promise.all(['pat', 'paula', 'ida', 'ina'].map((u) => login(s.url, u)));
    idTs = (await bundle('ID')).textSet.id;
    inTs = (await bundle('IN')).textSet.id;
  }, 60_000);
  afterAll(() => s?.stop());

  it('says who has which role in /me', async () => {
    expect(await (await ida.req('GET', '/admin/api/me')).json()).toMatchObject({
      user: 'ida',
      role: 'viewer',
      marketRoles: [{ market: 'ID', role: 'publisher' }],
    });
  });

  it("lets a market's publisher save and publish that market's text set, and refuses India's, naming IN", async () => {
    expect((await save(ida, 'text-set', idTs, (t) => (t.texts['common.retry'] = 'Coba lagi, ID'))).status).toBe(200);
    expect((await publish(ida, 'text-set', idTs)).status).toBe(200);
    expect((await bundle('ID')).textSet.texts['common.retry']).toBe('Coba lagi, ID');

    const refusedSave = await save(ida, 'text-set', inTs, (t) => (t.texts['common.retry'] = 'not mine'));
    expect(refusedSave.status).toBe(403);
    expect(await message(refusedSave)).toMatch(
      new RegExp(
        `^text-set/${inTs} belongs to market IN: saving it needs the editor role for IN .*ida has publisher for ID`,
      ),
    );
    expect((await save(pat, 'text-set', inTs, (t) => (t.texts['common.retry'] = 'Retry, India'))).status).toBe(200);
    const refused = await publish(ida, 'text-set', inTs);
    expect(refused.status).toBe(403);
    expect(await message(refused)).toMatch(
      new RegExp(
        `Nothing was published: text-set/${inTs} belongs to market IN: publishing it needs the publisher role for IN`,
      ),
    );
    expect((await bundle('IN')).textSet.texts['common.retry']).not.toBe('Retry, India');
    expect((await publish(pat, 'text-set', inTs)).status).toBe(200);
  });

  it('needs a global role for shared documents (screens, maps), with a reason naming it', async () => {
    const r = await save(ida, 'screen', 'not-found', (d) => (d.description = 'ida was here'));
    expect(r.status).toBe(403);
    expect(await message(r)).toMatch(
      /^screen\/not-found is shared by every market: saving it needs a global editor role/,
    );
    const m = await save(ina, 'api-map', 'default', (d) => (d.description = 'ina was here'));
    expect(m.status).toBe(403);
    // Her own market's text set she may edit, not publish.
    expect((await save(ina, 'text-set', inTs, (t) => (t.texts['common.retry'] = 'Retry (IN)'))).status).toBe(200);
    expect((await publish(ina, 'text-set', inTs)).status).toBe(403);
  });

  it("refuses taking over another market's unpublished draft by moving it to one's own market", async () => {
    const base = (await (await pat.req('GET', `${DOC}/landing-template/default`)).json()).published.content;
    const india = { ...structuredClone(base), id: 'diwali-in', templateId: 'diwali-in', market: 'IN' };
    const made = await pat.req('PUT', `${DOC}/landing-template/diwali-in/draft`, india, { 'if-none-match': '*' });
    expect(made.status).toBe(201);
    const taken = await save(ida, 'landing-template', 'diwali-in', (d) => {
      d.market = 'ID';
      d.description = 'now Indonesian';
    });
    expect(taken.status).toBe(403);
    expect(await message(taken)).toMatch(
      /^landing-template\/diwali-in belongs to market IN: saving it needs the editor role for IN/,
    );
    const kept = (await (await pat.req('GET', `${DOC}/landing-template/diwali-in`)).json()).draft;
    expect(kept).toMatchObject({ updatedBy: 'pat', content: { market: 'IN' } });
    // Her own market's draft she may still rework.
    const own = { ...structuredClone(base), id: 'lebaran-id', templateId: 'lebaran-id', market: 'ID' };
    expect(
      (await ida.req('PUT', `${DOC}/landing-template/lebaran-id/draft`, own, { 'if-none-match': '*' })).status,
    ).toBe(201);
    expect((await save(ida, 'landing-template', 'lebaran-id', (d) => (d.description = 'reworked'))).status).toBe(200);
  });

  it("refuses narrowing or rolling back another market's release, naming it; its own market's it may", async () => {
    const rollout = (c: Client, id: string) =>
      c.req('POST', '/admin/api/publish', {
        documents: [{ kind: 'text-set', id }],
        note: 'release',
        rollout: { percent: 50 },
      });
    const release = async (r: Response) =>
      ((await r.json()) as { release: { id: string; percent: number; status: string } }).release;
    expect(
      (await save(pat, 'text-set', inTs, (t) => (t.texts['common.retry'] = 'Retry, India (candidate)'))).status,
    ).toBe(200);
    const india = await release(await rollout(pat, inTs));

    const narrowed = await ida.req('PATCH', `/admin/api/releases/${india.id}`, { percent: 0.1 });
    expect(narrowed.status).toBe(403);
    expect(await message(narrowed)).toMatch(
      new RegExp(`text-set/${inTs} belongs to market IN: publishing it needs the publisher role for IN`),
    );
    const rolledBack = await ida.req('POST', `/admin/api/releases/${india.id}/rollback`, { reason: 'not mine' });
    expect(rolledBack.status).toBe(403);
    expect(await message(rolledBack)).toMatch(/belongs to market IN/);
    const list = (await (await pat.req('GET', '/admin/api/releases')).json()) as { releases: { id: string }[] };
    expect(list.releases.find((r) => r.id === india.id)).toMatchObject({ status: 'rolling', percent: 50 });
    expect((await pat.req('POST', `/admin/api/releases/${india.id}/rollback`, { reason: 'test done' })).status).toBe(
      200,
    );

    expect((await save(ida, 'text-set', idTs, (t) => (t.texts['common.retry'] = 'Coba lagi (kandidat)'))).status).toBe(
      200,
    );
    const indonesia = await release(await rollout(ida, idTs));
    expect((await ida.req('PATCH', `/admin/api/releases/${indonesia.id}`, { percent: 0.1 })).status).toBe(200);
    expect((await ida.req('POST', `/admin/api/releases/${indonesia.id}/rollback`, { reason: 'mine' })).status).toBe(
      200,
    );
  });

  it('counts for four eyes only someone with a role on the market', async () => {
    expect((await save(pat, 'market', 'ID', (d) => (d.fourEyes = true))).status).toBe(200);
    expect((await publish(paula, 'market', 'ID')).status).toBe(200);
    // ina saved India's text set; pat publishes it: IN has no four eyes, fine. Now India's editor saves Indonesia's?
    // She cannot; so a former Indonesian editor who moved to India is the case: her save no longer vouches.
    await s.config.auth.setMarketRoles('ina', [{ market: 'ID', role: 'editor' }]);
    expect((await save(ina, 'text-set', idTs, (t) => (t.texts['common.retry'] = 'Dicek ina'))).status).toBe(200);
    await s.config.auth.setMarketRoles('ina', [{ market: 'IN', role: 'editor' }]);
    const alone = await publish(pat, 'text-set', idTs);
    expect(alone.status).toBe(403);
    expect(await message(alone)).toMatch(new RegExp(`Four eyes: .*text-set/${idTs} \\(market ID\\)`));
    await s.config.auth.setMarketRoles('ina', [
      { market: 'ID', role: 'editor' },
      { market: 'IN', role: 'editor' },
    ]);
    expect((await publish(pat, 'text-set', idTs)).status).toBe(200);
    expect((await bundle('ID')).textSet.texts['common.retry']).toBe('Dicek ina');
  });
});
