import Redis from 'ioredis';
import { WriteBehind } from '../../src/feeds/writeBehind';
import { testConfig } from '../support/env';

/** The feeds' write-behind against the real Redis: held back, then written together, each caller answered. */
let redis: Redis;
const KEY = 'write-behind-test';

beforeAll(() => {
  redis = new Redis(testConfig().redisUrl, { maxRetriesPerRequest: 1 });
});
beforeEach(async () => {
  await redis.del(KEY, `${KEY}:stream`, `${KEY}:string`);
});
afterAll(() => redis.disconnect());

const increment = (writes: WriteBehind, by: number) => writes.enqueue((p) => {
  p.incrby(KEY, by);
  return 1;
});

test('commands wait for the delay, then go out in one pipeline and each caller gets its own replies', async () => {
  const writes = new WriteBehind(redis, 200);
  const execs: number[] = [];
  const pipeline = redis.pipeline.bind(redis);
  const spy = jest.spyOn(redis, 'pipeline').mockImplementation((...args) => {
    execs.push(Date.now());
    return pipeline(...args);
  });
  const replies = Promise.all([1, 2, 3].map((by) => increment(writes, by)));
  await new Promise((r) => setTimeout(r, 50));
  expect(await redis.get(KEY)).toBeNull(); // held back
  const [a, b, c] = await replies;
  expect([a, b, c]).toEqual([[1], [3], [6]]); // in order, each its own reply
  expect(execs).toHaveLength(1);
  spy.mockRestore();
});

test('flush writes at once, and a read after it sees everything enqueued before', async () => {
  const writes = new WriteBehind(redis, 10_000);
  const ids = [1, 2].map(() => writes.enqueue((p) => {
    p.xadd(`${KEY}:stream`, '*', 'n', '1');
    return 1;
  }));
  await writes.flush();
  expect(await redis.xlen(`${KEY}:stream`)).toBe(2);
  const [[first], [second]] = (await Promise.all(ids)) as string[][];
  expect(first < second || first.length < second.length).toBe(true);
});

test('a failing command rejects only its caller', async () => {
  await redis.set(`${KEY}:string`, 'text');
  const writes = new WriteBehind(redis, 5);
  const bad = writes.enqueue((p) => {
    p.hincrby(`${KEY}:string`, 'f', 1); // WRONGTYPE
    return 1;
  });
  const good = increment(writes, 5);
  await expect(bad).rejects.toThrow(/WRONGTYPE/);
  await expect(good).resolves.toEqual([5]);
});

test('delay 0 writes each call at once', async () => {
  const writes = new WriteBehind(redis, 0);
  await increment(writes, 7);
  expect(await redis.get(KEY)).toBe('7');
});
