import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { openEditor, rowOf } from './testing/editor-fixture';

/** Serious and critical axe violations under `root` (jsdom has no layout: contrast is left to the browser tests). */
async function violations(root: Element) {
  // The canvas's frame is the borrower renderer, checked by the browser tests; jsdom loads no frame.
  const result = await axe.run(root, { iframes: false, rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('screen editor panels under axe', () => {
  it('has no serious or critical violation in the outline, palette, properties and the delete dialog', async () => {
    const { container } = openEditor();
    await screen.findByRole('tree');
    expect(await violations(container)).toEqual([]);
    await userEvent.click(rowOf('/body/0/children/0/children/1'));
    await screen.findByRole('region', { name: 'Properties of card' });
    expect(await violations(container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    await screen.findByRole('alertdialog');
    expect(await violations(container)).toEqual([]);
  }, 30000);
});
