/**
 * The users, sessions, API tokens and login attempts every AuthStore must keep, as one vitest suite that
 * sqlite-store.test.ts and pg-store.test.ts run against their store. Not imported by production code.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedStore, StoreFactory } from './store-factory.js';

export function describeAuthContract(name: string, factory: () => StoreFactory) {
  describe(`${name}: auth contract`, () => {
    let f: StoreFactory;
    let s: OpenedStore;
    beforeEach(async () => {
      f = factory();
      s = await f.create();
    });
    afterEach(async () => {
      await s.store.close();
      await f.dispose();
    });

    const DAY = 86_400_000;
    const tok = (
      id: string,
      user = 'ana',
      over: Partial<{ label: string; role: 'viewer' | 'editor' | 'publisher'; expiresAt: number }> = {},
    ) => ({
      id,
      user,
      label: `label ${id}`,
      role: 'editor' as const,
      expiresAt: Date.now() + 90 * DAY,
      ...over,
    });

    it("keeps users, sessions and API tokens; a new password or role ends the user's sessions and tokens", async () => {
      expect(await s.auth.countUsers()).toBe(0);
      await s.auth.upsertUser({ name: 'ana', role: 'editor', passwordHash: 'h1' });
      expect(await s.auth.getUser('ana')).toMatchObject({
        name: 'ana',
        role: 'editor',
        passwordHash: 'h1',
        disabledAt: null,
      });
      const expiresAt = Date.now() + 60_000;
      const lastSeenAt = Date.now();
      await s.auth.createSession('sess', { user: 'ana', csrf: 'c', expiresAt, lastSeenAt });
      await s.auth.createSession('old', { user: 'ana', csrf: 'c', expiresAt: Date.now() - 1, lastSeenAt });
      expect(await s.auth.getSession('sess')).toEqual({ user: 'ana', csrf: 'c', expiresAt, lastSeenAt });
      expect(await s.auth.getSession('old')).toBeUndefined();
      await s.auth.createApiToken('tok', tok('t1'));
      expect(await s.auth.getApiToken('tok')).toEqual({
        ...tok('t1'),
        expiresAt: expect.any(Number),
        createdAt: expect.any(String),
      });
      await s.auth.upsertUser({ name: 'ana', role: 'publisher', passwordHash: 'h2' });
      expect(await s.auth.getSession('sess')).toBeUndefined();
      expect(await s.auth.getApiToken('tok')).toBeUndefined();
      expect(await s.auth.getUser('ana')).toMatchObject({ role: 'publisher', passwordHash: 'h2' });
      await s.auth.createSession('s2', { user: 'ana', csrf: 'd', expiresAt, lastSeenAt });
      await s.auth.deleteSession('s2');
      expect(await s.auth.getSession('s2')).toBeUndefined();
      expect(await s.auth.countUsers()).toBe(1);
    });

    it("moves a session's last-seen time forward only (the idle timeout counts from it)", async () => {
      await s.auth.upsertUser({ name: 'ana', role: 'editor', passwordHash: 'h' });
      const t0 = Date.now();
      await s.auth.createSession('sess', { user: 'ana', csrf: 'c', expiresAt: t0 + 60_000, lastSeenAt: t0 });
      await s.auth.touchSession('sess', t0 + 5_000);
      expect((await s.auth.getSession('sess'))!.lastSeenAt).toBe(t0 + 5_000);
      // A replica whose request began earlier writes later: the newer time stays.
      await s.auth.touchSession('sess', t0 + 2_000);
      expect((await s.auth.getSession('sess'))!.lastSeenAt).toBe(t0 + 5_000);
      await s.auth.touchSession('gone', t0);
      expect(await s.auth.getSession('gone')).toBeUndefined();
    });

    it("lists a user's live API tokens newest first, forgets expired ones, and revokes only the owner's by id", async () => {
      await s.auth.upsertUser({ name: 'ana', role: 'editor', passwordHash: 'h' });
      await s.auth.upsertUser({ name: 'bob', role: 'viewer', passwordHash: 'h' });
      await s.auth.createApiToken('h-old', tok('old', 'ana', { expiresAt: Date.now() - 1 }));
      await s.auth.createApiToken('h-a1', tok('a1', 'ana', { role: 'viewer' }));
      await new Promise((r) => setTimeout(r, 2));
      await s.auth.createApiToken('h-a2', tok('a2'));
      await s.auth.createApiToken('h-b1', tok('b1', 'bob', { role: 'viewer' }));
      expect(await s.auth.getApiToken('h-old')).toBeUndefined();
      expect((await s.auth.listApiTokens('ana')).map((t) => [t.id, t.role])).toEqual([
        ['a2', 'editor'],
        ['a1', 'viewer'],
      ]);
      expect(await s.auth.revokeApiToken('ana', 'b1')).toBeUndefined();
      expect(await s.auth.getApiToken('h-b1')).toMatchObject({ id: 'b1', user: 'bob' });
      expect(await s.auth.revokeApiToken('ana', 'a1')).toMatchObject({ id: 'a1', label: 'label a1' });
      expect(await s.auth.getApiToken('h-a1')).toBeUndefined();
      expect((await s.auth.listApiTokens('ana')).map((t) => t.id)).toEqual(['a2']);
    });

    it('disables a user (sessions and tokens end at once) and enables it again with a new password', async () => {
      await s.auth.upsertUser({ name: 'ana', role: 'editor', passwordHash: 'h1' });
      await s.auth.createSession('sess', {
        user: 'ana',
        csrf: 'c',
        expiresAt: Date.now() + 60_000,
        lastSeenAt: Date.now(),
      });
      await s.auth.createApiToken('tok', tok('t1'));
      expect(await s.auth.disableUser('ana')).toBe(true);
      expect(await s.auth.disableUser('nobody')).toBe(false);
      const disabled = await s.auth.getUser('ana');
      expect(Date.parse(disabled!.disabledAt!)).toBeGreaterThan(Date.now() - 60_000);
      expect(await s.auth.getSession('sess')).toBeUndefined();
      expect(await s.auth.getApiToken('tok')).toBeUndefined();
      await s.auth.upsertUser({ name: 'ana', role: 'editor', passwordHash: 'h2' });
      expect(await s.auth.getUser('ana')).toMatchObject({ passwordHash: 'h2', disabledAt: null });
    });

    it('re-hashes a password only over the hash that was checked, keeping sessions and tokens', async () => {
      await s.auth.upsertUser({ name: 'ana', role: 'editor', passwordHash: 'weak' });
      await s.auth.createSession('sess', {
        user: 'ana',
        csrf: 'c',
        expiresAt: Date.now() + 60_000,
        lastSeenAt: Date.now(),
      });
      await s.auth.createApiToken('tok', tok('t1'));
      expect(await s.auth.rehashPassword('ana', 'weak', 'strong')).toBe(true);
      expect(await s.auth.rehashPassword('ana', 'weak', 'other')).toBe(false);
      expect((await s.auth.getUser('ana'))!.passwordHash).toBe('strong');
      expect(await s.auth.getSession('sess')).toBeDefined();
      expect(await s.auth.getApiToken('tok')).toBeDefined();
    });

    it('counts login attempts per key in a window, takes one back, resets, and starts a new window once it ended', async () => {
      const first = await s.auth.countLoginAttempt('1.2.3.4', 60_000);
      expect(first.hits).toBe(1);
      expect(first.resetAt).toBeGreaterThan(Date.now() + 50_000);
      expect((await s.auth.countLoginAttempt('1.2.3.4', 60_000)).hits).toBe(2);
      expect(await s.auth.countLoginAttempt('1.2.3.4', 60_000)).toEqual({ hits: 3, resetAt: first.resetAt });
      expect((await s.auth.countLoginAttempt('5.6.7.8', 60_000)).hits).toBe(1);
      await s.auth.forgiveLoginAttempt('1.2.3.4');
      expect((await s.auth.countLoginAttempt('1.2.3.4', 60_000)).hits).toBe(3);
      await s.auth.resetLoginAttempts('1.2.3.4');
      expect((await s.auth.countLoginAttempt('1.2.3.4', 60_000)).hits).toBe(1);
      await s.auth.countLoginAttempt('9.9.9.9', 1);
      await new Promise((r) => setTimeout(r, 5));
      expect((await s.auth.countLoginAttempt('9.9.9.9', 60_000)).hits).toBe(1);
    });
  });
}
