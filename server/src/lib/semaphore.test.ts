import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore';

describe('Semaphore', () => {
  it('runs at most `slots` tasks at once, in arrival order, and frees the slot on failure', async () => {
    const semaphore = new Semaphore(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (index: number) =>
      semaphore.run(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(index);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (index === 1) throw new Error('boom');
        return index;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(task));
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
    expect(semaphore.load).toEqual({ active: 0, waiting: 0 });
  });
});
