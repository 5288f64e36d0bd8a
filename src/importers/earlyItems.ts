/**
 * The release state of added items, written while the file's later batches are still being
 * written: when batches commit on their own, an item new to the graph is recorded (create-import-items)
 * as soon as every line it converted to has committed, in a transaction of its own beside the
 * ingest's. The item state then never claims a line the graph lacks, and the state's writes use
 * Neo4j's time the line batches leave idle instead of following them (docs/design.md, "Added
 * items are recorded while the file is written").
 */
import { cypher } from '../graph/cypherFiles';
import type { InTransaction } from '../ingest/transactions';
import type { Conversion, ItemState } from './convert';
import { itemRow } from './releases';

export interface EarlyItems {
  /** The converted file's lines (1-based) of a batch that committed. */
  linesCommitted(lines: number[]): void;
  /** Waits for the writes under way; the keys of the items written. Throws the first write's failure. */
  finish(): Promise<Set<string>>;
}

/**
 * Tracks which added items have all their lines committed and writes them with `runId`, a
 * statement once `batchSize` (the ingest's) wait; those left at the end are applyRelease's. Only
 * items with at least one line and a key no other item of the file has are written early; the
 * others (and every item when the file is one transaction) are left to applyRelease.
 */
export function earlyItems(conversion: Conversion, inTx: InTransaction, runId: string, batchSize: number): EarlyItems {
  const keyCount = new Map<string, number>();
  for (const s of conversion.states) keyCount.set(s.key, (keyCount.get(s.key) ?? 0) + 1);
  const remaining = new Map<number, number>();
  for (const no of conversion.lineOf) if (no > 0) remaining.set(no, (remaining.get(no) ?? 0) + 1);
  const candidates = new Map<number, ItemState[]>();
  for (const s of conversion.states) {
    if (s.status !== 'added' || keyCount.get(s.key) !== 1 || !remaining.has(s.no)) continue;
    const list = candidates.get(s.no);
    if (list) list.push(s);
    else candidates.set(s.no, [s]);
  }
  const written = new Set<string>();
  let ready: ItemState[] = [];
  let chain: Promise<void> = Promise.resolve();
  let failure: unknown;
  const send = () => {
    const states = ready;
    ready = [];
    chain = chain.then(async () => {
      if (failure !== undefined) return;
      const rows = states.map(itemRow);
      try {
        await inTx((run) => run(cypher('import', 'create-import-items'), { rows, run: runId }));
        for (const s of states) written.add(s.key);
      } catch (err) {
        failure = err;
      }
    });
  };
  return {
    linesCommitted(lines) {
      for (const line of lines) {
        const no = conversion.lineOf[line - 1];
        const left = (remaining.get(no) ?? 0) - 1;
        remaining.set(no, left);
        if (left !== 0) continue;
        const states = candidates.get(no);
        if (states) ready.push(...states);
      }
      if (ready.length >= batchSize) send();
    },
    async finish() {
      await chain;
      if (failure !== undefined) throw failure;
      return written;
    },
  };
}
