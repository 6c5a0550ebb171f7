/**
 * The emulated phone's CPU: a fixed 4× slowdown (the phone we target), and a drift check that may only
 * reject a run, never change the rate. Until 2026-11-26 a "calibrated" rate was set per load so that a piece of work
 * took 185 ms; on this VM that came to about ×2 in the runs documented then, a phone twice as fast as the target, and
 * it flattered the CPU-bound page (ours) against the network-bound one (plain).
 * Before and after each round (every app's loads of one scenario), the same work is timed in an unthrottled page; a
 * round during which the VM's own speed moved more than DRIFT from the run's median is measured again.
 */
import type { Browser, Page } from 'playwright-core';
import { median } from '../lib/table.js';

/** The target phone: 4× slower than this VM (Lighthouse's mobile preset uses the same factor). */
export const CPU_RATE = 4;
/** A round whose unthrottled work time is this far from the run's median (either way) is measured again. */
export const DRIFT = 0.25;
/** Samples before the check starts judging (the warm-up rounds provide them). */
const MIN_SAMPLES = 4;
/** Timed repeats per sample (after one untimed, for the JIT); their median is the machine's speed. */
const REPEATS = 5;
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

/** Keeps one unthrottled about:blank page open for the whole bench and times the work in it. */
export class CpuDriftCheck {
  private page: Page | undefined;
  /** Every sample of the run, ms (unthrottled). */
  readonly samples: number[] = [];
  /** Rounds measured again because the VM drifted. */
  rejected = 0;

  constructor(private readonly browser: Browser) {}

  /** Times the work now; true when this VM speed is within DRIFT of the run's median (or too early to judge). */
  async steady(): Promise<boolean> {
    this.page ??= await this.browser.newPage();
    await this.page.bringToFront();
    await this.page.evaluate(WORK);
    const times: number[] = [];
    for (let i = 0; i < REPEATS; i++) times.push((await this.page.evaluate(WORK)) as number);
    const now = median(times);
    this.samples.push(now);
    if (this.samples.length < MIN_SAMPLES) return true;
    return Math.abs(now / median(this.samples) - 1) <= DRIFT;
  }

  /** For the table's note: the fixed rate, the VM's speed and how many rounds were measured again. */
  summary(): { note: string; steady: boolean } {
    const s = this.samples;
    const lo = Math.min(...s),
      hi = Math.max(...s);
    const note = `CPU ×${CPU_RATE} fixed; VM work ${median(s).toFixed(0)} ms (${lo.toFixed(0)}-${hi.toFixed(0)}), ${this.rejected} round(s) redone for drift > ${DRIFT * 100} %`;
    // Many redone rounds: the VM was unsteady for long stretches, the kept rounds may still carry it.
    if (this.rejected <= Math.max(2, s.length / 10)) return { note, steady: true };
    return { note: `${note}; ${UNSTEADY}: compare this run with another with care`, steady: false };
  }

  async close(): Promise<void> {
    await this.page?.close();
  }
}
