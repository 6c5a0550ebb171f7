/**
 * A goal's relative lift over the days with its 95 % interval as a band and the zero line ("no difference"), drawn
 * by uPlot (small, canvas, no dependencies). uPlot is imported when the chart mounts, so it loads with the results
 * page only, never with the rest of the console and never on a borrower's page. The canvas is a picture for sighted
 * readers (aria-hidden): the table beside it carries the same figures for screen readers.
 */
import { useEffect, useRef } from 'react';
import type { Verdict } from './experiment-format';

export interface LiftPoint {
  day: string;
  estimate: number | null;
  low: number | null;
  high: number | null;
  verdict: Verdict;
}

interface Props {
  points: LiftPoint[];
  width?: number;
  height?: number;
}

const toPercent = (v: number | null) => (v === null ? null : v * 100);

export default function LiftChart({ points, width = 560, height = 240 }: Props) {
  const el = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const host = el.current;
    // A DOM without layout or canvas (unit tests) gets no picture; the table says it all.
    if (!host || typeof window.matchMedia !== 'function') return;
    let chart: { destroy(): void } | undefined;
    let gone = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (gone) return;
      const xs = points.map((p) => Date.parse(`${p.day}T12:00:00Z`) / 1000);
      const data = [
        xs,
        points.map((p) => toPercent(p.estimate)),
        points.map((p) => toPercent(p.low)),
        points.map((p) => toPercent(p.high)),
      ] as unknown as import('uplot').AlignedData;
      const lift = '#1d4ed8';
      const day = 86_400;
      const ys = points.flatMap((p) => [p.low, p.high, p.estimate]).filter((v): v is number => v !== null);
      // Zero (no difference) always in sight, with some room around the interval.
      const lo = Math.min(0, ...ys.map((v) => v * 100));
      const hi = Math.max(0, ...ys.map((v) => v * 100));
      const pad = Math.max(5, (hi - lo) * 0.1);
      chart = new UPlot(
        {
          width,
          height,
          legend: { show: false },
          cursor: { show: false },
          scales: {
            // Half a day either side, so a single day is a point in the middle rather than a year of empty axis.
            x: { time: true, range: () => [xs[0]! - day / 2, xs[xs.length - 1]! + day / 2] },
            y: { range: () => [lo - pad, hi + pad] },
          },
          axes: [
            {
              splits: () => xs,
              values: (_u, ticks) => ticks.map((t) => new Date(t * 1000).toISOString().slice(5, 10)),
            },
            { size: 64, values: (_u, ticks) => ticks.map((t) => `${t > 0 ? '+' : ''}${Math.round(t)} %`) },
          ],
          series: [
            {},
            { label: 'Lift', stroke: lift, width: 2, points: { show: true, size: 8, fill: lift } },
            { label: 'Interval low', stroke: 'rgba(29, 78, 216, 0.35)', width: 1, points: { show: false } },
            { label: 'Interval high', stroke: 'rgba(29, 78, 216, 0.35)', width: 1, points: { show: false } },
          ],
          bands: [{ series: [3, 2], fill: 'rgba(29, 78, 216, 0.12)' }],
          hooks: {
            // The zero line (no difference) across, and each day's interval as a whisker: a band needs two days, a
            // whisker reads on the first.
            draw: [
              (u) => {
                const ctx = u.ctx;
                ctx.save();
                const zero = u.valToPos(0, 'y', true);
                ctx.strokeStyle = '#4f5b6b';
                ctx.lineWidth = devicePixelRatio;
                ctx.setLineDash([4 * devicePixelRatio, 4 * devicePixelRatio]);
                ctx.beginPath();
                ctx.moveTo(u.bbox.left, zero);
                ctx.lineTo(u.bbox.left + u.bbox.width, zero);
                ctx.stroke();
                ctx.setLineDash([]);
                ctx.strokeStyle = lift;
                ctx.lineWidth = 2 * devicePixelRatio;
                points.forEach((p, i) => {
                  if (p.low === null || p.high === null) return;
                  const x = u.valToPos(xs[i]!, 'x', true);
                  const [top, bottom] = [u.valToPos(p.high * 100, 'y', true), u.valToPos(p.low * 100, 'y', true)];
                  const w = 6 * devicePixelRatio;
                  ctx.beginPath();
                  ctx.moveTo(x, top);
                  ctx.lineTo(x, bottom);
                  ctx.moveTo(x - w, top);
                  ctx.lineTo(x + w, top);
                  ctx.moveTo(x - w, bottom);
                  ctx.lineTo(x + w, bottom);
                  ctx.stroke();
                });
                ctx.restore();
              },
            ],
          },
        },
        data,
        host,
      );
    });
    return () => {
      gone = true;
      chart?.destroy();
    };
  }, [points, width, height]);

  return <div ref={el} className="lift-chart" aria-hidden="true" style={{ minHeight: height }} />;
}
