/**
 * The notification outbox: risk changes are queued in Neo4j in the same transaction as the
 * score (cypher/risk.cypher apply-scores) and moved from there to the feed, so a crash between
 * the two loses nothing. See docs/risk-and-notifications.md; the drain is src/services/outbox/drain.ts.
 */
import type { Graph } from '../../graph/neo4j';
import { OutboxDrain, type OutboxItem } from '../outbox/drain';
import type { EntityRiskChange, NotificationSink } from './notifications';

/**
 * `flush()` moves committed notifications from the Neo4j outbox to the feed, then deletes them
 * from the outbox, and answers the number moved (idempotent by notification id: see OutboxDrain).
 */
export class NotificationOutbox extends OutboxDrain<OutboxItem> {
  constructor(graph: Graph, sink: NotificationSink) {
    super(graph, sink, {
      file: 'risk',
      pending: 'outbox-pending',
      remove: 'outbox-delete',
      rowId: (r) => r.get('id') as string,
      items: (rows) => rows.map((r) => {
        const change = JSON.parse(r.get('payload') as string) as EntityRiskChange;
        const custom = r.get('custom_fields') as string | null;
        return {
          id: r.get('id') as string,
          projectId: r.get('project_id') as string,
          score: r.get('score') as number,
          // The saved entity's custom fields, as the spec's ProjectNotificationData carries them.
          data: { resource_id: r.get('resource_id') as string, ...change, ...(custom ? { custom_fields: JSON.parse(custom) as Record<string, string> } : {}) },
        };
      }),
    });
  }
}
