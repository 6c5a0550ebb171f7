import type { HandlerRegistry } from '../runtime/contract';
import { api } from './api';
import { bridge } from './bridge';
import { closeModal } from './close-modal';
import { copy } from './copy';
import { delay } from './delay';
import { ifAction } from './if';
import { navigate } from './navigate';
import { openModal } from './open-modal';
import { openUrl } from './open-url';
import { sequence } from './sequence';
import { setState } from './set-state';
import { storage } from './storage';
import { toast } from './toast';
import { upload } from './upload';
import { validate } from './validate';

/** One handler per action type; typed so an action type without a handler fails to compile. */
export const handlers: HandlerRegistry = {
  api,
  navigate,
  toast,
  bridge,
  setState,
  openModal,
  closeModal,
  sequence,
  if: ifAction,
  delay,
  storage,
  upload,
  openUrl,
  validate,
  copy,
};
