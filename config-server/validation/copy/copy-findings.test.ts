/**
 * Copy QA checks on good and bad copy in both locales: each check is shown a text set pair (id-ID, en-IN)
 * and, where it reads them, screens using the keys.
 */
import { describe, expect, it } from 'vitest';
import { copyFindings, type CopyFinding } from './copy-findings.js';
import { loadDocuments } from '../validate-documents.js';
import { parseMessage } from './parse-message.js';
import { formatMessage } from '../../../renderer/core/index.js';

const textSet = (locale: string, texts: Record<string, string>) => ({
  kind: 'text-set',
  content: { kind: 'text-set', id: locale, locale, texts },
});
const screen = (...children: unknown[]) => ({
  kind: 'screen',
  content: { kind: 'screen', id: 's', body: { type: 'page', title: 'common.title', children } },
});

/** Findings of one key, its id-ID and en-IN values given (and optional screens), without `common.title`. */
function findings(id: string, en: string, ...screens: ReturnType<typeof screen>[]): CopyFinding[] {
  return copyFindings({
    documents: [
      textSet('id-ID', { k: id, 'common.title': 'Judul' }),
      textSet('en-IN', { k: en, 'common.title': 'Title' }),
      ...screens,
    ],
  }).filter((f) => f.key === 'k');
}
const checks = (fs: CopyFinding[]) => fs.map((f) => `${f.locale} ${f.check} ${f.severity}`);

describe('copy findings', () => {
  it('passes good copy in both locales: plain, {name}, plurals with the locale categories, select, number', () => {
    expect(findings('Kirim', 'Send')).toEqual([]);
    expect(findings('Halo {name}', 'Hello {name}')).toEqual([]);
    expect(findings('{n, plural, other {# hari}}', '{n, plural, one {# day} other {# days}}')).toEqual([]);
    expect(findings('{g, select, a {Ya} other {Tidak}}', '{g, select, a {Yes} other {No}}')).toEqual([]);
    expect(findings('Maks {max, number} karakter', 'At most {max, number} characters')).toEqual([]);
  });

  it('empty: a blank value is an error in either locale, and no other check speaks for it', () => {
    expect(checks(findings('', 'Send'))).toEqual(['id-ID empty error']);
    expect(checks(findings('Kirim', '   '))).toEqual(['en-IN empty error']);
  });

  it('icu-syntax: a broken brace is an error naming where the parser stopped', () => {
    const [id] = findings('Halo {name', 'Hello {name}').filter((f) => f.check === 'icu-syntax');
    expect(id).toMatchObject({ locale: 'id-ID', severity: 'error' });
    expect(id!.message).toMatch(/^ICU syntax: .+ at character \d+/);
    expect(checks(findings('{n, plural, other {# hari}}', '{n, plural, one {# day}}'))).toContain(
      'en-IN icu-syntax error',
    );
  });

  it('plural-categories: en needs one and other; id needs only other; the fix copies other into the gap', () => {
    const f = findings('{n, plural, other {# hari}}', 'Loan term: {n, plural, other {# days}}.');
    expect(checks(f)).toEqual(['en-IN plural-categories error']);
    expect(f[0]!.message).toContain('"one"');
    expect(f[0]!.fix!.value).toBe('Loan term: {n, plural, one {# days} other {# days}}.');
    // `=1` is an exact case, not the category (the brief holds every en plural to `one` and `other`).
    const exact = findings('{n, plural, other {# hari}}', '{n, plural, =1 {1 day} other {# days}}');
    expect(checks(exact.filter((x) => x.check !== 'numbers'))).toEqual(['en-IN plural-categories error']);
    // Nested plurals are each checked and each fixed.
    const nested = findings(
      '{a, plural, other {# foto, {b, plural, other {# hari}}}}',
      '{a, plural, other {# images, {b, plural, other {# days}}}}',
    );
    expect(checks(nested)).toEqual(['en-IN plural-categories error', 'en-IN plural-categories error']);
    expect(nested[0]!.fix!.value).toBe(
      '{a, plural, one {# images, {b, plural, one {# days} other {# days}}} other {# images, {b, plural, one {# days} other {# days}}}}',
    );
  });

  it('placeholder-parity: a dropped or added argument is an error against the other locale; a misspelt one is renamed', () => {
    const f = findings('Halo {nama}', 'Hello {name}');
    expect(checks(f)).toEqual(['id-ID placeholder-parity error', 'en-IN placeholder-parity error']);
    expect(f[0]!.message).toBe('Placeholder drops {name} and adds {nama} against en-IN');
    expect(f[0]!.fix).toEqual({ label: 'Rename {nama} to {name}', value: 'Halo {name}' });
    // ICU-aware: a plural's argument is a placeholder too.
    expect(checks(findings('{n, plural, other {# hari}}', 'Some days'))).toEqual([
      'id-ID placeholder-parity error',
      'en-IN placeholder-parity error',
    ]);
  });

  it('placeholder-parity: an argument one locale formats (date, number, select) and the other shows as written', () => {
    // What each market's borrower reads of the same due date: en-IN a date, id-ID the backend's raw epoch.
    const due = 1751302800000;
    const ID_MARKET = { number: { locale: 'id-ID' }, timeZone: 'Asia/Jakarta' };
    const read = (src: string, locale: string) => {
      const p = parseMessage(src);
      return p.ok ? formatMessage(p.ast, { due }, { locale, market: ID_MARKET }) : '';
    };
    expect(read('Jatuh tempo {due}', 'id-ID')).toBe('Jatuh tempo 1751302800000');
    expect(read('Jatuh tempo {due, date, long}', 'id-ID')).toBe('Jatuh tempo 1 Juli 2025');

    const dated = findings('Jatuh tempo {due}', 'Due {due, date, long}');
    expect(checks(dated)).toEqual(['id-ID placeholder-parity error', 'en-IN placeholder-parity error']);
    expect(dated[0]!.message).toBe('{due} is shown as written here but as a date in en-IN: format it the same way');
    expect(dated[1]!.message).toBe('{due} is shown as a date here but as written in id-ID: format it the same way');
    // A number grouped in one market and raw in the other ("1250000" beside "12,50,000"); a select's raw code.
    expect(checks(findings('Total {n}', 'Total {n, number}'))).toEqual([
      'id-ID placeholder-parity error',
      'en-IN placeholder-parity error',
    ]);
    expect(checks(findings('{g}', '{g, select, a {Yes} other {No}}'))).toContain('id-ID placeholder-parity error');
    // A count reads the same however each language words it: Indonesian needs no plural, English does.
    expect(findings('{n} hari', '{n, plural, one {# day} other {# days}}')).toEqual([]);
    expect(findings('{n, number} hari', '{n, plural, one {# day} other {# days}}')).toEqual([]);
    expect(findings('Per {at, time, short}', 'As of {at, date, short}')).toEqual([]);
  });

  it('args-parity: copy must use exactly the args the screens pass with the key', () => {
    const passes = (args?: Record<string, string>) => screen({ type: 'text', key: 'k', ...(args ? { args } : {}) });
    expect(findings('Sisa {n}', 'Left {n}', passes({ n: '{{ 1 }}' }))).toEqual([]);
    const notPassed = findings('Sisa {n}', 'Left {n}', passes());
    expect(checks(notPassed)).toEqual(['id-ID args-parity error', 'en-IN args-parity error']);
    expect(notPassed[0]!.message).toBe('Uses {n}, which no screen using the key passes');
    expect(findings('Sisa', 'Left', passes({ n: '{{ 1 }}' }))[1]!.message).toBe(
      'The screens pass {n}, which this copy never shows',
    );
    // A component that formats its own copy (a countdown's {time}) is not judged: what it passes is not in a document.
    expect(findings('Sisa {time}', 'Left {time}', screen({ type: 'countdown', seconds: '9', key: 'k' }))).toEqual([]);
  });

  it('length: longer than the smallest slot (x-copyMaxChars) is a warning; the longest plural case counts', () => {
    const button = screen({ type: 'button', label: 'k' }, { type: 'tag', key: 'k' });
    expect(findings('Ajukan', 'Apply', button)).toEqual([]);
    const long = findings('Ajukan pinjaman sekarang', 'Apply', button);
    expect(checks(long)).toEqual(['id-ID length warning']);
    expect(long[0]!.message).toBe('24 characters: the slot it fills allows 16');
    expect(
      checks(findings('{n, plural, other {Lihat # foto lainnya}}', '{n, plural, one {#} other {#}}', button)),
    ).toEqual(['id-ID length warning']);
  });

  it('markup: a tag is an error in either locale; the fix strips it', () => {
    const f = findings('Bayar <b>sekarang</b>', 'Pay now');
    expect(checks(f)).toEqual(['id-ID markup error']);
    expect(f[0]!.fix!.value).toBe('Bayar sekarang');
    expect(checks(findings('Bayar', 'Pay<br/>now'))).toEqual(['en-IN markup error']);
    expect(findings('1 < 2 > 0', '1 < 2 > 0')).toEqual([]);
  });

  it('spaces: leading, trailing and double spaces are warnings; the fix trims; ICU syntax spacing is not text', () => {
    const f = findings(' Bayar  sekarang ', 'Pay now');
    expect(checks(f)).toEqual(['id-ID spaces warning']);
    expect(f[0]!.message).toBe('Spaces: leading, trailing, double spaces');
    expect(f[0]!.fix!.value).toBe('Bayar sekarang');
    expect(checks(findings('Bayar', 'Pay  now'))).toEqual(['en-IN spaces warning']);
    expect(findings('{n, plural,  other {# hari}}', '{n, plural, one {# day}  other {# days}}')).toEqual([]);
  });

  it('numbers: a figure differing between locales is a warning on both; separators and order do not matter', () => {
    const f = findings('Maks 200 karakter', 'At most 250 characters');
    expect(checks(f)).toEqual(['id-ID numbers warning', 'en-IN numbers warning']);
    expect(f[0]!.message).toBe('Numbers differ from en-IN: 200 here, 250 there');
    expect(findings('Rp1.000.000 dalam 7 hari', '7 days for Rs 1,000,000')).toEqual([]);
  });
});

describe('the shipped copy', () => {
  it('has no error finding in any text set', () => {
    const docs = loadDocuments().docs.map((d) => ({ kind: (d.doc as { kind: string }).kind, content: d.doc }));
    expect(copyFindings({ documents: docs }).filter((f) => f.severity === 'error')).toEqual([]);
  });
});
