import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('rich-document', () => {
  it("fills a run's {name} placeholders from its args (figures bound to the market document)", () => {
    renderNodes(
      [
        {
          type: 'rich-document',
          sections: [
            {
              blocks: [
                {
                  kind: 'paragraph',
                  runs: [{ key: 'term', args: { min: '{{ market.legal.min }}', max: '{{ market.legal.max }}' } }],
                },
              ],
            },
          ],
        },
      ],
      { texts: { term: 'From {min} to {max} days.' }, market: { legal: { min: 91, max: 365 } } },
    );
    expect(screen.getByText('From 91 to 365 days.')).toBeTruthy();
  });
  it('renders sections, headings, paragraphs, lists and emphasis as text (never HTML)', async () => {
    const r = renderNodes(
      [
        {
          type: 'rich-document',
          numbered: true,
          title: [{ key: 'terms' }],
          sections: [
            {
              heading: [{ text: 'Definitions' }],
              blocks: [
                {
                  kind: 'paragraph',
                  runs: [{ text: 'The ' }, { text: 'Lender', emphasis: 'strong' }, { text: ' means <b>us</b>.' }],
                },
                { kind: 'list', ordered: true, items: [[{ text: 'over 18' }], [{ text: 'Indian national' }]] },
              ],
            },
            { heading: [{ text: 'Interest' }], blocks: [{ kind: 'heading', runs: [{ text: 'Late penalties' }] }] },
          ],
        },
      ],
      { texts: { terms: 'Loan terms and conditions' } },
    );
    expect(await screen.findByRole('heading', { name: 'Loan terms and conditions' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '1. Definitions' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '2. Interest' })).toBeTruthy();
    expect(screen.getByText('Lender').tagName).toBe('STRONG');
    expect(screen.getByText(' means <b>us</b>.', { normalizer: (s) => s })).toBeTruthy();
    expect(r.container.querySelector('b')).toBeNull();
    expect(r.container.querySelectorAll('ol > li')).toHaveLength(2);
  });
});
