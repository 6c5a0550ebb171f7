import { describe, expect, it } from 'vitest';
import type { Beacon, BeaconScreen, ScreenDocument } from '../../schemas/generated/types';
import { createCollector, type CollectorOptions } from './beacon-collector';
import type { Note } from './telemetry-inbox';

const T1 = 'eyJ2IjoiMDEyMzQ1Njc4OWFiY2RlZmdoaWprbCJ9.0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const T2 = T1.replace('0123', '4567');

function setup(o: Partial<CollectorOptions> = {}) {
  const sent: Beacon[] = [];
  const c = createCollector({
    market: 'ID',
    sampled: false,
    boot: null,
    send: (b) => void sent.push(JSON.parse(b)),
    ...o,
  });
  const feed = (...notes: Note[]) => notes.forEach((n, i) => c.take(n, 1000 + i));
  const screens = () => {
    c.flush();
    return sent.flatMap((b) => b.screens);
  };
  return { c, feed, sent, screens };
}
const entry = (list: BeaconScreen[], screen: string) => list.filter((s) => s.screen === screen);

describe('beacon collector', () => {
  it('reports a view with a ticket on its own, whatever the sample; a screen shown again from memory reuses its ticket', () => {
    const { feed, screens } = setup();
    feed(
      { key: 'screen:complaint-entry', ticket: T1 },
      { view: 'complaint-entry' },
      { view: 'complaint-entry' },
      { key: 'screen:complaint-entry', ticket: T2 },
      { view: 'complaint-entry' },
    );
    expect(screens()).toEqual([
      { screen: 'complaint-entry', ticket: T1, pageViews: 2 },
      { screen: 'complaint-entry', ticket: T2, pageViews: 1 },
    ]);
  });

  it('reports screens without a release only when the page load is sampled', () => {
    const out = setup();
    out.feed(
      { view: 'complaint-list' },
      { api: 'qaList' },
      { log: 'screen complaint-list: node text failed to render: boom' },
    );
    expect(out.screens()).toEqual([]);
    const sampled = setup({ sampled: true });
    sampled.feed(
      { view: 'complaint-list' },
      { api: 'qaList' },
      { log: 'screen complaint-list: node text failed to render: boom' },
    );
    expect(sampled.screens()).toEqual([
      { screen: 'complaint-list', pageViews: 1, apiFailures: { qaList: 1 }, renderErrors: 1 },
    ]);
  });

  it("takes a drawn page's ticket from its hand-off for its first screen, the next screen's from its answer", () => {
    const boot = { screen: { id: 'complaint-entry' } as ScreenDocument, viewTicket: T1 };
    const { feed, screens } = setup({ boot });
    feed(
      { view: 'complaint-entry' },
      { log: 'screen complaint-entry: node text failed to render: boom' },
      { key: 'screen:complain-page-next', ticket: T2 },
      { view: 'complain-page-next' },
      { key: 'screen:help', ticket: null },
      { view: 'help' },
    );
    const all = screens();
    expect(entry(all, 'complaint-entry')).toEqual([
      { screen: 'complaint-entry', ticket: T1, pageViews: 1, renderErrors: 1 },
    ]);
    expect(entry(all, 'complain-page-next')).toEqual([{ screen: 'complain-page-next', ticket: T2, pageViews: 1 }]);
    // No ticket and not sampled: not reported.
    expect(entry(all, 'help')).toEqual([]);
  });

  it('counts problems for the screen that logged them (also before its view is noted), failed calls for the screen on show', () => {
    const { feed, screens } = setup({ sampled: true });
    feed(
      { api: 'problemInit' }, // the boot's first call, before any screen shows: the first screen's
      { log: 'screen a: unknown node type "nope"' },
      { view: 'a' },
      { log: 'screen a: expression cannot parse "((": x' },
      { log: 'screen a: expression cannot parse "((": x' }, // re-rendered: the same warning
      { log: 'screen a: image: refused source x' }, // not a counted kind
      { log: 'call problemInit failed: Network Error' }, // counted by the API layer's own note, not twice
      { api: 'problemSave' },
      { log: 'screen b: node list #orders failed to render: boom' },
      { view: 'b' },
      { api: 'qaList' },
      { view: 'a' },
      { log: 'screen a: expression cannot parse "((": x' }, // a new view of a: counts again
    );
    expect(screens()).toEqual([
      {
        screen: 'a',
        unknownNodes: 1,
        pageViews: 2,
        apiFailures: { problemInit: 1, problemSave: 1 },
        expressionWarnings: 2,
      },
      { screen: 'b', renderErrors: 1, pageViews: 1, apiFailures: { qaList: 1 } },
    ]);
  });

  it("gives the page's LCP to its first screen once, and each interaction's duration to the view it began on", () => {
    const { c, feed, screens } = setup({ sampled: true });
    c.lcp(1800); // known before the sender saw a view: held for the first
    feed({ view: 'a' }); // start 0: the page's start
    c.take({ view: 'b' }, 5000);
    c.interaction(4000, 120); // began on a
    c.interaction(4500, 300);
    c.interaction(6000, 80); // on b
    c.lcp(2500); // reported already: ignored
    expect(screens()).toEqual([
      { screen: 'a', pageViews: 1, lcp: [1800], inp: [300] },
      { screen: 'b', pageViews: 1, inp: [80] },
    ]);
  });

  it('sends when a batch is full, and at most 30 beacons per page load', () => {
    const { feed, sent } = setup({ sampled: true });
    for (let i = 0; i < 20 * 40; i++) feed({ view: `s-${i}` });
    expect(sent).toHaveLength(30);
    expect(sent.every((b) => b.screens.length === 20)).toBe(true);
  });
});
