import { useEffect, useState } from 'react';
import { postForm } from '../baseline/api';
import { t } from '../baseline/texts';
import { useVisibleMark } from '../baseline/use-visible-mark';

interface Card { productLogo: string; productName: string; status: string; rows: { title: string; value: string }[] }
interface Data {
  orderDetail: Card | null;
  problemType: { value: number; title: string }[];
  history: { id: number; time: string; type: string; content: string }[];
}

/**
 * Issue 38's screen A written by hand (same content as tests/bench/fixtures/bench-screen-a.json, same one call):
 * order card with logo, name, status and detail lines, the problem-type buttons, then every history item.
 */
export function ScreenA() {
  const [d, setD] = useState<Data | null>(null);
  const [type, setType] = useState<number | null>(null);
  useEffect(() => {
    postForm<Data>('/bench/screen-a').then(setD, () => {});
  }, []);
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
            <p key={r.title} className="row"><span className="muted">{r.title}</span><span>{r.value}</span></p>
          ))}
        </section>
      )}
      <ul className="card" aria-label={t('complaint.typesLabel')}>
        {d?.problemType.map((p) => (
          <li key={p.value}>
            <button type="button" aria-pressed={type === p.value} onClick={() => setType(p.value)}>{p.title}</button>
          </li>
        ))}
      </ul>
      <ul aria-label={t('complaint.listLabel')}>
        {(d?.history ?? []).map((item) => (
          <li key={item.id} className="card">
            <p className="row"><span>{item.type}</span><span className="muted">{item.time}</span></p>
            <p>{item.content}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
