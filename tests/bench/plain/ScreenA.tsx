import { useState } from 'react';
import { useVisibleMark } from '../baseline/use-visible-mark';

interface Card {
  productLogo: string;
  productName: string;
  status: string;
  rows: { title: string; value: string }[];
}
export interface ScreenAData {
  orderDetail: Card | null;
  problemType: { value: number; title: string }[];
  history: { id: number; time: string; type: string; content: string }[];
}

/** The four texts screen A shows, picked from the id-ID text set at build time (../plain-a/ defines them). */
declare const __SCREEN_A_TEXTS__: Record<string, string>;
const t = (key: string): string => __SCREEN_A_TEXTS__[key] ?? key;
export const SCREEN_A_TEXT_KEYS = [
  'title.complaintEntry',
  'complaint.orderCard',
  'complaint.typesLabel',
  'complaint.listLabel',
];

/**
 * Screen A written by hand (same content as tests/bench/fixtures/bench-screen-a.json, same one call):
 * order card with logo, name, status and detail lines, the problem-type buttons, then every history item.
 * Its data comes as a prop: ../plain-a/main.tsx starts the call at module top level, before React renders anything.
 */
export function ScreenA({ d }: { d: ScreenAData | null }) {
  const [type, setType] = useState<number | null>(null);
  useVisibleMark(d !== null);
  return (
    <main>
      <h1 className="bar">{t('title.complaintEntry')}</h1>
      {d?.orderDetail && (
        <section className="card">
          <h2>{t('complaint.orderCard')}</h2>
          <div className="row">
            <img src={d.orderDetail.productLogo} alt="" width={40} height={40} />
            <strong>{d.orderDetail.productName}</strong>
            <span className="muted">{d.orderDetail.status}</span>
          </div>
          {d.orderDetail.rows.map((r) => (
            <p key={r.title} className="row">
              <span className="muted">{r.title}</span>
              <span>{r.value}</span>
            </p>
          ))}
        </section>
      )}
      <ul className="card" aria-label={t('complaint.typesLabel')}>
        {d?.problemType.map((p) => (
          <li key={p.value}>
            <button type="button" aria-pressed={type === p.value} onClick={() => setType(p.value)}>
              {p.title}
            </button>
          </li>
        ))}
      </ul>
      <ul aria-label={t('complaint.listLabel')}>
        {(d?.history ?? []).map((item) => (
          <li key={item.id} className="card">
            <p className="row">
              <span>{item.type}</span>
              <span className="muted">{item.time}</span>
            </p>
            <p>{item.content}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
