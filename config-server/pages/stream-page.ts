import type { Response } from 'express';
import type { DrawnPage, PageHead } from './draw-page.js';
import { drawnHints } from './inject-drawn.js';

/**
 * Where a page's head ends for streaming: just after its `<body>` tag. Everything before it (the inlined stylesheet,
 * the script and preload hints, the capture script, title and description) reads no borrower data, so it can leave
 * while the server still waits on the first call; the body follows in the same response.
 */
export function bodyStart(html: string): number {
  const m = /<body[^>]*>/i.exec(html);
  return m ? m.index + m[0].length : -1;
}

/** The root's start tag as a drawn page has it (`injectDrawn`): the shell's markup follows it. */
const DRAWN_ROOT = '<div id="root" data-ssr="">';
/** Elements without an end tag. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/**
 * The end tags that close what `html` (React's markup: well formed, quotes and `>` escaped in attributes, no raw
 * text elements) leaves open, innermost first.
 */
export function closeOpenTags(html: string): string {
  const open: string[] = [];
  for (const m of html.matchAll(/<!--[\s\S]*?-->|<(\/?)([A-Za-z][\w-]*)[^>]*?(\/?)>/g)) {
    const [, end, name, selfClosing] = m;
    if (!name) continue;
    const tag = name.toLowerCase();
    if (end) {
      const at = open.lastIndexOf(tag);
      if (at >= 0) open.length = at;
    } else if (!selfClosing && !VOID.has(tag)) open.push(tag);
  }
  return open
    .reverse()
    .map((t) => `</${t}>`)
    .join('');
}

/**
 * A streamed page in two parts of one document. `sent`: the head and the start of the body, with the screen's shell
 * in the root when the screen has one, to leave before the first call is answered. `rest`: the same page finished from
 * its drawing: byte for byte what follows `sent` in the page drawn whole (with the shell's image hints at the body's
 * start in place of the drawing's own, which come too late to be hints), so the app hydrates one root as it would a
 * page sent at once. A drawing that does not continue what was sent (it failed, or drew a different start) is replaced
 * by the page drawn without data, where the app makes the call and shows its error state itself; should that fail too,
 * the shell's open elements are closed and the app draws the screen afresh. Without a shell, a failed drawing's page
 * is the shell page's body (`shellPage`), as before.
 */
export function streamedPage(
  page: (drawn: DrawnPage) => string,
  head: PageHead,
  log: (message: string, err?: unknown) => void,
  label: string,
) {
  const { shell, ...meta } = head;
  const first = page({ ...meta, html: shell ? shell.hints + shell.html : '' });
  const root = first.indexOf(DRAWN_ROOT);
  const cut = shell && root >= 0 ? root + DRAWN_ROOT.length + shell.html.length : bodyStart(first);
  const sent = first.slice(0, cut);
  const finish = (drawn: DrawnPage | null) => {
    if (!drawn) return undefined;
    const own = drawnHints(drawn.html);
    const whole = page({ ...drawn, html: (shell ? shell.hints : own) + drawn.html.slice(own.length) });
    if (whole.startsWith(sent)) return whole.slice(cut);
    log(`${label}: its drawing does not continue what was sent`);
    // Without a shell only the head was sent: a head that changed while drawing costs the page nothing.
    return shell ? undefined : whole.slice(bodyStart(whole));
  };
  return {
    sent,
    async rest(
      drawn: DrawnPage | null,
      bare: () => Promise<DrawnPage | null>,
      shellPage: () => string,
    ): Promise<string> {
      const done = finish(drawn);
      if (done !== undefined) return done;
      if (!shell || root < 0) {
        const body = shellPage();
        return body.slice(bodyStart(body));
      }
      const again = finish(await bare().catch((e: unknown) => (log(`${label}: drawing without data failed`, e), null)));
      if (again !== undefined) return again;
      log(`${label}: finished with its shell alone`);
      return closeOpenTags(shell.html) + first.slice(cut);
    },
  };
}

/**
 * Sends `head` at once and then the rest of the page, made by `rest` once the head has left (so the work it starts
 * never holds the head back), in one response. The `compression` middleware holds what it compressed until it is
 * flushed, so the head is flushed by hand. `rest` must never reject: the page router hands the shell's body there when
 * drawing fails, so a head already sent always gets a whole document.
 */
export async function streamPage(res: Response, head: string, rest: () => Promise<string>): Promise<void> {
  res.write(head);
  (res as Response & { flush?: () => void }).flush?.();
  res.end(await rest());
}
