/**
 * Injected before any page script (CDP addScriptToEvaluateOnNewDocument, outside the page's CSP).
 * Records, relative to navigation start: the `sdui:screen-visible` mark (both apps set it), and the
 * moment every expected text is in the DOM ("content visible": same rule for both apps, so a mark
 * set before data arrives cannot flatter either side).
 * Plain JS text on purpose: a transpiled function could carry bundler helpers the page lacks.
 */
export interface ProbeResult {
  mark: number | null;
  content: number | null;
  /** First contentful paint. */
  fcp: number | null;
}

declare global {
  interface Window {
    __bench?: ProbeResult;
  }
}

export function probeScript(needles: string[]): string {
  return `(() => {
  const needles = ${JSON.stringify(needles)};
  const result = { mark: null, content: null, fcp: null };
  window.__bench = result;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint' && result.fcp === null) result.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'sdui:screen-visible' && result.mark === null) result.mark = e.startTime;
  }).observe({ type: 'mark', buffered: true });
  const observer = new MutationObserver(() => {
    const text = document.body ? document.body.textContent : '';
    if (needles.every((n) => text.includes(n))) {
      result.content = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;
}
