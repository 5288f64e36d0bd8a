/**
 * Errors the use cases raise; the HTTP layer renders them in the surface's envelope.
 * A 'validation' error becomes 406 on legacy paths and 400 on /v1.
 */
export type ErrorKind = 'validation' | 'status';

export class ApiError extends Error {
  constructor(
    /** HTTP status; for kind 'validation' it is decided by the surface (406 legacy, 400 /v1). */
    readonly status: number,
    readonly messages: string[],
    readonly kind: ErrorKind = 'status',
    readonly headers: Record<string, string> = {},
  ) {
    super(messages.join('; '));
  }
}

export const badParameter = (parameter: string, reason: string): ApiError =>
  new ApiError(400, [`${parameter}: ${reason}`], 'validation');
export const badParameters = (messages: string[]): ApiError => new ApiError(400, messages, 'validation');
export const notFound = (what: string): ApiError => new ApiError(404, [`${what} not found`]);
export const unauthorized = (reason = 'a valid bearer token is required'): ApiError =>
  new ApiError(401, [reason], 'status', { 'WWW-Authenticate': 'Bearer' });
export const notAcceptable = (offered: string[]): ApiError =>
  new ApiError(415, [`Accept: this resource is offered as ${offered.join(', ')}`]);

