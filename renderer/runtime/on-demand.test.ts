import { describe, expect, it, vi } from 'vitest';
import { onDemand } from './on-demand';

describe('code loaded on demand', () => {
  it('is downloaded once however many ask, and is there for all once it came', async () => {
    const load = vi.fn(() => Promise.resolve({ v: 1 }));
    const code = onDemand(load);
    let arrived = false;
    void code.arrival.then(() => (arrived = true));
    expect(code.now()).toBeUndefined();
    const [a, b] = await Promise.all([code.load(), code.load()]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
    expect(code.now()).toEqual({ v: 1 });
    await Promise.resolve();
    expect(arrived).toBe(true);
  });

  it('is asked for again after a failed download (flaky mobile data), not given up', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ v: 2 });
    const code = onDemand(load);
    await expect(code.load()).rejects.toThrow('offline');
    expect(code.now()).toBeUndefined();
    await expect(code.load()).resolves.toEqual({ v: 2 });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
