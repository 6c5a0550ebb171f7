/**
 * The sandbox answers like the loan backend it stands in for: every reply is an envelope
 * `{code, message, data}` with HTTP 200, success or not. Clients of this kind of backend read
 * `code`, never the HTTP status, so a business failure (wrong SMS code, unknown order) must not
 * look like a transport failure (the renderer's "error" toast). Only an unknown path (404), a wrong
 * method (405) and the captcha image (an <img> cannot read an envelope) use HTTP statuses.
 *
 * The backend answers with three flavours of envelope:
 * - main API: `code` is the number 0 on success;
 * - legacy complaint calls (`/user-problem/*`): `code` is the string '00' on success, and errors
 *   carry the same numbers as strings ('400', '404', ...);
 * - joint-login failure calls (`/joint/*`): `{status, message, data}`, `status` 0 on success.
 *
 * `message` is what the app toasts to the borrower. The spec's business codes (101, 11, 102, 103, -1,
 * 800005, 800006) keep their own messages. The generic codes (GENERIC_TEXT_KEYS: 400, 404, 409, 413, 415,
 * 500) answer copy in the market's language, the text of their key in the market's published text set, and
 * carry the developer's words ("scene is required") in an extra field `detail` of every flavour:
 * `{code, message, detail, data: null}`. Without a published text, `message` is the developer's words too.
 */

export type Flavor = 'main' | 'legacy' | 'joint';

/** Error codes of the sandbox. The business codes are the backend's (repayment, SMS, registration); the generic ones mirror HTTP. */
export const CODES = {
  OK: 0,
  /** A field is missing, has the wrong type or breaks a rule (message names the field). */
  INVALID: 400,
  /** An id (order, problem, product, card, sid, template, ...) is unknown to this session. */
  NOT_FOUND: 404,
  /** The request is well formed but the current state does not allow it (e.g. nothing to repay). */
  CONFLICT: 409,
  /** Body or upload over the size cap. */
  TOO_LARGE: 413,
  /** Upload is not a PNG, JPEG, GIF or WebP image (checked by magic bytes). */
  NOT_IMAGE: 415,
  /** Anything unexpected; the message never carries a stack trace. */
  INTERNAL: 500,
  /** get-sms: image captcha wrong. */
  SMS_CAPTCHA_WRONG: 101,
  /** get-sms / register: phone already registered. */
  ALREADY_REGISTERED: 11,
  /** get-sms: asked again within 60 s for the same phone. */
  SMS_TOO_EARLY: 102,
  /** register: SMS code wrong or never sent to that phone. */
  SMS_CODE_WRONG: 103,
  /** register: image captcha wrong. */
  REGISTER_CAPTCHA_WRONG: -1,
  /** repayment-confirm: verification code wrong. */
  VERIFY_CODE_WRONG: 800006,
  /** repayment-confirm: record already confirmed or its periods already paid. */
  REPEATED_REPAYMENT: 800005,
} as const;

/**
 * Text keys (screens/texts) of the borrower's message for each generic code. The server reads them, no screen
 * does: keep them in every text set.
 */
export const GENERIC_TEXT_KEYS: Readonly<Partial<Record<number, string>>> = {
  [CODES.INVALID]: 'sandbox.invalidRequest',
  [CODES.NOT_FOUND]: 'sandbox.notFound',
  [CODES.CONFLICT]: 'sandbox.conflict',
  [CODES.TOO_LARGE]: 'sandbox.tooLarge',
  [CODES.NOT_IMAGE]: 'sandbox.notImage',
  [CODES.INTERNAL]: 'sandbox.internal',
};

/**
 * A failure the client should see as an envelope. `message` is the developer's words: for a generic code
 * it goes to `detail` and the borrower gets the market's copy (see above). `verbatim` answers `message` as
 * it is whatever the code (a failure forced by a test says exactly what the borrower sees).
 */
export class SandboxError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly verbatim = false,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

export const invalid = (message: string) => new SandboxError(CODES.INVALID, message);
export const notFound = (message: string) => new SandboxError(CODES.NOT_FOUND, message);
export const conflict = (message: string) => new SandboxError(CODES.CONFLICT, message);

/** Which envelope a path gets: decided by the path alone so errors raised before routing match too. */
export function flavorOf(path: string): Flavor {
  if (path.startsWith('/user-problem/')) return 'legacy';
  if (path.startsWith('/joint/')) return 'joint';
  return 'main';
}

export function successBody(flavor: Flavor, data: unknown, message = 'success') {
  const payload = data === undefined ? null : data;
  if (flavor === 'legacy') return { code: '00', message, data: payload };
  if (flavor === 'joint') return { status: 0, message, data: payload };
  return { code: 0, message, data: payload };
}

/** An error envelope; `detail` (the developer's words behind a borrower's message) only when given. */
export function errorBody(flavor: Flavor, code: number, message: string, detail?: string) {
  const extra = detail === undefined ? {} : { detail };
  if (flavor === 'legacy') return { code: String(code), message, ...extra, data: null };
  if (flavor === 'joint') return { status: code, message, ...extra, data: null };
  return { code, message, ...extra, data: null };
}

/**
 * The error envelope a borrower gets: a generic code's message from `textOf` (the market's copy of its key),
 * its developer's words in `detail`; business codes and verbatim errors unchanged.
 */
export function borrowerErrorBody(flavor: Flavor, e: SandboxError, textOf: (key: string) => string | undefined) {
  const key = e.verbatim ? undefined : GENERIC_TEXT_KEYS[e.code];
  if (!key) return errorBody(flavor, e.code, e.message);
  let text: string | undefined;
  try {
    text = textOf(key);
  } catch {
    text = undefined;
  }
  return errorBody(flavor, e.code, typeof text === 'string' && text.trim() !== '' ? text : e.message, e.message);
}

/** Turns anything thrown (ours, body-parser's, multer's) into a code and a safe message. */
export function toSandboxError(err: unknown): SandboxError {
  if (err instanceof SandboxError) return err;
  const e = err as { type?: string; code?: string; status?: number; message?: string; field?: string } | null;
  if (e?.type === 'entity.too.large') return new SandboxError(CODES.TOO_LARGE, 'request body too large');
  if (e?.type === 'entity.parse.failed') return invalid('request body is not valid JSON');
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported')
    return invalid('unsupported body encoding');
  if (e?.code === 'LIMIT_FILE_SIZE') return new SandboxError(CODES.TOO_LARGE, 'image too large (max 5 MB)');
  if (e?.code === 'LIMIT_UNEXPECTED_FILE')
    return invalid(`unexpected file field '${e.field ?? ''}': send the image as problemImage`);
  if (typeof e?.code === 'string' && e.code.startsWith('LIMIT_')) return invalid(`upload rejected: ${e.message}`);
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) return invalid('malformed request');
  // busboy (under multer) rejects a cut or boundary-less multipart body with plain Errors: the client's fault.
  if (
    /^(Unexpected end of form|Malformed part header|Multipart: Boundary not found|Unexpected end of multipart data)/.test(
      String(e?.message),
    )
  ) {
    return invalid('malformed multipart body: send multipart/form-data with the image in field problemImage');
  }
  return new SandboxError(CODES.INTERNAL, 'sandbox internal error');
}
