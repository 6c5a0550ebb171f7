import { useEffect, useRef, useState } from 'react';
import { watchConsole, type ConsoleStreamOptions } from './console-stream';

/**
 * The console stream for the console's lifetime (console-stream.ts): `open` while it is up, and `releases`, a count
 * that moves each time releases changed (the Releases page re-reads on it). The document list re-reads by `onDocuments`.
 */
export function useConsoleLive(onDocuments: () => void, open?: ConsoleStreamOptions['open']) {
  const [state, setState] = useState({ open: false, releases: 0 });
  const docs = useRef(onDocuments);
  docs.current = onDocuments;
  useEffect(() => {
    if (typeof EventSource === 'undefined' && !open) return;
    return watchConsole({
      onReleases: () => setState((s) => ({ ...s, releases: s.releases + 1 })),
      onDocuments: () => docs.current(),
      onState: (o) => setState((s) => (s.open === o ? s : { ...s, open: o })),
      open,
    });
  }, [open]);
  return state;
}
