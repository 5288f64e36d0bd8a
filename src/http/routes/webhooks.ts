/**
 * Webhook subscriptions of a project and their delivery log (docs/webhooks.md):
 * /v1/projects/{id}/webhooks[/{webhook_id}[/deliveries[/{delivery_id}[/resend]]]]. Thin: the
 * schemas check the request, WebhookService does the rest.
 */
import { WEBHOOK_EVENTS } from '../../feeds/webhooks';
import { MAX_ROTATION_GRACE_SECONDS } from '../../feeds/webhooks';
import type { SecretRotation, SubscriptionChange, SubscriptionInput, WebhookService } from '../../services/webhooks';
import type { RouteRegistry } from '../registry';

const id = { type: 'string', minLength: 1, maxLength: 128 };
const base = '/v1/projects/:project_id/webhooks';
const projectParams = { project_id: id };
const hookParams = { project_id: id, webhook_id: id };
const deliveryParams = { project_id: id, webhook_id: id, delivery_id: id };
const errors = { 400: 'bad parameter', 401: 'no valid token', 403: 'role too low', 404: 'project, webhook or delivery not found or not visible', 409: 'project archived, or too many webhooks', 429: 'rate limit exceeded' };
const noQuery = { type: 'object', additionalProperties: false, properties: {} };

const url = { type: 'string', minLength: 1, maxLength: 2048, description: 'http or https URL the events are POSTed to; a host on a loopback, private or link-local address is refused unless WEBHOOK_ALLOW_PRIVATE' };
const events = { type: 'array', minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true, items: { type: 'string', enum: [...WEBHOOK_EVENTS] } };
const description = { type: 'string', maxLength: 500 };
const enabled = { type: 'boolean' };
const secret = { type: 'string', minLength: 1, maxLength: 200, description: 'whsec_<base64 of 24 to 64 bytes>; generated when not given' };
const SUBSCRIPTION = 'Webhook {id, project_id, url, events, description, enabled, paused, previous_secrets: [{expires}], created, updated}';

export function registerWebhookRoutes(registry: RouteRegistry, webhooks: WebhookService): void {
  registry.add<Record<string, never>, SubscriptionInput>({
    method: 'post', creates: true, path: base, tag: 'projects', credits: 0,
    summary: 'Subscribe a URL to the project\'s events (admin); the answer carries the signing secret, shown this once',
    params: projectParams, query: noQuery,
    body: {
      type: 'object', additionalProperties: false, required: ['url', 'events'],
      properties: {
        url, events, description, enabled, secret,
      },
    },
    responses: { 201: `{data: ${SUBSCRIPTION} & {secret}}`, ...errors },
    handler: async ({ principal, params, body }) => ({ status: 201, body: { data: await webhooks.create(principal, params.project_id, body) } }),
  });

  registry.add({
    method: 'get', path: base, tag: 'projects', credits: 0, summary: 'The project\'s webhooks, oldest first, without secrets (viewer)',
    params: projectParams, query: noQuery, responses: { 200: `{data: ${SUBSCRIPTION}[]}`, ...errors },
    handler: async ({ principal, params }) => ({ body: { data: await webhooks.list(principal, params.project_id) } }),
  });

  registry.add({
    method: 'get', path: `${base}/:webhook_id`, tag: 'projects', credits: 0, summary: 'One webhook, without its secret (viewer)',
    params: hookParams, query: noQuery, responses: { 200: `{data: ${SUBSCRIPTION}}`, ...errors },
    handler: async ({ principal, params }) => ({ body: { data: await webhooks.get(principal, params.project_id, params.webhook_id) } }),
  });

  registry.add<Record<string, never>, SubscriptionChange>({
    method: 'patch', path: `${base}/:webhook_id`, tag: 'projects', credits: 0, summary: 'Change a webhook\'s URL, events, description or enabled flag (admin)',
    params: hookParams, query: noQuery,
    body: { type: 'object', additionalProperties: false, minProperties: 1, properties: { url, events, description, enabled } },
    responses: { 200: `{data: ${SUBSCRIPTION}}`, ...errors },
    handler: async ({ principal, params, body }) => ({ body: { data: await webhooks.update(principal, params.project_id, params.webhook_id, body) } }),
  });

  registry.add({
    method: 'delete', path: `${base}/:webhook_id`, tag: 'projects', credits: 0, summary: 'Delete a webhook and its delivery log; queued deliveries are dropped (admin)',
    params: hookParams, query: noQuery, responses: { 200: `{data: ${SUBSCRIPTION}}`, ...errors },
    handler: async ({ principal, params }) => ({ body: { data: await webhooks.delete(principal, params.project_id, params.webhook_id) } }),
  });

  registry.add<Record<string, never>, SecretRotation>({
    method: 'post', path: `${base}/:webhook_id/secret/rotate`, tag: 'projects', credits: 0,
    summary: 'Replace the webhook\'s signing secret (admin); the old one signs beside it for grace_seconds, each delivery carrying both signatures; the answer carries the new secret, shown this once',
    params: hookParams, query: noQuery,
    body: {
      type: 'object', additionalProperties: false,
      properties: {
        secret,
        grace_seconds: { type: 'integer', minimum: 0, maximum: MAX_ROTATION_GRACE_SECONDS, default: 86_400, description: 'how long the replaced secret still signs; 0: not at all' },
      },
    },
    bodyOptional: true,
    responses: { 200: `{data: ${SUBSCRIPTION} & {secret}}`, ...errors },
    handler: async ({ principal, params, body }) => ({ body: { data: await webhooks.rotateSecret(principal, params.project_id, params.webhook_id, body) } }),
  });

  registry.add<{ offset: number; limit: number }>({
    method: 'get', path: `${base}/:webhook_id/deliveries`, tag: 'projects', credits: 0,
    summary: 'The webhook\'s deliveries, newest first, each with its status and attempts (time, HTTP status or error, duration) (viewer)',
    params: hookParams,
    query: {
      type: 'object', additionalProperties: false,
      properties: { offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 }, limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
    },
    responses: { 200: '{offset, limit, next, size, data: Delivery[]}', ...errors },
    handler: async ({ principal, params, query }) => ({ body: await webhooks.deliveries(principal, params.project_id, params.webhook_id, query.offset, query.limit) }),
  });

  registry.add({
    method: 'get', path: `${base}/:webhook_id/deliveries/:delivery_id`, tag: 'projects', credits: 0,
    summary: 'One delivery: its payload, status and attempts (viewer)', params: deliveryParams, query: noQuery,
    responses: { 200: '{data: Delivery {id, subscription_id, project_id, event_type, created, status, payload, attempts}}', ...errors },
    handler: async ({ principal, params }) => ({ body: { data: await webhooks.delivery(principal, params.project_id, params.webhook_id, params.delivery_id) } }),
  });

  registry.add({
    method: 'post', creates: true, path: `${base}/:webhook_id/deliveries/:delivery_id/resend`, tag: 'projects', credits: 0,
    summary: 'Send a delivery again, with the same webhook-id and payload and retries of its own (editor)', params: deliveryParams, query: noQuery,
    responses: { 202: '{data: Delivery} (status pending)', ...errors },
    handler: async ({ principal, params }) => ({ status: 202, body: { data: await webhooks.resend(principal, params.project_id, params.webhook_id, params.delivery_id) } }),
  });
}
