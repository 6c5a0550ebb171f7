import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

const node = {
  type: 'theme-scope',
  colors: {
    brand: '{{ state.t.primary }}',
    brandInk: '{{ state.t.buttonText }}',
    ink: '{{ state.t.text }}',
    background: '{{ state.t.background }}',
  },
  children: [{ type: 'text', value: 'inside' }],
};

describe('theme-scope', () => {
  it('sets the colours from data as the custom properties widgets read', () => {
    const { container, logs } = renderNodes([node as never], {
      state: { t: { primary: '#123456', buttonText: '#fff', text: '#1a1a1a', background: '#fafafa' } },
    });
    const el = container.querySelector<HTMLElement>('.sdui-theme-scope')!;
    expect(el.style.getPropertyValue('--sdui-brand')).toBe('#123456');
    expect(el.style.getPropertyValue('--sdui-brand-ink')).toBe('#fff');
    expect(el.style.getPropertyValue('--sdui-ink')).toBe('#1a1a1a');
    expect(el.style.getPropertyValue('--sdui-bg')).toBe('#fafafa');
    expect(el.textContent).toBe('inside');
    expect(logs).toEqual([]);
  });

  it('keeps the app colours for data not loaded yet, and for garbage (logged), still drawing the content', () => {
    const { container, logs } = renderNodes([node as never], {
      state: { t: { primary: 'red; background:url(x)', text: 42 } },
    });
    const el = container.querySelector<HTMLElement>('.sdui-theme-scope')!;
    expect(el.getAttribute('style') ?? '').toBe('');
    expect(el.textContent).toBe('inside');
    expect(logs.map((l) => l.message).join('\n')).toMatch(/colour brand.*\n.*colour ink/);
  });
});
