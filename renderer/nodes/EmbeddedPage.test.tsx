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

describe('embedded-page where the embed is refused', () => {
  const node = {
    type: 'embedded-page' as const,
    src: '{{ state.url }}',
    title: 'agreement',
    fallback: 'fallback',
    open: { label: 'open', bridge: 'openPage' },
  };
  const more = { ...texts, open: 'Open the agreement' };

  it('offers a link that opens the page in a new window, so it can still be read', async () => {
    const r = renderNodes([node], { texts: more, state: { url: 'http://127.0.0.1:9/sandbox/pages/contract?x=1' } });
    const link = (await screen.findByRole('link', { name: 'Open the agreement' })) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:9/sandbox/pages/contract?x=1');
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener noreferrer');
    expect(screen.getByText(/The agreement cannot be shown here/)).toBeTruthy();
    expect(r.container.querySelector('iframe')).toBeNull();
  });

  it('opens it through the native message where the shell provides it, else leaves the link to the browser', async () => {
    const sent: [string, unknown][] = [];
    let native = true;
    const bridge = { send: (n: string, p?: unknown) => void sent.push([n, p]), provides: () => native };
    renderNodes([node], { texts: more, state: { url: 'https://other.example/a' }, bridge });
    const link = await screen.findByRole('link', { name: 'Open the agreement' });
    const click = () => {
      const e = new MouseEvent('click', { bubbles: true, cancelable: true });
      link.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(click()).toBe(true);
    expect(sent).toEqual([['openPage', { url: 'https://other.example/a' }]]);
    native = false;
    expect(click()).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('offers no link for a missing or non-web address', () => {
    for (const url of ['', 'javascript:alert(1)', 'tel:123']) {
      const r = renderNodes([node], { texts: more, state: { url } });
      expect(r.container.querySelector('a')).toBeNull();
      r.unmount();
    }
  });

  it("embeds a page of this very origin only where the server allows it (the sandbox's), without scripts", async () => {
    const src = 'http://localhost:8080/sandbox/pages/contract?productId=101';
    const embeds = { origin: 'http://localhost:8080', paths: ['/sandbox/pages/'] };
    renderNodes([node], { texts: more, state: { url: src }, sameOriginEmbeds: embeds });
    const frame = (await screen.findByTitle('Loan agreement')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(src);
    expect(frame.getAttribute('sandbox')).toBe('');
    const other = renderNodes([node], {
      texts: more,
      state: { url: 'http://localhost:8080/admin/x' },
      sameOriginEmbeds: embeds,
    });
    expect(other.container.querySelector('iframe')).toBeNull();
  });
});
