import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocSummary, ExperimentGoal, ExperimentResults, Release } from '../admin-types';
import { fakeAdminServer } from '../testing/fake-admin-server';
import ExperimentPage from './ExperimentPage';

const DOCS: DocSummary[] = [
  {
    kind: 'text-set',
    id: 'id-ID',
    file: 'texts/id-ID.json',
    etag: '"e"',
    markets: ['ID'],
    locale: 'id-ID',
    publishedVersion: 1,
    publishedAt: null,
    publishedBy: null,
    hasDraft: false,
    draftUpdatedAt: null,
    draftUpdatedBy: null,
    editors: [],
  },
];
const market = (fourEyes: boolean) => [{ kind: 'market', id: 'ID', timeZone: 'Asia/Jakarta', fourEyes }];

const RELEASE = {
  id: 'r-7',
  status: 'rolling',
  percent: 50,
  guard: true,
  documents: [{ kind: 'text-set', id: 'id-ID', file: 'texts/id-ID.json', baseVersion: 3, editors: ['ed'] }],
  audience: {},
  startAt: null,
  endAt: null,
  arms: { base: {}, candidate: {} },
  experiment: { goals: ['loanConfirmed'] },
} as unknown as Release;

const METHOD =
  "Relative lift of the conversion rate, (candidate − base) / base, its variance by the delta method; 95 % always-valid interval and p by GrowthBook's sequential test (gbstats SequentialTwoSidedTTest).";

const arm = (exposed: number, conversions: number) => ({ exposed, conversions, rate: conversions / exposed });
const goal = (more: Partial<ExperimentGoal>): ExperimentGoal => ({
  metric: 'loanConfirmed',
  name: 'Loan confirmed',
  higherIsBetter: true,
  base: arm(100, 30),
  candidate: arm(90, 40),
  lift: { estimate: 0.48, low: -0.1, high: 1.2 },
  p: 0.2,
  verdict: 'not-enough-data',
  reason: 'Not enough data yet: 100 of the 150 borrowers needed are exposed in the base arm.',
  reportedByApp: { base: 2, candidate: 5 },
  ...more,
});
const results = (g: ExperimentGoal, srm: ExperimentResults['srm'] = { p: 0.4, flagged: false, message: null }) =>
  ({
    release: { id: 'r-7', percent: 50, startedAt: '2026-11-20T00:00:00.000Z', status: 'rolling' },
    experiment: { goals: ['loanConfirmed'], guardrails: ['errorRate', 'p75Lcp'] },
    exposures: { base: g.base.exposed, candidate: g.candidate.exposed },
    srm,
    goals: [g],
    guardrails: [],
    markets: { ID: { exposures: { base: 100, candidate: 90 }, srm, goals: [g], guardrails: [] } },
    days: [
      { day: '2026-11-20', exposures: { base: 40, candidate: 41 }, goals: [{ ...g }] },
      { day: '2026-11-21', exposures: { base: 100, candidate: 90 }, goals: [{ ...g }] },
    ],
    settings: { minExposedPerArm: 150, minConversionsPerArm: 150, minDays: 7, alpha: 0.05, srmAlpha: 0.001 },
    method: METHOD,
    at: '2026-11-22T00:00:00.000Z',
  }) as ExperimentResults;

function page(body: ExperimentResults, fourEyes = false, user = 'ed') {
  const server = fakeAdminServer({
    'GET /releases/r-7/results': () => ({ body }),
    'GET /releases': () => ({ body: { releases: [RELEASE] } }),
    'POST /releases/r-7/complete': () => ({ body: { release: { ...RELEASE, status: 'complete' }, published: [] } }),
    'POST /releases/r-7/rollback': () => ({ body: { release: { ...RELEASE, status: 'rolled-back' } } }),
  });
  render(<ExperimentPage id="r-7" role="publisher" user={user} docs={DOCS} markets={market(fourEyes)} />);
  return server;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an experiment results page', () => {
  it('shows both rates, the lift with its interval, and what is missing before a verdict', async () => {
    page(results(goal({})));
    const card = await screen.findByRole('article', { name: /Loan confirmed/ });
    expect(within(card).getByRole('heading').textContent).toMatch(/Not enough data/);
    const missing = within(card).getByRole('list', { name: /still needs for a verdict/ });
    expect(missing.textContent).toMatch(
      /The base needs 50 more exposed borrowers and 120 more conversions \(about 400 more borrowers at its rate so far, 30\.0 %\)/,
    );
    expect(missing.textContent).toMatch(/It must run 5 more days/);
    const arms = within(card).getByRole('table', { name: /more is better/ });
    expect(within(arms).getByRole('row', { name: /^Candidate/ }).textContent).toMatch(/9040.*44\.4 %5$/);
    expect(card.textContent).toMatch(/\+48\.0 % \(95 % always-valid interval −10\.0 % to \+120\.0 %\)/);
    // p as the verdict sentences write it (two significant digits).
    expect(card.textContent).toMatch(/\), always-valid p = 0\.20\./);
    // The table beside the chart: one row per day, and the days are UTC's (not the market's, hours apart).
    expect(
      within(card)
        .getByRole('table', { name: /lift by day/ })
        .querySelector('caption')!.textContent,
    ).toMatch(/UTC days; figures up to each day's end in UTC/);
    expect(within(card).getByRole('columnheader', { name: 'Day (UTC)' })).toBeTruthy();
    expect(within(card).getAllByRole('row', { name: /^2026-11-2\d/ })).toHaveLength(2);
    const days = screen.getByRole('table', { name: /exposed per arm and day/ });
    expect(within(days).getByRole('row', { name: /^2026-11-21/ }).textContent).toMatch(/6049$/);
  });

  it('names the method behind the interval, p and verdict, and the interval level the server judged at', async () => {
    const body = results(goal({}));
    page({ ...body, settings: { ...body.settings, alpha: 0.1 } });
    const card = await screen.findByRole('article', { name: /Loan confirmed/ });
    expect(screen.getByText(/^Method:/).parentElement!.textContent).toBe(`Method: ${METHOD}`);
    expect(card.textContent).toMatch(/\+48\.0 % \(90 % always-valid interval −10\.0 % to \+120\.0 %\)/);
    expect(within(card).getByRole('columnheader', { name: '90 % always-valid interval' })).toBeTruthy();
    expect(card.textContent).not.toMatch(/95 %/);
  });

  it('a winner just past the threshold reads so: no interval end at 0.0 %, no p rounded up to 0.050', async () => {
    page(
      results(
        goal({
          base: arm(2000, 303),
          candidate: arm(2000, 385),
          lift: { estimate: 0.2706, low: 0.00021, high: 0.541 },
          p: 0.0496,
          verdict: 'candidate-better',
          reason: 'The candidate is better.',
        }),
      ),
    );
    const card = await screen.findByRole('article', { name: /Loan confirmed/ });
    expect(card.textContent).toMatch(
      /\+27\.1 % \(95 % always-valid interval \+0\.02 % to \+54\.1 %\), always-valid p = 0\.0496\./,
    );
    expect(card.textContent).not.toMatch(/[+−]0\.0 %|p = 0\.050/);
  });

  it('offers borrowers of no published market as their own figures, apart from the overall ones', async () => {
    const body = results(goal({}));
    const none = { ...body.markets.ID, exposures: { base: 3, candidate: 4 } };
    page({ ...body, markets: { '': none, ID: body.markets.ID } });
    const group = await screen.findByRole('group', { name: 'Figures for' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Overall', 'No market', 'Market ID']);
    await userEvent.click(within(group).getByRole('button', { name: 'No market' }));
    expect(screen.getByText(/^Exposed borrowers/).textContent).toMatch(/with no published market: base 3, candidate 4/);
    expect(within(group).getByRole('button', { name: 'Overall' }).getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(within(group).getByRole('button', { name: 'Overall' }));
    expect(screen.getByText(/^Exposed borrowers/).textContent).toMatch(/^Exposed borrowers: base 100, candidate 90/);
  });

  it('does not call a split healthy before it is checked', async () => {
    page(results(goal({}), { p: null, flagged: false, message: null }));
    const note = (await screen.findByText(/^Split /)).parentElement!;
    expect(note.textContent).toBe(
      'Split not checked yet: The split is checked once it should give each arm 8 exposed borrowers.',
    );
  });

  it('says a broken split is not the copy', async () => {
    const message = 'The split is broken (p < 0.001): this says nothing about the copy.';
    page(results(goal({ reason: message }), { p: 0.00001, flagged: true, message }));
    expect((await screen.findByText(/^Split broken/)).parentElement!.textContent).toMatch(/nothing about the copy/);
  });

  it('ships the candidate after a confirm dialog naming the verdict', async () => {
    const server = page(results(goal({ verdict: 'candidate-better', reason: 'The candidate is better.' })));
    await userEvent.click(await screen.findByRole('button', { name: 'Ship the candidate' }));
    const dialog = screen.getByRole('dialog', { name: /Ship the candidate of release r-7/ });
    expect(dialog.textContent).toMatch(/Loan confirmed: candidate better/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship to everyone' }));
    expect(await screen.findByText(/Shipped: release r-7 is complete/)).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'POST' && c.path === '/releases/r-7/complete')).toBe(true);
  });

  it('stops with a reason, and keeps the only drafter from shipping where four eyes apply', async () => {
    const server = page(results(goal({})), true, 'ed');
    const ship = await screen.findByRole('button', { name: 'Ship the candidate' });
    expect((ship as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/asks that someone other than the drafter ships/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    const dialog = screen.getByRole('dialog', { name: /Stop the experiment/ });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Complaints went up');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop now' }));
    expect(await screen.findByText(/Stopped: release r-7 is rolled back/)).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/releases/r-7/rollback')?.body).toEqual({
      reason: 'Complaints went up',
    });
  });

  it('a refresh that answers after the decision does not offer the decision again', async () => {
    let status = 'rolling';
    let hold = false;
    let letGo = () => {};
    fakeAdminServer({
      'GET /releases/r-7/results': () => ({ body: results(goal({})) }),
      'GET /releases': () => {
        const asked = { body: { releases: [{ ...RELEASE, status }] } };
        if (!hold) return asked;
        // The held read is slow: it answers with the release as it was when asked.
        hold = false;
        return new Promise((r) => (letGo = () => r(asked)));
      },
      'POST /releases/r-7/rollback': () => ((status = 'rolled-back'), { body: { release: { ...RELEASE, status } } }),
    });
    render(<ExperimentPage id="r-7" role="publisher" user="pat" docs={DOCS} markets={market(false)} />);
    await screen.findByRole('button', { name: 'Stop' });
    hold = true;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    const dialog = screen.getByRole('dialog', { name: /Stop the experiment/ });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Complaints went up');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop now' }));
    await screen.findByText(/Stopped: release r-7 is rolled back/);
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull());
    await act(async () => letGo());
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ship the candidate' })).toBeNull();
  });
});
