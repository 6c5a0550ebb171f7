import type { Response } from 'express';

/**
 * Where a page's head ends for streaming: just after its `<body>` tag. Everything before it (the inlined stylesheet,
 * the script and preload hints, the capture script, title and description) reads no borrower data, so it can leave
 * while the server still waits on the first call; the body follows in the same response.
 */
export function bodyStart(html: string): number {
  const m = /<body[^>]*>/i.exec(html);
  return m ? m.index + m[0].length : -1;
}

/**
 * Sends `head` at once and the rest of the page when `rest` settles, in one response. The `compression` middleware
 * holds what it compressed until it is flushed, so the head is flushed by hand. `rest` must never reject: the page
 * router hands the shell's body there when drawing fails, so a head already sent always gets a whole document.
 */
export async function streamPage(res: Response, head: string, rest: Promise<string>): Promise<void> {
  res.write(head);
  (res as Response & { flush?: () => void }).flush?.();
  res.end(await rest);
}
