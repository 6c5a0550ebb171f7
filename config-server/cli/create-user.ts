/**
 * `npm run admin:create-user -- --user ana --role publisher [--token label]`: creates the user or
 * sets a new password and role (`--role publisher:ID` or `--role viewer,publisher:ID,editor:IN`: roles per market,
 * besides one global role, viewer when none is given) (and enables a disabled user again); an existing user's sessions and API
 * tokens end. The password comes from env ADMIN_PASSWORD or a hidden prompt; there is no default password, and one
 * shorter than 12 characters or easy to guess (admin/password-policy.ts) is refused with the reason.
 * `--token` also prints a bearer API token for scripts (shown once, valid API_TOKEN_TTL_DAYS, default 90).
 * With env DATABASE_URL the user is created in the PostgreSQL store.
 */
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { isRole, newSecret, sha256 } from '../admin/auth.js';
import { parseRole } from '../admin/market-access.js';
import { hashPassword } from '../admin/password.js';
import { MIN_PASSWORD_LENGTH, passwordRefusal } from '../admin/password-policy.js';
import { apiTokenTtlDaysFromEnv } from '../http/security-settings.js';
import { openCliStores } from './cli-stores.js';

const { values } = parseArgs({
  options: {
    user: { type: 'string' },
    role: { type: 'string', default: 'editor' },
    token: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Reads a line without echoing it (TTY), or plainly from a pipe. */
function prompt(question: string): Promise<string> {
  return new Promise((resolvePrompt) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
    const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WritableStream };
    if (process.stdin.isTTY) out._writeToOutput = (s) => (s.startsWith(question) ? out.output.write(s) : undefined);
    rl.question(question, (answer) => {
      rl.close();
      if (process.stdin.isTTY) process.stdout.write('\n');
      resolvePrompt(answer);
    });
  });
}

const user =
  values.user ??
  fail('Usage: npm run admin:create-user -- --user <name> --role viewer|editor|publisher [--token <label>]');
if (!/^[A-Za-z0-9._@-]{2,64}$/.test(user)) fail('--user: 2-64 letters, digits or . _ @ -');
// `--role publisher` (global), or roles per market: `--role publisher:ID` or `--role viewer,publisher:ID,editor:IN`.
const grants = String(values.role)
  .split(',')
  .map(
    (part) => parseRole(part) ?? fail(`--role: '${part}' is not viewer, editor or publisher, or one of them:ID or :IN`),
  );
const globals = grants.filter((g) => g.market === null);
if (globals.length > 1) fail('--role: give at most one global role (without a market)');
const role = globals[0]?.role ?? 'viewer';
if (!isRole(role)) fail(`--role must be viewer, editor or publisher (got '${role}')`);
const marketRoles = grants.flatMap((g) => (g.market === null ? [] : [{ market: g.market, role: g.role }]));
if (new Set(marketRoles.map((g) => g.market)).size !== marketRoles.length) fail('--role: one role per market');
const password =
  process.env.ADMIN_PASSWORD ?? (await prompt(`Password for ${user} (at least ${MIN_PASSWORD_LENGTH} characters): `));
// Before the store opens: a refused password changes nothing (ASVS V2.1: length and a common-password list).
const refusal = await passwordRefusal(password, user);
if (refusal) fail(refusal);

const { store, auth } = await openCliStores(values['data-dir']);
try {
  const before = await auth.getUser(user);
  await auth.upsertUser({ name: user, role, passwordHash: await hashPassword(password) });
  await auth.setMarketRoles(user, marketRoles);
  const roles = [role, ...marketRoles.map((g) => `${g.role}:${g.market}`)].join(', ');
  const note = `${user} (${roles})${before ? `: new password${before.role !== role ? `, role was ${before.role}` : ''}${before.disabledAt ? ', enabled again' : ''}; sessions and API tokens ended` : ''}`;
  await store.appendAudit({
    actor: 'cli',
    action: before ? 'user.update' : 'user.create',
    kind: null,
    id: null,
    version: null,
    diff: null,
    note,
  });
  console.log(
    `${before ? 'updated' : 'created'} ${user} with the ${roles} role${marketRoles.length ? 's' : ''}${before ? ` (${before.disabledAt ? 'enabled again; ' : ''}its sessions and API tokens were ended)` : ''}`,
  );
  if (values.token !== undefined) {
    const token = newSecret();
    const id = randomBytes(8).toString('hex');
    const label = values.token || 'cli';
    const expiresAt = Date.now() + apiTokenTtlDaysFromEnv(process.env) * 86_400_000;
    await auth.createApiToken(sha256(token), { id, user, label, role, expiresAt });
    await store.appendAudit({
      actor: 'cli',
      action: 'token.create',
      kind: null,
      id: null,
      version: null,
      diff: null,
      note: `${id} '${label}' for ${user} (${role}, expires ${new Date(expiresAt).toISOString()})`,
    });
    console.log(
      `API token ${id}, valid until ${new Date(expiresAt).toISOString()} (API_TOKEN_TTL_DAYS); shown once, send it as Authorization: Bearer <token>:\n${token}`,
    );
  }
} finally {
  await store.close();
}
