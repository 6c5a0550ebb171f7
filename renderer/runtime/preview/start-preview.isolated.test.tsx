/**
 * The preview frame's side of the console canvas, in a real route and screen host: a posted draft is
 * drawn in place of the saved one without a reload, its nodes name their pointers, a click selects, the states
 * menu's overrides are drawn by the real widgets, a bad draft shows the renderer's error, and a landing template
 * answers the page's template call.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScreenDocument } from '../../../schemas/generated/types';
import { AppContext, type AppContextValue } from '../../boot/app-context';
import { validateDocument } from '../../core/validation/validate-document';
import type { ApiResult } from '../contract';
import type { ToFrame } from './preview-messages';

const saved = {
  kind: 'screen',
  id: 'pay',
  schemaVersion: 1,
  title: 'common.error',
  body: [{ type: 'text', value: 'Saved text' }],
};
const draft = {
  kind: 'screen',
  id: 'pay',
  schemaVersion: 1,
  title: 'common.error',
  state: { n: 7, rows: [{ name: 'Alpha' }] },
  onLoad: [
    {
      action: 'api',
      endpoint: 'orders',
      resultTo: 'orders',
      onError: [{ action: 'setState', path: 'failed', value: true }],
    },
  ],
  body: [
    { type: 'text', value: 'Draft text' },
    { type: 'text', value: 'Hidden branch', when: 'state.n > 100' },
    {
      type: 'list',
      items: '{{ state.rows }}',
      itemTemplate: [{ type: 'text', value: '{{ item.name }}' }],
      empty: [{ type: 'text', value: 'Nothing here' }],
    },
    { type: 'text', value: 'Load failed', when: 'state.failed' },
    { type: 'text', value: '{{ state.template.templateId }}' },
  ],
};

vi.mock('../../boot/config-client', () => ({
  isPreview: true,
  loadScreen: async (id: string) => ({ body: { ...saved, id }, etag: '"saved"', source: 'network' }),
  rememberScreen: async () => {},
  loadBundle: async () => ({
    body: {
      apiMap: {
        endpoints: {
          channelTemplate: { method: 'GET', path: '/t', params: ['templateId'], successCode: 0 },
          orders: { method: 'GET', path: '/o', successCode: 0 },
        },
      },
      routeMap: { routes: [{ path: '/pay', screen: 'pay' }], notFound: 'not-found' },
    },
    etag: '"b"',
    source: 'network',
  }),
}));
vi.mock('../../boot/after-first-screen', () => ({ afterFirstScreen: () => {}, firstScreenShown: () => {} }));
vi.mock('../../nodes/preload-widgets', () => ({ preloadWidgets: async () => {} }));

const { ScreenRoute } = await import('../../boot/ScreenRoute');
const { startPreview } = await import('./start-preview');
const { previewHook } = await import('../preview-hook');

/** The backend: `orders` answers; `answer()` is the client's path for an answer from elsewhere (a failure here). */
const calls: string[] = [];
const answered: string[] = [];
const ok = (data: unknown): ApiResult => ({ ok: true, code: 0, message: '', data });
const api = {
  call: async (name: string, params?: Record<string, unknown>) => (calls.push(name), ok({ name, params })),
  upload: async () => ok(null),
  url: () => '',
  answer: async (name: string, raw: Promise<unknown>): Promise<ApiResult> => {
    answered.push(name);
    return raw.then(
      () => ok(null),
      () => ({ ok: false, code: undefined, message: 'error', data: undefined }),
    );
  },
};
const app = {
  bundle: { textSet: { texts: { 'common.error': 'Something went wrong' } }, market: {} },
  api,
  bridge: { call: async () => ({ ok: true }) },
  outerQuery: {},
  commonQueryNames: [],
  hashRouting: false,
  t: (_k: string, fallback: string) => fallback,
} as unknown as AppContextValue;

const posted = () =>
  vi
    .mocked(window.postMessage)
    .mock.calls.map((c) => c[0] as { sdui: string })
    .filter((m) => m?.sdui);
const send = (data: ToFrame, origin = location.origin) =>
  act(async () => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: window }));
    await new Promise((r) => setTimeout(r, 10));
  });

/** The route on show, with the saved draft drawn (each test mounts its own: the DOM is cleaned between tests). */
async function mountSaved() {
  render(
    <AppContext.Provider value={app}>
      <MemoryRouter initialEntries={['/pay']}>
        <Routes>
          <Route path="/pay" element={<ScreenRoute screenId="pay" />} />
        </Routes>
      </MemoryRouter>
    </AppContext.Provider>,
  );
  await screen.findByText('Saved text');
}
async function mountDraft(doc: unknown = draft) {
  await mountSaved();
  await send({ sdui: 'editor-draft', kind: 'screen', doc });
  await screen.findByText('Draft text');
}

let stop: () => void = () => {};
beforeAll(() => {
  vi.spyOn(window, 'postMessage').mockImplementation(() => {});
  stop = startPreview(previewHook)!.stop;
});
afterAll(() => stop());

describe('the draft preview frame', () => {
  it('the test draft is a valid screen', () => {
    expect(validateDocument('screen', draft)).toEqual([]);
  });

  it('draws a posted draft in place of the saved one, maps clicks to pointers, outlines and evaluates', async () => {
    expect(posted()).toContainEqual({ sdui: 'editor-ready' });
    await mountSaved();
    // Another origin is not the console.
    await send({ sdui: 'editor-draft', kind: 'screen', doc: draft }, 'https://evil.example');
    expect(screen.queryByText('Draft text')).toBeNull();

    await send({ sdui: 'editor-draft', kind: 'screen', doc: draft });
    await screen.findByText('Draft text');
    expect(screen.queryByText('Saved text')).toBeNull();
    expect(screen.queryByText('Hidden branch')).toBeNull();
    expect(posted()).toContainEqual({ sdui: 'editor-drawn', kind: 'screen', problems: [] });
    expect(calls).toContain('orders');
    const mark = (text: string) => screen.getByText(text).closest('sdui-node')?.getAttribute('data-sdui-pointer');
    expect(mark('Draft text')).toBe('/body/0');
    expect(mark('Alpha')).toBe('/body/2/itemTemplate/0');

    // Until the canvas asks for select mode, a click is the page's (other console previews are used as pages).
    const seen = vi.fn();
    document.body.addEventListener('click', seen);
    fireEvent.click(screen.getByText('Alpha'));
    expect(seen).toHaveBeenCalledTimes(1);
    expect(posted().filter((m) => m.sdui === 'editor-select')).toEqual([]);
    // Select mode: the click selects the innermost node and the page does not see it.
    await send({ sdui: 'editor-mode', select: true });
    seen.mockClear();
    fireEvent.click(screen.getByText('Alpha'));
    expect(posted()).toContainEqual({ sdui: 'editor-select', pointer: '/body/2/itemTemplate/0' });
    expect(seen).not.toHaveBeenCalled();
    document.body.removeEventListener('click', seen);

    await send({ sdui: 'editor-selected', pointer: '/body/2/itemTemplate/0' });
    const css = document.getElementById('sdui-preview-selected')?.textContent ?? '';
    expect(css).toContain('/body/2/itemTemplate/0');
    expect(document.querySelector(css.slice(0, css.indexOf('{')))?.textContent).toBe('Alpha');

    // A binding's value in the scope of a list item's node, and in the screen's.
    await send({ sdui: 'editor-evaluate', id: 1, expr: '{{ item.name }}', pointer: '/body/2/itemTemplate/0' });
    await send({ sdui: 'editor-evaluate', id: 2, expr: 'state.n + 1' });
    expect(posted()).toContainEqual({ sdui: 'editor-value', id: 1, ok: true, value: 'Alpha' });
    expect(posted()).toContainEqual({ sdui: 'editor-value', id: 2, ok: true, value: 8 });
  });

  it('draws the states menu’s choices with the real widgets: a branch, an empty list, a failed call', async () => {
    await mountDraft();
    await send({
      sdui: 'editor-overrides',
      overrides: [
        { state: 'shown', pointer: '/body/1' },
        { state: 'list-empty', pointer: '/body/2' },
        { state: 'call-failed', pointer: '/onLoad/0' },
      ],
    });
    await screen.findByText('Hidden branch');
    await screen.findByText('Nothing here');
    expect(screen.queryByText('Alpha')).toBeNull();
    // The call failed through the client's own failure path, so the step's onError ran.
    await screen.findByText('Load failed');
    expect(answered).toEqual(['orders']);
    await send({ sdui: 'editor-overrides', overrides: [] });
    await screen.findByText('Alpha');
    expect(screen.queryByText('Hidden branch')).toBeNull();
  });

  it('a bad draft shows the renderer’s error with its problems, never a blank frame; a good one takes it away', async () => {
    await mountDraft();
    const bad = { ...draft, body: [{ type: 'text', level: 'huge' }] };
    await send({ sdui: 'editor-draft', kind: 'screen', doc: bad });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(alert.textContent).toContain('/body/0');
    const drawn = posted().filter((m) => m.sdui === 'editor-drawn');
    expect((drawn.at(-1) as unknown as { problems: unknown[] }).problems.length).toBeGreaterThan(0);
    await send({ sdui: 'editor-draft', kind: 'screen', doc: { nope: true } });
    expect(screen.getByRole('alert').textContent).toContain('not a screen document');

    await send({ sdui: 'editor-draft', kind: 'screen', doc: draft });
    expect(screen.queryByRole('alert')).toBeNull();
    await screen.findByText('Draft text');
  });

  it('a landing template draft answers the calls that read a template; the screen is drawn again with it', async () => {
    const tpl = JSON.parse(readFileSync('screens/templates/default.json', 'utf8')) as Record<string, unknown>;
    const landing = {
      ...draft,
      onLoad: [{ action: 'api', endpoint: 'channelTemplate', params: { templateId: 'x' }, resultTo: 'template' }],
      body: [
        ...draft.body,
        {
          type: 'list',
          items: '{{ state.template.sections }}',
          itemTemplate: [
            { type: 'stack', children: [{ type: 'text', value: 'Section {{ index }}: {{ item.section }}' }] },
          ],
        },
      ],
    } as unknown as ScreenDocument;
    await mountDraft(landing);
    calls.length = 0;
    await send({ sdui: 'editor-draft', kind: 'landing-template', doc: { ...tpl, templateId: 'spring-sale' } });
    expect(posted()).toContainEqual({ sdui: 'editor-drawn', kind: 'landing-template', problems: [] });
    await waitFor(() => expect(screen.getByText('spring-sale')).toBeTruthy());
    expect(calls).not.toContain('channelTemplate');
    // A section drawn by the page is the template's: a click names its pointer in the template, once (outermost).
    const first = screen.getByText('Section 0: registration');
    expect(first.closest('sdui-node')?.getAttribute('data-sdui-pointer')).toBe('/sections/0');
    expect(document.querySelectorAll('sdui-node[data-sdui-pointer="/sections/0"]')).toHaveLength(1);
    await send({ sdui: 'editor-mode', select: true });
    fireEvent.click(first);
    expect(posted()).toContainEqual({ sdui: 'editor-select', pointer: '/sections/0' });
  });
});
