import type jsep from 'jsep';

const OPEN = 123; // {
const CLOSE = 125; // }
const COLON = 58;
const COMMA = 44;

/**
 * `{ a: 1, "b": x }` object literals (jsep has none built in; the published plugin is not a dependency).
 * Keys are identifiers or string literals; no computed keys, no spreads, no shorthand.
 */
export const objectLiteralPlugin: jsep.IPlugin = {
  name: 'sdui-object-literal',
  // jsep calls init(jsep) as a method of the plugin; its typings declare it as `this`.
  init(...args: unknown[]) {
    const j = args[0] as typeof jsep;
    j.hooks.add('gobble-token', function gobbleObject(this: any, env: { node?: jsep.Expression }) {
      if (this.code !== OPEN) return;
      this.index++;
      const properties: { key: string; value: jsep.Expression }[] = [];
      for (;;) {
        this.gobbleSpaces();
        if (this.code === CLOSE) {
          this.index++;
          env.node = this.gobbleTokenProperty({ type: 'ObjectExpression', properties });
          return;
        }
        const keyNode = this.gobbleToken() as jsep.Expression | null;
        let key: string;
        if (keyNode?.type === 'Identifier') key = (keyNode as jsep.Identifier).name;
        else if (keyNode?.type === 'Literal' && typeof (keyNode as jsep.Literal).value === 'string')
          key = (keyNode as jsep.Literal).value as string;
        else this.throwError('object key must be a name or a string');
        this.gobbleSpaces();
        if (this.code !== COLON) this.throwError('expected : after object key');
        this.index++;
        const value = this.gobbleExpression() as jsep.Expression | null;
        if (!value) this.throwError('expected a value after :');
        properties.push({ key: key!, value: value! });
        this.gobbleSpaces();
        if (this.code === COMMA) this.index++;
        else if (this.code !== CLOSE) this.throwError('expected , or } in object');
      }
    });
  },
};
