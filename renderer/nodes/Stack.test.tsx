import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('stack', () => {
  it('draws its children in order with the requested spacing, honouring when', () => {
    const { container } = renderNodes([
      {
        type: 'stack',
        gap: 'md',
        padding: 'sm',
        children: [
          { type: 'text', value: 'one' },
          { type: 'text', value: 'hidden', when: 'false' },
          { type: 'text', value: 'two' },
        ],
      },
    ]);
    const stack = container.querySelector('.sdui-stack')!;
    expect(stack.className).toContain('sdui-gap-md');
    expect(stack.className).toContain('sdui-pad-sm');
    expect(stack.textContent).toBe('onetwo');
    expect(screen.queryByText('hidden')).toBeNull();
  });
});
