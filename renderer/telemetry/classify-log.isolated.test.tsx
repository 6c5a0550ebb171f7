import { render, cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScreenDocument } from '../../schemas/generated/types';
import type { ApiClient } from '../runtime/contract';
import { classifyLog } from './classify-log';
import { inbox } from './telemetry-inbox';

// A widget that throws, next to the real ones: what a node boundary catches.
vi.mock('../nodes/registry', async (real) => ({
  registry: {
    ...((await real()) as { registry: object }).registry,
    boom: () => {
      throw new Error('widget bug');
    },
  },
}));
const { ScreenHost } = await import('../boot/ScreenHost');

const api: ApiClient = {
  call: async () => ({ ok: true, code: 0, message: '', data: undefined }),
  upload: async () => ({ ok: true, code: 0, message: '', data: undefined }),
  url: () => '',
};

afterEach(() => {
  cleanup();
  inbox.length = 0;
});

describe('classifying what screens log', () => {
  it("knows the real producers' messages: node boundary, unknown node type, expression warning, each for its screen", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const doc = {
      kind: 'screen',
      id: 'complaint-entry',
      schemaVersion: 1,
      title: 'x',
      body: [{ type: 'nope' }, { type: 'boom' }, { type: 'boom', when: '((' }],
    } as unknown as ScreenDocument;
    render(
      <ScreenHost
        doc={doc}
        texts={{}}
        market={{}}
        query={{}}
        params={{}}
        commonQueryNames={[]}
        hashRouting={false}
        api={api}
        bridge={{ send: () => {} }}
        navigate={() => {}}
      />,
    );
    await vi.waitFor(() => expect(inbox.some((n) => 'view' in n)).toBe(true));
    const logs = inbox.flatMap((n) => ('log' in n ? [classifyLog(n.log)] : []));
    expect(logs.filter(Boolean).map((c) => [c!.screen, c!.metric])).toEqual(
      expect.arrayContaining([
        ['complaint-entry', 'unknownNodes'],
        ['complaint-entry', 'renderErrors'],
        ['complaint-entry', 'expressionWarnings'],
      ]),
    );
    expect(inbox).toContainEqual({ view: 'complaint-entry' });
  });

  it('leaves other messages alone', () => {
    expect(classifyLog('call problemInit failed: Network Error')).toBeNull();
    expect(classifyLog('screen a: image: refused source x')).toBeNull();
    expect(classifyLog('screen a: node text #t1 failed to render: x')).toEqual({
      screen: 'a',
      metric: 'renderErrors',
      rest: 'node text #t1 failed to render: x',
    });
  });
});
