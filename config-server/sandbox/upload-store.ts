import { randomBytes } from 'node:crypto';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Bounds memory: the oldest uploads are dropped first once either cap is reached. */
const MAX_FILES = 300;
const MAX_TOTAL_BYTES = 200 * 1024 * 1024;

export interface StoredImage {
  mime: string;
  ext: string;
  bytes: Buffer;
}

/**
 * The image type from the file's first bytes. The client's mime type and file name are not trusted,
 * and SVG is refused on purpose: it can carry script and would be served from the app's origin.
 */
export function sniffImage(b: Buffer): { mime: string; ext: string } | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { mime: 'image/png', ext: 'png' };
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')))
    return { mime: 'image/gif', ext: 'gif' };
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return { mime: 'image/webp', ext: 'webp' };
  return null;
}

/** Uploaded complaint images, kept in memory for the life of the router. Names are random, unguessable. */
export class UploadStore {
  private files = new Map<string, StoredImage>();
  private total = 0;

  /** Stores a sniffed image and returns its file name (`<random>.<ext>`). */
  put(bytes: Buffer, kind: { mime: string; ext: string }): string {
    const name = `${randomBytes(12).toString('hex')}.${kind.ext}`;
    this.files.set(name, { ...kind, bytes });
    this.total += bytes.length;
    while (this.files.size > MAX_FILES || this.total > MAX_TOTAL_BYTES) {
      const [oldest, img] = this.files.entries().next().value!;
      this.files.delete(oldest);
      this.total -= img.bytes.length;
    }
    return name;
  }

  get(name: string): StoredImage | undefined {
    return this.files.get(name);
  }

  /** True when `url` is one this store handed out (any host, path ending in /uploads/<name>). */
  owns(url: string): boolean {
    const m = /\/uploads\/([0-9a-f]{24}\.(?:png|jpg|gif|webp))$/.exec(url.split(/[?#]/)[0]);
    return !!m && this.files.has(m[1]);
  }
}
