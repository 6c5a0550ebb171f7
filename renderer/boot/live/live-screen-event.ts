import type { ScreenDocument } from '../../../schemas/generated/types';
import type { Loaded } from '../config-client';

/**
 * The live module (start-live.ts, loaded late) tells the route on show about its screen by this window event: a newer
 * version to show at the next navigation, or (`now`) at once because the screen is failing (with no `fresh`: the
 * bundle changed under a failing screen, so the same document is mounted again with the new API map and copy).
 */
export const LIVE_SCREEN_EVENT = 'sdui:live-screen';

export interface LiveScreen {
  id: string;
  fresh?: Loaded<ScreenDocument>;
  now: boolean;
}
