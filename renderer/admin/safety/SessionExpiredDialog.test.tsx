import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminApi } from '../admin-api';
import { fakeAdminServer } from '../testing/fake-admin-server';
import SessionExpiredDialog from './SessionExpiredDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SessionExpiredDialog', () => {
  it('opens on a 401, and after logging in again the waiting save is sent again with the new CSRF token', async () => {
    let loggedIn = false;
    const { calls } = fakeAdminServer({
      'PUT /documents/screen/home/draft': () =>
        loggedIn
          ? { body: { kind: 'screen', id: 'home', etag: '"e2"' }, headers: { ETag: '"e2"' } }
          : { status: 401, body: { error: { status: 401, message: 'Log in first' } } },
      'POST /login': () => {
        loggedIn = true;
        return { body: { user: 'ed', role: 'editor', csrfToken: 'fresh' } };
      },
    });
    const renewed = vi.fn();
    render(<SessionExpiredDialog user="ed" onRenewed={renewed} />);
    const saving = adminApi.saveDraft('screen', 'home', { kind: 'screen', id: 'home', typed: 'kept' }, '"e1"');
    expect(await screen.findByRole('heading', { name: 'Your session has ended' })).toBeTruthy();
    expect((screen.getByLabelText('User name') as HTMLInputElement).value).toBe('ed');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Log in and continue' }));
    expect((await saving).etag).toBe('"e2"');
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[1].body).toEqual({ kind: 'screen', id: 'home', typed: 'kept' });
    expect(puts[1].headers['X-CSRF-Token']).toBe('fresh');
    expect(renewed).toHaveBeenCalledWith({ user: 'ed', role: 'editor' });
    expect(screen.queryByRole('heading', { name: 'Your session has ended' })).toBeNull();
  });

  it('gives the 401 back to the caller when the editor chooses not to log in', async () => {
    fakeAdminServer({
      'PUT /documents/screen/home/draft': () => ({
        status: 401,
        body: { error: { status: 401, message: 'Log in first' } },
      }),
    });
    render(<SessionExpiredDialog />);
    const failed = adminApi.saveDraft('screen', 'home', {}, '"e1"').catch((e: unknown) => e);
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(await failed).toMatchObject({ status: 401 });
  });
});
