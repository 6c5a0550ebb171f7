/**
 * The EditorContext the property forms read (editor-context.ts), built from what the console already loaded:
 * the draft text sets, the market of the preview, the route map, the API map (loaded once here: the console's
 * data leaves it out) and the edited screen's state. A new text key is saved at once into every locale's text
 * set draft (If-Match on each), so the server's copy checks judge it and the preview frame can show it; its
 * findings come back to the form, and the new copy is shown before the console's data is reloaded.
 */
import { useEffect, useMemo, useState } from 'react';
import { adminApi } from '../admin-api';
import { currentContent, type DocRecord, type DocSummary } from '../admin-types';
import { findingsForKey, type EditorContext } from './editor-context';
import { uploadImage } from '../landing/upload-image';
import { describeError } from '../describe-error';

/** What the console page hands the screen editor besides the draft. */
export interface EditorData {
  /** Draft copy by text set (locale) id. */
  texts: Record<string, Record<string, string>>;
  /** The locale the outline shows copy in. */
  consoleLocale: string;
  /** Loaded documents (markets, route map...), drafts over published. */
  records: DocRecord[];
  docs: DocSummary[];
  /** The path the route map gives the screen, for the canvas. */
  routePath?: string;
  /** The market the page previews first. */
  market: string;
  /** A text set draft was saved (a new key): the console reloads its data. */
  onTextsSaved(): void;
}

export type Market = 'ID' | 'IN';

const contentOf = (records: DocRecord[], kind: string, id?: string) => {
  const r = records.find((x) => x.kind === kind && (id === undefined || x.id === id));
  return r ? currentContent(r) : undefined;
};

export function useEditorContext(
  data: EditorData,
  market: Market,
  screenState: unknown,
  previewValues?: (expr: string) => unknown,
): EditorContext {
  const [apiMap, setApiMap] = useState<unknown>(() => contentOf(data.records, 'api-map'));
  const [created, setCreated] = useState<Record<string, Record<string, string>>>({});
  const apiMapId = data.docs.find((d) => d.kind === 'api-map')?.id;
  useEffect(() => {
    if (apiMap || !apiMapId) return;
    let live = true;
    adminApi
      .get('api-map', apiMapId)
      .then((r) => live && setApiMap(currentContent(r)))
      // The endpoint picker then offers free text: the form stays usable without the map.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [apiMap, apiMapId]);

  const texts = useMemo(() => {
    const out: Record<string, Record<string, string>> = {};
    for (const locale of new Set([...Object.keys(data.texts), ...Object.keys(created)]))
      out[locale] = { ...data.texts[locale], ...created[locale] };
    return out;
  }, [data.texts, created]);

  const { onTextsSaved } = data;
  return useMemo<EditorContext>(
    () => ({
      texts,
      consoleLocale: data.consoleLocale,
      market,
      marketDoc: contentOf(data.records, 'market', market),
      apiMap,
      routeMap: contentOf(data.records, 'route-map'),
      screenState,
      previewValues,
      async createKey(key, byLocale) {
        const lines: string[] = [];
        for (const [locale, value] of Object.entries(byLocale)) {
          try {
            const rec = await adminApi.get('text-set', locale);
            const content = currentContent(rec) as { texts: Record<string, string> };
            await adminApi.saveDraft(
              'text-set',
              locale,
              { ...content, texts: { ...content.texts, [key]: value } },
              rec.etag,
            );
            setCreated((c) => ({ ...c, [locale]: { ...c[locale], [key]: value } }));
          } catch (e) {
            lines.push(`Error: ${locale} not saved: ${describeError(e)}`);
          }
        }
        onTextsSaved();
        try {
          lines.push(...findingsForKey(await adminApi.copyFindings(), key));
        } catch (e) {
          lines.push(`Warning: the copy checks could not be read: ${describeError(e)}`);
        }
        return lines;
      },
      uploadImage: (file) => uploadImage(file),
    }),
    [texts, data.consoleLocale, data.records, market, apiMap, screenState, previewValues, onTextsSaved],
  );
}
