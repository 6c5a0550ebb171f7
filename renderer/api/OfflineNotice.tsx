import { useSyncExternalStore } from 'react';
import { copyText } from '../core/copy/copy-text';
import { offlineStatus } from './offline-status';

/** Copy keys of the offline notice, in every text set (screens/texts). */
export const OFFLINE_KEYS = { notice: 'offline.notice', asOf: 'offline.asOf', unseen: 'offline.unseen' } as const;

interface Props {
  texts: Record<string, string>;
  market: unknown;
}

/**
 * A plain line at the top of the page while the phone has no connection, in the market's words, and the time the
 * screen's data was fetched when it was opened from what the phone kept ("as of 14:05", in the market's time zone).
 * Nothing at all while online with fresh data: a drawn page hydrates without it.
 */
export function OfflineNotice({ texts, market }: Props) {
  const { offline, asOf } = useSyncExternalStore(
    offlineStatus.subscribe,
    offlineStatus.getSnapshot,
    offlineStatus.getServerSnapshot,
  );
  if (!offline && asOf === null) return null;
  const m = market as Record<string, unknown>;
  const notice = offline ? copyText(texts, OFFLINE_KEYS.notice, undefined, m) : undefined;
  const stamp = asOf !== null ? copyText(texts, OFFLINE_KEYS.asOf, { at: asOf }, m) : undefined;
  return (
    <div className="sdui-offline" role="status">
      {notice && <p className="sdui-offline-notice">{notice}</p>}
      {stamp && <p className="sdui-offline-as-of">{stamp}</p>}
    </div>
  );
}
