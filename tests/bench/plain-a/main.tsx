/**
 * Screen A as a good engineer would write it by hand (the fair plain page): react + react-dom + fetch, its one
 * call started at module top level (before React renders), only the four texts it shows (not the 79 KB text set),
 * and its own entry, so no other page's code is in its bundle. Same stub answer as ours, compressed the same way.
 */
import { createRoot } from 'react-dom/client';
import { postForm } from '../plain/api';
import { ScreenA, type ScreenAData } from '../plain/ScreenA';
import '../baseline/baseline.css';

const data = postForm<ScreenAData>('/bench/screen-a');
const root = createRoot(document.getElementById('root')!);
root.render(<ScreenA d={null} />);
data.then(
  (d) => root.render(<ScreenA d={d} />),
  () => {},
);
