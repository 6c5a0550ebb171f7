import { copyText } from '../core/copy/copy-text';
import { OFFLINE_KEYS } from './OfflineNotice';

interface Props {
  texts: Record<string, string>;
  market: Record<string, unknown>;
  onRetry(): void;
}

/**
 * In place of a screen the phone has never opened, while offline: why it is not here, and a way to try again. The
 * offline notice itself is the page's (OfflineNotice.tsx, above), not repeated here.
 */
export function OfflineRetry({ texts, market, onRetry }: Props) {
  return (
    <div className="sdui-offline-screen" role="alert">
      <p>{copyText(texts, OFFLINE_KEYS.unseen, undefined, market)}</p>
      <button type="button" className="sdui-offline-retry" onClick={onRetry}>
        {copyText(texts, 'common.retry', undefined, market) ?? 'Retry'}
      </button>
    </div>
  );
}
