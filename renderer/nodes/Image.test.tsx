import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('image', () => {
  it('shows a bound https picture with its alternative text', () => {
    renderNodes([{ type: 'image', src: '{{ state.logo }}', alt: 'logo.alt' }], {
      state: { logo: 'https://cdn.example/l.png' },
      texts: { 'logo.alt': 'Product logo' },
    });
    expect(screen.getByRole('img', { name: 'Product logo' }).getAttribute('src')).toBe('https://cdn.example/l.png');
  });
  it('refuses a javascript: source and logs it', () => {
    const r = renderNodes([{ type: 'image', src: '{{ state.logo }}', alt: 'x' }], {
      state: { logo: 'javascript:alert(1)' },
    });
    expect(r.container.querySelector('img')).toBeNull();
    expect(r.logs.some((l) => l.message.includes('refused'))).toBe(true);
  });
});
