/**
 * Webhook subscriptions of a project (/v1/projects/{id}/webhooks): create, list, read, change,
 * delete, the delivery log and re-sending a delivery. Access as for the project: reads need the
 * viewer role, subscription changes the admin role (a subscription sends the project's data to
 * a URL of the caller's choice), a re-send the editor role; another org's project or
 * subscription is a 404. The secret is answered once, when the subscription is created.
 */
import { randomUUID } from 'node:crypto';
import { badParameter, notFound } from '../../domain/errors';
import type { Attempt, Delivery, DeliveryStatus, Subscription, WebhookEvent, WebhookStore } from '../../feeds/webhooks';
import { MAX_PREVIOUS_SECRETS, MAX_SUBSCRIPTIONS_PER_PROJECT, signingSecrets } from '../../feeds/webhooks';
import type { Graph } from '../../graph/neo4j';
import { ApiError } from '../../domain/errors';
import type { Principal } from '../auth';
import type { Role } from '../access';
import { archivedConflict } from '../access';
import { AuditSink, ProjectTx, now } from '../projects/tx';
import type { EnqueueDelivery } from './dispatch';
import { generateSecret, secretProblem } from './signing';
import { TargetRefused, checkTarget } from './targets';

export interface SubscriptionInput { url: string; events: WebhookEvent[]; secret?: string; description?: string; enabled?: boolean }
export type SubscriptionChange = Partial<Omit<SubscriptionInput, 'secret'>>;
export interface SecretRotation { secret?: string; grace_seconds?: number }

/** A rotated secret signs beside the new one for this long unless the rotation says otherwise. */
export const DEFAULT_ROTATION_GRACE_SECONDS = 86_400;

/**
 * A subscription as answered: without its secrets; `previous_secrets` says until when each
 * rotated secret still signs, `paused` that the project is archived (no deliveries).
 */
export function publicSubscription(s: Subscription, paused = false) {
  const previous = (s.previous_secrets ?? []).filter((p) => Date.parse(p.expires) > Date.now()).map((p) => ({ expires: p.expires }));
  return {
    id: s.id, project_id: s.project_id, url: s.url, events: s.events, description: s.description, enabled: s.enabled, paused,
    previous_secrets: previous, created: s.created, updated: s.updated,
  };
}

/** A delivery as answered: its body parsed, its status and attempts. */
export function publicDelivery(d: { delivery: Delivery; status: DeliveryStatus; attempts: Attempt[] }) {
  return {
    id: d.delivery.id, subscription_id: d.delivery.subscription_id, project_id: d.delivery.project_id, event_type: d.delivery.event_type,
    created: d.delivery.created, status: d.status, payload: JSON.parse(d.delivery.body) as unknown, attempts: d.attempts,
  };
}

const subscriptionNotFound = (id: string) => notFound(`webhook ${JSON.stringify(id)}`);

export class WebhookService extends ProjectTx {
  constructor(
    graph: Graph, private readonly store: WebhookStore, private readonly enqueue: EnqueueDelivery,
    private readonly options: { allowPrivate: boolean }, audit: AuditSink, warn?: (message: string, err: unknown) => void,
  ) {
    super(graph, audit, warn);
  }

  /** 404 / 403, and 409 for a change to an archived project; answers whether the project is archived (its webhooks paused). */
  private async access(principal: Principal, projectId: string, role: Role, change = false): Promise<boolean> {
    const { project } = await this.graph.readTx((tx) => this.readProject(tx, projectId, principal, role));
    if (change && project.archived) throw archivedConflict(projectId);
    return Boolean(project.archived);
  }

  private async target(url: string): Promise<string> {
    try {
      return (await checkTarget(url, this.options.allowPrivate)).href;
    } catch (err) {
      if (err instanceof TargetRefused) throw badParameter('url', err.message);
      throw err;
    }
  }

  private async find(projectId: string, id: string): Promise<Subscription> {
    const sub = await this.store.subscription(projectId, id);
    if (!sub) throw subscriptionNotFound(id);
    return sub;
  }

  async create(principal: Principal, projectId: string, input: SubscriptionInput) {
    await this.access(principal, projectId, 'admin', true);
    if (input.secret !== undefined) {
      const problem = secretProblem(input.secret);
      if (problem) throw badParameter('secret', problem);
    }
    const url = await this.target(input.url);
    if ((await this.store.count(projectId)) >= MAX_SUBSCRIPTIONS_PER_PROJECT) {
      throw new ApiError(409, [`project ${JSON.stringify(projectId)} has ${MAX_SUBSCRIPTIONS_PER_PROJECT} webhooks, the most it may have; delete one first`]);
    }
    const at = now();
    const sub: Subscription = {
      id: randomUUID(), project_id: projectId, url, events: [...new Set(input.events)], description: input.description ?? '',
      enabled: input.enabled ?? true, secret: input.secret ?? generateSecret(), created: at, updated: at, user: principal.user, org: principal.org,
    };
    await this.store.save(sub);
    await this.recordEvent(principal, 'webhook.created', { project_id: projectId, webhook_id: sub.id, url, events: sub.events });
    return { ...publicSubscription(sub), secret: sub.secret };
  }

  async list(principal: Principal, projectId: string) {
    const paused = await this.access(principal, projectId, 'viewer');
    return (await this.store.subscriptions(projectId)).map((sub) => publicSubscription(sub, paused));
  }

  async get(principal: Principal, projectId: string, id: string) {
    const paused = await this.access(principal, projectId, 'viewer');
    return publicSubscription(await this.find(projectId, id), paused);
  }

  async update(principal: Principal, projectId: string, id: string, change: SubscriptionChange) {
    await this.access(principal, projectId, 'admin', true);
    const sub = await this.find(projectId, id);
    const next: Subscription = {
      ...sub,
      ...(change.url !== undefined ? { url: await this.target(change.url) } : {}),
      ...(change.events !== undefined ? { events: [...new Set(change.events)] } : {}),
      ...(change.description !== undefined ? { description: change.description } : {}),
      ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
      updated: now(),
    };
    await this.store.save(next);
    await this.recordEvent(principal, 'webhook.updated', { project_id: projectId, webhook_id: id, changed: Object.keys(change).sort() });
    return publicSubscription(next);
  }

  /**
   * A new signing secret (given, or 32 random bytes), answered this once. The replaced one goes
   * on signing beside it for `grace_seconds` (default a day; 0: not at all), so receivers can
   * switch without losing a delivery; at most MAX_PREVIOUS_SECRETS rotated secrets sign at once.
   */
  async rotateSecret(principal: Principal, projectId: string, id: string, rotation: SecretRotation) {
    await this.access(principal, projectId, 'admin', true);
    if (rotation.secret !== undefined) {
      const problem = secretProblem(rotation.secret);
      if (problem) throw badParameter('secret', problem);
    }
    const sub = await this.find(projectId, id);
    const secret = rotation.secret ?? generateSecret();
    if (secret === sub.secret || signingSecrets(sub).includes(secret)) throw badParameter('secret', 'must differ from the secrets the webhook signs with now');
    const grace = rotation.grace_seconds ?? DEFAULT_ROTATION_GRACE_SECONDS;
    const at = Date.now();
    const previous = [
      ...(grace > 0 ? [{ secret: sub.secret, expires: new Date(at + grace * 1000).toISOString() }] : []),
      ...(sub.previous_secrets ?? []).filter((p) => Date.parse(p.expires) > at),
    ].slice(0, MAX_PREVIOUS_SECRETS);
    const next: Subscription = { ...sub, secret, previous_secrets: previous, updated: new Date(at).toISOString() };
    await this.store.save(next);
    await this.recordEvent(principal, 'webhook.secret_rotated', { project_id: projectId, webhook_id: id, grace_seconds: grace });
    return { ...publicSubscription(next), secret };
  }

  async delete(principal: Principal, projectId: string, id: string) {
    const paused = await this.access(principal, projectId, 'admin');
    const sub = await this.find(projectId, id);
    await this.store.remove(projectId, id);
    await this.recordEvent(principal, 'webhook.deleted', { project_id: projectId, webhook_id: id });
    return publicSubscription(sub, paused);
  }

  async deliveries(principal: Principal, projectId: string, id: string, offset: number, limit: number) {
    await this.access(principal, projectId, 'viewer');
    await this.find(projectId, id);
    const { ids, total } = await this.store.deliveryIds(id, offset, limit);
    const found = (await Promise.all(ids.map((d) => this.store.delivery(d)))).filter((d) => d !== undefined);
    return { offset, limit, next: offset + limit < total, size: { count: total, qualifier: 'eq' as const }, data: found.map(publicDelivery) };
  }

  private async findDelivery(projectId: string, id: string, deliveryId: string) {
    await this.find(projectId, id);
    const d = await this.store.delivery(deliveryId);
    if (!d || d.delivery.subscription_id !== id || d.delivery.project_id !== projectId) throw notFound(`delivery ${JSON.stringify(deliveryId)}`);
    return d;
  }

  async delivery(principal: Principal, projectId: string, id: string, deliveryId: string) {
    await this.access(principal, projectId, 'viewer');
    return publicDelivery(await this.findDelivery(projectId, id, deliveryId));
  }

  /** Queues the delivery once more (same webhook-id and body, signed anew), with its own retries; editor. */
  async resend(principal: Principal, projectId: string, id: string, deliveryId: string) {
    await this.access(principal, projectId, 'editor', true);
    const d = await this.findDelivery(projectId, id, deliveryId);
    await this.store.setStatus(deliveryId, 'pending');
    await this.enqueue({ deliveryId, projectId, subscriptionId: id, trigger: 'resend' }, `${deliveryId}-resend-${Date.now()}`);
    await this.recordEvent(principal, 'webhook.delivery_resent', { project_id: projectId, webhook_id: id, delivery_id: deliveryId });
    return publicDelivery({ ...d, status: 'pending' });
  }
}
