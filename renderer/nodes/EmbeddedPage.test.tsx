import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

const texts = { agreement: 'Loan agreement', fallback: 'The agreement cannot be shown here' };

describe('embedded-page', () => {
  it('frames an https page of an allowed origin in a sandbox', async () => {
    renderNodes([{ type: 'embedded-page', src: '{{ state.url }}', title: 'agreement', fallback: 'fallback' }], {
      texts,
      state: { url: 'https://docs.example.com/agreement?id=1' },
      market: { embedOrigins: ['https://docs.example.com'] },
    });
    const frame = (await screen.findByTitle('Loan agreement')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://docs.example.com/agreement?id=1');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
  });
  it('shows the fallback text for another origin or plain http', async () => {
    const r = renderNodes(
      [
        { type: 'embedded-page', src: 'https://evil.example/x', title: 'agreement', fallback: 'fallback' },
        { type: 'embedded-page', src: 'http://docs.example.com/x', title: 'agreement', fallback: 'fallback' },
      ],
      { texts, market: { embedOrigins: ['https://docs.example.com'] } },
    );
    expect(await screen.findAllByText('The agreement cannot be shown here')).toHaveLength(2);
    expect(r.container.querySelector('iframe')).toBeNull();
  });
});
