/**
 * A release that breaks a screen's first call, for the live-changes specs: the default API map with
 * `problemInit` moved to a path the sandbox does not have, published to 50 %, and a borrower the server puts in its
 * candidate arm.
 */
import { expect } from 'vitest';
import type { Client } from '../../config-server/testing/test-helpers';
import { commonParams } from './harness';

/** Publishes the broken map with `rollout` (guard on or off) and returns the release's id. */
export async function releaseBrokenProblemInit(
  ops: Client,
  note: string,
  rollout: { percent: number; guard?: boolean },
): Promise<string> {
  const doc = await ops.req('GET', '/admin/api/documents/api-map/default');
  const content = structuredClone((await doc.json()).published.content);
  content.endpoints.problemInit.path = '/user-problem/problem-init-v2';
  const put = await ops.req('PUT', '/admin/api/documents/api-map/default/draft', content, {
    'if-match': doc.headers.get('etag')!,
  });
  expect(put.status).toBe(200);
  const published = await ops.req('POST', '/admin/api/publish', {
    documents: [{ kind: 'api-map', id: 'default' }],
    note,
    rollout,
  });
  expect(published.status).toBe(200);
  return (await published.json()).release.id as string;
}

/** A deviceId (`<prefix>-<n>`) in the candidate arm of the release in flight: the arm is the server's, by deviceId. */
export async function candidateDevice(url: string, prefix: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const deviceId = `${prefix}-${i}`;
    const q = new URLSearchParams({ ...commonParams('arm'), deviceId });
    const r = await fetch(`${url}/config/v1/bundle?${q}`);
    if (/=candidate$/.test(r.headers.get('x-config-release') ?? '')) return deviceId;
  }
  throw new Error(`no deviceId ${prefix}-0..199 is in the candidate arm`);
}
