/**
 * An EditorContext for component tests of the property forms: the shipped text sets, market, API and route maps,
 * a preview that knows the values given, and createKey/uploadImage that record their calls and answer as told.
 */
import { vi } from 'vitest';
import idTexts from '../../../screens/texts/id-ID.json';
import enTexts from '../../../screens/texts/en-IN.json';
import market from '../../../screens/markets/ID.json';
import apiMap from '../../../screens/maps/api-map.json';
import routeMap from '../../../screens/maps/route-map.json';
import type { EditorContext } from '../editor/editor-context';

export interface FakeOptions {
  screenState?: unknown;
  preview?: Record<string, unknown>;
  findings?: string[];
  uploadedUrl?: string;
}

export function fakeEditorContext(opts: FakeOptions = {}) {
  const texts: Record<string, Record<string, string>> = {
    'id-ID': { ...idTexts.texts },
    'en-IN': { ...enTexts.texts },
  };
  const createKey = vi.fn(async (key: string, byLocale: Record<string, string>) => {
    for (const [locale, copy] of Object.entries(byLocale)) texts[locale][key] = copy;
    return opts.findings ?? [];
  });
  const uploadImage = vi.fn(async (_file: File) => opts.uploadedUrl ?? '/media/abc.png');
  const context: EditorContext = {
    texts,
    consoleLocale: 'en-IN',
    market: 'ID',
    marketDoc: market,
    apiMap,
    routeMap,
    screenState: opts.screenState ?? {},
    previewValues: opts.preview ? (expr) => opts.preview![expr.trim()] : undefined,
    createKey,
    uploadImage,
  };
  return { context, createKey, uploadImage };
}
