import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('star-rating', () => {
  it('five stars as radios; tapping star n stores n', async () => {
    const r = renderNodes(
      [
        {
          type: 'star-rating',
          bind: 'score',
          label: 'rate',
          onChange: [{ action: 'toast', message: 'score {{ result }}' }],
        },
      ],
      {
        texts: { rate: 'Your rating', 'widget.starRating.star': '{n} of {max} stars' },
        state: { score: 0 },
      },
    );
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(group).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: '4 of 5 stars' }));
    expect(r.state().score).toBe(4);
    expect(screen.getByRole('radio', { name: '4 of 5 stars' }).getAttribute('aria-checked')).toBe('true');
    expect(r.toasts.map((t) => t.message)).toEqual(['score 4']);
    await userEvent.keyboard('{ArrowRight}');
    expect(r.state().score).toBe(5);
  });
});
