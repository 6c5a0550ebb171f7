/**
 * Console passwords (ASVS L2 V2.1): at least 12 characters and not guessable from zxcvbn-ts's common
 * lists, refused with a reason a person can act on, at every place a password is chosen (CLI, ADMIN_PASSWORD).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openStores } from '../store/open-stores.js';
import { ensureAdminFromEnv } from './bootstrap-admin.js';
import { passwordProblems, passwordRefusal } from './password-policy.js';

const run = promisify(execFile);
const COMMON = 'this password is on a list of common passwords';

describe('password policy', () => {
  it('refuses password12 as a common password (and too short), saying both', async () => {
    expect(await passwordProblems('password12', 'ops')).toEqual([
      COMMON,
      'it has 10 characters; at least 12 are needed',
    ]);
    expect(await passwordRefusal('password12', 'ops')).toBe(
      `Password refused: ${COMMON}; it has 10 characters; at least 12 are needed`,
    );
  });

  it('refuses long dictionary passwords and their usual variations, each with its reason', async () => {
    for (const p of [
      'password1234',
      'Password1234!',
      'P@ssw0rd12345',
      'iloveyou1234',
      'qwertyuiop123',
      'monkey123456',
    ]) {
      const problems = await passwordProblems(p, 'ops');
      expect(problems, p).toHaveLength(1);
      expect(problems[0], p).toMatch(/common password/);
    }
    expect(await passwordProblems('1234567890123', 'ops')).toEqual([expect.stringMatching(/sequence|common/)]);
  });

  it('refuses the user name and the example password from the instructions', async () => {
    expect(await passwordProblems('choose-a-long-one', 'ops')).toEqual([
      expect.stringMatching(/example in the instructions/),
    ]);
    expect(await passwordProblems('anastasia.k2024', 'anastasia.k')).toEqual([expect.stringMatching(/user name/)]);
  });

  it('refuses a random but short password for its length only, and accepts long phrases without composition rules', async () => {
    expect(await passwordProblems('vQ7#mX2p!L', 'ops')).toEqual(['it has 10 characters; at least 12 are needed']);
    for (const p of [
      'correct horse battery',
      'pw-Harbour-Lantern-42',
      'vQ7#mX2p!Lr9',
      'tamarind kettle on a bicycle',
    ]) {
      expect(await passwordRefusal(p, 'ops'), p).toBeUndefined();
    }
  });

  it('counts characters, not UTF-16 units', async () => {
    expect((await passwordProblems('नमस्ते दुनिया मेरे दोस्त', 'ops')).filter((p) => /characters/.test(p))).toEqual([]);
    expect(await passwordProblems('🔑🔑🔑🔑🔑🔑', 'ops')).toContain('it has 6 characters; at least 12 are needed');
  });
});

describe('where a password is chosen', () => {
  it('ADMIN_PASSWORD=password12 stops the start with the reason and creates nobody', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdui-policy-'));
    const { store, auth } = await openStores({ dataDir: dir });
    try {
      const env = { ADMIN_USER: 'ops', ADMIN_PASSWORD: 'password12' };
      await expect(ensureAdminFromEnv(auth, env, () => {}, { N: 2 ** 10, r: 8, p: 1 })).rejects.toThrow(
        `ADMIN_PASSWORD: Password refused: ${COMMON}`,
      );
      expect(await auth.getUser('ops')).toBeUndefined();
      await ensureAdminFromEnv(auth, { ...env, ADMIN_PASSWORD: 'pw-Harbour-Lantern-42' }, () => {}, {
        N: 2 ** 10,
        r: 8,
        p: 1,
      });
      expect((await auth.getUser('ops'))?.role).toBe('publisher');
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('npm run admin:create-user refuses password12 with the reason, exit 1, and no user', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdui-policy-cli-'));
    const cli = (password: string) =>
      run(
        process.execPath,
        ['--import', 'tsx', 'config-server/cli/create-user.ts', '--user', 'ana', '--role', 'editor'],
        { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', ADMIN_PASSWORD: password } },
      );
    try {
      const refused = await cli('password12').then(
        () => undefined,
        (e: { code: number; stderr: string }) => e,
      );
      expect(refused?.code).toBe(1);
      expect(refused?.stderr).toContain(`Password refused: ${COMMON}`);
      const { store, auth } = await openStores({ dataDir: dir });
      try {
        expect(await auth.getUser('ana')).toBeUndefined();
      } finally {
        await store.close();
      }
      expect((await cli('tamarind kettle on a bicycle')).stdout).toMatch(/created ana with the editor role/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
