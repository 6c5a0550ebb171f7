/**
 * The audit of security events: logins, logout, tokens, media upload and users changed by the CLIs are in
 * GET /admin/api/audit, and neither the audit nor the log holds a password.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { sharedTestPostgres } from '../testing/pg-test-server.js';
import { login, PASSWORD, startTestServer, testStores, type TestServer } from '../testing/test-helpers.js';
import { loginRequest, rawSession } from './testing/admin-requests.js';

const run = promisify(execFile);

describe.each(testStores())('audit of security events on %s', (store) => {
  let s: TestServer;
  /** The CLIs work on the same store as the server: its SQLite folder or its PostgreSQL database. */
  let databaseUrl = '';
  const logged: string[] = [];
  beforeAll(async () => {
    if (store === 'postgres') databaseUrl = await (await sharedTestPostgres()).createDatabase();
    s = await startTestServer({
      store,
      databaseUrl: databaseUrl || undefined,
      log: (m: string) => void logged.push(m),
    });
  });
  afterAll(() => s?.stop());

  const cli = (script: string, args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, ['--import', 'tsx', `config-server/cli/${script}.ts`, ...args], {
      env: { ...process.env, DATA_DIR: s.dataDir, DATABASE_URL: databaseUrl, ...env },
    });

  it('has login success and failure, logout, token create and revoke, media upload, user create, change and disable in GET /admin/api/audit', async () => {
    const WRONG = 'definitely-wrong-password';
    expect((await loginRequest(s.url, 'ed', WRONG)).status).toBe(401);
    expect((await loginRequest(s.url, 'no-such-person', WRONG)).status).toBe(401);
    const ed = await login(s.url, 'ed');
    const t = await (await ed.req('POST', '/admin/api/tokens', { label: 'audited' })).json();
    expect((await ed.req('DELETE', `/admin/api/tokens/${t.id}`)).status).toBe(204);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'a.png');
    const { cookie, csrf } = await rawSession(s.url, 'ed');
    const up = await fetch(`${s.url}/admin/api/media`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf, origin: s.url },
      body: form,
    });
    expect(up.status).toBe(201);
    await cli('create-user', ['--user', 'newbie', '--role', 'viewer'], { ADMIN_PASSWORD: 'newbie password 1' });
    await cli('create-user', ['--user', 'newbie', '--role', 'editor'], { ADMIN_PASSWORD: 'newbie password 2' });
    const disabled = await cli('disable-user', ['--user', 'newbie', '--reason', 'left']);
    expect(disabled.stdout).toMatch(/disabled newbie/);
    expect((await loginRequest(s.url, 'newbie', 'newbie password 2')).status).toBe(401);
    expect((await ed.req('POST', '/admin/api/logout')).status).toBe(204);

    const viewer = await login(s.url, 'vera');
    const entries = (await (await viewer.req('GET', '/admin/api/audit?limit=200')).json()).entries as {
      actor: string;
      action: string;
      note: string;
    }[];
    const has = (actor: string, action: string, note: RegExp = /./) =>
      entries.some((e) => e.actor === actor && e.action === action && note.test(e.note));
    expect(has('ed', 'login.failure', /wrong password/)).toBe(true);
    expect(has('(unknown)', 'login.failure', /no such user/)).toBe(true);
    expect(has('ed', 'login', /from /)).toBe(true);
    expect(has('ed', 'token.create', new RegExp(`${t.id} 'audited'`))).toBe(true);
    expect(has('ed', 'token.revoke', new RegExp(t.id))).toBe(true);
    expect(has('ed', 'media.upload', /\/media\/[0-9a-f]{64}\.png/)).toBe(true);
    expect(has('cli', 'user.create', /newbie \(viewer\)/)).toBe(true);
    expect(has('cli', 'user.update', /newbie \(editor\): new password, role was viewer/)).toBe(true);
    expect(has('cli', 'user.disable', /newbie \(editor\): left/)).toBe(true);
    expect(has('ed', 'logout')).toBe(true);
    expect(has('newbie', 'login.failure', /user disabled/)).toBe(true);
    // Neither the audit nor the log holds a password or the name that is no account.
    const all = JSON.stringify(entries) + logged.join('\n');
    for (const secret of [WRONG, PASSWORD, 'newbie password', 'no-such-person', t.token])
      expect(all).not.toContain(secret);
    expect(logged.filter((m) => /login failed/.test(m))).toHaveLength(3);
  }, 60_000);
});
