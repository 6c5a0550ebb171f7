import type { WidgetRegistry } from '../runtime/contract';
import { Text } from './Text';

// Minimal placeholder written by the runtime engineer so RenderNodes has a table to import;
// the widget engineer replaces it with the full `WidgetRegistry` (every node type, compile-checked).
export const registry: Partial<WidgetRegistry> = {
  text: Text,
};
