/**
 * A value read from the whole graph (the member reach, the possibly-same-as table) and shared by
 * the groups and jobs of one change while the graph epoch stays.
 *
 * Sharing is safe only while the graph the value was read from is the one a reader would read at
 * its own point (a group after its risk states: the compare-and-set needs the graph read after
 * the state, cypher/risk.cypher apply-scores). Ingest and import write a new graph epoch token in
 * each of their transactions; the cache keeps the token read before and after the value was read
 * (a write committed in between leaves no token to keep), and a reader uses it only when it reads
 * the same token at its point: no ingest committed from the read's start to that point, so the
 * value is the graph as it was there, whenever it was read. Otherwise the value is read again,
 * from then on, and used. So a value may be read before any reader needs it (prefetch).
 */
import { cypher } from '../../graph/cypherFiles';
import type { InReadTx, Run } from './types';
export type { InReadTx } from './types';

/** The graph epoch token (cypher/risk.cypher graph-epoch), null when no ingest wrote one yet. */
export async function graphEpoch(run: Run): Promise<string | null> {
  const [row] = await run(cypher('risk', 'graph-epoch'), {});
  return (row?.get('token') as string | null | undefined) ?? null;
}


interface Kept<T> { value: T; token: string; today: string }

/**
 * One read at a time: a reader that needs the value while one is read waits for it, then checks
 * its token against its own.
 */
export class EpochCache<T> {
  private kept: Kept<T> | undefined;
  private reading: Promise<{ value: T; kept: Kept<T> | undefined }> | undefined;

  /** `read` reads the value for a day (facts end by date) in transactions of its own. */
  constructor(private readonly inTx: InReadTx, private readonly read: (today: string) => Promise<T>) {}

  /** Starts reading the value for `today` unless one is being read (a reader asks for it later). */
  prefetch(today: string): void {
    if (!this.reading) this.search(today).catch(() => undefined);
  }

  /** The value for a reader whose transaction `run` is at the point the value must hold for. */
  async get(run: Run, today: string): Promise<T> {
    return this.at(await graphEpoch(run), today);
  }

  /** The value for a reader that read `token` (graphEpoch) at the point the value must hold for. */
  async at(token: string | null, today: string): Promise<T> {
    const fits = (kept: Kept<T> | undefined): kept is Kept<T> => kept !== undefined && kept.today === today && kept.token === token;
    if (fits(this.kept)) return this.kept.value;
    if (this.reading) {
      const awaited = await this.reading.catch(() => undefined);
      if (fits(awaited?.kept)) return awaited.kept.value;
    }
    // Read from now on, after the reader's point: what it reads holds for the reader.
    return (await this.search(today, true)).value;
  }

  /**
   * Reads the value (or takes the kept one when the token has not moved, unless `fresh`), and
   * keeps it when no ingest committed while it was read.
   */
  private search(today: string, fresh = false): Promise<{ value: T; kept: Kept<T> | undefined }> {
    const reading = (async () => {
      const before = await this.inTx(graphEpoch);
      if (!fresh && this.kept && this.kept.token === before && this.kept.today === today) return { value: this.kept.value, kept: this.kept };
      const value = await this.read(today);
      const after = await this.inTx(graphEpoch);
      // Tokens equal: no ingest or import committed while the value was read.
      const kept = before !== null && before === after ? { value, token: after, today } : undefined;
      if (kept) this.kept = kept;
      return { value, kept };
    })();
    this.reading = reading;
    const done = () => {
      if (this.reading === reading) this.reading = undefined;
    };
    reading.then(done, done);
    return reading;
  }
}
