/** The Idempotency-Key header of creating POSTs (src/http/writeGuard.ts): its name and what it may hold. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** 1-255 visible ASCII characters: a UUID, a ULID, base64 or the like. */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7E]{1,255}$';
