/**
 * The drain of a Neo4j notification outbox: rows a write queued in its own transaction are read a
 * page at a time, delivered to a sink, then deleted, until none is left. Delivery is idempotent by
 * item id, so a crash between delivering and deleting delivers again without a duplicate, and two
 * workers draining the same rows at once is harmless. The risk notifications
 * (src/services/risk/outbox.ts) and the adverse-media alerts (src/services/news/alerts.ts) are
 * its two kinds: one mechanism, so a fix to either reaches both.
 */
import type { NotificationSink } from '../../domain/notifications';
import { cypher } from '../../graph/cypherFiles';
import { neo4j, type Neo4jRecord } from '../../graph/driver';
import type { Graph } from '../../graph/neo4j';

/** Rows moved per read of an outbox. */
const PAGE = 500;

export type OutboxItem = Parameters<NotificationSink['deliver']>[0][number];

/** What differs between two outboxes: their statements and how a page of rows becomes items. */
export interface OutboxKind<I extends OutboxItem> {
  /** The cypher file holding both statements. */
  file: string;
  /** Reads the oldest pending rows, at most $limit. */
  pending: string;
  /** Deletes the rows whose ids are $ids. */
  remove: string;
  /** The outbox id of a row, deleted once its page is delivered. */
  rowId(row: Neo4jRecord): string;
  /** The items to deliver of a page of rows; may hold fewer than the rows (a row with nothing left to say). */
  items(rows: Neo4jRecord[]): I[] | Promise<I[]>;
}

export class OutboxDrain<I extends OutboxItem> {
  /** One flush at a time per outbox object (a scorer's chunks in flight share one). */
  private flushing: Promise<unknown> = Promise.resolve();

  constructor(private readonly graph: Graph, private readonly sink: NotificationSink, private readonly kind: OutboxKind<I>) {}

  /** Moves every pending row to the sink, then deletes it from the outbox; answers how many items were delivered. */
  flush(): Promise<number> {
    const run = this.flushing.then(() => this.flushPending());
    this.flushing = run.catch(() => undefined);
    return run;
  }

  private async flushPending(): Promise<number> {
    const { file, pending, remove } = this.kind;
    let delivered = 0;
    for (;;) {
      const rows = await this.graph.read(cypher(file, pending), { limit: neo4j.int(PAGE) });
      if (!rows.length) return delivered;
      const items = await this.kind.items(rows);
      if (items.length) await this.sink.deliver(items);
      await this.graph.write(cypher(file, remove), { ids: rows.map((r) => this.kind.rowId(r)) });
      delivered += items.length;
    }
  }
}
