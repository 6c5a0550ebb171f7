import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { bodyEtag } from '../store/content-hash.js';
import { pickEncoding } from '../published/fast-path.js';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** A drawn page as sent: the whole HTML, its ETag, and its bytes per encoding once asked for. */
export interface AssembledPage {
  body: string;
  etag: string;
  encoded: Map<'br' | 'gzip', Promise<Buffer>>;
}

/**
 * The full HTML of a server-drawn page (index.html + boot data + markup + inlined data and style), built once
 * per drawn page object and compressed once per encoding. A drawn page object stands for everything that went
 * into it (draw-page.ts hands out the same object only for the same published version, market, screen,
 * query and prefetched answer); the template is compared too, since a new build replaces index.html.
 * Compressing an 80 KB page was the largest single cost of a server-drawn page request.
 */
export function assembledPages() {
  const cache = new WeakMap<object, AssembledPage & { template: string }>();
  return {
    get(drawn: object, template: string, assemble: () => string): AssembledPage {
      const hit = cache.get(drawn);
      if (hit && hit.template === template) return hit;
      const body = assemble();
      const entry = { template, body, etag: bodyEtag(body), encoded: new Map() };
      cache.set(drawn, entry);
      return entry;
    },
  };
}

/**
 * Sends an assembled page in the encoding `compression` would pick (brotli q4, gzip at zlib's default: the
 * same bytes the middleware would make), compressing it the first time that encoding is asked for.
 */
export async function sendAssembled(
  req: { get(name: string): string | undefined; method: string },
  res: import('express').Response,
  page: AssembledPage,
): Promise<void> {
  const encoding = pickEncoding(req.get('accept-encoding'));
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding === 'identity') {
    res.send(page.body);
    return;
  }
  let bytes = page.encoded.get(encoding);
  if (!bytes) {
    const raw = Buffer.from(page.body, 'utf8');
    bytes =
      encoding === 'br'
        ? br(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
        : gz(raw);
    page.encoded.set(encoding, bytes);
  }
  let buf: Buffer;
  try {
    buf = await bytes;
  } catch {
    // Never seen in practice; the middleware compresses this one and the next request tries again.
    page.encoded.delete(encoding);
    res.send(page.body);
    return;
  }
  // Set before the middleware looks: `compression` leaves a body that already has an encoding alone.
  res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', String(buf.length));
  res.end(req.method === 'HEAD' ? undefined : buf);
}
