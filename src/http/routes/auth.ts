/** POST /oauth/token: client credentials -> bearer token. */
import { ApiError } from '../errors';
import type { RouteRegistry } from '../registry';
import type { AuthService } from '../../services/auth';

interface TokenBody { client_id: string; client_secret: string; audience: string; grant_type: string }

export function registerAuthRoutes(registry: RouteRegistry, auth: AuthService, serviceDomain: string): void {
  registry.add<unknown, TokenBody>({
    method: 'post',
    path: '/oauth/token',
    tag: 'auth',
    summary: 'Issue a bearer token for client credentials',
    auth: false,
    validationStatus: 400,
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['client_id', 'client_secret', 'audience', 'grant_type'],
      properties: {
        client_id: { type: 'string', minLength: 1, maxLength: 256 },
        client_secret: { type: 'string', minLength: 1, maxLength: 1024 },
        audience: { type: 'string', enum: [serviceDomain] },
        grant_type: { type: 'string', enum: ['client_credentials'] },
      },
    },
    responses: { 200: 'access_token, expires_in (seconds) and token_type Bearer', 400: 'malformed body', 401: 'bad credentials', 429: 'too many token requests from this address (TOKEN_RATE_LIMIT_REQUESTS a minute)' },
    handler: async ({ body }) => {
      const principal = await auth.authenticateClient(body.client_id, body.client_secret);
      if (!principal) throw new ApiError(401, ['client_id/client_secret: invalid client credentials']);
      // A token response must not be stored by caches on the way (RFC 6749, 5.1).
      return { body: auth.issueToken(principal), headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } };
    },
  });
}
