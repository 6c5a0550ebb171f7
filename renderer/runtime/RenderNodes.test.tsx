import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Node } from '../../schemas/generated/types';
import type { Widget, WidgetRegistry } from './contract';
import { useRuntime } from './runtime-context';
import { renderNodes } from './testing/render-nodes';

const Label: Widget<'text'> = ({ node }) => {
  const rt = useRuntime();
  return <p>{node.key ? rt.t(node.key) : String(rt.resolve(node.value) ?? '')}</p>;
};
const Boom: Widget<'text'> = () => {
  throw new Error('kaboom');
};
const registry = { text: Label, divider: Boom } as unknown as Partial<WidgetRegistry>;
const nodes = (...n: unknown[]) => n as Node[];

describe('RenderNodes', () => {
  it('renders the other nodes when one has an unknown type, and logs it', () => {
    const r = renderNodes(
      nodes({ type: 'text', value: 'before' }, { type: 'hologram' }, { type: 'text', value: 'after' }),
      { registry },
    );
    expect(screen.getByText('before')).toBeTruthy();
    expect(screen.getByText('after')).toBeTruthy();
    const unknown = () => r.logs.filter((l) => l.message.includes('unknown node type "hologram"')).length;
    expect(unknown()).toBe(1);
    // Re-rendering (any state change) does not report the same node again.
    act(() => r.runtime.setState('tick', 1));
    expect(unknown()).toBe(1);
  });

  it('contains a throwing widget: siblings stay, the failure is logged', () => {
    const r = renderNodes(
      nodes({ type: 'text', value: 'ok 1' }, { type: 'divider' }, { type: 'text', value: 'ok 2' }),
      { registry },
    );
    expect(screen.getByText('ok 1')).toBeTruthy();
    expect(screen.getByText('ok 2')).toBeTruthy();
    expect(r.logs.some((l) => l.message.includes('node divider failed to render: kaboom'))).toBe(true);
  });

  it('shows a node only while its `when` is truthy and follows state changes', () => {
    const r = renderNodes(nodes({ type: 'text', value: 'shown', when: 'state.order.isShow == 1' }), {
      registry,
      state: { order: { isShow: 0 } },
    });
    expect(screen.queryByText('shown')).toBeNull();
    act(() => r.runtime.setState('order.isShow', '1'));
    expect(screen.getByText('shown')).toBeTruthy();
  });

  it('treats a broken `when` as false and logs the expression', () => {
    const r = renderNodes(nodes({ type: 'text', value: 'x', when: 'state.' }), { registry });
    expect(screen.queryByText('x')).toBeNull();
    expect(r.logs.some((l) => l.message.includes('state.'))).toBe(true);
  });

  it('survives garbage entries in a node list', () => {
    renderNodes(nodes(null, 42, 'str', { type: 'text', value: 'alive' }), { registry });
    expect(screen.getByText('alive')).toBeTruthy();
  });

  it('resolves templates and text keys with {name} arguments', () => {
    const r = renderNodes(nodes({ type: 'text', value: 'Rp {{ thousands(state.amount) }}' }), {
      registry,
      state: { amount: 1500000 },
    });
    expect(screen.getByText('Rp 1.500.000')).toBeTruthy();
    expect(r.runtime.t('greet', { name: 'Ana' })).toBe('greet');
    expect(r.logs.some((l) => l.message.includes('missing text key "greet"'))).toBe(true);
  });
});
