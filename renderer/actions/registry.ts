import type { HandlerRegistry } from '../runtime/contract';
import { toast } from './toast';

/** One handler per action type; typed so an action type without a handler fails to compile. */
export const handlers: HandlerRegistry = {
  toast,
};
