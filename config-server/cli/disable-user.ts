/**
 * `npm run admin:disable-user -- --user ana [--reason "left the team"]`: the user can no longer log in; every
 * session and API token of theirs ends at once (on every replica: they live in the store). The account and its
 * history stay; `admin:create-user` with a new password enables it again. Audited as `user.disable`.
 * With env DATABASE_URL it works on the PostgreSQL store.
 */
import { parseArgs } from 'node:util';
import { openCliStores } from './cli-stores.js';

const { values } = parseArgs({
  options: {
    user: { type: 'string' },
    reason: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});

if (!values.user) {
  console.error('Usage: npm run admin:disable-user -- --user <name> [--reason "why"]');
  process.exit(1);
}
const user = values.user;

const { store, auth } = await openCliStores(values['data-dir']);
let code = 0;
try {
  const before = await auth.getUser(user);
  if (!before) {
    console.error(`No user ${user}: nothing disabled`);
    code = 1;
  } else if (before.disabledAt) {
    // Still ends anything left (nothing should be), and says since when.
    await auth.disableUser(user);
    console.log(`${user} was already disabled (since ${before.disabledAt})`);
  } else {
    await auth.disableUser(user);
    await store.appendAudit({
      actor: 'cli',
      action: 'user.disable',
      kind: null,
      id: null,
      version: null,
      diff: null,
      note: `${user} (${before.role})${values.reason ? `: ${values.reason.slice(0, 200)}` : ''}; sessions and API tokens ended`,
    });
    console.log(`disabled ${user}: it can no longer log in, and its sessions and API tokens were ended`);
  }
} finally {
  await store.close();
}
process.exit(code);
