/**
 * The sandbox plays the real backend for experiments too: when a call that is a goal succeeds (a landing
 * registration, a confirmed loan, an accepted repayment, a filed complaint), it reports the conversion server to
 * server to `POST /config/v1/conversions` with a conversion key, as the loan backend does in production. The borrower
 * is the request's deviceId (the common param that also chose their arm; a body field when the query has none).
 * Reports leave after the answer and never fail a call: a lost report is logged.
 */
import { randomUUID } from 'node:crypto';

/** Which successful call is which goal (metric document id); the answer decides where a call may not finish one. */
export const SANDBOX_GOALS: Readonly<Record<string, (answer: unknown) => string | undefined>> = {
  '/api/v2/youmi/promotion/register': () => 'registered',
  '/v3/loan-confirm/loan-detail-push': () => 'loanConfirmed',
  // A card that needs an SMS code pays only at repayment-confirm.
  '/api/v1/youmi/youmi-api/service/loan/repayment-commit': (a) =>
    (a as { needValid?: unknown } | null)?.needValid === 1 ? undefined : 'repaid',
  '/api/v1/youmi/youmi-api/service/loan/repayment-confirm': () => 'repaid',
  '/sandbox-ext/virtual-account/pay': () => 'repaid',
  '/user-problem/problem-save': () => 'complaintFiled',
};

export interface GoalReached {
  metric: string;
  deviceId: string;
  /** Epoch ms. */
  at: number;
  /** The server's own origin, as the request reached it. */
  origin: string;
}

export type ConversionReporter = (g: GoalReached) => void;

/** Posts each goal reached to the server's conversions endpoint with `key`; failures go to `log`. */
export function conversionReporter(
  key: () => string | undefined,
  log: (m: string) => void,
  post: typeof fetch = fetch,
): ConversionReporter {
  return (g) => {
    const k = key();
    if (!k) return;
    const event = {
      id: `sandbox-${randomUUID()}`,
      metric: g.metric,
      deviceId: g.deviceId,
      at: new Date(g.at).toISOString(),
    };
    post(`${g.origin}/config/v1/conversions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${k}` },
      body: JSON.stringify({ events: [event] }),
    })
      .then(async (r) => {
        if (r.status !== 200)
          log(`sandbox: conversion ${g.metric} not taken: ${r.status} ${(await r.text()).slice(0, 200)}`);
      })
      .catch((e: Error) => log(`sandbox: conversion ${g.metric} not reported: ${e.message}`));
  };
}

/** The deviceId a call names: its common param, else a body field. */
export function deviceIdOf(query: Record<string, unknown>, body: Record<string, unknown>): string | undefined {
  const v = typeof query.deviceId === 'string' && query.deviceId ? query.deviceId : body.deviceId;
  return typeof v === 'string' && v.length > 0 && v.length <= 128 ? v : undefined;
}
