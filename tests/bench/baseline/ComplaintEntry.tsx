import { useEffect, useState } from 'react';
import { postForm } from './api';
import { t } from './texts';
import { useVisibleMark } from './use-visible-mark';

interface OrderCard {
  orderId: number;
  orderNo: string;
  productLogo: string;
  productName: string;
  status: string;
  rows: { title: string; value: string }[];
  isShow: number;
}
interface Init {
  problemType: { value: number; title: string }[];
  problemSonType: { value: number; title: string }[];
  orderDetail: OrderCard | null;
  orderList: OrderCard[];
}

function Order({ order, title }: { order: OrderCard; title?: string }) {
  return (
    <div className="card">
      {title && <h2>{title}</h2>}
      <div className="row">
        <img src={order.productLogo} alt="" width={40} height={40} />
        <strong>{order.productName}</strong>
        <span className="muted">{order.status}</span>
      </div>
      {order.rows.map((r) => (
        <p key={r.title} className="row">
          <span className="muted">{r.title}</span>
          <span>{r.value}</span>
        </p>
      ))}
    </div>
  );
}

/** The complaint entry written by hand: order card with the All toggle, question types, sub-types for type 1. */
export function ComplaintEntry() {
  const [data, setData] = useState<Init | null>(null);
  const [showAll, setShowAll] = useState(false);
  const [selected, setSelected] = useState<OrderCard | null>(null);
  const [type, setType] = useState<number | null>(null);
  useEffect(() => {
    postForm<Init>('/user-problem/problem-init').then(
      (d) => {
        setData(d);
        setSelected(d.orderDetail);
      },
      () => undefined,
    );
  }, []);
  useVisibleMark(data !== null);
  return (
    <main>
      <h1 className="bar">{t('title.complaintEntry')}</h1>
      <a href="#/complaintList">{t('complaint.myComplaints')}</a>
      {selected && <Order order={selected} title={t('complaint.orderCard')} />}
      <button type="button" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
        {t('common.all')}
      </button>
      {showAll && (
        <ul>
          {data?.orderList.map((o) => (
            <li key={o.orderNo}>
              <button
                type="button"
                onClick={() => {
                  setSelected(o);
                  setShowAll(false);
                }}
              >
                <Order order={o} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ul className="card" aria-label={t('complaint.typesLabel')}>
        {data?.problemType.map((p) => (
          <li key={p.value}>
            <button type="button" aria-pressed={type === p.value} onClick={() => setType(p.value)}>
              {p.title}
            </button>
            {type === 1 && p.value === 1 && (
              <ul>
                {data.problemSonType.map((s) => (
                  <li key={s.value}>
                    <button type="button">{s.title}</button>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </main>
  );
}
