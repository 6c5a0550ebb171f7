import { useEffect } from 'react';

/** Same mark the renderer sets: once the screen's content is on the page. */
export function useVisibleMark(ready: boolean): void {
  useEffect(() => {
    if (ready && performance.getEntriesByName('sdui:screen-visible').length === 0)
      performance.mark('sdui:screen-visible');
  }, [ready]);
}
