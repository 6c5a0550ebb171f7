import { fireEvent, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PreviewOverride } from '../../runtime/preview/preview-messages';
import { previewStates } from './preview-states';
import { catalog } from './schema-catalog';
import StatesMenu from './StatesMenu';

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const details = read('screens/pages/complaints/complain-details.json');

describe('states of a screen, from the document and the schemas', () => {
  it('complaint details: every `when` branch, its rating modal, both lists, the failed first call', () => {
    const states = previewStates(details, catalog);
    const of = (group: string) => states.filter((s) => s.group === group).map((s) => s.override);
    expect(of('Branches')).toEqual(
      [
        '/body/0/children/0',
        '/body/0/children/0/children/0/children/1',
        '/body/0/children/0/children/2',
        '/body/0/children/0/children/3',
        '/body/0/children/0/children/3/children/1',
      ].map((pointer) => ({ state: 'shown', pointer })),
    );
    expect(of('Modals')).toEqual([{ state: 'modal-open', pointer: '/body/0/children/1' }]);
    expect(of('Lists')).toEqual([
      { state: 'list-empty', pointer: '/body/0/children/0/children/2/children/1/children/0' },
      { state: 'list-empty', pointer: '/body/0/children/0/children/3/children/2/children/0' },
    ]);
    expect(of('Calls')).toEqual([{ state: 'call-failed', pointer: '/onLoad/0' }]);
    expect(states.find((s) => s.group === 'Modals')?.label).toBe('modal #rating open');
    expect(states.find((s) => s.group === 'Calls')?.label).toBe('problemDetail fails (/onLoad/0)');
    expect(states.find((s) => s.group === 'Branches')?.label).toBe(
      'stack at /body/0/children/0 shown (when state.detail)',
    );
  });

  it('every shipped screen: each state names an element that is there, calls only under onLoad', () => {
    for (const file of [
      'complaints/complain-page-next',
      'loans/loan-confirm',
      'repayment/payway',
      'developer/gallery',
    ]) {
      const doc = read(`screens/pages/${file}.json`);
      const states = previewStates(doc, catalog);
      expect(states.length, file).toBeGreaterThan(0);
      for (const s of states) {
        if (s.override.state === 'call-failed') expect(s.override.pointer).toMatch(/^\/onLoad\//);
        else expect(s.override.pointer).toMatch(/^\/body\//);
      }
      // Calls inside a button's onClick are not first calls.
      expect(states.filter((s) => s.group === 'Calls').every((s) => !s.override.pointer.includes('onClick'))).toBe(
        true,
      );
    }
  });

  it('a screen without any of them offers only "As loaded"', () => {
    const plain = { kind: 'screen', id: 'x', schemaVersion: 1, title: 't', body: [{ type: 'text', value: 'hi' }] };
    expect(previewStates(plain, catalog)).toEqual([]);
  });
});

describe('StatesMenu', () => {
  function Harness({ doc, onChange }: { doc: unknown; onChange(o: PreviewOverride[]): void }) {
    const [value, setValue] = useState<PreviewOverride[]>([]);
    return <StatesMenu doc={doc} catalog={catalog} value={value} onChange={(o) => (setValue(o), onChange(o))} />;
  }

  it('sends the chosen state as overrides, none for "As loaded", and forgets a state whose element is gone', () => {
    const onChange = vi.fn();
    const { rerender } = render(<Harness doc={details} onChange={onChange} />);
    const select = screen.getByLabelText('Preview state') as HTMLSelectElement;
    expect(screen.getByRole('group', { name: 'Modals' })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'modal-open /body/0/children/1' } });
    expect(onChange).toHaveBeenLastCalledWith([{ state: 'modal-open', pointer: '/body/0/children/1' }]);
    expect(select.value).toBe('modal-open /body/0/children/1');
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith([]);

    fireEvent.change(select, { target: { value: 'modal-open /body/0/children/1' } });
    const withoutModal = { ...details, body: [{ ...(details.body as Record<string, unknown>[])[0], children: [] }] };
    rerender(<Harness doc={withoutModal} onChange={onChange} />);
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(select.value).toBe('');
  });
});
