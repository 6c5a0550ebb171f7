/**
 * Calibrated CPU throttling, as DevTools' "calibrated" presets do: the emulated phone keeps one speed
 * whatever this shared VM's CPU is doing. A fixed 4× slowdown made the emulated phone as slow as the VM
 * was at the moment times four; in run S the VM was slower for the whole run, our CPU-bound page slowed
 * 5-10 % and the network-bound plain page 0.5-3 %, and three ratios moved over 10 % against run R.
 * Before each app's pair of loads, a fixed piece of work (DOM building, layout, JSON, a Map) is timed in an
 * unthrottled page, and the throttling rate set so that the work would take `TARGET_MS` on the phone.
 * The speed used is the median of the last `WINDOW` calibrations (about a minute of the bench): one
 * calibration varies by a few per cent, the VM's slow stretches last minutes.
 */
import type { Browser, Page } from 'playwright-core';
import { median } from '../lib/table.js';

/**
 * What the calibration work takes on the emulated phone: four times its median on this bench's VM (46 ms
 * unthrottled over 40 calibrations; single ones 45-57 ms), so a calibrated run matches the fixed 4× of the earlier runs.
 */
export const TARGET_MS = 185;
/** Calibrations whose median sets the rate. */
const WINDOW = 5;
/** Timed repeats per calibration (after one untimed, for the JIT); their median is the machine's speed. */
const REPEATS = 5;
const MIN_RATE = 1;
const MAX_RATE = 12;
/**
 * Past this spread of rates in one run (highest / lowest), the VM's speed moved too much for the
 * calibration to hide: it holds the page's main thread at one speed, not the unthrottled server and
 * browser processes. Runs T and U spread 1.31× and 1.30×; run V 2.26×, and there our page slowed
 * 10 % while the network-bound plain page did not, moving three ratios 13-17 % against run U.
 */
const STEADY_SPREAD = 1.5;
/** Starts the warning in a row's note; compare.ts looks for it. */
export const UNSTEADY = 'UNSTEADY VM';

/** Plain JS text, evaluated in about:blank: no bundler helpers can sneak in. */
const WORK = `(() => {
  const t0 = performance.now();
  const root = document.createElement('div');
  for (let i = 0; i < 2000; i++) {
    const p = document.createElement('p');
    p.className = 'c' + (i % 7);
    p.textContent = 'item ' + i + ' ' + 'x'.repeat(i % 40);
    root.appendChild(p);
  }
  document.body.appendChild(root);
  let acc = root.offsetHeight;
  root.remove();
  const json = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: i, name: 'n' + i, tags: ['a', 'b', i % 3] })));
  for (let k = 0; k < 8; k++) acc += JSON.parse(json).length;
  const m = new Map();
  for (let i = 0; i < 40000; i++) m.set('k' + i, i);
  for (let i = 0; i < 40000; i++) acc += m.get('k' + i);
  return acc > 0 ? performance.now() - t0 : -1;
})()`;

/** Keeps one unthrottled about:blank page open for the whole bench. */
export class CpuCalibrator {
  private page: Page | undefined;
  /** Median unthrottled time of the work in each of the last WINDOW calibrations, ms. */
  private readonly recent: number[] = [];
  /** Every rate handed out, for the table's note. */
  readonly rates: number[] = [];

  constructor(private readonly browser: Browser) {}

  /** The throttling rate that makes the work take TARGET_MS at the median speed of the last WINDOW calibrations. */
  async calibrate(): Promise<number> {
    this.page ??= await this.browser.newPage();
    await this.page.bringToFront();
    await this.page.evaluate(WORK);
    const times: number[] = [];
    for (let i = 0; i < REPEATS; i++) times.push((await this.page.evaluate(WORK)) as number);
    this.recent.push(median(times));
    if (this.recent.length > WINDOW) this.recent.shift();
    const rate = Math.min(MAX_RATE, Math.max(MIN_RATE, TARGET_MS / median(this.recent)));
    this.rates.push(rate);
    return rate;
  }

  /** For the table's note: the rates used and, when the VM was unsteady, a warning not to compare this run. */
  summary(): { note: string; steady: boolean } {
    const lo = Math.min(...this.rates);
    const hi = Math.max(...this.rates);
    const note = `CPU throttled ×${median(this.rates).toFixed(2)} (${lo.toFixed(2)}-${hi.toFixed(2)}) to one emulated speed`;
    if (hi / lo <= STEADY_SPREAD) return { note, steady: true };
    return {
      note: `${note}; ${UNSTEADY}: its speed varied ×${(hi / lo).toFixed(2)} during the run and the unthrottled server and browser processes with it, so compare this run with another with care`,
      steady: false,
    };
  }

  async close(): Promise<void> {
    await this.page?.close();
  }
}
