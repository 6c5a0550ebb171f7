import { describe, expect, it } from 'vitest';
import { answerKey, keptAnswers } from './kept-answers';

const HOUR = 3600_000;
const ok = (data: unknown) => ({ ok: true, code: 0, message: '', data });

describe('kept answers', () => {
  it('answers a call by endpoint and params, whatever their order, with the time it was fetched', () => {
    let now = 1_000_000;
    const shelf = keptAnswers({ token: 't1', deviceId: 'd' }, 24 * HOUR, () => now);
    shelf.keep(answerKey('problemList', { a: 1, b: 2 }), ok(['x']));
    now += HOUR;
    expect(shelf.read(answerKey('problemList', { b: 2, a: 1 }))).toEqual({ at: 1_000_000, result: ok(['x']) });
    expect(shelf.read(answerKey('problemList', { a: 2, b: 2 }))).toBeNull();
    expect(shelf.read(answerKey('problemInit', { a: 1, b: 2 }))).toBeNull();
  });

  it('forgets an answer older than the market allows, and keeps none at 0 h', () => {
    let now = 0;
    const shelf = keptAnswers({ token: 't1' }, 24 * HOUR, () => now);
    shelf.keep('k', ok(1));
    now = 24 * HOUR;
    expect(shelf.read('k')).not.toBeNull();
    now = 24 * HOUR + 1;
    expect(shelf.read('k')).toBeNull();
    const none = keptAnswers({ token: 't1' }, 0, () => now);
    none.keep('k2', ok(2));
    expect(none.read('k2')).toBeNull();
  });

  it("leaves none of the borrower's answers on the phone once the market keeps none (0 h)", () => {
    keptAnswers({ token: 't1' }, 24 * HOUR).keep('k', ok('amount due 1.250.000'));
    // The market now keeps nothing: the next answer is not kept, and those kept before go too.
    keptAnswers({ token: 't1' }, 0).keep('k2', ok(2));
    expect(localStorage.getItem('sdui:answers')).toBeNull();
  });

  it('drops every answer of a session when a call is made with another token', () => {
    keptAnswers({ token: 't1', deviceId: 'd' }, 24 * HOUR).keep('k', ok('mine'));
    expect(keptAnswers({ deviceId: 'd', token: 't1' }, 24 * HOUR).read('k')?.result.data).toBe('mine');
    expect(keptAnswers({ token: 't2', deviceId: 'd' }, 24 * HOUR).read('k')).toBeNull();
    expect(localStorage.getItem('sdui:answers')).toBeNull();
    // Back to the first token: its answers are gone for good.
    expect(keptAnswers({ token: 't1', deviceId: 'd' }, 24 * HOUR).read('k')).toBeNull();
  });

  it('survives garbage in storage and keeps at most 40 answers, the newest', () => {
    localStorage.setItem('sdui:answers', '{not json');
    const shelf = keptAnswers({ token: 't' }, HOUR);
    expect(shelf.read('k')).toBeNull();
    for (let i = 0; i < 45; i++) shelf.keep(`k${i}`, ok(i));
    expect(shelf.read('k4')).toBeNull();
    expect(shelf.read('k5')?.result.data).toBe(5);
    expect(shelf.read('k44')?.result.data).toBe(44);
  });
});
