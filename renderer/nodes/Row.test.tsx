import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('row', () => {
  it('lays its children side by side with justify and wrap', () => {
    const { container } = renderNodes([
      {
        type: 'row',
        justify: 'between',
        wrap: true,
        children: [
          { type: 'text', value: 'Fee' },
          { type: 'text', value: 'Rp 0' },
        ],
      },
    ]);
    const row = container.querySelector('.sdui-row')!;
    expect(row.className).toContain('sdui-justify-between');
    expect(row.className).toContain('sdui-wrap');
    expect(row.children).toHaveLength(2);
  });
});
