import type { AuthStore } from '../store/config-store.js';
import { isRole } from './auth.js';
import { hashPassword, type ScryptParams } from './password.js';
import { passwordRefusal } from './password-policy.js';

/**
 * ADMIN_USER / ADMIN_PASSWORD / ADMIN_ROLE (default publisher) create the first admin on start.
 * An existing user is left alone, so a restart never resets a password changed since.
 * There is no built-in default password, and a weak one stops the start with the reason (password-policy.ts), as
 * any other setting that makes no sense does.
 */
export async function ensureAdminFromEnv(
  auth: AuthStore,
  env: NodeJS.ProcessEnv,
  log: (m: string) => void,
  scrypt?: ScryptParams,
): Promise<void> {
  const { ADMIN_USER: user, ADMIN_PASSWORD: password } = env;
  const role = env.ADMIN_ROLE ?? 'publisher';
  if (!user) return;
  if (await auth.getUser(user)) return;
  if (!password) {
    log(`ADMIN_USER=${user} is set without ADMIN_PASSWORD: no admin created`);
    return;
  }
  if (!isRole(role)) throw new Error(`ADMIN_ROLE must be viewer, editor or publisher (got '${role}')`);
  const refusal = await passwordRefusal(password, user);
  if (refusal) throw new Error(`ADMIN_PASSWORD: ${refusal}`);
  await auth.upsertUser({ name: user, role, passwordHash: await hashPassword(password, scrypt) });
  log(`created admin user ${user} (${role}) from ADMIN_USER/ADMIN_PASSWORD`);
}
