-- Ends a claim on an Idempotency-Key: keeps the reply (for the key's lifetime) or releases the key.
-- KEYS[1]  the key's record (see idempotency-begin.lua)
-- ARGV[1]  the token of the request that claimed it
-- ARGV[2]  the reply to keep (JSON), or '' to release the key
-- ARGV[3]  ms the kept reply lasts
-- Returns 1, or 0 when the claim is no longer this request's (it expired and was claimed again).
if redis.call('HGET', KEYS[1], 'token') ~= ARGV[1] or redis.call('HGET', KEYS[1], 'state') ~= 'pending' then return 0 end
if ARGV[2] == '' then
  redis.call('DEL', KEYS[1])
else
  redis.call('HSET', KEYS[1], 'state', 'done', 'reply', ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return 1
