import { describe, expect, it } from 'vitest';
import { login, startTestServer } from '../testing/test-helpers.js';
import { loadDocuments, validateDocuments } from './validate-documents.js';

type Endpoint = { firstCall?: { by?: string; why?: string }; encoding?: string };
type ApiMap = { endpoints: Record<string, Endpoint> };

/** The repository's documents with the API map changed by `edit`. */
function withApiMap(edit: (map: ApiMap) => void) {
  const { docs } = loadDocuments();
  const entry = docs.find((d) => (d.doc as { kind?: string }).kind === 'api-map')!;
  const map = structuredClone(entry.doc) as ApiMap;
  edit(map);
  return { file: entry.file, docs: docs.map((d) => (d === entry ? { ...d, doc: map } : d)) };
}

describe('API map: who makes each first call, and why', () => {
  it("the shipped map says it for every endpoint, and the five first reads are the server's", () => {
    const { file, docs } = withApiMap(() => {});
    const map = docs.find((d) => d.file === file)!.doc as ApiMap;
    for (const [name, ep] of Object.entries(map.endpoints)) {
      expect(ep.firstCall?.by, name).toMatch(/^(server|browser)$/);
      expect(ep.firstCall?.why?.length, name).toBeGreaterThan(20);
    }
    const byServer = Object.keys(map.endpoints).filter((n) => map.endpoints[n].firstCall?.by === 'server');
    expect(byServer).toEqual(
      expect.arrayContaining(['loanDetailConfirm', 'contactKfInfo', 'qaList', 'jointRecommendList', 'cardBanks']),
    );
    // Calls with effects stay in the browser, each saying which effect.
    for (const [name, effect] of [
      ['generateVcode', /virtual account/],
      ['repaymentHuichao', /starts a .*payment/i],
      ['loanDetailPush', /Confirms the loan/],
      ['trackVisit', /Records/],
      ['repaymentWay', /repay token/],
    ] as const) {
      expect(map.endpoints[name].firstCall, name).toEqual({ by: 'browser', why: expect.stringMatching(effect) });
    }
    expect(validateDocuments(docs)).toEqual([]);
  });

  it('refuses an endpoint without a mark or with an empty reason, at its pointer', () => {
    const { file, docs } = withApiMap((map) => {
      delete map.endpoints.loanDetailConfirm.firstCall;
      map.endpoints.cardBanks.firstCall = { by: 'server', why: '   ' };
      map.endpoints.qaList.firstCall = { by: 'maybe', why: 'A read of the chatbot categories.' };
    });
    const errors = validateDocuments(docs).filter((e) => e.file === file);
    const at = (p: string) =>
      errors
        .filter((e) => e.pointer === p)
        .map((e) => e.message)
        .join(' | ');
    expect(at('/endpoints/loanDetailConfirm')).toMatch(/firstCall/);
    expect(at('/endpoints/cardBanks/firstCall/why')).not.toBe('');
    expect(at('/endpoints/qaList/firstCall/by')).not.toBe('');
  });

  it('refuses an upload or an image marked for the server, quoting the reason given', () => {
    const { file, docs } = withApiMap((map) => {
      map.endpoints.uploadProblemImg.firstCall = { by: 'server', why: 'Someone thought it was a read.' };
      map.endpoints.captchaImage.firstCall = { by: 'server', why: 'The captcha picture, a read.' };
    });
    const errors = validateDocuments(docs).filter((e) => e.file === file);
    expect(errors).toEqual([
      {
        file,
        pointer: '/endpoints/uploadProblemImg/firstCall/by',
        message: expect.stringMatching(/upload \(multipart\).*"Someone thought it was a read\."/),
      },
      {
        file,
        pointer: '/endpoints/captchaImage/firstCall/by',
        message: expect.stringMatching(/image URL.*"The captcha picture, a read\."/),
      },
    ]);
  });

  it("refuses a server mark on a screen's first call worked out from the browser's storage (virtual account), at the screen's call", () => {
    const { docs } = withApiMap((map) => {
      map.endpoints.generateVcode.firstCall = { by: 'server', why: 'Marked by mistake: it makes a virtual account.' };
      // A read whose screen first sets state from storage: the planner stops there, so nothing to refuse.
      map.endpoints.initPayType.firstCall = { by: 'server', why: 'A read of the pay type options.' };
    });
    const errors = validateDocuments(docs);
    expect(errors).toEqual([
      {
        file: expect.stringMatching(/screens\/pages\/repayment\/virtual-account\.json$/),
        pointer: '/onLoad/0/then/0/endpoint',
        message: expect.stringMatching(
          /first call generateVcode reads the browser's storage .* marks generateVcode for the server \(its reason: "Marked by mistake: it makes a virtual account\."\)/,
        ),
      },
    ]);
  });

  it('admin validate and publish show the refusal with its pointer; the map marked again publishes', async () => {
    const s = await startTestServer();
    try {
      const pat = await login(s.url, 'pat');
      const DOC = '/admin/api/documents/api-map/default';
      const rec = await (await pat.req('GET', DOC)).json();
      const map = structuredClone(rec.published.content) as ApiMap;
      const mark = map.endpoints.uploadProblemImg.firstCall;
      map.endpoints.uploadProblemImg.firstCall = { by: 'server', why: 'Wrongly thought a read.' };
      const saved = await pat.req('PUT', `${DOC}/draft`, map, { 'if-match': rec.etag });
      expect(saved.status).toBe(200);
      const pointer = '/endpoints/uploadProblemImg/firstCall/by';
      const validated = await (
        await pat.req('POST', '/admin/api/validate', { documents: [{ kind: 'api-map', id: 'default' }] })
      ).json();
      expect(validated.errors).toEqual([
        expect.objectContaining({
          kind: 'api-map',
          id: 'default',
          instancePath: pointer,
          message: expect.stringContaining('"Wrongly thought a read."'),
        }),
      ]);
      const refused = await pat.req('POST', '/admin/api/publish', {
        documents: [{ kind: 'api-map', id: 'default' }],
        note: 'upload by server',
      });
      expect(refused.status).toBe(422);
      expect((await refused.json()).errors).toEqual([expect.objectContaining({ instancePath: pointer })]);

      map.endpoints.uploadProblemImg.firstCall = mark;
      const draft = await (await pat.req('GET', DOC)).json();
      expect((await pat.req('PUT', `${DOC}/draft`, map, { 'if-match': draft.etag })).status).toBe(200);
      expect(
        (
          await pat.req('POST', '/admin/api/publish', {
            documents: [{ kind: 'api-map', id: 'default' }],
            note: 'marked again',
          })
        ).status,
      ).toBe(200);
    } finally {
      await s.stop();
    }
  });
});
