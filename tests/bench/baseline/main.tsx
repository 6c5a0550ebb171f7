/**
 * A hand-written React page rendering the same content as the bench's SDUI screens, with the same
 * data from the same sandbox calls. It is the yardstick for "as fast as a hand-written page".
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { ComplaintEntry } from './ComplaintEntry';
import { LongList } from './LongList';
import './baseline.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <HashRouter>
      <Routes>
        <Route path="/complaint" element={<ComplaintEntry />} />
        <Route path="/benchList" element={<LongList />} />
      </Routes>
    </HashRouter>
  </StrictMode>,
);
