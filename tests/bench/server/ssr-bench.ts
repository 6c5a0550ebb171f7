/**
 * What drawing pages on the server costs: page requests/s of the same borrower screen with server render
 * (its first call prefetched from the sandbox on the same server) against the same server with `SSR=off`
 * (the HTML shell plus inlined boot data, as before). Budget ≥ 0.5. Servers pinned and rounds paired as in
 * server-bench; the ratio is the median of the per-round ratios.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { repoRoot } from '../bundle/build-app.js';
import { startChildServer, type ChildServer } from '../lib/child-server.js';
import { canPin, pinSelf, serverPrefix } from '../lib/cpu-pinning.js';
import { median, row, type Row } from '../lib/table.js';
import { load } from './server-bench.js';

const child = resolve(repoRoot, 'tests/bench/server/config-server-child.ts');
const PAGE = '/complaint?market=ID&deviceId=bench-device&version=1.0.0&type=1&token=bench-ssr';
/** Every request another borrower (a new token, so a new sandbox session and a page drawn afresh). */
const EACH_NEW = PAGE + '-[<id>]';

export async function ssrBench(opts: { duration: number; rounds: number; staticDir: string }): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'sdui-bench-ssr-'));
  let on: ChildServer | undefined;
  let off: ChildServer | undefined;
  try {
    on = await startChildServer(child, [join(dir, 'on'), opts.staticDir], { SSR: 'on' }, serverPrefix());
    off = await startChildServer(child, [join(dir, 'off'), opts.staticDir], { SSR: 'off' }, serverPrefix());
    const drawn = await (await fetch(on.url + PAGE)).text();
    if (!drawn.includes('id="sdui-ssr"')) throw new Error('the server-rendered page carries no prefetched data: the row would measure something else');
    const unpin = pinSelf();
    const withSsr: number[] = [];
    const without: number[] = [];
    const newOn: number[] = [];
    const newOff: number[] = [];
    try {
      await load(on.url + PAGE, {}, 200, 2);
      await load(off.url + PAGE, {}, 200, 2);
      for (let r = 0; r < opts.rounds; r++) {
        for (const who of r % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
          if (who === 'on') withSsr.push((await load(on.url + PAGE, {}, 200, opts.duration)).rps);
          else without.push((await load(off.url + PAGE, {}, 200, opts.duration)).rps);
        }
      }
      for (let r = 0; r < opts.rounds; r++) {
        for (const who of r % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
          if (who === 'on') newOn.push((await load(on.url + EACH_NEW, {}, 200, opts.duration, true)).rps);
          else newOff.push((await load(off.url + EACH_NEW, {}, 200, opts.duration, true)).rps);
        }
      }
    } finally {
      unpin();
    }
    return [
      row('server', 'page req/s with server render + prefetch / without (complaint entry)', median(withSsr.map((x, i) => x / without[i])), 'x', { op: '>=', limit: 0.5 },
        `one borrower reloading (the drawn page is reused while the answer is unchanged); medians ${Math.round(median(withSsr))} vs ${Math.round(median(without))} req/s; median of ${opts.rounds} paired rounds × ${opts.duration} s; ${canPin ? 'servers pinned' : 'cores not pinned'}`),
      row('server', 'page req/s with server render + prefetch / without, every request a new borrower', median(newOn.map((x, i) => x / newOff[i])), 'x', undefined,
        `every page drawn afresh; medians ${Math.round(median(newOn))} vs ${Math.round(median(newOff))} req/s; median of ${opts.rounds} paired rounds × ${opts.duration} s`),
    ];
  } finally {
    await on?.stop();
    await off?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
