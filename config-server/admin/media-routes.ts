/**
 * Console image uploads (landing page banners): `POST /admin/api/media` takes one multipart field `file`,
 * checks the real type by its first bytes (never the name or the declared type: a renamed file is refused),
 * stores it under the data directory named by its content hash, and answers the same-origin URL
 * `/media/<sha256>.<ext>`, served by `mediaFilesRouter` with a year of immutable caching (a new image is a
 * new name). Files live on the server's disk: with the PostgreSQL store, replicas do not share them.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { HttpError } from '../http/http-error.js';
import type { ConfigStore } from '../store/config-store.js';
import { currentUser, requireRole } from './auth.js';
import { auditEvent } from './audit-event.js';

/** Server setting, not a business constant: banners are small; 512 KiB unless MEDIA_MAX_BYTES says otherwise. */
export const DEFAULT_MEDIA_MAX_BYTES = 512 * 1024;
const FIELD = 'file';

const TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
type Ext = keyof typeof TYPES;

/** The image type a file's content starts with (PNG, JPEG or WebP), else null. */
export function sniffImage(b: Buffer): Ext | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

const NAME = /^([0-9a-f]{64})\.(png|jpg|webp)$/;

/** `store`: where each upload is audited (`media.upload`, with its URL). */
export function mediaUploadRouter(dir: string, maxBytes = DEFAULT_MEDIA_MAX_BYTES, store?: ConfigStore) {
  const router = Router();
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 0 },
  }).single(FIELD);
  router.post(
    '/media',
    requireRole('editor'),
    (req: Request, res: Response, next: NextFunction) =>
      upload(req, res, (err: unknown) => {
        if (!err) return next();
        const code = (err as { code?: string }).code;
        if (code === 'LIMIT_FILE_SIZE')
          return next(new HttpError(413, `${FIELD}: larger than ${maxBytes} bytes`, { field: FIELD, maxBytes }));
        next(new HttpError(400, `${FIELD}: ${(err as Error).message}`, { field: FIELD }));
      }),
    async (req: Request, res: Response) => {
      const file = (req as Request & { file?: { buffer: Buffer } }).file;
      if (!file)
        throw new HttpError(400, `${FIELD}: send one image as the multipart field "${FIELD}"`, { field: FIELD });
      const ext = sniffImage(file.buffer);
      if (!ext)
        throw new HttpError(415, `${FIELD}: only PNG, JPEG or WebP images (checked by content, not by name)`, {
          field: FIELD,
        });
      const name = `${createHash('sha256').update(file.buffer).digest('hex')}.${ext}`;
      mkdirSync(dir, { recursive: true });
      const path = join(dir, name);
      if (!existsSync(path)) writeFileSync(path, file.buffer);
      if (store)
        await auditEvent(
          store,
          currentUser(res).name,
          'media.upload',
          `/media/${name} (${TYPES[ext]}, ${file.buffer.length} bytes)`,
        );
      res.status(201).json({ url: `/media/${name}`, type: TYPES[ext], bytes: file.buffer.length });
    },
  );
  return router;
}

/** `GET /media/<sha256>.<ext>`: an uploaded image, cached for a year (its name changes with its content). */
export function mediaFilesRouter(dir: string) {
  const router = Router();
  router.get('/media/:name', (req, res, next) => {
    const m = NAME.exec(String(req.params.name));
    const path = m ? join(dir, m[0]) : '';
    if (!m || !existsSync(path)) return next();
    res.setHeader('Content-Type', TYPES[m[2] as Ext]);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.sendFile(path, { cacheControl: false });
  });
  return router;
}
