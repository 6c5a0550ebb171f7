import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TextSetEditor from './TextSetEditor';
import { fakeAdminServer } from './testing/fake-admin-server';

const doc = (id: string, texts: Record<string, string>, etag: string) => ({
  kind: 'text-set',
  id,
  file: `texts/${id}.json`,
  etag,
  revision: 1,
  published: { version: 1, content: { kind: 'text-set', id, schemaVersion: 1, locale: id, texts } },
  draft: null,
});

const BAD = '{count, plural, other {# days}}';
const FIXED = '{count, plural, one {# day} other {# days}}';

/** A server whose findings follow the saved en-IN copy, as the real check would. */
function server() {
  let en = { 'loan.days': BAD, 'common.ok': 'OK', 'common.back': 'Back' };
  const found = () => [
    ...(en['loan.days'] === BAD
      ? [
          {
            locale: 'en-IN',
            key: 'loan.days',
            check: 'plural-categories',
            severity: 'error',
            message: 'en needs the plural category one',
            fix: { label: 'Add "one"', value: FIXED },
          },
        ]
      : []),
    { locale: 'id-ID', key: 'common.ok', check: 'spaces', severity: 'warning', message: 'trailing space' },
  ];
  return fakeAdminServer({
    'GET /documents': () => ({
      body: {
        documents: [
          { kind: 'text-set', id: 'id-ID' },
          { kind: 'text-set', id: 'en-IN' },
        ],
      },
    }),
    'GET /documents/text-set/id-ID': () => ({
      body: doc(
        'id-ID',
        { 'loan.days': '{count, plural, other {# hari}}', 'common.ok': 'OK ', 'common.back': 'Kembali' },
        '"a1"',
      ),
      headers: { ETag: '"a1"' },
    }),
    'GET /documents/text-set/en-IN': () => ({ body: doc('en-IN', en, '"b1"'), headers: { ETag: '"b1"' } }),
    'GET /copy/findings': () => ({ body: { findings: found() } }),
    'PUT /documents/text-set/en-IN/draft': (req) => {
      en = (req.body as { texts: typeof en }).texts;
      return { body: { ...doc('en-IN', en, '"b2"'), findings: found() }, headers: { ETag: '"b2"' } };
    },
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TextSetEditor copy findings', () => {
  it('marks each cell with its findings in words, error apart from warning, tied to the field', async () => {
    server();
    render(<TextSetEditor role="editor" onSaved={() => {}} />);
    const cell = await screen.findByLabelText('loan.days (en-IN)');
    const notes = await within(cell.closest('td')!).findByRole('list', { name: 'Copy checks' });
    expect(notes.textContent).toMatch(/Error \(plural-categories\): en needs the plural category one/);
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    expect(cell.getAttribute('aria-describedby')).toBe(notes.id);
    const warned = screen.getByLabelText('common.ok (id-ID)');
    expect(warned.closest('td')!.textContent).toMatch(/Warning \(spaces\): trailing space/);
    // A warning informs; it does not make the field invalid.
    expect(warned.getAttribute('aria-invalid')).toBeNull();
    expect(within(screen.getByLabelText('loan.days (id-ID)').closest('td')!).queryByRole('list')).toBeNull();
  });

  it('filters to keys with findings', async () => {
    server();
    render(<TextSetEditor role="viewer" onSaved={() => {}} />);
    await screen.findByText(/en needs the plural category one/);
    expect(screen.getByText('3 of 3 keys')).toBeTruthy();
    await userEvent.click(screen.getByLabelText(/Has findings/));
    expect(screen.getByText('2 of 3 keys')).toBeTruthy();
    expect(screen.queryByText('common.back')).toBeNull();
    expect(screen.getByText('loan.days')).toBeTruthy();
  });

  it('one-click fix saves the corrected copy as a draft and the finding goes', async () => {
    const { calls } = server();
    const onSaved = vi.fn();
    render(<TextSetEditor role="editor" onSaved={onSaved} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add "one"' }));
    await screen.findByText('Draft saved.');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/documents/text-set/en-IN/draft');
    expect(put.headers['If-Match']).toBe('"b1"');
    expect((put.body as { texts: Record<string, string> }).texts).toEqual({
      'loan.days': FIXED,
      'common.ok': 'OK',
      'common.back': 'Back',
    });
    expect(screen.queryByText(/en needs the plural category one/)).toBeNull();
    expect(onSaved).toHaveBeenCalled();
  });

  it('viewers see findings but no fix button', async () => {
    server();
    render(<TextSetEditor role="viewer" onSaved={() => {}} />);
    await screen.findByText(/en needs the plural category one/);
    expect(screen.queryByRole('button', { name: 'Add "one"' })).toBeNull();
  });
});
