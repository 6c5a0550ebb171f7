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
  it('takes its alternative text with arguments and its size from bindings (a landing section)', () => {
    renderNodes(
      [
        {
          type: 'image',
          src: '{{ state.pic.src }}',
          alt: 'pic.alt',
          args: { what: '{{ state.pic.what }}' },
          width: '{{ state.pic.w }}',
          height: '{{ state.pic.h }}',
        },
      ],
      {
        state: { pic: { src: '/media/a.png', what: 'Offer', w: 750, h: 200 } },
        texts: { 'pic.alt': 'Picture: {what}' },
      },
    );
    const img = screen.getByRole('img', { name: 'Picture: Offer' });
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['750', '200']);
    // The box keeps 750:200 after a picture of another shape arrives (cropped by `fit`, never squeezed or grown).
    expect(img.style.aspectRatio).toBe('750 / 200');
  });
  it('leaves out a bound size that is not a positive whole number, rather than drawing a wrong box', () => {
    const r = renderNodes([{ type: 'image', src: '/a.png', width: '{{ state.w }}', height: '{{ state.h }}' }], {
      state: { w: 'wide', h: -3 },
    });
    const img = r.container.querySelector('img')!;
    expect([img.hasAttribute('width'), img.hasAttribute('height')]).toEqual([false, false]);
    expect(img.style.aspectRatio).toBe('');
  });
});
