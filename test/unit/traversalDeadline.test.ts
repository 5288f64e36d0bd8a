import { Deadline, attemptTimeoutMs } from '../../src/services/traversal';

/** The arithmetic of the one deadline a traversal request has (TRAVERSAL_TIMEOUT_MS in all). */
describe('Deadline', () => {
  test('counts down on its clock and stops at zero', () => {
    let now = 1_000;
    const deadline = new Deadline(500, () => now);
    expect(deadline.remainingMs()).toBe(500);
    now += 200;
    expect(deadline.remainingMs()).toBe(300);
    now += 1_000;
    expect(deadline.remainingMs()).toBe(0);
  });
});

describe('attemptTimeoutMs', () => {
  test('half of what is left, all of it for the last possible attempt, nothing when nothing is left', () => {
    expect(attemptTimeoutMs(10_000, false)).toBe(5_000);
    expect(attemptTimeoutMs(10_000, true)).toBe(10_000);
    expect(attemptTimeoutMs(1, false)).toBe(0);
    expect(attemptTimeoutMs(0, true)).toBe(0);
  });

  test('a max_depth 10 search whose every attempt times out takes the timeout once in all, not once per depth', () => {
    let now = 0;
    const deadline = new Deadline(10_000, () => now);
    const shares: number[] = [];
    for (let depth = 10; depth >= 1; depth--) {
      const share = attemptTimeoutMs(deadline.remainingMs(), depth === 1);
      if (share === 0) break;
      shares.push(share);
      now += share; // the attempt runs until Neo4j stops it
    }
    expect(shares.slice(0, 3)).toEqual([5_000, 2_500, 1_250]);
    expect(shares.every((s) => s > 0)).toBe(true);
    expect(now).toBe(10_000);
    expect(shares).toHaveLength(10); // every depth was tried, the shallowest with what was left
  });
});
