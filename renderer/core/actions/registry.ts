import type { ActionType, Handler, HandlerRegistry } from '../runtime/contract';
import { api } from './api';
import { bridge } from './bridge';
import { closeModal } from './close-modal';
import { ifAction } from './if';
import { openModal } from './open-modal';
import { openUrl } from './open-url';
import { sequence } from './sequence';
import { setState } from './set-state';
import { storage } from './storage';
import { toast } from './toast';

type Later = typeof import('./later-actions');

/** The steps a first screen rarely takes, from their own chunk (later-actions.ts); later warms it after first paint. */
export const warmLaterActions = () => import('./later-actions');
const later =
  <A extends ActionType & keyof Later>(type: A): Handler<A> =>
  (action, ctx) =>
    warmLaterActions().then((m) => (m[type] as unknown as Handler<A>)(action, ctx));

/** One handler per action type; typed so an action type without a handler fails to compile. */
export const handlers: HandlerRegistry = {
  api,
  navigate: later('navigate'),
  toast,
  bridge,
  setState,
  openModal,
  closeModal,
  sequence,
  if: ifAction,
  delay: later('delay'),
  storage,
  upload: later('upload'),
  openUrl,
  validate: later('validate'),
  copy: later('copy'),
};
