import { describe, expect, it } from 'vitest';
import { eagerCjsWrappers } from '../vite-eager-cjs';

// The shapes the bundler emits (minified): a CommonJS module wrapped as an arrow in double parentheses.
const chunk = [
  `import{t as e}from"./rolldown-runtime.js";`,
  `var n=e(((e,t)=>{t.exports={twice:n=>2*n,name:"lib"}})),`,
  `r=e((e=>{e.size=3})),`,
  // A callback that is no wrapper (single parentheses), and a wrapper reading its own \`this\`: left alone.
  `i=[1].map(e=>{return e}),o=e(((e,t)=>{t.exports=this}));`,
  `export{n as a,r as b,i as c,o as d};`,
].join('');

describe('eager CommonJS wrappers (react-dom compiled with its file)', () => {
  it('rewrites the wrappers as parenthesized functions, and nothing else', () => {
    const out = eagerCjsWrappers(chunk);
    expect(out).toContain('n=e((function(e,t){t.exports={twice:n=>2*n,name:"lib"}}))');
    expect(out).toContain('r=e((function(e){e.size=3}))');
    expect(out).toContain('i=[1].map(e=>{return e})');
    expect(out).toContain('o=e(((e,t)=>{t.exports=this}))');
  });

  it('the rewritten wrappers do what they did', () => {
    const run = (code: string) => {
      const body = code
        .replace(/^import\{t as e\}from"\.\/rolldown-runtime\.js";/, '')
        .replace(/export\{.*\};$/, 'return {n,r,i};');
      // The bundler's helper: calls the wrapper once with (exports, module).
      const commonJs = (cb: (e: object, m: { exports: object }) => void) => {
        let mod: { exports: object } | undefined;
        return () => (mod || cb((mod = { exports: {} }).exports, mod), mod.exports);
      };
      const { n, r } = new Function('e', body)(commonJs) as Record<string, () => Record<string, unknown>>;
      return { name: n().name, size: r().size, twice: (n().twice as (x: number) => number)(4) };
    };
    expect(run(eagerCjsWrappers(chunk))).toEqual(run(chunk));
    expect(run(eagerCjsWrappers(chunk))).toEqual({ name: 'lib', size: 3, twice: 8 });
  });
});
