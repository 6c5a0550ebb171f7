import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAdminServer } from '../testing/fake-admin-server';
import TestThisDraft from './TestThisDraft';

const metric = (id: string, name: string, higherIsBetter: boolean) => ({
  kind: 'metric',
  id,
  file: `metrics/${id}.json`,
  etag: `"${id}"`,
  published: { version: 1, content: { kind: 'metric', id, name, event: id, higherIsBetter } },
  draft: null,
});
const summary = (kind: string, id: string, publishedVersion: number | null) => ({
  kind,
  id,
  file: `${kind}/${id}.json`,
  etag: '"e"',
  markets: [],
  locale: null,
  publishedVersion,
  publishedAt: null,
  publishedBy: null,
  hasDraft: publishedVersion === null,
  draftUpdatedAt: null,
  draftUpdatedBy: null,
  editors: [],
});

function serve() {
  return fakeAdminServer({
    'GET /documents': () => ({
      body: {
        documents: [
          summary('metric', 'loanConfirmed', 1),
          summary('metric', 'complaintFiled', 1),
          // A metric never published cannot be a goal: the server would refuse it.
          summary('metric', 'draftOnly', null),
        ],
      },
    }),
    'GET /documents/metric/loanConfirmed': () => ({ body: metric('loanConfirmed', 'Loan confirmed', true) }),
    'GET /documents/metric/complaintFiled': () => ({ body: metric('complaintFiled', 'Complaint filed', false) }),
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('"Test this draft"', () => {
  it('offers the published metric documents and starts with the share, goals and guardrails ticked', async () => {
    serve();
    const onStart = vi.fn();
    render(<TestThisDraft disabled={false} onStart={onStart} />);
    const goals = await screen.findByRole('group', { name: /^Goals/ });
    expect(
      within(goals)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement!.textContent!.trim()),
    ).toEqual(['Loan confirmed (loanConfirmed, more is better)', 'Complaint filed (complaintFiled, less is better)']);
    const start = screen.getByRole('button', { name: 'Test this draft' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    expect(screen.getByText('Tick at least one goal the change should move.')).toBeTruthy();
    await userEvent.click(within(goals).getByRole('checkbox', { name: /Loan confirmed/ }));
    const guards = screen.getByRole('group', { name: /^Guardrails/ });
    await userEvent.click(within(guards).getByRole('checkbox', { name: /Complaint filed/ }));
    const share = screen.getByLabelText(/Share of borrowers/);
    await userEvent.clear(share);
    await userEvent.type(share, '20');
    await userEvent.click(start);
    expect(onStart).toHaveBeenCalledWith(
      { percent: 20, guard: true },
      { goals: ['loanConfirmed'], guardrails: ['complaintFiled'] },
    );
  });

  it('stays disabled while Publish is (no note, errors, four eyes)', async () => {
    serve();
    render(<TestThisDraft disabled onStart={() => {}} />);
    const goals = await screen.findByRole('group', { name: /^Goals/ });
    await userEvent.click(within(goals).getByRole('checkbox', { name: /Loan confirmed/ }));
    expect((screen.getByRole('button', { name: 'Test this draft' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
