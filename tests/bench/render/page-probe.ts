/**
 * Injected before any page script (CDP addScriptToEvaluateOnNewDocument, outside the page's CSP).
 * Records, relative to navigation start: the `sdui:screen-visible` mark (both apps set it), and the
 * moment every expected text is rendered and visible ("content visible": same rule for both apps, so a mark
 * set before data arrives, or data inlined as JSON, cannot flatter either side).
 * The page reports once, by a console message, when it has everything: waiting from the bench side
 * with page.waitForFunction evaluated Playwright's injected script in the page while it loaded (about
 * 150 ms of main thread at 4× CPU, at a random moment), which moved content visible by up to that much.
 * Plain JS text on purpose: a transpiled function could carry bundler helpers the page lacks.
 */
export interface ProbeResult {
  mark: number | null;
  content: number | null;
  /** First contentful paint. */
  fcp: number | null;
}

/** Prefix of the one console message that carries a page's ProbeResult as JSON. */
export const PROBE_REPORT = '__bench:';
/** After content is visible, how long the mark and the paint entry are waited for (then reported as missing). */
export const PROBE_GRACE_MS = 3000;

export function probeScript(needles: string[]): string {
  return `(() => {
  const needles = ${JSON.stringify(needles)};
  const result = { mark: null, content: null, fcp: null };
  let sent = false;
  // The mark may follow the content by a frame, and the paint entry is reported once the frame is on screen,
  // often after the mark: the report waits for both (a run read before the paint entry lost its FCP pair).
  const report = (force) => {
    if (sent || result.content === null || (!force && (result.mark === null || result.fcp === null))) return;
    sent = true;
    console.debug(${JSON.stringify(PROBE_REPORT)} + JSON.stringify(result));
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint' && result.fcp === null) result.fcp = e.startTime;
    report(false);
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'sdui:screen-visible' && result.mark === null) result.mark = e.startTime;
    report(false);
  }).observe({ type: 'mark', buffered: true });
  // Only text a person can see counts: not the JSON of <script type="application/json"> (the boot data holds every
  // needle long before it is drawn), not <style>/<template>/<noscript>, not hidden elements. content-visibility: auto
  // counts (checkVisibility's default): it is laid out when scrolled to. textContent first, as a cheap pre-check.
  const HIDDEN = { SCRIPT: 1, STYLE: 1, TEMPLATE: 1, NOSCRIPT: 1 };
  const seen = (needle) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || HIDDEN[el.tagName] || !n.data.includes(needle)) continue;
      if (typeof el.checkVisibility !== 'function' || el.checkVisibility()) return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => {
    const text = document.body ? document.body.textContent : '';
    if (needles.every((n) => text.includes(n)) && needles.every(seen)) {
      result.content = performance.now();
      observer.disconnect();
      setTimeout(() => report(true), ${PROBE_GRACE_MS});
      report(false);
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;
}
