import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('tag', () => {
  it('shows copy or data in its tone, and nothing when the data is empty', () => {
    const { container } = renderNodes(
      [
        { type: 'tag', key: 'repay', tone: 'info' },
        { type: 'tag', value: '{{ state.sonType }}' },
      ],
      { texts: { repay: 'Pembayaran' } },
    );
    expect(screen.getByText('Pembayaran').className).toContain('sdui-tag--info');
    expect(container.querySelectorAll('.sdui-tag')).toHaveLength(1);
  });
});
