/**
 * The repository's own documents and schemas: every default document validates (through the real
 * CLI, as CI runs it), every schema property is described, and the generated files are current.
 */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readSchemaFiles } from '../config-server/validation/load-schemas.js';
import { screensDir } from '../config-server/validation/validate-documents.js';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..');
const tsx = (script: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

describe('default documents', () => {
  it('npm run validate passes on screens/', async () => {
    const r = await tsx('config-server/cli/validate.ts');
    expect(r.stderr.replace(/.*DEPRECATED.*\n?/g, '')).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+ documents valid\n$/);
  });

  it('npm run validate exits 1 and prints file#pointer for a document with a wrong field type', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'sdui-cli-')), 'screens');
    try {
      cpSync(screensDir, dir, { recursive: true });
      const api = JSON.parse(readFileSync(join(dir, 'maps/api-map.json'), 'utf8'));
      api.timeoutMs = '60s';
      writeFileSync(join(dir, 'maps/api-map.json'), JSON.stringify(api));
      const r = await tsx('config-server/cli/validate.ts', dir);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('screens/maps/api-map.json#/timeoutMs: must be of type integer');
      expect(r.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(join(dir, '..'), { recursive: true, force: true });
    }
  });

  it('route map names every path of the spec, scrambled ones included', () => {
    const map = JSON.parse(readFileSync(join(screensDir, 'maps/route-map.json'), 'utf8'));
    const paths = new Set(map.routes.map((r: { path: string }) => r.path));
    const spec = [
      '/',
      '/Policy',
      '/Loan',
      '/About',
      '/User',
      '/Contact',
      '/privacyPolicy',
      '/complainPageNext',
      '/complaintList',
      '/complainDetails',
      '/complainNewPage',
      '/intelligentCustomerService',
      '/that',
      '/individual',
      '/addnormalcard',
      '/alipayrepayment',
      '/borrowDetail',
      '/dragonpayPaymentInstructions',
      '/relevant',
      '/downloadTemplate',
      '/agreementTemplate',
      '/testPreview',
      '/broad',
      '/flat',
      '/fine',
      '/soft',
      '/hair',
      '/keen',
      '/great',
      '/length',
      '/sides',
      '/legs',
      '/woven',
      '/mass',
      '/muscles',
      '/nerves',
      '/tapering',
      '/slender',
      '/towards',
    ];
    expect(spec.filter((p) => !paths.has(p))).toEqual([]);
  });

  it('API map uses the spec literal paths and success codes', () => {
    const { endpoints } = JSON.parse(readFileSync(join(screensDir, 'maps/api-map.json'), 'utf8'));
    expect(endpoints.saveScore).toMatchObject({ path: '/user-problem/save-score', successCode: '00' });
    expect(endpoints.qaList).toMatchObject({
      method: 'GET',
      path: '/h5-api/v3/user-problem/get-qa-list',
      successCode: 0,
    });
    expect(endpoints.uploadProblemImg.encoding).toBe('multipart');
    for (const silent of [
      'loanDetailConfirm',
      'loanDetailPush',
      'loanPlayDetail',
      'delayDetail',
      'loanDetails',
      'googleScore',
    ]) {
      expect(endpoints[silent].onFailure, silent).toBe('silent');
    }
  });
});

describe('schemas', () => {
  it('describe every property', () => {
    const missing: string[] = [];
    const visit = (node: unknown, at: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${at}/${i}`));
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node)) {
        if (k === 'properties' && v && typeof v === 'object') {
          for (const [name, prop] of Object.entries(v)) {
            if (typeof (prop as { description?: unknown }).description !== 'string')
              missing.push(`${at}/properties/${name}`);
          }
        }
        if (k !== 'const' && k !== 'enum' && k !== 'default' && k !== 'examples') visit(v, `${at}/${k}`);
      }
    };
    for (const f of readSchemaFiles()) {
      if (typeof f.schema.description !== 'string') missing.push(`schemas/${f.file}#`);
      visit(f.schema, `schemas/${f.file}#`);
    }
    expect(missing).toEqual([]);
  });

  it('generated files are current (npm run gen -- --check)', async () => {
    const r = await tsx('config-server/cli/gen.ts', '--check');
    expect(r.stderr.replace(/.*DEPRECATED.*\n?/g, '')).toBe('');
    expect(r.code).toBe(0);
  }, 60000);
});
