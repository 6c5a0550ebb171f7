import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { login, startTestServer } from '../testing/test-helpers.js';
import { expressionProblem } from './expression-rules.js';
import { loadDocuments, screensDir, validateDocuments, type LoadedDocument } from './validate-documents.js';

const BROKEN = '{{ 1 +* ( }}';

/** The repository's documents, with the one at `file` changed by `edit`. */
function edited(file: string, edit: (doc: any) => void): LoadedDocument[] {
  return loadDocuments().docs.map((d) => {
    if (d.file !== file) return d;
    const doc = structuredClone(d.doc);
    edit(doc);
    return { file, doc };
  });
}
const expressionErrors = (docs: LoadedDocument[]) =>
  validateDocuments(docs).filter((e) => e.message.startsWith('expression error'));

describe('expressions at validate', () => {
  it('passes every expression of the repository documents', () => {
    expect(expressionErrors(loadDocuments().docs)).toEqual([]);
  });

  it('names file, pointer and position of a broken binding, a broken when and a broken cond', () => {
    const file = 'screens/pages/loans/loan-details.json';
    const docs = edited(file, (d) => {
      d.onLoad[0].params.orderId = BROKEN;
      const cond = d.onLoad.findIndex((a: { action: string }) => a.action === 'if');
      d.onLoad[cond].cond = 'number(state.d.isScore) == ';
      d.body[0].when = 'state.d state.e';
    });
    const cond = (
      loadDocuments().docs.find((d) => d.file === file)!.doc as { onLoad: { action: string }[] }
    ).onLoad.findIndex((a) => a.action === 'if');
    expect(
      expressionErrors(docs)
        .map((e) => `${e.file}#${e.pointer}: ${e.message}`)
        .sort(),
    ).toEqual(
      [
        `${file}#/body/0/when: expression error at 0: two expressions side by side (a missing operator or comma?) in "state.d state.e"`,
        `${file}#/onLoad/${cond}/cond: expression error at 27: Expected expression after == in "number(state.d.isScore) == "`,
        `${file}#/onLoad/0/params/orderId: expression error at 6: Expected expression after + in "${BROKEN}"`,
      ].sort(),
    );
  });

  it('checks landing templates, unclosed and empty bindings; leaves plain text and other kinds alone', () => {
    const docs = edited('screens/templates/default.json', (d) => {
      d.appName = 'Cash {{ market.name ';
      d.bannerAlt = '{{ }}';
    });
    expect(expressionErrors(docs).map((e) => [e.pointer, e.message])).toEqual([
      [
        '/appName',
        'expression error at 5: `{{` without its closing `}}` (borrowers would see it as text) in "Cash {{ market.name "',
      ],
      ['/bannerAlt', 'expression error at 2: empty expression in "{{ }}"'],
    ]);
    // A text set's copy is ICU MessageFormat, never evaluated: `{{` there is someone else's rule.
    const texts = loadDocuments().docs.find((d) => (d.doc as { kind: string }).kind === 'text-set')!;
    expect(expressionErrors(edited(texts.file, (d) => void (d.texts['common.retry'] = BROKEN)))).toEqual([]);
  });

  it("uses the renderer's parser: its operators, object literals and ternaries pass, removed operators fail", () => {
    expect(expressionProblem("amount(state.d.total) + ' ' + t('x') ")).toBeUndefined();
    expect(expressionProblem('{ a: 1, "b": [state.x, -2] }')).toBeUndefined();
    expect(expressionProblem('a ? b : c ?? d')).toBeUndefined();
    expect(expressionProblem('a | b')).toEqual({ at: 2, message: 'Unexpected "|"' });
    expect(expressionProblem('this.x')).toEqual({ at: 0, message: '`this` is not part of the language' });
  });

  it('fails npm run validate with file#pointer and the position', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'sdui-expr-')), 'screens');
    try {
      cpSync(screensDir, dir, { recursive: true });
      const file = join(dir, 'pages/not-found.json');
      const doc = JSON.parse(readFileSync(file, 'utf8'));
      doc.body.push({ type: 'text', value: BROKEN });
      writeFileSync(file, JSON.stringify(doc));
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'config-server/cli/validate.ts', dir]);
      const err = (await run.then(
        () => undefined,
        (e: { code: number; stderr: string }) => e,
      ))!;
      expect(err.code).toBe(1);
      expect(err.stderr).toContain(
        `screens/pages/not-found.json#/body/${doc.body.length - 1}/value: expression error at 6: Expected expression after +`,
      );
    } finally {
      rmSync(join(dir, '..'), { recursive: true, force: true });
    }
  });
});

describe("expressions at the console's validate and publish", () => {
  it('refuses a broken binding with its pointer (422, nothing published); the fixed one publishes', async () => {
    const s = await startTestServer();
    try {
      const pat = await login(s.url, 'pat');
      const DOC = '/admin/api/documents/screen/not-found';
      const rec = await (await pat.req('GET', DOC)).json();
      const doc = structuredClone(rec.published.content);
      doc.body.push({ type: 'text', value: BROKEN });
      const pointer = `/body/${doc.body.length - 1}/value`;
      const saved = await pat.req('PUT', `${DOC}/draft`, doc, { 'if-match': rec.etag });
      expect(saved.status).toBe(200);
      const validated = await (
        await pat.req('POST', '/admin/api/validate', { documents: [{ kind: 'screen', id: 'not-found' }] })
      ).json();
      expect(validated.errors).toEqual([
        expect.objectContaining({ instancePath: pointer, message: expect.stringMatching(/^expression error at 6: /) }),
      ]);
      const refused = await pat.req('POST', '/admin/api/publish', {
        documents: [{ kind: 'screen', id: 'not-found' }],
        note: 'broken',
      });
      expect(refused.status).toBe(422);
      expect(await fetch(`${s.url}/config/v1/screens/not-found`).then((r) => r.text())).not.toContain('+*');

      doc.body[doc.body.length - 1].value = '{{ 1 + 2 }}';
      expect((await pat.req('PUT', `${DOC}/draft`, doc, { 'if-match': saved.headers.get('etag')! })).status).toBe(200);
      expect(
        (
          await pat.req('POST', '/admin/api/publish', {
            documents: [{ kind: 'screen', id: 'not-found' }],
            note: 'fixed',
          })
        ).status,
      ).toBe(200);
    } finally {
      await s.stop();
    }
  });
});
