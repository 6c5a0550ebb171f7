/**
 * Loan confirmation as a good engineer would write it by hand (the fair plain page, as ../plain-a/ is screen A's):
 * react + react-dom + fetch, both reads (the offer and the agreements' titles) started at module top level, before
 * React renders, only the texts it shows, and its own entry.
 */
import { createRoot } from 'react-dom/client';
import { pageQuery, postForm } from '../plain/api';
import { LoanConfirm, type Contract, type Offer } from '../plain/LoanConfirm';
import '../baseline/baseline.css';

const productId = pageQuery().get('productId') ?? '';
const offer = postForm<Offer>('/v3/loan-confirm/loan-detail-confirm', { productId });
const contracts = postForm<Contract[]>('/v3/contract/contract', { productId, scene: 3 }).catch(() => []);
const root = createRoot(document.getElementById('root')!);
root.render(<LoanConfirm c={null} contracts={[]} />);
offer.then(
  async (c) => {
    root.render(<LoanConfirm c={c} contracts={[]} />);
    root.render(<LoanConfirm c={c} contracts={await contracts} />);
  },
  () => {},
);
