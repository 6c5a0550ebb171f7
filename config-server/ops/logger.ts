import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Query parameters and JSON fields that carry a borrower's or an operator's secret or identity: the common
 * params' `token`, login passwords, phones, SMS and verification codes, captchas. Nothing here logs a URL's
 * query or a body (the access line names the route template), so this is the second line: a message or an
 * error that quotes one anyway has the value replaced.
 */
const SECRET_NAMES =
  'token|access_?token|password|newPassword|pass(?:wd)?|phone|mobile|telephone|verifyCode|smsCode|sms_code|code|captcha|otp|authorization|cookie';
const IN_QUERY = new RegExp(`([?&;](?:${SECRET_NAMES})=)[^&#\\s"']*`, 'gi');
const IN_JSON = new RegExp(`("(?:${SECRET_NAMES})"\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|[0-9]+)`, 'gi');
/** Runs of 9 or more digits, spaces and dashes allowed between (phones, card numbers), anywhere in free text. */
const DIGIT_RUNS = /(?<![0-9A-Za-z])\+?[0-9][0-9 -]{7,}[0-9](?![0-9A-Za-z])/g;
const longDigits = (run: string) => (run.replace(/[^0-9]/g, '').length >= 9 ? '[redacted]' : run);

/** `text` with secret query values, JSON fields and long digit runs replaced by `[redacted]`. */
export function scrub(text: string): string {
  return text.replace(IN_QUERY, '$1[redacted]').replace(IN_JSON, '$1"[redacted]"').replace(DIGIT_RUNS, longDigits);
}

/** Paths pino blanks in any object logged (headers and bodies never are, should one ever be). */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.phone',
  '*.mobile',
  '*.verifyCode',
  '*.smsCode',
  '*.captcha',
  'body',
  'query',
  'headers.authorization',
  'headers.cookie',
];

export interface LoggerOptions {
  /** `LOG_LEVEL` (default `info`): trace, debug, info, warn, error, fatal or silent. */
  level?: string;
  /** Where the JSON lines go (default stdout). */
  destination?: DestinationStream;
}

/** The server's logger: one JSON object per line, ISO time, level as a word, secrets scrubbed. */
export function createLogger(opts: LoggerOptions = {}): Logger {
  return pino(
    {
      level: opts.level || 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: {
        err: (e: unknown) => {
          const s = stdSerializers.err(e as Error) as unknown as Record<string, unknown> | undefined;
          if (!s || typeof s !== 'object') return s;
          for (const k of ['message', 'stack'] as const) if (typeof s[k] === 'string') s[k] = scrub(s[k] as string);
          // Error properties a library adds (a request's config, its URL) stay out: name, message, stack, code.
          return {
            type: s.type,
            message: s.message,
            stack: s.stack,
            ...(s.code !== undefined ? { code: s.code } : {}),
          };
        },
      },
    },
    opts.destination,
  );
}

/**
 * The `(message, err?)` function the app's modules log through (store, sync, server render): a message
 * alone is `info`, one with an error `error`. Messages are scrubbed like errors.
 */
export function logFunction(logger: Logger): (message: string, err?: unknown) => void {
  return (message, err) => {
    if (err === undefined) logger.info(scrub(message));
    else if (err instanceof Error) logger.error({ err }, scrub(message));
    else logger.error({ detail: scrub(safeString(err)) }, scrub(message));
  };
}

function safeString(v: unknown): string {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}
