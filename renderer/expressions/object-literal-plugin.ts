import type jsep from 'jsep';

const OPEN = 123; // {
const CLOSE = 125; // }

/**
 * `{ a: 1, "b": x }` object literals (jsep has none built in; the published plugin is not a dependency).
 * Keys are identifiers or string literals; no computed keys, no spreads, no shorthand.
 */
export const objectLiteralPlugin = {
  name: 'sdui-object-literal',
  init(j: typeof jsep) {
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
        else if (keyNode?.type === 'Literal' && typeof (keyNode as jsep.Literal).value === 'string') key = (keyNode as jsep.Literal).value as string;
        else this.throwError('object key must be a name or a string');
        this.gobbleSpaces();
        if (this.code !== j.COLON_CODE) this.throwError('expected : after object key');
        this.index++;
        const value = this.gobbleExpression() as jsep.Expression | null;
        if (!value) this.throwError('expected a value after :');
        properties.push({ key: key!, value: value! });
        this.gobbleSpaces();
        if (this.code === j.COMMA_CODE) this.index++;
        else if (this.code !== CLOSE) this.throwError('expected , or } in object');
      }
    });
  },
};
