import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../project-root.js';
import { defaultFileFor, schemaErrors } from './document-rules.js';

const dir = fromRoot('screens/metrics/');
const shipped = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ file: f, doc: JSON.parse(readFileSync(dir + f, 'utf8')) as Record<string, unknown> }));

const valid = {
  kind: 'metric',
  id: 'loanConfirmed',
  schemaVersion: 1,
  name: 'Loan confirmed',
  description: 'The backend accepted a confirmation.',
  event: 'loan.confirmed',
  higherIsBetter: true,
};

describe('metric documents', () => {
  it('ship the four goals, complaints the only one where fewer is better, each counted for 72 hours', () => {
    const byId = Object.fromEntries(
      shipped.map(({ doc }) => [doc.id, [doc.higherIsBetter, doc.conversionWindowHours]]),
    );
    expect(byId).toEqual({
      registered: [true, 72],
      loanConfirmed: [true, 72],
      repaid: [true, 72],
      complaintFiled: [false, 72],
    });
    for (const { file, doc } of shipped) {
      expect(schemaErrors('metric', doc)).toEqual([]);
      // Where the console's new metric would be written is where the shipped one lives.
      expect(defaultFileFor('metric', String(doc.id))).toBe(`screens/metrics/${file}`);
    }
  });

  it('takes the 72-hour window as the default, so a metric may leave it out', () => {
    expect(schemaErrors('metric', valid)).toEqual([]);
  });

  it('refuses a metric without a direction, with a zero window or a spaced event, naming the field', () => {
    const { higherIsBetter: _dropped, ...noDirection } = valid;
    expect(
      schemaErrors('metric', noDirection)
        .map((e) => e.message)
        .join(),
    ).toMatch(/higherIsBetter/);
    expect(schemaErrors('metric', { ...valid, conversionWindowHours: 0 })).toEqual([
      expect.objectContaining({ instancePath: '/conversionWindowHours' }),
    ]);
    expect(schemaErrors('metric', { ...valid, event: 'loan confirmed' })).toEqual([
      expect.objectContaining({ instancePath: '/event' }),
    ]);
    expect(schemaErrors('metric', { ...valid, id: 'loan-confirmed' })).toEqual([
      expect.objectContaining({ instancePath: '/id' }),
    ]);
  });
});
