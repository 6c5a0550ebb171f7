/**
 * Instalments as a good engineer would write it by hand (the fair plain page, as ../plain-a/ is screen A's):
 * react + react-dom + fetch, its one read started at module top level, before React renders, only the texts it
 * shows, and its own entry.
 */
import { createRoot } from 'react-dom/client';
import { pageQuery, postForm } from '../plain/api';
import { Instalments, type Plan } from '../plain/Instalments';
import '../baseline/baseline.css';

const q = pageQuery();
const plan = postForm<Plan>('/v3/installment/loan-play-detail', {
  productId: q.get('productId') ?? '',
  orderId: q.get('orderId') ?? '',
});
const root = createRoot(document.getElementById('root')!);
root.render(<Instalments plan={null} />);
plan.then(
  (p) => root.render(<Instalments plan={p} />),
  () => {},
);
