interface Props {
  /** Why the screen is not here, in the market's words. */
  text: string;
  /** The retry button's label. */
  retry: string;
  /** Not for want of a connection (the network failed while the browser says online, or nothing is published). */
  error?: boolean;
  onRetry(): void;
}

/**
 * In place of a screen that could not be loaded: why it is not here, and a way to try again (a flaky link often
 * answers the next try). Offline, the offline notice itself is the page's (OfflineNotice.tsx, above), not repeated here.
 */
export function OfflineRetry({ text, retry, error, onRetry }: Props) {
  return (
    <div className="sdui-offline-screen" role="alert">
      <p className={error ? 'sdui-screen-error' : undefined}>{text}</p>
      <button type="button" className="sdui-offline-retry" onClick={onRetry}>
        {retry}
      </button>
    </div>
  );
}
