import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Node } from '../../../schemas/generated/types';
import { LIVE_SCREEN_EVENT } from '../../boot/live/live-screen-event';
import { previewHook } from '../preview-hook';
import { renderNodes } from '../testing/render-nodes';
import { startPreview } from './start-preview';

/** A borrower's page (here: not framed, so not a preview) must not pay for the console's canvas, nor obey it. */
describe('preview hooks outside preview mode', () => {
  it('start does nothing: no drawing hook, no listener, nothing posted, nodes drawn without wrappers', async () => {
    const live = vi.fn();
    const posted = vi.fn();
    window.addEventListener(LIVE_SCREEN_EVENT, live);
    window.addEventListener('message', posted);
    expect(startPreview(previewHook)).toBeUndefined();
    expect(previewHook.draw).toBeUndefined();

    const { container } = renderNodes([{ type: 'text', value: 'Hello' } as Node]);
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(container.querySelector('sdui-node, [data-sdui-pointer]')).toBeNull();

    // A message shaped like the console's, from this very origin, changes nothing and gets no answer.
    const draft = { kind: 'screen', id: 'x', schemaVersion: 1, title: 't', body: [] };
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { sdui: 'editor-draft', kind: 'screen', doc: draft },
        origin: location.origin,
      }),
    );
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(live).not.toHaveBeenCalled();
    expect(posted).toHaveBeenCalledTimes(1); // only the one dispatched above
    expect(document.getElementById('sdui-preview-style')).toBeNull();
    window.removeEventListener(LIVE_SCREEN_EVENT, live);
    window.removeEventListener('message', posted);
  });
});
