import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWidget } from './lazy-widget';
import { nodeTypesOf } from '../core/documents/node-types-of';
import { preloadWidgets } from './preload-widgets';
import { registry } from './registry';

const Hello = ({ name }: { name: string }) => <p>hello {name}</p>;

describe('lazyWidget', () => {
  it('suspends while its code downloads, then shows the widget', async () => {
    let arrive!: (m: { default: typeof Hello }) => void;
    const W = lazyWidget(() => new Promise<{ default: typeof Hello }>((r) => (arrive = r)));
    render(
      <Suspense fallback={<p>waiting</p>}>
        <W name="a" />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    arrive({ default: Hello });
    expect(await screen.findByText('hello a')).toBeTruthy();
  });

  it('renders in one pass after preload: no fallback is ever shown', async () => {
    const W = lazyWidget(async () => ({ default: Hello }));
    await W.preload();
    render(
      <Suspense fallback={<p>waiting</p>}>
        <W name="b" />
      </Suspense>,
    );
    expect(screen.queryByText('waiting')).toBeNull();
    expect(screen.getByText('hello b')).toBeTruthy();
  });

  it('tries a failed download once more, and a later preload starts afresh after two failures', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ default: Hello });
    const W = lazyWidget(load);
    await expect(W.preload()).resolves.toBe(Hello);
    expect(load).toHaveBeenCalledTimes(2);

    const flaky = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ default: Hello });
    const F = lazyWidget(flaky);
    await expect(F.preload()).rejects.toThrow('offline');
    await expect(F.preload()).resolves.toBe(Hello);
  });
});

describe('preloadWidgets', () => {
  it('finds node types anywhere in a screen (children, item templates, modal bodies)', () => {
    const doc = {
      body: [
        {
          type: 'page',
          children: [
            { type: 'list', itemTemplate: [{ type: 'tabs' }] },
            { type: 'modal', body: [{ type: 'text-field' }] },
          ],
        },
      ],
    };
    expect([...nodeTypesOf(doc)].sort()).toEqual(['list', 'modal', 'page', 'tabs', 'text-field']);
  });

  it('loads exactly the lazy widgets a screen names', async () => {
    const spies = (['tabs', 'modal', 'select'] as const).map((t) =>
      vi.spyOn(registry[t] as unknown as { preload(): Promise<unknown> }, 'preload'),
    );
    await preloadWidgets({ body: [{ type: 'tabs' }, { type: 'modal' }, { type: 'hologram' }] });
    expect(spies.map((s) => s.mock.calls.length)).toEqual([1, 1, 0]);
    spies.forEach((s) => s.mockRestore());
  });
});
