/** Functions shared by the history, usage and rate-limit middleware. */
import type { Request, Response } from 'express';
import type { Principal } from '../../services/auth';
import type { RouteSpec } from '../registry';

/** The route pattern in OpenAPI form: `/v1/traversal/:id` -> `/v1/traversal/{id}`. */
export const routePattern = (spec: RouteSpec): string => spec.path.replace(/:(\w+)/g, '{$1}');

export const principalOf = (req: Request): Principal | undefined => (req as Request & { principal?: Principal }).principal;

/**
 * Calls `listener` with the status code when the response head is written, i.e. before any of
 * the response reaches the client, so whatever the listener queues on Redis is ordered before
 * the client's next request.
 */
export function onResponseHead(res: Response, listener: (status: number) => void): void {
  const original = res.writeHead;
  let fired = false;
  res.writeHead = function writeHead(this: Response, ...args: unknown[]) {
    if (!fired) {
      fired = true;
      try {
        listener(typeof args[0] === 'number' ? args[0] : res.statusCode);
      } catch {
        // Observers never break the response.
      }
    }
    return (original as (...a: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
}
