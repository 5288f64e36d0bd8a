/**
 * Audit history (GET /v1/history, GET /v1/history/export) in Redis Streams: one stream per user
 * (`history:<org>:<user>`), kept for `HISTORY_RETENTION_DAYS` days: every write trims what is
 * older (exact MINID trim) and sets the stream to expire that long after it, so an idle user's
 * stream goes too, and reads never reach below the retention, so nothing older is served
 * between writes. `HISTORY_MAX_EVENTS`, when set, also caps a stream (approximate trim): a guard
 * of Redis memory that cuts the audit trail, so it is off by default. Stream ids are assigned by
 * Redis and only grow, so the id of the last event of a page is a page token that never skips
 * or repeats an event, whatever is written meanwhile. Pages run newest first, exports oldest first.
 *
 * Event names (HistoryInfo.event), and their `data`:
 * - `api.request`: every authenticated call (including rejected ones: 4xx, 429):
 *   `{method, path (route pattern, e.g. /v1/traversal/{id}), url, status, request_id, client_id, duration_ms}`
 * - `project.created` `{project_id, label, type, share}`
 * - `project.archived` `{project_id}`
 * - `project_entity.created` `{project_id, project_entity_id, entity_ids}`
 * - `project_entity.deleted` `{project_id, project_entity_id}`
 * - `project_entity.matches_updated` `{project_id, project_entity_id, entity_ids, added, removed, restored}`
 * - `project_entity.attributes_updated` `{project_id, project_entity_id}`
 * - `project_entity.case_updated` `{project_id, project_entity_id, tags?, case_status?}`
 * - `project_entity.risk_changes_deleted` `{project_id, project_entity_id?, deleted, at}`
 * - `notifications.deleted` `{project_id, resource_id?, entity_id?, deleted}`
 * - `attribute.created` / `attribute.updated` / `attribute.deleted` / `attribute.retired` `{attribute_id, entity_id, type}`
 * - `snapshot.created` `{project_id, project_entity_id, snapshot_id, entity_id}`
 * - `snapshot.deleted` `{project_id, project_entity_id, snapshot_id}`
 * - `upload.started` `{project_id, upload_id, file, count}`
 * - `upload.finished` `{project_id, upload_id, file, count, matched, unmatched, failed}`
 * - `match.decided` `{project_id, project_entity_id, match_id, decision, reason}`
 * - `webhook.created` `{project_id, webhook_id, url, events}`
 * - `webhook.updated` `{project_id, webhook_id, changed}`
 * - `webhook.deleted` `{project_id, webhook_id}`
 * - `webhook.secret_rotated` `{project_id, webhook_id, grace_seconds}`
 * - `webhook.delivery_resent` `{project_id, webhook_id, delivery_id}`
 */
import type { RedisClient } from './redis';
import type { Principal } from '../domain/principal';
import type { WriteBehind } from './writeBehind';

export const HISTORY_EVENTS = [
  'api.request',
  'project.created',
  'project.archived',
  'project_entity.created',
  'project_entity.deleted',
  'project_entity.matches_updated',
  'project_entity.attributes_updated',
  'project_entity.case_updated',
  'project_entity.risk_changes_deleted',
  'notifications.deleted',
  'attribute.created',
  'attribute.updated',
  'attribute.deleted',
  'attribute.retired',
  'snapshot.created',
  'snapshot.deleted',
  'upload.started',
  'upload.finished',
  'match.decided',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'webhook.delivery_resent',
  'adverse_media.link_removed',
] as const;
export type HistoryEvent = (typeof HISTORY_EVENTS)[number];

export interface HistoryInfo {
  /** The stream id: also the token that continues after this event. */
  id: string;
  user: string;
  environment: string;
  event: string;
  data: Record<string, unknown>;
  timestamp: string;
}

export interface HistoryQuery {
  events?: string[];
  /** YYYY-MM-DD, inclusive, UTC. */
  from?: string;
  to?: string;
  size: number;
  token?: string;
}

export interface HistoryPage { size: number; next_token: string; events: HistoryInfo[] }

/** How long a stream's events are kept; `maxEvents` (optional) caps a stream besides. */
export interface HistoryRetention { retentionDays: number; maxEvents?: number }

export const STREAM_ID = /^\d{1,16}-\d{1,20}$/;
const MAX_SEQUENCE = 2n ** 64n - 1n;

/**
 * Why `token` cannot continue a page, or undefined when it can. Beyond the pattern, Redis refuses
 * a sequence number above 2^64-1, and nothing lies before 0-0 (the exclusive bound "(0-0" is an error).
 */
export function tokenProblem(token: string): string | undefined {
  if (!STREAM_ID.test(token)) return 'must be a next_token of a previous page';
  const [ms, seq] = token.split('-');
  if (BigInt(seq) > MAX_SEQUENCE) return 'sequence number out of range';
  if (BigInt(ms) === 0n && BigInt(seq) === 0n) return 'no event lies before 0-0';
  return undefined;
}
const DAY_MS = 86_400_000;
/** Entries read per XREVRANGE while filtering by event, and per XRANGE of an export. */
const BATCH = 500;
/** Entries one request examines at most when a filter matches little; the page then ends early with a token. */
const SCAN_BUDGET = 20_000;

const key = (p: { org: string; user: string }) => `history:${encodeURIComponent(p.org)}:${encodeURIComponent(p.user)}`;
const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`);

export class HistoryFeed {
  constructor(
    private readonly redis: RedisClient,
    private readonly environment: string,
    private readonly retention: HistoryRetention,
    private readonly writes: WriteBehind,
  ) {}

  /** The first millisecond still kept. */
  private cutoff(): number {
    return Date.now() - this.retention.retentionDays * DAY_MS;
  }

  /** The lowest stream id a read may return: the later of the retention's start and `from`. */
  private lowest(from: string | undefined): string {
    // Stream ids are milliseconds since 1970 and never negative: a `from` before that bounds nothing.
    return String(Math.max(0, this.cutoff(), from ? dayStart(from) : 0));
  }

  /**
   * Appends one event to the principal's stream; resolves to its id. Written behind (see
   * WriteBehind) unless `now`: a project change is written before its call answers.
   */
  async record(principal: Principal, event: HistoryEvent, data: Record<string, unknown>, now = false): Promise<string> {
    const stream = key(principal);
    const written = this.writes.enqueue((pipeline) => {
      pipeline.xadd(
        stream, 'MINID', '=', String(this.cutoff()), '*',
        'user', principal.user, 'environment', this.environment, 'event', event, 'data', JSON.stringify(data),
      );
      pipeline.pexpire(stream, this.retention.retentionDays * DAY_MS);
      if (this.retention.maxEvents) pipeline.xtrim(stream, 'MAXLEN', '~', this.retention.maxEvents);
      return this.retention.maxEvents ? 3 : 2;
    });
    if (now) void this.writes.flush();
    const [id] = await written;
    return id as string;
  }

  /** One page of the principal's events, newest first. `next_token` is "" once nothing older is left. */
  async page(principal: Principal, q: HistoryQuery): Promise<HistoryPage> {
    await this.writes.flush();
    const stream = key(principal);
    const wanted = q.events?.length ? new Set(q.events) : undefined;
    const lowest = this.lowest(q.from);
    // A day before 1970 ends a range before any event.
    const lastMs = q.to ? dayStart(q.to) + DAY_MS - 1 : undefined;
    if (lastMs !== undefined && lastMs < 0) return { size: 0, next_token: '', events: [] };
    // A token continues below the last event returned; `to` bounds the first page.
    let end = q.token ? `(${q.token}` : lastMs !== undefined ? String(lastMs) : '+';

    const events: HistoryInfo[] = [];
    let last: string | undefined;
    let scanned = 0;
    let exhausted = false;
    while (events.length < q.size && scanned < SCAN_BUDGET) {
      const count = wanted ? BATCH : q.size - events.length;
      const batch = (await this.redis.xrevrange(stream, end, lowest, 'COUNT', count)) as [string, string[]][];
      let used = 0;
      for (const [id, fields] of batch) {
        used += 1;
        last = id;
        scanned += 1;
        const info = toInfo(id, fields);
        if (!wanted || wanted.has(info.event)) events.push(info);
        if (events.length === q.size) break;
      }
      if (used === batch.length && batch.length < count) {
        exhausted = true;
        break;
      }
      end = `(${last}`;
    }
    if (!exhausted && last !== undefined) {
      // A full page: say "no more" now rather than hand out a token to an empty page.
      const more = await this.redis.xrevrange(stream, `(${last}`, lowest, 'COUNT', 1);
      if (more.length === 0) exhausted = true;
    }
    return { size: events.length, next_token: exhausted || last === undefined ? '' : last, events };
  }

  /**
   * Every kept event of the principal within the filters, oldest first, read BATCH at a time
   * (for a streamed export). Events written after the export started are left out, its own
   * `api.request` among them, so an export is a fixed view however long it is read.
   */
  async *export(principal: Principal, q: Omit<HistoryQuery, 'size' | 'token'>): AsyncGenerator<HistoryInfo> {
    await this.writes.flush();
    const stream = key(principal);
    const wanted = q.events?.length ? new Set(q.events) : undefined;
    const highest = String(Math.min(Date.now(), q.to ? dayStart(q.to) + DAY_MS - 1 : Infinity));
    if (Number(highest) < 0) return;
    let start = this.lowest(q.from);
    for (;;) {
      const batch = (await this.redis.xrange(stream, start, highest, 'COUNT', BATCH)) as [string, string[]][];
      for (const [id, fields] of batch) {
        const info = toInfo(id, fields);
        if (!wanted || wanted.has(info.event)) yield info;
      }
      if (batch.length < BATCH) return;
      start = `(${batch[batch.length - 1][0]}`;
    }
  }
}

function toInfo(id: string, fields: string[]): HistoryInfo {
  const f: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]] = fields[i + 1];
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(f.data ?? '{}') as Record<string, unknown>;
  } catch {
    data = {};
  }
  return {
    id,
    user: f.user ?? '',
    environment: f.environment ?? '',
    event: f.event ?? '',
    data,
    timestamp: new Date(Number(id.split('-')[0])).toISOString(),
  };
}
