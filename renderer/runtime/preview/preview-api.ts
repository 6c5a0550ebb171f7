/**
 * The preview frame's API client of one screen: calls pass through to the app's client, except
 * - a step the states menu marked as failing (`FAILED_CALL_PREFIX`): it fails through the client's own failure path
 *   (logged, counted, toasted as a network failure would be), so the screen's `onError` runs as it would for real;
 * - a call that reads a landing template, while the canvas holds a template draft: answered with the draft.
 */
import type { ApiMapDocument } from '../../../schemas/generated/types';
import type { ApiClient, ApiResult } from '../../core/api/api-result';
import { FAILED_CALL_PREFIX } from './preview-messages';

/** The app's client (api/api-client.ts) reads an answer from elsewhere with `answer`: a rejected one is a failure. */
type AnswerableApi = ApiClient & {
  answer?(
    endpoint: string,
    raw: Promise<{ status: number; text: string }>,
    o?: { silent?: boolean },
  ): Promise<ApiResult>;
};

export interface TemplateDraft {
  doc: Record<string, unknown>;
  /** The endpoints that read a template, with their success code. */
  endpoints: Map<string, unknown>;
}

/** The calls that read a landing template: GET endpoints declaring a `templateId` param (the template's own key). */
export function templateEndpoints(apiMap: ApiMapDocument): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [name, ep] of Object.entries(apiMap.endpoints ?? {}))
    if (ep?.method === 'GET' && (ep.params ?? []).includes('templateId')) out.set(name, ep.successCode);
  return out;
}

const failure: ApiResult = { ok: false, code: undefined, message: '', data: undefined };

export function previewApi(api: ApiClient, template: () => TemplateDraft | null): ApiClient {
  const real = api as AnswerableApi;
  return {
    ...real,
    call(name, params, o) {
      if (name.startsWith(FAILED_CALL_PREFIX)) {
        const failed = Promise.reject(new Error('failed on purpose by the console preview (states menu)'));
        return real.answer ? real.answer(name.slice(FAILED_CALL_PREFIX.length), failed, o) : Promise.resolve(failure);
      }
      const t = template();
      if (t?.endpoints.has(name)) {
        // A paused campaign answers like an unknown one (the sandbox's rule): the page shows its ended state.
        return Promise.resolve(
          t.doc.paused === true
            ? failure
            : // The draft's own objects: the frame maps what the page draws from them back to their pointers.
              { ok: true, code: t.endpoints.get(name), message: '', data: t.doc },
        );
      }
      return real.call(name, params, o);
    },
  };
}
