import { createHash } from 'node:crypto';
import helmet from 'helmet';
import type { RequestHandler } from 'express';
import type { PublishedSnapshot } from '../published/snapshot.js';
import { CAPTURE_SCRIPT } from '../../renderer/boot/render-static.js';

/**
 * The one inline script a page may run: the drawn page's capture script, by the sha256 of its exact text,
 * computed once as the server starts. Never 'unsafe-inline': any other inline script stays blocked.
 */
export const CAPTURE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(CAPTURE_SCRIPT, 'utf8').digest('base64')}'`;

/**
 * helmet with our CSP. Scripts only from our origin (and the capture script by its hash) and never `'unsafe-eval'` (the renderer
 * validates with precompiled ajv code and evaluates expressions without eval). Styles allow
 * inline because the admin's code editor injects <style> elements; no script can ride on that.
 * Embeds come from published documents, so the policy is rebuilt per publish. API origins never do:
 * `connect-src` is this origin plus the server's backend allow-list (SSR_BACKEND_ORIGINS), which validation also
 * holds every API map to, so a published document cannot widen where borrowers' browsers send their tokens.
 */
export function cspDirectives(snap: PublishedSnapshot, backendOrigins: readonly string[] = []) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", CAPTURE_SCRIPT_HASH],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...backendOrigins],
    // 'self': the admin previews the draft in a phone-sized frame of this same app.
    frameSrc: ["'self'", ...snap.frameOrigins],
    frameAncestors: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    workerSrc: ["'self'"],
  };
}

export function securityHeaders(snap: PublishedSnapshot, backendOrigins: readonly string[] = []): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(snap, backendOrigins) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
