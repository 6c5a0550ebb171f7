import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAdminServer } from './testing/fake-admin-server';
import AuditLog from './AuditLog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (seq: number, actor: string) => ({
  seq,
  at: '2026-11-28T10:00:00Z',
  actor,
  action: 'publish',
  kind: 'text-set',
  id: 'id-ID',
  version: seq,
  note: `note ${seq}`,
  diff: null,
});
const EVERYONE = [entry(3, 'rina'), entry(2, 'ayu'), entry(1, 'rina')];

/** The audit API: filtered by person as the server does; a read for `slowFor` waits until the test lets it go. */
function auditServer(slowFor: string) {
  let letGo!: () => void;
  const held = new Promise<void>((r) => (letGo = r));
  const server = fakeAdminServer({
    'GET /documents': () => ({ body: { documents: [] } }),
    'GET /audit': (req) => {
      const actor = new URLSearchParams(req.path.split('?')[1] ?? '').get('actor');
      const body = { entries: EVERYONE.filter((e) => !actor || e.actor === actor) };
      return actor === slowFor ? held.then(() => ({ body })) : { body };
    },
  });
  return { ...server, letGo: () => act(async () => letGo()) };
}
const people = () =>
  within(screen.getByRole('table', { name: 'Audit entries' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.children[1]!.textContent);

describe('AuditLog', () => {
  it('a filtered read that answers after the filters were cleared does not replace the whole log', async () => {
    const { letGo, calls } = auditServer('rina');
    render(<AuditLog />);
    await screen.findByText('3 entries.');
    await userEvent.type(screen.getByLabelText('Person'), 'rina');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(calls.some((c) => c.path === '/audit?actor=rina')).toBe(true);
    // Ops give up waiting and clear the filters: the whole log comes back at once.
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await screen.findByText('3 entries.');
    await letGo();
    expect(people()).toEqual(['rina', 'ayu', 'rina']);
    expect(screen.getByRole('status').textContent).toBe('3 entries.');
  });

  it('shows the filtered entries when their answer is the latest', async () => {
    const { letGo } = auditServer('none');
    render(<AuditLog />);
    await screen.findByText('3 entries.');
    await userEvent.type(screen.getByLabelText('Person'), 'ayu');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await screen.findByText('1 entry matching the filters.');
    await letGo();
    expect(people()).toEqual(['ayu']);
  });
});
