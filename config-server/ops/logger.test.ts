import { describe, expect, it } from 'vitest';
import { fastPathRoute, requestIdFrom } from './access-log.js';
import { createLogger, logFunction, scrub } from './logger.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ destination: { write: (s: string) => void lines.push(JSON.parse(s)) } });
  return { logger, lines };
}

describe('logger', () => {
  it('writes JSON lines with an ISO time and the level as a word', () => {
    const { logger, lines } = capture();
    logFunction(logger)('store reachable again');
    expect(lines).toEqual([
      {
        level: 'info',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        pid: process.pid,
        msg: 'store reachable again',
      },
    ]);
  });

  it('scrubs tokens, passwords, phones and codes from messages and errors', () => {
    const { logger, lines } = capture();
    const log = logFunction(logger);
    log(
      'GET /sandbox/x?market=ID&token=abc123secret&phone=13912345678 failed',
      new Error('body {"password":"hunter2-long","verifyCode":"123456"} rejected'),
    );
    log('called +62 812-3456-7890 about order 1003 on 2024-05-01');
    const text = JSON.stringify(lines);
    for (const secret of ['abc123secret', '13912345678', 'hunter2-long', '123456', '812-3456-7890'])
      expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({
      level: 'error',
      msg: 'GET /sandbox/x?market=ID&token=[redacted]&phone=[redacted] failed',
      err: { type: 'Error', message: expect.stringContaining('"password":"[redacted]"') },
    });
    // Short numbers and dates stay readable.
    expect(lines[1].msg).toBe('called [redacted] about order 1003 on 2024-05-01');
  });

  it('blanks secret fields of logged objects', () => {
    const { logger, lines } = capture();
    logger.info({ body: { password: 'x' }, user: { token: 'y', name: 'ops' } }, 'object');
    expect(lines[0]).toMatchObject({ body: '[redacted]', user: { token: '[redacted]', name: 'ops' } });
  });
});

describe('request ids and route templates', () => {
  it('keeps a sane X-Request-Id and replaces anything else with a UUID', () => {
    expect(requestIdFrom('3f2a-trace.01:ab')).toBe('3f2a-trace.01:ab');
    for (const bad of [undefined, '', 'has space', '<script>', 'x'.repeat(200), ['a', 'b']])
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names the fast path routes by the router templates, never by the URL', () => {
    expect(fastPathRoute('/config/v1/bundle?market=ID&token=t')).toBe('/config/v1/bundle');
    expect(fastPathRoute('/config/v1/screens/complaint-list?token=t')).toBe('/config/v1/screens/:id');
    expect(fastPathRoute('/config/v1/templates/default')).toBe('/config/v1/templates/:templateId');
  });
});
