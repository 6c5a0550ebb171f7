import { useEffect, useState } from 'react';
import { pageQuery, postForm } from '../baseline/api';
import { useVisibleMark } from '../baseline/use-visible-mark';

interface Details {
  noticeStatusText: string;
  noticeDesText: string;
  productName: string;
  userOrderDetail: { detail: { title: string; value: string }[] };
}

/** Same content as the loan-details screen's first view: status, description, product card with its detail lines. */
export function LoanDetails() {
  const [d, setD] = useState<Details | null>(null);
  useEffect(() => {
    const q = pageQuery();
    postForm<Details>('/v3/loan-details/loan-details', {
      productId: q.get('productId') ?? '',
      orderId: q.get('orderId') ?? '',
    }).then(setD, () => {});
  }, []);
  useVisibleMark(d !== null);
  if (!d) return null;
  return (
    <main>
      <h1 className="bar">{d.noticeStatusText}</h1>
      <p>{d.noticeDesText}</p>
      <section className="card">
        <h2>{d.productName}</h2>
        {(d.userOrderDetail?.detail ?? [])
          .filter((l) => l.value && l.value !== '0')
          .map((l) => (
            <p key={l.title} className="row">
              <span className="muted">{l.title}</span>
              <span>{l.value}</span>
            </p>
          ))}
      </section>
    </main>
  );
}
