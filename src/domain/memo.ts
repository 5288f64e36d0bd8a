/**
 * A pure function of a string, remembered for the arguments seen recently: names and their
 * words repeat across the candidates of one query and across queries, and analysing them again
 * was most of resolve's scoring time. Bounded: past `max` entries the memory starts again empty,
 * which costs nothing on a hit (an LRU would reorder on every one) and keeps a query's working
 * set, a few hundred words, almost always whole.
 */
export function memoized<T>(fn: (arg: string) => T, max: number): (arg: string) => T {
  const seen = new Map<string, T>();
  return (arg) => {
    let value = seen.get(arg);
    if (value === undefined) {
      if (seen.size >= max) seen.clear();
      value = fn(arg);
      seen.set(arg, value);
    }
    return value;
  };
}
