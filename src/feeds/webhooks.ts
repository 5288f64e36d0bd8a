/**
 * Webhook subscriptions and their delivery log in Redis.
 * - `webhooks:project:<project id>`: hash, subscription id -> Subscription JSON (with its secret,
 *   which every attempt needs to sign);
 * - `webhooks:deliveries:<subscription id>`: sorted set of delivery ids, score = created (ms);
 * - `webhooks:delivery:<delivery id>`: hash {json: the Delivery, status}, expiring after the
 *   retention; `...:attempts`: list of Attempt JSON, appended by each attempt;
 * - `webhooks:outcomes`: hash, outcome -> count of attempts and of deliveries (metrics).
 * A delivery id is derived from the subscription and the event, and created with HSETNX, so an
 * event reported twice (delivery of risk changes is at least once) makes one delivery.
 */
import { deleteKeys, slotTag, type RedisClient } from './redis';

export const WEBHOOK_EVENTS = ['risk.changed', 'upload.finished', 'adverse_media.new'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export interface Subscription {
  id: string;
  project_id: string;
  url: string;
  events: WebhookEvent[];
  description: string;
  enabled: boolean;
  secret: string;
  /** Secrets replaced by a rotation, each signing beside the current one until it expires (newest first). */
  previous_secrets?: PreviousSecret[];
  created: string;
  updated: string;
  user: string;
  org: string;
}

export interface PreviousSecret { secret: string; expires: string }

/** The secrets a delivery attempt at `now` is signed with: the current one, then those still in their grace period. */
export function signingSecrets(sub: Subscription, now = Date.now()): string[] {
  return [sub.secret, ...(sub.previous_secrets ?? []).filter((p) => Date.parse(p.expires) > now).map((p) => p.secret)];
}

/** `cancelled`: dropped unsent, its subscription disabled or its project archived before the attempt. */
export type DeliveryStatus = 'pending' | 'retrying' | 'succeeded' | 'failed' | 'cancelled';

export interface Delivery {
  /** Also the `webhook-id` header: the same on every attempt and re-send, so receivers can drop doubles. */
  id: string;
  subscription_id: string;
  project_id: string;
  event_type: WebhookEvent;
  created: string;
  /** The exact body sent (and signed). */
  body: string;
}

export interface Attempt {
  attempt: number;
  trigger: 'event' | 'retry' | 'resend';
  at: string;
  duration_ms: number;
  status?: number;
  error?: string;
  outcome: AttemptOutcome;
}

export type AttemptOutcome = 'success' | 'http_error' | 'timeout' | 'network_error' | 'refused';

/** Subscriptions a project may have. */
export const MAX_SUBSCRIPTIONS_PER_PROJECT = 20;
/** Secrets a subscription keeps signing with after rotations, besides the current one. */
export const MAX_PREVIOUS_SECRETS = 3;
/** The longest grace period of a rotated secret: 7 days. */
export const MAX_ROTATION_GRACE_SECONDS = 7 * 86_400;
/** Deliveries kept in the log of one subscription (the newest). */
export const MAX_DELIVERIES_PER_SUBSCRIPTION = 1000;

const subsKey = (projectId: string) => `webhooks:project:${encodeURIComponent(projectId)}`;
const logKey = (subscriptionId: string) => `webhooks:deliveries:${subscriptionId}`;
// A delivery's two keys share its hash tag on a cluster (read and written in one MULTI).
const deliveryKey = (r: RedisClient, id: string) => `webhooks:delivery:${slotTag(r, id)}`;
const attemptsKey = (r: RedisClient, id: string) => `${deliveryKey(r, id)}:attempts`;
const OUTCOMES = 'webhooks:outcomes';

export class WebhookStore {
  constructor(private readonly redis: RedisClient, private readonly retentionSeconds: number) {}

  async subscriptions(projectId: string): Promise<Subscription[]> {
    const all = await this.redis.hgetall(subsKey(projectId));
    return Object.values(all).map((v) => JSON.parse(v) as Subscription).sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : a.id < b.id ? -1 : 1));
  }

  async subscription(projectId: string, id: string): Promise<Subscription | undefined> {
    const v = await this.redis.hget(subsKey(projectId), id);
    return v ? (JSON.parse(v) as Subscription) : undefined;
  }

  async count(projectId: string): Promise<number> {
    return this.redis.hlen(subsKey(projectId));
  }

  async save(sub: Subscription): Promise<void> {
    await this.redis.hset(subsKey(sub.project_id), sub.id, JSON.stringify(sub));
  }

  /** Removes the subscription and its delivery log; false when there was none. */
  async remove(projectId: string, id: string): Promise<boolean> {
    const removed = await this.redis.hdel(subsKey(projectId), id);
    const ids = await this.redis.zrange(logKey(id), '0', '-1');
    await deleteKeys(this.redis, [logKey(id), ...ids.flatMap((d) => [deliveryKey(this.redis, d), attemptsKey(this.redis, d)])]);
    return removed === 1;
  }

  /** Creates the delivery unless it exists; true when created. Trims the log to its newest deliveries. */
  async createDelivery(delivery: Delivery): Promise<boolean> {
    const created = await this.redis.hsetnx(deliveryKey(this.redis, delivery.id), 'json', JSON.stringify(delivery));
    if (!created) return false;
    const key = logKey(delivery.subscription_id);
    // Two MULTIs: the delivery's keys and the log's may be on different cluster nodes.
    await this.redis.multi().hset(deliveryKey(this.redis, delivery.id), 'status', 'pending').expire(deliveryKey(this.redis, delivery.id), this.retentionSeconds).exec();
    await this.redis.multi()
      .zadd(key, Date.parse(delivery.created), delivery.id)
      .zremrangebyscore(key, '-inf', String(Date.now() - this.retentionSeconds * 1000))
      .zremrangebyrank(key, 0, -MAX_DELIVERIES_PER_SUBSCRIPTION - 1)
      .expire(key, this.retentionSeconds)
      .exec();
    return true;
  }

  async delivery(id: string): Promise<{ delivery: Delivery; status: DeliveryStatus; attempts: Attempt[] } | undefined> {
    const [[, fields], [, attempts]] = (await this.redis.multi().hgetall(deliveryKey(this.redis, id)).lrange(attemptsKey(this.redis, id), 0, -1).exec()) as [[null, Record<string, string>], [null, string[]]];
    if (!fields.json) return undefined;
    return { delivery: JSON.parse(fields.json) as Delivery, status: (fields.status ?? 'pending') as DeliveryStatus, attempts: attempts.map((a) => JSON.parse(a) as Attempt) };
  }

  /** The subscription's delivery ids, newest first, and how many there are. */
  async deliveryIds(subscriptionId: string, offset: number, limit: number): Promise<{ ids: string[]; total: number }> {
    const [[, ids], [, total]] = (await this.redis.multi()
      .zrevrange(logKey(subscriptionId), offset, offset + limit - 1)
      .zcard(logKey(subscriptionId))
      .exec()) as [[null, string[]], [null, number]];
    return { ids, total };
  }

  /** Appends an attempt and sets the delivery's status; counts the outcome (and the final result, when `final`). */
  async recordAttempt(id: string, attempt: Attempt, status: DeliveryStatus, final?: 'delivered' | 'failed'): Promise<void> {
    const tx = this.redis.multi()
      .rpush(attemptsKey(this.redis, id), JSON.stringify(attempt))
      .expire(attemptsKey(this.redis, id), this.retentionSeconds)
      .hset(deliveryKey(this.redis, id), 'status', status);
    await tx.exec();
    // The outcome counters live in one key of their own (on a cluster, in another slot).
    const counted = this.redis.multi().hincrby(OUTCOMES, `attempt:${attempt.outcome}`, 1);
    if (final) counted.hincrby(OUTCOMES, `delivery:${final}`, 1);
    await counted.exec();
  }

  async setStatus(id: string, status: DeliveryStatus): Promise<void> {
    await this.redis.hset(deliveryKey(this.redis, id), 'status', status);
  }

  /** Attempts by outcome and deliveries by final result, since the Redis database was made. */
  async outcomes(): Promise<{ attempts: Record<string, number>; deliveries: Record<string, number> }> {
    const all = await this.redis.hgetall(OUTCOMES);
    const attempts: Record<string, number> = {};
    const deliveries: Record<string, number> = {};
    for (const [k, v] of Object.entries(all)) {
      const [kind, name] = k.split(':');
      (kind === 'attempt' ? attempts : deliveries)[name] = Number(v);
    }
    return { attempts, deliveries };
  }
}
