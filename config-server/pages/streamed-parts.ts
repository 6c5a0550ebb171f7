import type { Response } from 'express';
import { gzipHead, gzipRest, type GzipHead } from './gzip-parts.js';
import { streamPage } from './stream-page.js';
import { encodingWeights } from '../published/fast-path.js';

/** Distinct heads kept per owner (a published version): one per market, screen and title, a handful in practice. */
const MAX_HEADS = 200;

/** The head of a streamed page (everything up to its body), built and compressed once per owner and key. */
export interface StreamedHead {
  text: string;
  /** The template it was built from: a new build replaces index.html, and with it every head. */
  template: string;
  gzip(): GzipHead;
}

/** What follows a head: the body, with its compressed bytes after that head kept when the text is shared. */
export interface StreamedRest {
  text: string;
  gzip(): Buffer;
}

/**
 * The two parts of a streamed page, each kept as long as what it stands for: a head per owner (the published version
 * or arm it was drawn from) and key (market, screen, title...), the rest per drawn page object and head. A drawn page
 * object is handed out again only for the same version, screen, query and answer (draw-page.ts), so one borrower's
 * rest never reaches another's response; a rest without an owner (filled per response) is built and compressed
 * each time. Per response only the first call and the bytes' writing remain.
 */
export function streamedParts() {
  const heads = new WeakMap<object, Map<string, StreamedHead>>();
  const rests = new WeakMap<object, WeakMap<StreamedHead, StreamedRest>>();
  return {
    head(owner: object, key: string, template: string, build: () => string): StreamedHead {
      let mine = heads.get(owner);
      if (!mine) heads.set(owner, (mine = new Map()));
      const hit = mine.get(key);
      if (hit && hit.template === template) return hit;
      let gz: GzipHead | undefined;
      const text = build();
      const head = { text, template, gzip: () => (gz ??= gzipHead(text)) };
      if (mine.size >= MAX_HEADS) mine.clear();
      mine.set(key, head);
      return head;
    },
    /** The rest kept for `owner` after `head`, if any: looked up before the rest's text is made. */
    kept(head: StreamedHead, owner: object): StreamedRest | undefined {
      return rests.get(owner)?.get(head);
    },
    rest(head: StreamedHead, owner: object | undefined, build: () => string): StreamedRest {
      let mine = owner && rests.get(owner);
      const hit = mine?.get(head);
      if (hit) return hit;
      let gz: Buffer | undefined;
      const text = build();
      const rest: StreamedRest = { text, gzip: () => (gz ??= gzipRest(head.gzip(), text)) };
      if (owner) {
        if (!mine) rests.set(owner, (mine = new WeakMap()));
        mine.set(head, rest);
      }
      return rest;
    },
  };
}

/**
 * Sends a streamed page: the head at once, then the rest, made by `rest` once the head has left (so the call and the
 * drawing it starts never hold the head back; it must never reject), in one response.
 * A browser that takes gzip (every borrower's webview) gets the parts' kept bytes, gzip even when it also takes
 * brotli: brotli cannot continue a stream from a kept head, and compressing each response again was the largest cost
 * of a streamed page. Others get the text, compressed by the `compression` middleware as it goes.
 */
export async function sendStreamed(
  req: { get(name: string): string | undefined },
  res: Response,
  head: StreamedHead,
  rest: () => Promise<StreamedRest>,
): Promise<void> {
  res.setHeader('Vary', 'Accept-Encoding');
  if (!(encodingWeights(req.get('accept-encoding')).gzip > 0)) {
    await streamPage(res, head.text, () => rest().then((r) => r.text));
    return;
  }
  // Set before anything is written: `compression` leaves a response that already has an encoding alone.
  res.setHeader('Content-Encoding', 'gzip');
  res.write(head.gzip().bytes);
  const r = await rest();
  res.end(r.gzip());
}
