import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('landmark', () => {
  it('renders native header, nav, main, footer and a labelled section; main takes focus from a skip link', () => {
    const { container } = renderNodes(
      [
        { type: 'link', variant: 'skip', label: 'skip', url: '#main' },
        { type: 'landmark', role: 'banner', children: [{ type: 'text', key: 'brand' }] },
        { type: 'landmark', role: 'main', id: 'main', width: 'readable', children: [{ type: 'text', key: 'body' }] },
        { type: 'landmark', role: 'region', label: 'contact', children: [] },
        { type: 'landmark', role: 'contentinfo', tone: 'muted', children: [{ type: 'text', key: 'copy' }] },
      ],
      {
        texts: {
          skip: 'Skip to main content',
          brand: 'CashLoan',
          body: 'Loans',
          contact: 'Contact us',
          copy: '© CashLoan',
        },
      },
    );
    expect(screen.getByRole('banner').textContent).toBe('CashLoan');
    const main = screen.getByRole('main');
    expect(main.id).toBe('main');
    expect(main.tabIndex).toBe(-1);
    expect(main.className).toContain('sdui-landmark--readable');
    expect(screen.getByRole('region', { name: 'Contact us' })).toBeTruthy();
    expect(screen.getByRole('contentinfo').className).toContain('sdui-landmark--tone-muted');
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip.getAttribute('href')).toBe('#main');
    expect(skip.className).toContain('sdui-link--skip');
    expect(container.firstElementChild).toBe(skip);
  });

  it('a garbage role draws a section and logs the missing label instead of failing', () => {
    const r = renderNodes([{ type: 'landmark', role: 'bogus', children: [{ type: 'text', key: 'x' }] } as never], {
      texts: { x: 'still here' },
    });
    expect(screen.getByText('still here').closest('section')).toBeTruthy();
    expect(r.logs.some((l) => l.message.includes('needs a label'))).toBe(true);
  });
});
