/**
 * The shell of a screen: the start of its drawing that reads no state, the same whatever its first call answers.
 */
import { describe, expect, it } from 'vitest';
import type { ScreenDocument } from '../../schemas/generated/types';
import { renderStaticScreen, renderStaticShell, type StaticRenderInput } from './render-static';

const screen = (body: unknown[], state: Record<string, unknown> = { a: null }): StaticRenderInput => ({
  doc: {
    kind: 'screen',
    id: 'shell-test',
    schemaVersion: 1,
    title: 'title.x',
    state,
    body,
  } as unknown as ScreenDocument,
  texts: { 'title.x': 'The title' },
  market: {},
  query: {},
  commonQueryNames: [],
  logError: () => {},
});
const page = (children: unknown[]) => [{ type: 'page', title: 'title.x', children }];
const drawn = (input: StaticRenderInput, state?: Record<string, unknown>) =>
  renderStaticScreen({ ...input, state }).html;

describe('a screen shell', () => {
  it('ends where the first node reading the state begins, and the drawing with data begins with it', () => {
    const input = screen(
      page([
        { type: 'text', value: 'Before the data' },
        { type: 'text', value: '{{ state.a.name }}' },
        { type: 'text', value: 'After the data' },
      ]),
    );
    const shell = renderStaticShell(input)!;
    expect(shell.html).toContain('The title');
    expect(shell.html).toContain('Before the data');
    expect(shell.html).not.toContain('After the data');
    const full = drawn(input, { a: { name: 'Answered name' } });
    expect(full.startsWith(shell.html)).toBe(true);
    expect(full.slice(shell.html.length)).toMatch(/^.*Answered name.*After the data/s);
    expect(drawn(input).startsWith(shell.html)).toBe(true);
  });

  // A node's `when` is read before its widget starts, so the shell ends before the widget that started last (here
  // the text before it): a little early, never late.
  it('ends before a node shown only when the state says so', () => {
    const input = screen(
      page([
        { type: 'text', value: 'Intro' },
        { type: 'card', when: 'state.a', children: [{ type: 'text', value: 'Card body' }] },
      ]),
    );
    const shell = renderStaticShell(input)!;
    expect(shell.html).toContain('The title');
    expect(shell.html).not.toContain('sdui-card');
    expect(drawn(input, { a: { x: 1 } }).startsWith(shell.html)).toBe(true);
  });

  it('is empty when the first node reads the state, whole when no node does', () => {
    expect(renderStaticShell(screen([{ type: 'text', value: '{{ state.a }}' }]))!.html).toBe('');
    const still = screen(page([{ type: 'text', value: 'Only words' }]));
    expect(renderStaticShell(still)!.html).toBe(drawn(still));
  });

  // The server keeps a shell for every page query that agrees on these (config-server/pages/query-reads.ts).
  it('names the query params it read before it ended, not those read after', () => {
    const input = {
      ...screen(
        page([
          { type: 'text', value: 'Type {{ query.type }}' },
          { type: 'text', value: '{{ state.a.name }} {{ query.orderId }}' },
          { type: 'text', value: 'Token {{ query.token }}' },
        ]),
      ),
      query: { type: '2', orderId: '7', token: 't' },
    };
    const shell = renderStaticShell(input)!;
    expect(shell.html).toContain('Type 2');
    expect(shell.queryReads).toEqual(['type']);
    // A shell of the whole screen read everything it drew.
    const still = renderStaticShell({
      ...screen(page([{ type: 'text', value: '{{ query.token }}' }])),
      query: input.query,
    });
    expect(still!.queryReads).toEqual(['token']);
  });

  it('is not drawn for a screen that reads the clock', () => {
    expect(renderStaticShell(screen(page([{ type: 'text', value: '{{ now() }}' }])))).toBeUndefined();
  });
});
