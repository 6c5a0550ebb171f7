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
        xs.map(() => 0),
      ] as unknown as import('uplot').AlignedData;
      const lift = '#1d4ed8';
      chart = new UPlot(
        {
          width,
          height,
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: true }, y: { auto: true } },
          axes: [
            { values: (_u, ticks) => ticks.map((t) => new Date(t * 1000).toISOString().slice(5, 10)) },
            { label: 'Lift (%)', values: (_u, ticks) => ticks.map((t) => `${t > 0 ? '+' : ''}${t} %`) },
          ],
          series: [
            {},
            { label: 'Lift', stroke: lift, width: 2, points: { show: true, size: 6 } },
            { label: 'Interval low', stroke: 'rgba(29, 78, 216, 0.35)', width: 1 },
            { label: 'Interval high', stroke: 'rgba(29, 78, 216, 0.35)', width: 1 },
            { label: 'No difference', stroke: '#6b7280', width: 1, dash: [4, 4], points: { show: false } },
          ],
          bands: [{ series: [3, 2], fill: 'rgba(29, 78, 216, 0.12)' }],
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
