/**
 * Error model. Legacy paths answer `{status, success: false, messages}`, `/v1` paths
 * `{status, message, success: false}`. A parameter validation error is 406 on legacy paths
 * and 400 on `/v1`; its message names the parameter. No stack trace leaves the server.
 */
import { maxHeaderSize, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';

export { ApiError, badParameter, badParameters, notFound, unauthorized, notAcceptable } from '../domain/errors';
import { ApiError } from '../domain/errors';
import { memoryLimitHit } from '../graph/neo4j';

export function isV1(req: Request): boolean {
  return req.originalUrl.startsWith('/v1/') || req.originalUrl === '/v1';
}

export function sendError(req: Request, res: Response, error: ApiError): void {
  const v1 = isV1(req);
  const status = error.kind === 'validation' ? (v1 ? 400 : 406) : error.status;
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.status(status).type('application/json').send(JSON.stringify(errorBody(v1, status, error.messages)));
}

/** The error envelope of a surface: `/v1` `{status, message, success}`, legacy `{status, success, messages}`. */
function errorBody(v1: boolean, status: number, messages: string[]) {
  return v1 ? { status, message: messages, success: false } : { status, success: false, messages };
}

/**
 * Client errors of body-parser and other http-errors users (marked `expose`) keep their 4xx
 * status. A backend's failure (marked `upstream`, e.g. Meilisearch refusing a bad key with 401)
 * is a 502 with a generic message, logged; everything else is a 500.
 */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { status?: number; statusCode?: number; type?: string; message?: string; expose?: boolean; upstream?: string };
  const status = e?.status ?? e?.statusCode;
  if (e?.type === 'entity.parse.failed') return new ApiError(400, ['body: malformed JSON']);
  if (e?.type === 'entity.too.large') return new ApiError(413, ['body: too large']);
  if (e?.upstream) return new ApiError(502, ['a backend service failed; try again later']);
  const retryLater = (message: string) => new ApiError(503, [message], 'status', { 'Retry-After': '5' });
  if (unavailableBackend(err)) return retryLater('a backend service is unavailable; try again shortly');
  // A statement Neo4j ended at its transaction timeout: the database is slow just now (a restart
  // warming its caches, a burst of load), which a later try may not meet.
  if (/TransactionTimedOut/.test(String((err as { code?: unknown })?.code ?? ''))) return retryLater('the graph database did not answer in time; try again shortly');
  // Neo4j's transaction memory: the pool all requests share is full just now, or this request
  // alone needs more than one may have (trying again will not help; narrowing it will).
  const memory = memoryLimitHit(err);
  if (memory === 'pool') return retryLater('the graph database is short of memory just now; try again shortly');
  if (memory === 'transaction') return new ApiError(503, ['this request needs more memory than one request may use; narrow it']);
  if (e?.expose === true && typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError(status, [e.message ?? 'bad request']);
  }
  return new ApiError(500, ['internal error']);
}

/**
 * Neo4j or Redis not reachable (rather than refusing a statement): the driver's
 * ServiceUnavailable / SessionExpired and Neo4j's DatabaseUnavailable; ioredis's closed
 * connection, offline refusal, command timeout or spent retries.
 */
function unavailableBackend(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code === 'ServiceUnavailable' || code === 'SessionExpired' || code.endsWith('.DatabaseUnavailable')) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return e?.name === 'MaxRetriesPerRequestError' || message === 'Connection is closed.' || message === 'Command timed out'
    || message.startsWith("Stream isn't writeable");
}

export function errorHandler(): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const apiError = toApiError(err);
    if (apiError.status >= 500) req.log?.error({ err }, apiError.status === 503 ? 'backend unavailable' : 'request failed');
    if (res.headersSent) {
      res.end();
      return;
    }
    sendError(req, res, apiError);
  };
}

export function notFoundHandler(): RequestHandler {
  return (req, _res, next) => next(new ApiError(404, [`no route for ${req.method} ${req.path}`]));
}

/**
 * Requests Node's HTTP parser refuses before Express sees them (a request line and headers
 * over the server's limit: 431; a malformed request: 400) get the error envelope of their
 * surface, read off the start of the request, instead of Node's bare status line.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex & { _httpMessage?: { headersSent?: boolean } }) => {
    // As Node's own handler: no answer on a socket whose current response has begun (a kept-alive
    // socket has written earlier responses; that is no reason to stay silent).
    if (!socket.writable || socket._httpMessage?.headersSent || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const [status, message] = err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, `request line and headers: larger than ${Math.round(maxHeaderSize / 1024)} kB`]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'request: not received in time'] : [400, 'request: not valid HTTP'];
    const start = err.rawPacket?.toString('latin1', 0, 32) ?? '';
    const v1 = /^[A-Z]+ \/v1[/?\s]/.test(start);
    const body = JSON.stringify(errorBody(v1, status, [message]));
    // A response to HEAD has headers only (RFC 9110 9.3.2): a client reading one would take
    // the body for the start of its next response.
    const head = start.startsWith('HEAD ');
    socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${head ? '' : body}`);
  });
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };
