import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Node } from '../../schemas/generated/types';
import { lazyWidget } from '../nodes/lazy-widget';
import type { WidgetRegistry } from './contract';
import { nodeElements } from './RenderNodes';
import { RuntimeProvider } from './runtime-context';
import { createTestServices } from './testing/render-nodes';

/** A widget with state of its own: typed text a remount would lose. */
const Field = () => {
  const [text, setText] = useState('');
  return <input aria-label="field" value={text} onChange={(e) => setText(e.target.value)} />;
};
const nodes = [{ type: 'text', value: 'x' }] as Node[];

function draw(registry: Partial<WidgetRegistry>) {
  const { services } = createTestServices({ registry });
  return <RuntimeProvider services={services}>{nodeElements(nodes)}</RuntimeProvider>;
}

describe('NodeBoundary and split widgets', () => {
  it('draws a split widget whose code is here without a Suspense boundary (hydrated in the first commit)', async () => {
    const Split = lazyWidget(async () => ({ default: Field }));
    await Split.preload();
    const html = renderToString(draw({ text: Split } as unknown as Partial<WidgetRegistry>));
    expect(html).toContain('aria-label="field"');
    // React marks a Suspense boundary in server markup with <!--$-->; it would hydrate in a later pass.
    expect(html).not.toContain('<!--$');
  });

  it('keeps one still downloading under its Suspense, and does not remount it when the code arrives', async () => {
    let arrive!: (m: { default: typeof Field }) => void;
    const Split = lazyWidget(() => new Promise<{ default: typeof Field }>((r) => (arrive = r)));
    const { rerender } = render(draw({ text: Split } as unknown as Partial<WidgetRegistry>));
    expect(screen.queryByLabelText('field')).toBeNull();
    await act(async () => arrive({ default: Field }));
    const field = await screen.findByLabelText<HTMLInputElement>('field');
    fireEvent.change(field, { target: { value: 'typed' } });
    // A later render, now that the code is here, must not swap the element's type (a remount would lose "typed").
    rerender(draw({ text: Split } as unknown as Partial<WidgetRegistry>));
    expect(screen.getByLabelText<HTMLInputElement>('field').value).toBe('typed');
  });
});
