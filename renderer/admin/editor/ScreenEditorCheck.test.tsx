import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAdminServer } from '../testing/fake-admin-server';
import { items, openEditor, rowOf } from './testing/editor-fixture';

const STACK = '/body/0/children/0';
const CARD = `${STACK}/children/1`;
const badge = (pointer: string) => rowOf(pointer).querySelector('.outline__problems')?.textContent ?? null;
/** A row's element as a reader names it: its type and label, without the badge. */
const named = (pointer: string) =>
  ['.outline__type', '.outline__label'].map((c) => rowOf(pointer).querySelector(c)?.textContent).join(' ');

/** The editor open and checked, the server finding what the schema alone cannot: the card's title key is missing. */
async function checkedWithCardProblem() {
  openEditor();
  await screen.findByRole('tree');
  fakeAdminServer({
    'POST /validate': () => ({
      body: { valid: false, errors: [{ instancePath: `${CARD}/title`, message: 'is not a key of en-IN' }] },
    }),
  });
  await userEvent.click(screen.getByRole('button', { name: 'Check with all drafts' }));
  await screen.findByText(/1 problem\(s\) in the would-be published state/);
}

describe('screen editor: problems from "Check with all drafts"', () => {
  it('never leave their mark on the node that moved into their place', async () => {
    await checkedWithCardProblem();
    expect(badge(CARD)).toBe('1 problem');
    const card = named(CARD);

    // The row above the card moves below it: the card is now first, the row sits where the card was.
    await userEvent.click(rowOf(`${STACK}/children/0`));
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(named(`${STACK}/children/0`)).toBe(card);
    expect(badge(CARD)).toBeNull();
    expect(items().filter((el) => el.querySelector('.outline__problems'))).toEqual([]);

    // Undone, the draft is the one checked again, and so is the card's problem.
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(badge(CARD)).toBe('1 problem');
  });

  it('stay on their node while another node is edited', async () => {
    await checkedWithCardProblem();
    // The last node of the stack goes; the card keeps its place and its problem.
    const last = items()
      .filter((el) => el.dataset.pointer?.match(/^\/body\/0\/children\/0\/children\/\d+$/))
      .at(-1)!;
    await userEvent.click(last);
    await userEvent.keyboard('{Delete}');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(badge(CARD)).toBe('1 problem');
  });
});
