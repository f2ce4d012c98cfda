import { describe, expect, it } from 'vitest';
import { PeriodicRead } from './periodic-read';

describe('a periodically read value', () => {
  it('is read once within its age, again after it, and at once after a failure or forget()', async () => {
    let now = 0;
    let reads = 0;
    let failNext = false;
    const value = new PeriodicRead(
      async () => {
        reads += 1;
        if (failNext) throw new Error('source down');
        return reads;
      },
      1000,
      { now: () => now },
    );
    expect(await value.get()).toBe(1);
    now = 1000;
    expect(await value.get()).toBe(1);
    now = 1001;
    expect(await value.get()).toBe(2);
    failNext = true;
    value.forget();
    await expect(value.get()).rejects.toThrow('source down');
    failNext = false;
    expect(await value.get()).toBe(4);
    expect(reads).toBe(4);
  });
});
