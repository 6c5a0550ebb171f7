/**
 * Injected before any page script (CDP addScriptToEvaluateOnNewDocument, outside the page's CSP).
 * Records, relative to navigation start: the `sdui:screen-visible` mark (both apps set it), and the
 * moment every expected text is rendered and visible ("content visible": same rule for both apps, so a mark
 * set before data arrives, or data inlined as JSON, cannot flatter either side).
 * Two more figures:
 *  - quiet: the end of the last long task (> 50 ms, the browser's `longtask` entries) once the first screen is up, or
 *    content visible when no long task follows it; the report waits until the load event has fired and no long task
 *    has come for QUIET_MS;
 *  - tap-to-effect: when `tap` is given, the page asks (console `__bench:tap`) for a real tap on the first visible
 *    `tap.target` as soon as it is on screen, scrolled into view first as a borrower would; the bench dispatches it
 *    through CDP (a trusted input event, as a finger's);
 *    the probe times it from the tap's pointerdown (window, capture, passive: it never changes what the page sees) until
 *    `tap.effect` matches a visible element. A tap the page loses has no effect: reported as null.
 * The page reports once, by a console message, when it has everything: waiting from the bench side
 * with page.waitForFunction evaluated Playwright's injected script in the page while it loaded (about
 * 150 ms of main thread at 4× CPU, at a random moment), which moved content visible by up to that much.
 * The heap is read in another load without this script (render-bench.ts).
 * Plain JS text on purpose: a transpiled function could carry bundler helpers the page lacks.
 */
export interface ProbeResult {
  mark: number | null;
  content: number | null;
  /**
   * The first frame painted once content was visible: the end of the next rendering update's paint, read by a task
   * queued from that frame's requestAnimationFrame (the text can be in the page before a frame shows it).
   */
  painted?: number | null;
  /** First contentful paint. */
  fcp: number | null;
  /** End of the last long task after the first screen (content visible when none), ms from navigation start. */
  quiet: number | null;
  /** Long tasks seen over the whole load: count and the longest, ms. */
  longTasks: number;
  longestTask: number;
  /** The tap's pointerdown and the moment its effect was visible (null: no tap asked for, or its effect never came). */
  tapAt: number | null;
  effectAt: number | null;
}

export interface TapSpec {
  /** CSS selector of what a borrower taps: the first visible match. */
  target: string;
  /** CSS selector that matches a visible element once the tap took effect. */
  effect: string;
}

/** Prefix of the one console message that carries a page's ProbeResult as JSON. */
export const PROBE_REPORT = '__bench:';
/** Prefix of the page's request for a tap at the JSON {x, y} that follows (CSS pixels). */
export const PROBE_TAP = '__bench:tap';
/** The main thread counts as quiet after this long with no long task (and the load event behind it). */
export const QUIET_MS = 3000;
/** After content is visible, the longest the report waits for quiet, the mark, the paint entry and a tap's effect. */
export const PROBE_CAP_MS = 20_000;

export function probeScript(needles: string[], tap?: TapSpec): string {
  return `(() => {
  const needles = ${JSON.stringify(needles)};
  const tap = ${JSON.stringify(tap ?? null)};
  const result = { mark: null, content: null, painted: null, fcp: null, quiet: null, longTasks: 0, longestTask: 0, tapAt: null, effectAt: null };
  let sent = false, loaded = false, lastLong = 0, tapAsked = false;
  const ready = () => result.content !== null && result.painted !== null && result.mark !== null && result.fcp !== null && loaded &&
    performance.now() - Math.max(lastLong, result.content) >= ${QUIET_MS} && (!tap || result.effectAt !== null);
  const report = (force) => {
    if (sent || result.content === null || (!force && !ready())) return;
    sent = true;
    result.quiet = Math.max(result.content, lastLong);
    console.debug(${JSON.stringify(PROBE_REPORT)} + JSON.stringify(result));
  };
  addEventListener('load', () => { loaded = true; });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint' && result.fcp === null) result.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'sdui:screen-visible' && result.mark === null) result.mark = e.startTime;
  }).observe({ type: 'mark', buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        result.longTasks++;
        result.longestTask = Math.max(result.longestTask, e.duration);
        lastLong = Math.max(lastLong, e.startTime + e.duration);
      }
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {}
  const visible = (el) => typeof el.checkVisibility !== 'function' || el.checkVisibility();
  // Only text a person can see counts: not the JSON of <script type="application/json"> (the boot data holds every
  // needle long before it is drawn), not <style>/<template>/<noscript>, not hidden elements. content-visibility: auto
  // counts (checkVisibility's default): it is laid out when scrolled to. textContent first, as a cheap pre-check.
  const HIDDEN = { SCRIPT: 1, STYLE: 1, TEMPLATE: 1, NOSCRIPT: 1 };
  const seen = (needle) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || HIDDEN[el.tagName] || !n.data.includes(needle)) continue;
      if (visible(el)) return true;
    }
    return false;
  };
  const firstVisible = (sel) => { for (const el of document.querySelectorAll(sel)) if (visible(el)) return el; return null; };
  if (tap) {
    addEventListener('pointerdown', (e) => { if (e.isTrusted && result.tapAt === null) result.tapAt = performance.now(); }, { capture: true, passive: true });
  }
  const check = () => {
    if (!document.body) return;
    if (tap && !tapAsked) {
      const el = firstVisible(tap.target);
      if (el) {
        tapAsked = true;
        // A borrower scrolls to what is below the fold before tapping it; CDP taps at viewport points, and one
        // outside the viewport hits nothing (loan confirmation's consent box, at y ≈ 811 in the 740 px viewport:
        // every tap was lost).
        el.scrollIntoView({ block: 'center', behavior: 'instant' });
        const r = el.getBoundingClientRect();
        console.debug(${JSON.stringify(PROBE_TAP)} + JSON.stringify({ x: r.left + r.width / 2, y: r.top + r.height / 2, scrollY: scrollY }));
      }
    }
    if (tap && result.tapAt !== null && result.effectAt === null && firstVisible(tap.effect)) result.effectAt = performance.now();
    if (result.content === null && needles.every((n) => document.body.textContent.includes(n)) && needles.every(seen)) {
      result.content = performance.now();
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => { result.painted = performance.now(); };
        ch.port2.postMessage(0);
      });
      setTimeout(() => report(true), ${PROBE_CAP_MS});
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  // The quiet wait and a late mark or paint entry end without a DOM change: look again now and then.
  const tick = () => { check(); report(false); if (!sent) setTimeout(tick, 250); };
  tick();
})();`;
}
