/**
 * Early input end to end in jsdom: a screen drawn by react-dom/server, the page's real capture script recording what a
 * borrower does before the app runs, then hydrateRoot and the replay, read back through the screen's React state.
 */
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CAPTURE_SCRIPT } from './capture-script';
import { CAPTURE_GLOBAL, type CaptureHandle } from './capture-handle';
import { replayEarlyInput } from './replay-early-input';
import { holdFields, takeEarlyInput, type EarlyInput } from './take-early-input';
import { AfterHydration } from './AfterHydration';

type Log = unknown[][];

/** A small screen in the widgets' manner: controlled fields, a button its state disables, a form, a link. */
function Screen({ log }: { log: Log }) {
  const [phone, setPhone] = useState('');
  const [agree, setAgree] = useState(true);
  const [plan, setPlan] = useState('3');
  const [size, setSize] = useState('s');
  return (
    <main>
      <label htmlFor="phone">Phone</label>
      <input id="phone" value={phone} onChange={(e) => setPhone(e.target.value)} />
      <input id="agree" type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
      <label htmlFor="agree">Agree</label>
      <input id="plan6" type="radio" name="plan" value="6" checked={plan === '6'} onChange={() => setPlan('6')} />
      <select id="size" value={size} onChange={(e) => setSize(e.target.value)}>
        <option value="s">S</option>
        <option value="l">L</option>
      </select>
      <button id="confirm" type="button" disabled={!agree} onClick={() => log.push(['confirm', phone])}>
        Confirm
      </button>
      <button id="send" type="button" onClick={() => log.push(['send', phone, agree, plan, size])}>
        <span id="send-label">Send</span>
      </button>
      <form id="form" onSubmit={(e) => (e.preventDefault(), log.push(['submit', phone]))}>
        <input id="q" />
      </form>
      <a id="away" href="#away">
        Away
      </a>
      <output id="state">{JSON.stringify({ phone, agree, plan, size })}</output>
    </main>
  );
}

let root: HTMLElement;
let app: Root | undefined;
const $ = <T extends Element = HTMLElement>(id: string) => document.getElementById(id) as unknown as T;
const state = () => JSON.parse($('state').textContent!);
const handle = () => (window as unknown as Record<string, CaptureHandle | undefined>)[CAPTURE_GLOBAL];

/** What the browser does when the borrower types: the value changes, then `input` fires. */
function type(el: HTMLInputElement, value: string) {
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Hydrates the drawn screen as start-app.tsx does (fields held in the commit, the replay once its code is here,
 * `meanwhile` standing for what happens before that) and waits for the replay to finish.
 */
async function hydrate(log: Log, early: EarlyInput, meanwhile?: () => void) {
  const committed = new Promise<void>((r) => {
    app = hydrateRoot(
      root,
      <AfterHydration onLayout={() => holdFields(root, early)} onCommit={r}>
        <Screen log={log} />
      </AfterHydration>,
    );
  });
  await committed;
  await new Promise((r) => setTimeout(r, 0));
  meanwhile?.();
  await replayEarlyInput(root, early);
}

beforeEach(() => {
  // Updates here come from DOM events after hydration, as in the browser, not from act().
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  root = document.createElement('div');
  root.id = 'root';
  root.setAttribute('data-ssr', '');
  root.innerHTML = renderToString(<Screen log={[]} />);
  document.body.append(root);
  new Function(CAPTURE_SCRIPT)();
});

afterEach(() => {
  takeEarlyInput();
  app?.unmount();
  app = undefined;
  root.remove();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

describe('early input: capture on the drawn page, replay after hydration', () => {
  it('typed text, ticks, a select and taps count, in order, as if the app had been running', async () => {
    type($('phone'), '0812345');
    $('plan6').click();
    const size = $<HTMLSelectElement>('size');
    size.value = 'l';
    size.dispatchEvent(new Event('change', { bubbles: true }));
    $('send-label').click();
    // The tap shows at once that it was taken.
    expect($('send').getAttribute('aria-busy')).toBe('true');
    const log: Log = [];
    await hydrate(log, takeEarlyInput());
    expect(log).toEqual([['send', '0812345', true, '6', 'l']]);
    expect(state()).toEqual({ phone: '0812345', agree: true, plan: '6', size: 'l' });
    expect($('send').hasAttribute('aria-busy')).toBe(false);
    // The replayed value is React's now: a re-render keeps it (without the replay it went back to '').
    $('agree').click();
    expect(state().phone).toBe('0812345');
    expect($<HTMLInputElement>('phone').value).toBe('0812345');
  });

  it('a tap on a control the replayed state disables does nothing; a tick restored then ticked counts once', async () => {
    $('agree').click(); // unticked on the drawn page: the box shows it, the app did not know
    expect($<HTMLInputElement>('agree').checked).toBe(false);
    $('confirm').click(); // still enabled in the drawn page
    const log: Log = [];
    await hydrate(log, takeEarlyInput());
    expect(state().agree).toBe(false);
    expect($<HTMLButtonElement>('confirm').disabled).toBe(true);
    expect(log).toEqual([]);
    expect($('confirm').hasAttribute('aria-busy')).toBe(false);
  });

  it('keeps text typed up to hydration with its caret, records no link, and holds a native submit to replay it once', async () => {
    const phone = $<HTMLInputElement>('phone');
    type(phone, '08');
    $('away').click();
    $('form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    const early = takeEarlyInput();
    expect(early.events.map((e) => e.t)).toEqual(['i', 'f']);
    // Still typing as the app hydrates: more text, caret moved back into it.
    phone.focus();
    phone.value = '081299';
    phone.setSelectionRange(3, 3);
    const log: Log = [];
    await hydrate(log, early);
    expect(state().phone).toBe('081299');
    expect([phone.selectionStart, phone.selectionEnd]).toEqual([3, 3]);
    expect(log).toEqual([['submit', '081299']]);
  });

  it('replays the text held at the commit even when a render reset the field before the replay came', async () => {
    type($('phone'), '0812');
    $('send').click();
    const log: Log = [];
    // Before the replay's code arrives, something re-renders the screen: React puts its state ('') into the field.
    const rerender = () => {
      const size = $<HTMLSelectElement>('size');
      size.value = 'l';
      size.dispatchEvent(new Event('change', { bubbles: true }));
    };
    await hydrate(log, takeEarlyInput(), () => (rerender(), expect($<HTMLInputElement>('phone').value).toBe('')));
    expect(log).toEqual([['send', '0812', true, '3', 'l']]);
    expect(state().phone).toBe('0812');
  });

  it('records nothing after it is stopped, and gives its queue once', async () => {
    type($('phone'), '1');
    const early = takeEarlyInput();
    expect(handle()).toBeUndefined();
    $('send').click();
    expect($('send').hasAttribute('aria-busy')).toBe(false);
    expect(early.events).toHaveLength(1);
    expect(takeEarlyInput().events).toEqual([]);
  });

  it('does nothing without the script (or on a page the app draws itself)', async () => {
    takeEarlyInput();
    type($('phone'), '0812');
    const log: Log = [];
    await hydrate(log, takeEarlyInput());
    expect(log).toEqual([]);
    expect(state().phone).toBe('');

    app!.unmount();
    app = undefined;
    root.removeAttribute('data-ssr');
    root.innerHTML = renderToString(<Screen log={[]} />);
    new Function(CAPTURE_SCRIPT)();
    $('send').click();
    expect(takeEarlyInput().events).toEqual([]);
  });
});
