import { Router, type Request, type Response, type NextFunction } from 'express';
import multer from 'multer';
import { CODES, SandboxError, invalid, successBody } from './envelope.js';
import { MAX_UPLOAD_BYTES, UploadStore, sniffImage } from './upload-store.js';

/**
 * POST /user-problem/upload-problem-img (multipart, field `problemImage`) → `{code:'00', data:{url}}`,
 * and GET /uploads/:name serving the image back. Errors go to the router's error handler, which
 * answers with the legacy envelope.
 */
export function uploadRoutes(store: UploadStore, urlOf: (req: Request, path: string) => string): Router {
  const router = Router();
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 2048, parts: 30 },
  }).single('problemImage');

  router.post('/user-problem/upload-problem-img', (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) {
      next(invalid('send multipart/form-data with the image in field problemImage'));
      return;
    }
    upload(req, res, (err: unknown) => {
      if (err) return next(err);
      const file = req.file;
      if (!file || file.size === 0) return next(invalid('problemImage is required'));
      const kind = sniffImage(file.buffer);
      if (!kind) return next(new SandboxError(CODES.NOT_IMAGE, 'problemImage must be a PNG, JPEG, GIF or WebP image'));
      const name = store.put(file.buffer, kind);
      res.json(successBody('legacy', { url: urlOf(req, `uploads/${name}`) }));
    });
  });

  router.get('/uploads/:name', (req: Request, res: Response) => {
    const img = store.get(String(req.params.name));
    if (!img) {
      res.status(404).json({ code: CODES.NOT_FOUND, message: 'image not found', data: null });
      return;
    }
    res.set({
      'Content-Type': img.mime,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=86400',
    });
    res.send(img.bytes);
  });
  return router;
}
