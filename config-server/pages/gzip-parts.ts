import { constants, crc32, deflateRawSync } from 'node:zlib';

/** A gzip member's header: deflate, no name, no time, unknown OS (what zlib's gzip writes, but for the OS byte). */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** Deflate looks back at most 32 KB: the rest is compressed against the end of the head only. */
const WINDOW = 32 * 1024;

/** The start of a gzip response, compressed once: sent as is, then any number of different rests after it. */
export interface GzipHead {
  /** The gzip header and the head's deflate blocks, ending on a byte boundary with no final block. */
  bytes: Buffer;
  /** What a rest is compressed against: the window the browser's inflater holds after the head. */
  dictionary: Buffer;
  crc: number;
  length: number;
}

/**
 * A page whose head leaves before its body is known, as one gzip stream whose head is compressed once per page kind
 * rather than once per response. Deflate can be cut: a sync flush ends the head's blocks on a byte boundary without
 * a final block, and the rest, compressed on its own with the head as its preset dictionary, reads on from there as
 * if one compressor had made both (the inflater's window holds the head). The CRC-32 and length of the whole come
 * from the two parts. The bytes are the size of one compression of the whole page (within a few bytes of brotli at
 * the quality `compression` uses), and a rest costs only its own compression.
 */
export function gzipHead(text: string): GzipHead {
  const raw = Buffer.from(text, 'utf8');
  const blocks = deflateRawSync(raw, { finishFlush: constants.Z_SYNC_FLUSH });
  return {
    bytes: Buffer.concat([HEADER, blocks]),
    dictionary: raw.subarray(Math.max(0, raw.length - WINDOW)),
    crc: crc32(raw),
    length: raw.length,
  };
}

/**
 * The rest of the stream after `head`: its deflate blocks, the last one final, and the gzip trailer of the whole.
 * Synchronous: a drawn body (about 10 KB) takes about 0.1 ms, and zlib's thread pool cost more than that again
 * (0.28 ms a body, most of it handing the work over and back).
 */
export function gzipRest(head: GzipHead, text: string): Buffer {
  const raw = Buffer.from(text, 'utf8');
  // Before the deflate: Node 20's crc32 of an empty buffer deflateRawSync has read gives 0, not the CRC it continues.
  const crc = crc32(raw, head.crc);
  const blocks = deflateRawSync(raw, head.dictionary.length ? { dictionary: head.dictionary } : {});
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE((head.length + raw.length) % 2 ** 32, 4);
  return Buffer.concat([blocks, trailer]);
}
