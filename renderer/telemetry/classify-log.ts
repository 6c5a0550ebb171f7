/**
 * Which beacon count a logged message is. The screen host prefixes what a screen logs with `screen <id>: `; the
 * rest is the producer's own wording: runtime/NodeBoundary.tsx (a widget that threw), runtime/RenderNodes.tsx (an
 * unknown node type) and core/runtime/create-runtime.ts (expression warnings). classify-log.isolated.test.tsx runs those producers,
 * so a change of their wording fails there, not silently here.
 */
export type LogMetric = 'renderErrors' | 'unknownNodes' | 'expressionWarnings';

const SCREEN = /^screen ([^\s:]+): ([\s\S]*)$/;
const KINDS: [RegExp, LogMetric][] = [
  [/^node \S+(?: #\S+)? failed to render: /, 'renderErrors'],
  [/^unknown node type /, 'unknownNodes'],
  [/^expression /, 'expressionWarnings'],
];

export function classifyLog(message: string): { screen: string; metric: LogMetric; rest: string } | null {
  const m = SCREEN.exec(message);
  if (!m) return null;
  const kind = KINDS.find(([re]) => re.test(m[2]));
  return kind ? { screen: m[1], metric: kind[1], rest: m[2] } : null;
}
