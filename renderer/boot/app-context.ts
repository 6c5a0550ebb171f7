import { createContext, useContext } from 'react';
import type { ApiClient, Bridge } from '../runtime/contract';
import type { BootBundle } from './boot-types';

/** App-wide things every screen shares: the bundle, the API client, the bridge. */
export interface AppContextValue {
  bundle: BootBundle;
  api: ApiClient;
  bridge: Bridge;
  /** Query of the page outside the hash route (the native shell's params live there in hash mode). */
  outerQuery: Record<string, string>;
  commonQueryNames: string[];
  hashRouting: boolean;
  /** Copy by key with a literal fallback (used before a screen exists). */
  t(key: string, fallback: string): string;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const v = useContext(AppContext);
  if (!v) throw new Error('useApp() outside <App>');
  return v;
}
