import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screensDir, validateDirectory } from './validate-documents.js';

// A market's number format is its locale; the separators are an ops override. Both are checked at validate, so a
// publish cannot make amounts fall back to another country's grouping or become unreadable.
let dir: string;
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'sdui-number-')), 'screens');
  cpSync(screensDir, dir, { recursive: true });
});
afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

const editNumber = (file: string, number: unknown) => {
  const doc = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  doc.number = number;
  writeFileSync(join(dir, file), JSON.stringify(doc, null, 2));
};

describe("a market's number format", () => {
  it('accepts a locale alone and a locale with a sound override', () => {
    editNumber('markets/IN.json', { locale: 'en-IN', thousandsSeparator: ' ', decimalSeparator: '.' });
    expect(validateDirectory(dir).errors).toEqual([]);
  });

  it('needs a locale, named by its pointer', () => {
    editNumber('markets/IN.json', { thousandsSeparator: ',', decimalSeparator: '.' });
    expect(validateDirectory(dir).errors).toEqual([
      expect.objectContaining({ file: 'screens/markets/IN.json', pointer: '/number' }),
    ]);
  });

  it('refuses a locale the server cannot format numbers in', () => {
    editNumber('markets/ID.json', { locale: 'zz-ZZ' });
    const [e, ...rest] = validateDirectory(dir).errors;
    expect(rest).toEqual([]);
    expect(e).toMatchObject({ file: 'screens/markets/ID.json', pointer: '/number/locale' });
    expect(e.message).toMatch(/"zz-ZZ" is not one this server formats numbers in/);
  });

  it('refuses a digit as a separator, and an override equal to the other separator', () => {
    editNumber('markets/IN.json', { locale: 'en-IN', decimalSeparator: '5' });
    expect(validateDirectory(dir).errors).toEqual([
      expect.objectContaining({ file: 'screens/markets/IN.json', pointer: '/number/decimalSeparator' }),
    ]);
    editNumber('markets/IN.json', { locale: 'en-IN', thousandsSeparator: '.' });
    const [e, ...rest] = validateDirectory(dir).errors;
    expect(rest).toEqual([]);
    expect(e).toMatchObject({ file: 'screens/markets/IN.json', pointer: '/number/thousandsSeparator' });
    expect(e.message).toMatch(/both be "\."/);
  });
});
