/**
 * Several config-server replicas sharing one real PostgreSQL, each on its own ephemeral port, as behind
 * a load balancer: a publish on one is served by the others within a second (LISTEN/NOTIFY; the periodic
 * check is set slow here so it cannot be what makes it), concurrent saves across replicas are decided by
 * the database, ETags are the same everywhere, a session works on every replica, and the database
 * going away and coming back needs no restart.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD, startTestServer, type TestServer } from '../testing/test-helpers.js';
import { sharedTestPostgres, startTestPostgres, type TestPostgres } from '../testing/pg-test-server.js';
import { describePostgres } from '../testing/describe-postgres.js';
import { DEFAULT_LOGIN_LIMIT } from '../admin/login-throttle.js';

interface Session {
  cookie: string;
  csrf: string;
}

async function loginOn(base: string, user: string): Promise<Session> {
  const r = await fetch(`${base}/admin/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, password: PASSWORD }),
  });
  if (r.status !== 200) throw new Error(`login ${user}: ${r.status} ${await r.text()}`);
  return {
    cookie: r.headers.get('set-cookie')!.split(';')[0],
    csrf: ((await r.json()) as { csrfToken: string }).csrfToken,
  };
}

/** An admin request with a session, to any replica. */
const call = (
  base: string,
  s: Session,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  fetch(`${base}/admin/api${path}`, {
    method,
    headers: {
      cookie: s.cookie,
      'x-csrf-token': s.csrf,
      origin: new URL(base).origin,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function startReplicas(databaseUrl: string, n = 3, pollMs = 5000): Promise<TestServer[]> {
  // All at once: migration and first-start import must happen exactly once between them.
  return Promise.all(Array.from({ length: n }, () => startTestServer({ databaseUrl, pollMs })));
}

const textSetOf = async (base: string) =>
  ((await (await fetch(`${base}/config/v1/bundle?market=ID`)).json()) as { textSet: { id: string } }).textSet.id;

/** Saves an edit of one text as ed (on `editBase`) and publishes it as pat (on `publishBase`). */
async function publishText(editBase: string, publishBase: string, key: string, value: string) {
  const ed = await loginOn(editBase, 'ed');
  const pat = await loginOn(publishBase, 'pat');
  const ts = await textSetOf(editBase);
  const r = await call(editBase, ed, 'GET', `/documents/text-set/${ts}`);
  const rec = (await r.json()) as {
    draft: { content: { texts: Record<string, string> } } | null;
    published: { content: { texts: Record<string, string> } };
  };
  const content = structuredClone(rec.draft?.content ?? rec.published.content);
  content.texts[key] = value;
  const saved = await call(editBase, ed, 'PUT', `/documents/text-set/${ts}/draft`, content, {
    'if-match': r.headers.get('etag')!,
  });
  expect(saved.status).toBe(200);
  return () =>
    call(publishBase, pat, 'POST', '/publish', {
      documents: [{ kind: 'text-set', id: ts }],
      note: `set ${key}`,
      // The test's copy carries a timestamp the other locale lacks: the numbers check warns, and ops confirm.
      acceptWarnings: { reason: 'replica test copy with a timestamp' },
    });
}

/** Polls until `ok` holds; returns the ms it took, or throws after `timeoutMs`. */
async function until(ok: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    if (await ok()) return performance.now() - start;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`not within ${timeoutMs} ms`);
}

const textOn = async (base: string, key: string) =>
  ((await (await fetch(`${base}/config/v1/bundle?market=ID`)).json()) as { textSet: { texts: Record<string, string> } })
    .textSet.texts[key];

describePostgres('replicas on postgres', () => {
  let replicas: TestServer[];
  let a: string, b: string, c: string;
  beforeAll(async () => {
    const url = await (await sharedTestPostgres()).createDatabase();
    replicas = await startReplicas(url);
    [a, b, c] = replicas.map((r) => r.url);
  }, 60_000);
  afterAll(() => Promise.all(replicas?.map((r) => r.stop()) ?? []));

  it('started three replicas on one empty database: one import, one schema', async () => {
    const gens = await Promise.all(
      [a, b, c].map(async (u) => ((await (await fetch(`${u}/healthz`)).json()) as { generation: number }).generation),
    );
    expect(gens).toEqual([1, 1, 1]);
    const pat = await loginOn(b, 'pat');
    const imports = (
      (await (await call(b, pat, 'GET', '/audit?id=not-found')).json()) as { entries: { action: string }[] }
    ).entries.filter((e) => e.action === 'import');
    expect(imports).toHaveLength(1);
  });

  it('serves a publish made through A from B and C within 1 s (measured)', async () => {
    const value = `published at ${Date.now()}`;
    const publish = await publishText(a, a, 'common.retry', value);
    const r = await publish();
    expect(r.status).toBe(200);
    const [onB, onC] = await Promise.all(
      [b, c].map((u) => until(async () => (await textOn(u, 'common.retry')) === value, 1000)),
    );
    console.log(
      `publish through A visible on B after ${onB.toFixed(0)} ms, on C after ${onC.toFixed(0)} ms (LISTEN/NOTIFY; periodic check every 5 s)`,
    );
    expect(Math.max(onB, onC)).toBeLessThan(1000);
  });

  it('gives the same ETag for the same bundle and screen on every replica, so revalidation works whichever answers', async () => {
    for (const path of ['/config/v1/bundle?market=ID', '/config/v1/bundle?market=IN', '/config/v1/screens/not-found']) {
      const etags = await Promise.all([a, b, c].map(async (u) => (await fetch(u + path)).headers.get('etag')));
      expect(etags[0]).toMatch(/^"/);
      expect(new Set(etags).size).toBe(1);
      const revalidated = await fetch(c + path, { headers: { 'if-none-match': etags[0]! } });
      expect(revalidated.status).toBe(304);
    }
    // The admin ETag of a document comes from the database too.
    const ed = await loginOn(a, 'ed');
    const etags = await Promise.all(
      [a, b, c].map(async (u) => (await call(u, ed, 'GET', '/documents/screen/not-found')).headers.get('etag')),
    );
    expect(new Set(etags).size).toBe(1);
  });

  it('accepts exactly one of 50 parallel saves with the same If-Match spread over the three replicas (49 × 412)', async () => {
    const ed = await loginOn(a, 'ed');
    const r = await call(a, ed, 'GET', '/documents/screen/not-found');
    const etag = r.headers.get('etag')!;
    const rec = (await r.json()) as { published: { content: Record<string, unknown> } };
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(
          [a, b, c][i % 3],
          ed,
          'PUT',
          '/documents/screen/not-found/draft',
          { ...rec.published.content, description: `save ${i}` },
          { 'if-match': etag },
        ).then((x) => x.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(49);
  });

  it('accepts a session and its CSRF token created on A on C (no sticky sessions needed)', async () => {
    const s = await loginOn(a, 'pat');
    const me = await call(c, s, 'GET', '/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: 'pat', role: 'publisher', via: 'session' });
    expect((await call(c, s, 'POST', '/tokens', { label: 'from C' })).status).toBe(201);
    expect((await call(c, { ...s, csrf: 'wrong' }, 'POST', '/tokens', { label: 'x' })).status).toBe(403);
    expect((await call(b, s, 'POST', '/logout')).status).toBe(204);
    expect((await call(c, s, 'GET', '/me')).status).toBe(401);
  });

  it('counts failed logins across the replicas: 5 of one address on one account spread over A, B and C, then that pair is refused on any of them', async () => {
    const attempt = (u: string) =>
      fetch(`${u}/admin/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'pat', password: 'not the password' }),
      }).then((r) => r.status);
    const statuses = [];
    for (let i = 0; i < DEFAULT_LOGIN_LIMIT.perPair; i++) statuses.push(await attempt([a, b, c][i % 3]));
    expect(statuses).toEqual(Array(DEFAULT_LOGIN_LIMIT.perPair).fill(401));
    expect(await Promise.all([a, b, c].map(attempt))).toEqual([429, 429, 429]);
  });
});

describePostgres('replicas on postgres while the database is down', () => {
  let db: TestPostgres;
  let replicas: TestServer[];
  let a: string, b: string, c: string;
  beforeAll(async () => {
    // Its own server: this suite stops it.
    db = await startTestPostgres();
    replicas = await startReplicas(await db.createDatabase(), 3, 500);
    [a, b, c] = replicas.map((r) => r.url);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(replicas?.map((r) => r.stop()) ?? []);
    db?.remove();
  });

  it('keeps serving the last published state, answers admin writes with 503, and publishes again once PostgreSQL is back, without restarting a replica', async () => {
    const publish = await publishText(a, b, 'common.retry', 'before the outage');
    expect((await publish()).status).toBe(200);
    await until(async () => (await textOn(c, 'common.retry')) === 'before the outage', 1000);
    const ed = await loginOn(a, 'ed');
    const edit = await call(a, ed, 'GET', '/documents/screen/not-found');
    const etag = edit.headers.get('etag')!;
    const content = ((await edit.json()) as { published: { content: Record<string, unknown> } }).published.content;
    const bundleEtag = (await fetch(`${a}/config/v1/bundle?market=ID`)).headers.get('etag');

    db.stop();
    // Longer than several periodic checks (500 ms): the failing checks must not drop the snapshot.
    await new Promise((r) => setTimeout(r, 1500));
    for (const u of [a, b, c]) {
      const bundle = await fetch(`${u}/config/v1/bundle?market=ID`);
      expect(bundle.status).toBe(200);
      expect(bundle.headers.get('etag')).toBe(bundleEtag);
      expect(
        ((await bundle.json()) as { textSet: { texts: Record<string, string> } }).textSet.texts['common.retry'],
      ).toBe('before the outage');
      expect((await fetch(`${u}/config/v1/screens/not-found`)).status).toBe(200);
      const health = await fetch(`${u}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', store: 'unreachable' });
      const write = await call(
        u,
        ed,
        'PUT',
        '/documents/screen/not-found/draft',
        { ...content, description: 'during the outage' },
        { 'if-match': etag },
      );
      expect(write.status).toBe(503);
      expect(((await write.json()) as { error: { message: string } }).error.message).toMatch(
        /database is unreachable.*still served.*try again/,
      );
    }

    db.start();
    // The pools reconnect on their own: the first write may still find a dead connection, so allow a few seconds.
    const back = await until(
      async () =>
        (
          await call(
            c,
            ed,
            'PUT',
            '/documents/screen/not-found/draft',
            { ...content, description: 'after the outage' },
            { 'if-match': etag },
          )
        ).status === 200,
      10_000,
    );
    console.log(`PostgreSQL restarted: admin writes work again after ${back.toFixed(0)} ms, no replica restarted`);
    const again = await publishText(b, a, 'common.retry', 'after the outage');
    expect((await again()).status).toBe(200);
    const seen = await Promise.all(
      [b, c].map((u) => until(async () => (await textOn(u, 'common.retry')) === 'after the outage', 3000)),
    );
    console.log(`publish after the outage visible on B and C after ${seen.map((x) => x.toFixed(0)).join(' / ')} ms`);
    expect(await (await fetch(`${c}/healthz`)).json()).toMatchObject({ store: 'ok' });
  }, 60_000);
});
