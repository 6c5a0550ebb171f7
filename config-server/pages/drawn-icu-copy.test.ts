import { describe, expect, it } from 'vitest';
import { PublishedSnapshot, type SnapshotDoc } from '../published/snapshot.js';
import { readRepoDocuments } from '../store/repo-documents.js';
import { pageDrawer } from './draw-page.js';
import { bundleTexts, copyText } from '../../renderer/core/copy/copy-text.js';

// The server's drawn page and the app format an ICU message to the same text. The draw reads the snapshot's
// bundle; the app reads the bundle's bytes as served (its pre-parsed `messages`) with the same core formatter.
const repoDocs = () => readRepoDocuments().map((d) => structuredClone(d.content) as SnapshotDoc);

/** Each counted message a screen shows, as a node binding it: the text key, its args and what a borrower reads. */
const PROBES = [
  { expr: "termUnit('day', 1)", key: 'loan.unitDay', args: { count: 1 }, IN: '1 day', ID: '1 hari' },
  { expr: "termUnit('day', 2)", key: 'loan.unitDay', args: { count: 2 }, IN: '2 days', ID: '2 hari' },
  { expr: "termUnit('month', 1)", key: 'loan.unitMonth', args: { count: 1 }, IN: '1 month', ID: '1 bulan' },
  {
    expr: "t('repay.paidPeriods', { count: 1 })",
    key: 'repay.paidPeriods',
    args: { count: 1 },
    IN: '1 paid instalment',
    ID: '1 periode lunas',
  },
  {
    expr: "t('widget.imageUpload.count', { count: 3, max: 9 })",
    key: 'widget.imageUpload.count',
    args: { count: 3, max: 9 },
    IN: '3 of 9 images',
    ID: '3 dari 9 gambar',
  },
  {
    expr: "t('widget.imageUpload.tooMany', { max: 1 })",
    key: 'widget.imageUpload.tooMany',
    args: { max: 1 },
    IN: 'At most 1 picture',
    ID: 'Maksimal 1 gambar',
  },
] as const;

const probeScreen = {
  kind: 'screen',
  id: 'icu-probe',
  schemaVersion: 1,
  title: 'common.ok',
  body: PROBES.map((p, i) => ({ type: 'text', id: `probe-${i}`, value: `{{ ${p.expr} }}` })),
} as unknown as SnapshotDoc;

/** The text of the drawn element with this id (a text node draws as one element with plain text). */
const drawnText = (html: string, id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];

describe.each(['IN', 'ID'] as const)('ICU copy on a page drawn for %s', (market) => {
  it('the drawn page and the app read the same text for every counted message', async () => {
    const logs: string[] = [];
    const snap = new PublishedSnapshot([...repoDocs(), probeScreen]);
    const page = await pageDrawer((m) => logs.push(m))(snap, { market, screenId: 'icu-probe', query: {} });
    expect(page?.html).toBeTruthy();

    // The app's side: the bundle as served, parsed from its bytes.
    const bundle = JSON.parse(snap.bundle(market)!.body.toString('utf8'));
    expect(Object.keys(bundle.messages)).toEqual(expect.arrayContaining(PROBES.map((p) => p.key)));
    const texts = bundleTexts(bundle);
    PROBES.forEach((p, i) => {
      const app = copyText(texts, p.key, { ...p.args }, bundle.market);
      expect(app).toBe(p[market]);
      expect(drawnText(page!.html, `probe-${i}`)).toBe(app);
    });
    expect(logs).toEqual([]);
  });

  it('the ICU source never reaches the drawn page', async () => {
    const snap = new PublishedSnapshot([...repoDocs(), probeScreen]);
    const page = await pageDrawer(() => {})(snap, { market, screenId: 'icu-probe', query: {} });
    expect(page?.html).not.toMatch(/plural,|\{count\}/);
  });
});
