/**
 * The floor: the hand-written pages of ../baseline with nothing but react, react-dom and fetch (no router,
 * no axios: the build swaps ../baseline/api.ts for ./api.ts). The page is picked from the `#/path`. Screen A has its
 * own entry, ../plain-a/ (only its texts, its call at module top level).
 */
import { createRoot } from 'react-dom/client';
import { ComplaintEntry } from '../baseline/ComplaintEntry';
import { LongList } from '../baseline/LongList';
import { Landing } from './Landing';
import { LoanDetails } from './LoanDetails';
import { LoanTerms } from './LoanTerms';
import '../baseline/baseline.css';

const path = window.location.hash.slice(1).split('?')[0];
const pages: Record<string, () => React.ReactNode> = {
  '/benchList': LongList,
  '/loanDetails': LoanDetails,
  '/Loan': LoanTerms,
  '/register': Landing,
};
const Page = pages[path] ?? ComplaintEntry;
createRoot(document.getElementById('root')!).render(<Page />);
