import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocSummary, Release } from '../admin-types';
import { fakeAdminServer } from '../testing/fake-admin-server';
import ReleasesPage from './ReleasesPage';

const doc = (kind: string, id: string, markets: string[]): DocSummary => ({
  kind,
  id,
  file: `${kind}/${id}.json`,
  etag: '"e"',
  markets,
  locale: null,
  publishedVersion: 1,
  publishedAt: null,
  publishedBy: null,
  hasDraft: false,
  draftUpdatedAt: null,
  draftUpdatedBy: null,
  editors: [],
});
const DOCS = [doc('text-set', 'id-ID', ['ID']), doc('text-set', 'en-IN', ['IN'])];
const MARKETS = [
  { kind: 'market', id: 'ID', timeZone: 'Asia/Jakarta', fourEyes: false },
  { kind: 'market', id: 'IN', timeZone: 'Asia/Kolkata', fourEyes: false },
];

const arm = (pageViews: number, errors: number, p75Lcp: number | null, p75Inp: number | null = null) => ({
  pageViews,
  errors,
  errorRate: pageViews ? errors / pageViews : 0,
  p75Lcp,
  p75Inp,
});
// No verdict unless a test gives one: a release the guard has not read yet, which the console must say.
const release = (more: Partial<Release> = {}) =>
  ({
    id: 'r-1',
    status: 'rolling',
    percent: 10,
    guard: true,
    documents: [{ kind: 'text-set', id: 'id-ID', file: 'texts/id-ID.json', baseVersion: 3, editors: ['ed'] }],
    audience: { platforms: ['android', 'ios'], minVersion: '2.1' },
    startAt: null,
    endAt: '2026-05-08T11:30:00.000Z',
    note: 'Shorter retry label',
    createdBy: 'pat',
    arms: { base: arm(58, 0, 1840), candidate: arm(61, 28, 2310.4, 212) },
    ...more,
  }) as Release;

type Answer = { status?: number; body: unknown };

/** The page against a fake admin API: the list answers from `state.releases`; writes answer `state.answer` and update the list. */
function page(
  releases: Release[],
  user = 'pat',
  role: 'publisher' | 'viewer' = 'publisher',
  markets: unknown[] = MARKETS,
  extra: { refreshMs?: number; live?: { open: boolean; releases: number } } = { refreshMs: 0 },
) {
  /** `hold`: reads answer, once it settles, with the list as it was when they were asked (a slow read). */
  const state: { releases: Release[]; answer: Answer; hold?: Promise<void> } = {
    releases,
    answer: { status: 500, body: null },
  };
  const write = () => {
    const out = state.answer;
    if ((out.status ?? 200) < 300) {
      const after = (out.body as { release: Release }).release;
      state.releases = state.releases.map((r) => (r.id === after.id ? after : r));
    }
    return out;
  };
  const server = fakeAdminServer({
    'GET /releases': () => {
      const asked = { body: { releases: state.releases } };
      return state.hold ? state.hold.then(() => asked) : asked;
    },
    'PATCH /releases/r-1': write,
    'POST /releases/r-1/complete': write,
    'POST /releases/r-1/rollback': write,
  });
  const view = render(<ReleasesPage role={role} user={user} docs={DOCS} markets={markets} {...extra} />);
  const rerender = (live: { open: boolean; releases: number }) =>
    view.rerender(<ReleasesPage role={role} user={user} docs={DOCS} markets={markets} {...extra} live={live} />);
  return { ...server, state, rerender };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReleasesPage', () => {
  it('shows each release: share, status, audience, schedule in the market zone, arms and the verdict', async () => {
    page([
      release(),
      release({ id: 'r-0', status: 'rolled-back', percent: 50, guard: false, endAt: null, audience: {} }),
    ]);
    const card = await screen.findByRole('article', { name: 'Release r-1: text-set id-ID' });
    const text = card.textContent!;
    expect(text).toMatch(/rolling out/);
    expect(text).toMatch(/10 % of the audience/);
    expect(text).toMatch(/android, ios · app 2\.1 and up/);
    // The documents touch ID only: Jakarta time.
    expect(text).toMatch(/8 May 2026, 18:30 \(Asia\/Jakarta, UTC\+07:00\)/);
    const arms = within(card).getByRole('table', { name: 'Arms of release r-1' });
    const rows = within(arms)
      .getAllByRole('row')
      .map((r) => r.textContent);
    // The metric catalog's columns: page views, errors, error rate, p75 LCP, p75 INP (none measured yet: a dash).
    expect(rows[0]).toBe('ArmPage viewsErrorsError ratep75 LCPp75 INP');
    expect(rows[1]).toMatch(/^Base.*58.*0.*0 %.*1,840 ms—$/);
    expect(rows[2]).toMatch(/^Candidate.*61.*28.*45\.9 %.*2,310 ms212 ms$/);
    // No verdict from this server yet: said, not guessed.
    expect(text).toMatch(/guard on.*reports no verdict yet/);
    const past = screen.getByRole('article', { name: 'Release r-0: text-set id-ID' });
    expect(past.textContent).toMatch(/rolled back.*was at 50 %.*every market, platform and app version/);
    expect(within(past).queryByRole('button')).toBeNull();
    expect(screen.getByRole('heading', { name: 'In flight (1)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Finished (1)' })).toBeTruthy();
  });

  it('shows the guard verdict once the server reports one', async () => {
    page([
      release({
        verdict: { status: 'regressed', message: 'error rate 46 % candidate vs 0 % base over 61 / 58 page views' },
      }),
    ]);
    const card = await screen.findByRole('article', { name: /Release r-1/ });
    expect(card.textContent).toMatch(/regressed error rate 46 % candidate vs 0 % base over 61 \/ 58 page views/);
  });

  it('widens along the ramp and announces it in the live region', async () => {
    const { calls, state } = page([release()]);
    const card = await screen.findByRole('article', { name: /Release r-1/ });
    const widen = within(card).getByRole('group', { name: 'Widen' });
    expect(
      within(widen)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Widen to 25 %', 'Widen to 50 %', 'Widen to 100 %', 'Set share']);
    state.answer = { body: { release: { ...release(), percent: 25 } } };
    await userEvent.click(within(widen).getByRole('button', { name: 'Widen to 25 %' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Release r-1 widened to 25 %.');
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe('/releases/r-1');
    expect(patch.body).toEqual({ percent: 25 });
    await screen.findByText('25 % of the audience');
  });

  it("shows the server's words when it refuses (403 four eyes, 409)", async () => {
    const { state } = page([release()]);
    const card = await screen.findByRole('article', { name: /Release r-1/ });
    state.answer = {
      status: 403,
      body: {
        error: {
          status: 403,
          message: 'Four eyes: market ID needs a second person. pat is the only editor of this change set',
        },
      },
    };
    await userEvent.click(within(card).getByRole('button', { name: 'Widen to 50 %' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'Release r-1: Not allowed: Four eyes: market ID needs a second person. pat is the only editor of this change set',
    );
    state.answer = {
      status: 409,
      body: {
        error: { status: 409, message: 'Release r-1 is rolled-back: only a scheduled or rolling release can change' },
      },
    };
    await userEvent.type(within(card).getByLabelText('Share (%)'), '5');
    await userEvent.click(within(card).getByRole('button', { name: 'Set share' }));
    await within(card).findByText(
      'Release r-1: Release r-1 is rolled-back: only a scheduled or rolling release can change',
    );
  });

  it('keeps the only drafter from widening or completing a four-eyes release, never from narrowing or rolling back', async () => {
    const strict = [{ ...MARKETS[0], fourEyes: true }, MARKETS[1]];
    page([release()], 'ed', 'publisher', strict);
    const card = await screen.findByRole('article', { name: /Release r-1/ });
    expect(within(card).getByRole('note').textContent).toMatch(
      /Four eyes: market ID.*You \(ed\) drafted every change in it.*You can still narrow it or roll it back/,
    );
    expect(within(card).getByRole('button', { name: 'Widen to 25 %' })).toHaveProperty('disabled', true);
    expect(within(card).getByRole('button', { name: 'Complete' })).toHaveProperty('disabled', true);
    expect(within(card).getByRole('button', { name: 'Roll back' })).toHaveProperty('disabled', false);
    const share = within(card).getByLabelText('Share (%)');
    await userEvent.type(share, '20');
    expect(within(card).getByRole('button', { name: 'Set share' })).toHaveProperty('disabled', true);
    await userEvent.clear(share);
    await userEvent.type(share, '5');
    expect(within(card).getByRole('button', { name: 'Set share' })).toHaveProperty('disabled', false);
  });

  it('rolls back after a confirm dialog that asks for the reason', async () => {
    const { calls, state } = page([release()]);
    const card = await screen.findByRole('article', { name: /Release r-1/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Roll back' }));
    const dialog = screen.getByRole('dialog', { name: 'Roll back release r-1?' });
    const confirm = within(dialog).getByRole('button', { name: 'Roll back now' });
    expect(confirm).toHaveProperty('disabled', true);
    await userEvent.type(
      within(dialog).getByLabelText('Reason (kept in the audit log)'),
      'Retry label confuses borrowers',
    );
    state.answer = { body: { release: { ...release(), status: 'rolled-back' } } };
    await userEvent.click(confirm);
    expect(await screen.findByText('Release r-1 rolled back: every borrower gets the base.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/releases/r-1/rollback');
    expect(post.body).toEqual({ reason: 'Retry label confuses borrowers' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await screen.findByRole('heading', { name: 'Finished (1)' });
  });

  it('a read that set out before a rollback and answers after it does not bring the release back', async () => {
    const { state, rerender } = page([release()], 'pat', 'publisher', MARKETS, {
      refreshMs: 0,
      live: { open: true, releases: 0 },
    });
    const card = await screen.findByRole('article', { name: /Release r-1/ });
    let letGo!: () => void;
    state.hold = new Promise((r) => (letGo = r));
    // The stream says releases changed: a read sets out and is slow, with the release still rolling.
    rerender({ open: true, releases: 1 });
    state.hold = undefined;
    await userEvent.click(within(card).getByRole('button', { name: 'Roll back' }));
    const dialog = screen.getByRole('dialog', { name: 'Roll back release r-1?' });
    await userEvent.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'Confusing label');
    state.answer = { body: { release: { ...release(), status: 'rolled-back' } } };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll back now' }));
    await screen.findByRole('heading', { name: 'Finished (1)' });
    await act(async () => letGo());
    expect(screen.getByRole('heading', { name: 'Finished (1)' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'In flight (1)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Roll back' })).toBeNull();
  });

  it('completes after a confirm, the note optional', async () => {
    const { calls, state } = page([release()]);
    const card = await screen.findByRole('article', { name: /Release r-1/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Complete' }));
    const dialog = screen.getByRole('dialog', { name: 'Complete release r-1?' });
    state.answer = { body: { release: { ...release(), status: 'complete' }, published: [] } };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete for everyone' }));
    await screen.findByText('Release r-1 completed: every borrower now gets its documents.');
    const post = calls.find((c) => c.method === 'POST')!;
    expect([post.path, post.body]).toEqual(['/releases/r-1/complete', {}]);
  });

  it('shows viewers the figures without any action', async () => {
    page([release()], 'vera', 'viewer');
    const card = await screen.findByRole('article', { name: /Release r-1/ });
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).getByRole('table')).toBeTruthy();
  });

  it('with the console stream open it does not poll, and re-reads when the stream says releases changed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls, state, rerender } = page([release()], 'pat', 'publisher', MARKETS, {
        refreshMs: 1000,
        live: { open: true, releases: 0 },
      });
      const card = () => screen.getByRole('article', { name: 'Release r-1: text-set id-ID' }).textContent!;
      await screen.findByRole('article', { name: 'Release r-1: text-set id-ID' });
      const reads = () => calls.filter((c) => c.path === '/releases').length;
      await vi.advanceTimersByTimeAsync(5000);
      expect(reads()).toBe(1);
      expect(card()).toMatch(/10 % of the audience/);
      state.releases = [release({ percent: 25 })];
      rerender({ open: true, releases: 1 });
      await vi.waitFor(() => expect(card()).toMatch(/25 % of the audience/));
      expect(reads()).toBe(2);
      // The stream dropped: polling as before.
      rerender({ open: false, releases: 1 });
      await vi.advanceTimersByTimeAsync(2100);
      expect(reads()).toBeGreaterThanOrEqual(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
