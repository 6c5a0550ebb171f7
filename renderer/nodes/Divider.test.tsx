import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('divider', () => {
  it('is a separator', () => {
    renderNodes([{ type: 'divider', inset: true }]);
    expect(screen.getByRole('separator').className).toContain('sdui-divider--inset');
  });
});
