import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  loadDocuments,
  screensDir,
  validateDirectory,
  validateDocuments,
  type LoadedDocument,
} from './validate-documents.js';

/** Each test edits a fresh copy of the default documents. */
let dir: string;
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'sdui-docs-')), 'screens');
  cpSync(screensDir, dir, { recursive: true });
});
afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const write = (file: string, doc: unknown) => writeFileSync(join(dir, file), JSON.stringify(doc, null, 2));
const edit = (file: string, change: (doc: any) => void) => {
  const doc = read(file);
  change(doc);
  write(file, doc);
};
const screen = (id: string, body: unknown[], extra: Record<string, unknown> = {}) => ({
  kind: 'screen',
  id,
  schemaVersion: 1,
  title: 'common.comingSoon',
  body,
  ...extra,
});

describe('validateDirectory', () => {
  it('accepts the default documents', () => {
    const { count, errors } = validateDirectory(dir);
    expect(errors).toEqual([]);
    expect(count).toBeGreaterThanOrEqual(19);
  });

  it('names the file and JSON pointer of a field with the wrong type', () => {
    edit('markets/ID.json', (m) => (m.loanRange.min = 'one million'));
    const { errors } = validateDirectory(dir);
    expect(errors).toEqual([
      { file: 'screens/markets/ID.json', pointer: '/loanRange/min', message: 'must be of type integer' },
    ]);
  });

  it('names an unknown property and says to remove it', () => {
    edit('pages/not-found.json', (s) => (s.body[0].colour = 'red'));
    const [e] = validateDirectory(dir).errors;
    expect(e).toMatchObject({ file: 'screens/pages/not-found.json', pointer: '/body/0/colour' });
    expect(e.message).toMatch(/unknown property "colour".*remove/);
  });

  it('names a text key used by a screen but missing in en-IN, with the screen and the locale', () => {
    write('pages/not-found.json', screen('not-found', [{ type: 'text', key: 'common.brandNew' }]));
    edit('texts/id-ID.json', (t) => (t.texts['common.brandNew'] = 'Baru'));
    const { errors } = validateDirectory(dir);
    const missing = errors.find((e) => e.file === 'screens/pages/not-found.json');
    expect(missing?.pointer).toBe('/body/0/key');
    expect(missing?.message).toContain('"common.brandNew"');
    expect(missing?.message).toContain('screen "not-found"');
    expect(missing?.message).toContain('en-IN');
    expect(missing?.message).not.toContain('id-ID');
    // The text sets disagree on their keys too, reported on the one that lacks it.
    expect(errors).toContainEqual(expect.objectContaining({ file: 'screens/texts/en-IN.json', pointer: '/texts' }));
  });

  it("finds text keys inside expressions' t() calls", () => {
    write(
      'pages/not-found.json',
      screen('not-found', [{ type: 'text', value: "{{ t('nowhere.key') }}", when: 't("also.missing") != \'\'' }]),
    );
    const msgs = validateDirectory(dir).errors.map((e) => `${e.pointer} ${e.message}`);
    expect(msgs.some((m) => m.startsWith('/body/0/value') && m.includes('"nowhere.key"'))).toBe(true);
    expect(msgs.some((m) => m.startsWith('/body/0/when') && m.includes('"also.missing"'))).toBe(true);
  });

  it('refuses a link, an openUrl and an image address with a tab, CR, LF or backslash, each at its pointer', () => {
    write(
      'pages/not-found.json',
      screen('not-found', [
        { type: 'link', label: 'common.back', url: '/\t/evil.example' },
        { type: 'link', label: 'common.back', url: '/\\evil.example' },
        { type: 'button', label: 'common.back', onClick: [{ action: 'openUrl', url: 'https://ok.example/\r\n/x' }] },
        { type: 'link', label: 'common.back', url: '/complaintList' },
      ]),
    );
    const errors = validateDirectory(dir).errors.filter((e) => e.file === 'screens/pages/not-found.json');
    expect([...new Set(errors.map((e) => e.pointer))]).toEqual(['/body/0/url', '/body/1/url', '/body/2/onClick/0/url']);
    expect(errors[0].message).toMatch(/tab, CR, LF or backslash.*leave the site/);
  });

  it('reports a malformed JSON file by name and position, without throwing', () => {
    writeFileSync(join(dir, 'pages/broken.json'), '{\n  "kind": "screen",\n  "id": "broken"\n  "body": []\n}');
    const { errors } = validateDirectory(dir);
    expect(errors).toHaveLength(1);
    expect(errors[0].file).toBe('screens/pages/broken.json');
    expect(errors[0].message).toMatch(/not valid JSON.*line 4/);
    expect(errors[0].message).not.toMatch(/\n\s+at /);
  });

  it('reports a route whose screen does not exist', () => {
    edit('maps/route-map.json', (r) => r.routes.push({ path: '/ghost', screen: 'ghost-screen' }));
    const [e, ...rest] = validateDirectory(dir).errors;
    expect(rest).toEqual([]);
    expect(e.file).toBe('screens/maps/route-map.json');
    expect(e.pointer).toMatch(/^\/routes\/\d+\/screen$/);
    expect(e.message).toContain('"ghost-screen"');
  });

  it('reports an unknown endpoint, bridge message and navigate target used by actions of a screen', () => {
    const onClick = [
      {
        action: 'api',
        endpoint: 'problemInit',
        onSuccess: [{ action: 'navigate', to: '/complaintList' }],
        onError: [{ action: 'api', endpoint: 'noSuchCall' }],
      },
      { action: 'bridge', message: 'teleport' },
      { action: 'bridge', message: 'callPhone' },
      { action: 'navigate', to: '/nowhere' },
    ];
    write('pages/not-found.json', screen('not-found', [{ type: 'button', label: 'common.back', onClick }]));
    const errors = validateDirectory(dir).errors;
    expect(errors.map((e) => `${e.file}#${e.pointer}`)).toEqual([
      'screens/pages/not-found.json#/body/0/onClick/0/onError/0/endpoint',
      'screens/pages/not-found.json#/body/0/onClick/1/message',
      'screens/pages/not-found.json#/body/0/onClick/3/to',
    ]);
    expect(errors[0].message).toMatch(/endpoint "noSuchCall" used by screen "not-found" is not in api-map "default"/);
    expect(errors[1].message).toMatch(/bridge message "teleport" .*bridge-map "default"/);
    expect(errors[2].message).toMatch(/navigate target "\/nowhere" .*route-map "default".*add a route/);
  });

  it('says which node type is unknown and which of alternative properties is needed', () => {
    write('pages/not-found.json', screen('not-found', [{ type: 'txet', key: 'common.back' }, { type: 'text' }]));
    const errors = validateDirectory(dir).errors.map((e) => `${e.pointer}: ${e.message}`);
    expect(errors).toEqual([
      expect.stringMatching(/^\/body\/0\/type: unknown type "txet"/),
      '/body/1: needs at least one of the properties "key", "value": add one',
    ]);
  });

  it('reports a market whose text set does not exist', () => {
    edit('markets/IN.json', (m) => (m.textSet = 'hi-IN'));
    expect(validateDirectory(dir).errors).toEqual([
      expect.objectContaining({ file: 'screens/markets/IN.json', pointer: '/textSet' }),
    ]);
  });

  it('reports an unknown kind and a duplicate id', () => {
    write('pages/odd.json', { kind: 'widget', id: 'odd', schemaVersion: 1 });
    write('pages/zzz.json', { ...read('pages/not-found.json') });
    const errors = validateDirectory(dir).errors;
    expect(errors).toContainEqual(
      expect.objectContaining({
        file: 'screens/pages/odd.json',
        pointer: '/kind',
        message: expect.stringContaining('unknown kind "widget"'),
      }),
    );
    expect(errors).toContainEqual(
      expect.objectContaining({
        file: 'screens/pages/zzz.json',
        pointer: '/id',
        message: expect.stringContaining('duplicate screen id "not-found" (also in screens/pages/not-found.json)'),
      }),
    );
  });

  it('reports a text key used by the API map that a text set lacks', () => {
    edit('texts/en-IN.json', (t) => delete t.texts['repay.codeWrong']);
    const errors = validateDirectory(dir).errors;
    expect(errors).toContainEqual(
      expect.objectContaining({
        file: 'screens/maps/api-map.json',
        pointer: '/endpoints/repaymentConfirm/errorTexts/800006',
        message: expect.stringContaining('en-IN'),
      }),
    );
  });
});

describe('validateDocuments (references by schema position)', () => {
  const base = () => loadDocuments(screensDir).docs;
  /** A minimal schema-valid stand-in for the common refs, so this test does not depend on which actions exist. */
  const withDocs = (...extra: LoadedDocument[]) => validateDocuments([...base(), ...extra]);

  it('checks endpoint names, bridge messages and navigate targets wherever a schema refers to them', async () => {
    const { createAjv } = await import('./load-schemas.js');
    const { collectReferences } = await import('./collect-references.js');
    // Document kinds hold no endpoint/bridge/route refs of their own yet; use a throwaway schema that does.
    const ajv = createAjv(undefined, { strict: false });
    ajv.addSchema({
      $id: 'https://schemas.cashloan.dev/sdui/test/probe.json',
      type: 'object',
      properties: {
        calls: { type: 'array', items: { $ref: '../common/endpoint-name.json' } },
        native: { $ref: '../common/bridge-message.json' },
        go: { oneOf: [{ $ref: '../common/route-path.json' }, { type: 'number' }] },
      },
    });
    const refs = collectReferences(ajv, 'https://schemas.cashloan.dev/sdui/test/probe.json', {
      calls: ['problemInit', 'noSuchCall'],
      native: 'teleport',
      go: '/nowhere',
    });
    expect(refs).toEqual([
      { kind: 'endpoint', value: 'problemInit', pointer: '/calls/0' },
      { kind: 'endpoint', value: 'noSuchCall', pointer: '/calls/1' },
      { kind: 'bridge', value: 'teleport', pointer: '/native' },
      { kind: 'route', value: '/nowhere', pointer: '/go' },
    ]);
    const { checkCrossDocumentRules } = await import('./cross-document-rules.js');
    const docs = base();
    const known = docs.map((d) => ({
      file: d.file,
      kind: (d.doc as any).kind,
      id: (d.doc as any).id,
      doc: d.doc as Record<string, unknown>,
      valid: true,
    }));
    known.push({ file: 'probe.json', kind: 'probe', id: 'probe', doc: {}, valid: true });
    const errors = checkCrossDocumentRules(known, new Map([['probe.json', refs]]));
    expect(errors.map((e) => e.pointer)).toEqual(['/calls/1', '/native', '/go']);
    expect(errors[0].message).toMatch(/endpoint "noSuchCall" .* not in api-map "default"/);
    expect(errors[1].message).toMatch(/bridge message "teleport" .* not in bridge-map "default"/);
    expect(errors[2].message).toMatch(/navigate target "\/nowhere" .* not in route-map "default"/);
  });

  it('names the file and pointer of a document nested too deeply or an expression too long, without throwing', () => {
    // A few hundred levels overflowed the stack: the editor got a failed validation instead of where to look.
    let node: unknown = { type: 'text', value: 'x' };
    for (let i = 0; i < 500; i++) node = { type: 'stack', children: [node] };
    const deep = withDocs({ file: 'store:screen/deep', doc: screen('deep', [node]) });
    expect(deep).toHaveLength(1);
    expect(deep[0].file).toBe('store:screen/deep');
    expect(deep[0].pointer).toMatch(/^\/body\/0(\/children\/0)+$/);
    expect(deep[0].message).toMatch(/nested more than \d+ levels/);
    const long = `{{ ${Array(20000).fill('state.a').join(' + ')} }}`;
    const sum = withDocs({ file: 'store:screen/sum', doc: screen('sum', [{ type: 'text', value: long }]) });
    expect(sum.map((e) => [e.file, e.pointer])).toEqual([['store:screen/sum', '/body/0/value']]);
    expect(sum[0].message).toMatch(/nested too deeply/);
  });

  it('accepts documents passed in memory (the config store validates before publishing)', () => {
    expect(withDocs()).toEqual([]);
    expect(withDocs({ file: 'store:screen/x', doc: screen('x', [{ type: 'text', key: 'no.such' }]) })).toHaveLength(2);
  });
});
