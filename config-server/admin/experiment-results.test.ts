/**
 * Experiments in the admin API: a publish with a rollout and an experiment (goals checked against the published
 * metric documents, guardrails defaulting to the guard's), the results at GET /admin/api/releases/{id}/results
 * (overall and per market, not-enough-data until both arms have their borrowers, then a verdict; the app's reports
 * apart), and shipping audited with the figures of the moment. Every exchange is checked against the OpenAPI
 * description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { login, startTestServer, type Client, type TestServer } from '../testing/test-helpers.js';

const KEY = 'conversion-key-for-results-0123456789';
const SCREEN = 'complaint-entry';
const HOUR = 3_600_000;

describe('experiment results', () => {
  let s: TestServer;
  let ed: Client, pat: Client, vera: Client;
  let release: string;

  beforeAll(async () => {
    s = await startTestServer({ env: { EXPERIMENT_MIN_DAYS: '0', CONVERSION_KEYS: KEY } });
    [ed, pat, vera] = await Promise.all(['ed', 'pat', 'vera'].map((u) => login(s.url, u)));
  }, 60_000);
  afterAll(() => s?.stop());

  const draft = async (description: string) => {
    const r = await ed.req('GET', `/admin/api/documents/screen/${SCREEN}`);
    const rec = await r.json();
    const content = { ...(rec.draft?.content ?? rec.published.content), description };
    const saved = await ed.req('PUT', `/admin/api/documents/screen/${SCREEN}/draft`, content, {
      'if-match': r.headers.get('etag')!,
    });
    expect(saved.status).toBe(200);
  };
  const publish = (body: Record<string, unknown>) =>
    pat.req('POST', '/admin/api/publish', { documents: [{ kind: 'screen', id: SCREEN }], note: 'try copy', ...body });
  const results = async () => {
    const r = await vera.req('GET', `/admin/api/releases/${release}/results`);
    expect(r.status).toBe(200);
    return r.json();
  };
  const convert = async (events: { id: string; metric: string; deviceId: string; at: number }[]) => {
    for (let i = 0; i < events.length; i += 1000) {
      const r = await fetch(`${s.url}/config/v1/conversions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
        body: JSON.stringify({
          events: events.slice(i, i + 1000).map((e) => ({ ...e, at: new Date(e.at).toISOString() })),
        }),
      });
      expect(r.status).toBe(200);
    }
  };

  it('refuses an experiment without a rollout, on a full rollout, or naming an unknown metric', async () => {
    await draft('experiment copy');
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ experiment: { goals: ['registered'] } }, 'experiment', /needs a rollout/],
      [{ rollout: { percent: 100 }, experiment: { goals: ['registered'] } }, 'rollout.percent', /below 100/],
      [
        { rollout: { percent: 50 }, experiment: { goals: ['signedUp'] } },
        'experiment.goals',
        /Unknown metric\(s\) signedUp/,
      ],
      [{ rollout: { percent: 50 }, experiment: { goals: [] } }, 'experiment.goals', /list of 1 to 10/],
      [
        { rollout: { percent: 50 }, experiment: { goals: ['repaid'], guardrails: ['lcp'] } },
        'experiment.guardrails',
        /Unknown metric/,
      ],
      [{ rollout: { percent: 50 }, experiment: { goals: ['repaid'], extra: 1 } }, 'experiment', /unknown field/],
    ];
    for (const [body, field, message] of cases) {
      const r = await publish(body);
      const json = await r.json();
      expect([r.status, json.error.field ?? json.error.details?.field]).toEqual([400, field]);
      expect(json.error.message).toMatch(message);
    }
  });

  it('starts one with goals and the guard metrics as default guardrails', async () => {
    const r = await publish({ rollout: { percent: 50 }, experiment: { goals: ['registered', 'complaintFiled'] } });
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.release.experiment).toEqual({
      goals: ['registered', 'complaintFiled'],
      guardrails: ['errorRate', 'p75Lcp'],
    });
    release = body.release.id;
    const list = await (await vera.req('GET', '/admin/api/releases')).json();
    expect(list.releases[0].experiment.goals).toEqual(['registered', 'complaintFiled']);
  });

  it('says not-enough-data until each arm has its borrowers and conversions', async () => {
    const t = Date.now() - 5 * HOUR;
    await s.config.store.experiments.recordExposures([
      { release, deviceId: 'b-1', arm: 'base', market: 'ID', at: t },
      { release, deviceId: 'c-1', arm: 'candidate', market: 'IN', at: t },
    ]);
    await convert([{ id: 'x1', metric: 'registered', deviceId: 'c-1', at: t + HOUR }]);
    const r = await results();
    expect(r.exposures).toEqual({ base: 1, candidate: 1 });
    expect(r.goals[0]).toMatchObject({
      metric: 'registered',
      name: 'Registered',
      base: { exposed: 1, conversions: 0, rate: 0 },
      candidate: { exposed: 1, conversions: 1, rate: 1 },
      verdict: 'not-enough-data',
      reportedByApp: { base: 0, candidate: 0 },
    });
    expect(Object.keys(r.markets)).toEqual(['ID', 'IN']);
    expect(r.markets.IN.exposures).toEqual({ base: 0, candidate: 1 });
    expect(r.days.at(-1).exposures).toEqual({ base: 1, candidate: 1 });
  });

  it('names the better arm once both have 150 conversions, overall and per market', async () => {
    const t = Date.now() - 4 * HOUR;
    const exposures = [];
    const events = [];
    for (let i = 0; i < 800; i++) {
      const arm = i % 2 ? 'candidate' : 'base';
      const deviceId = `many-${i}`;
      exposures.push({ release, deviceId, arm: arm as 'base', market: i % 4 < 2 ? 'ID' : 'IN', at: t });
      // 40 % of the base converts, 65 % of the candidate.
      const k = Math.floor(i / 2);
      if (k < (arm === 'base' ? 160 : 260))
        events.push({ id: `reg-${i}`, metric: 'registered', deviceId, at: t + HOUR });
    }
    await s.config.store.experiments.recordExposures(exposures);
    await convert(events);
    const r = await results();
    expect(r.srm.flagged).toBe(false);
    const g = r.goals[0];
    expect([g.base.conversions, g.candidate.conversions]).toEqual([160, 261]);
    expect(g.verdict).toBe('candidate-better');
    expect(g.lift.low).toBeGreaterThan(0);
    expect(g.reason).toMatch(/./);
    expect(r.markets.ID.goals[0].verdict).not.toBe('base-better');
    expect(r.goals[1]).toMatchObject({ metric: 'complaintFiled', verdict: 'not-enough-data' });
  });

  it('refuses a query parameter, naming it, rather than answer the overall figures for it', async () => {
    const r = await vera.req('GET', `/admin/api/releases/${release}/results?market=IN`);
    expect(r.status).toBe(400);
    const body = await r.json();
    expect(body.error.details).toEqual({ field: 'market' });
    expect(body.error.message).toMatch(/^market is not a parameter of the results/);
  });

  it('is a 404 for a release without an experiment', async () => {
    const other = await s.config.store.releases.listReleases();
    expect(other.every((x) => x.experiment)).toBe(true);
    expect((await vera.req('GET', '/admin/api/releases/rel-0000000000/results')).status).toBe(404);
  });

  it('ships the candidate, audited with the figures of the moment', async () => {
    const r = await pat.req('POST', `/admin/api/releases/${release}/complete`, { note: 'ship it' });
    expect(r.status).toBe(200);
    const audit = await s.config.store.audit({ kind: 'release', id: release });
    const done = audit.find((a) => a.action === 'release.complete')!;
    expect(done.note).toMatch(/^ship it\nresults at .*: exposures base 401, candidate 401; registered base 160\/401/);
    expect(done.note).toContain('candidate-better');
  });
});
