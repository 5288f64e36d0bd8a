-- Claims an Idempotency-Key for one request, or says what became of the request that holds it.
-- KEYS[1]  the key's record (a hash: fp, state pending|done, token, reply)
-- ARGV[1]  the request's fingerprint (method, path and body)
-- ARGV[2]  a token naming this request (only it may finish or release the claim)
-- ARGV[3]  ms the claim lasts while pending (a request that dies leaves it to expire)
-- Returns {'new'} | {'mismatch'} | {'pending'} | {'done', reply}.
local fp = redis.call('HGET', KEYS[1], 'fp')
if not fp then
  redis.call('HSET', KEYS[1], 'fp', ARGV[1], 'state', 'pending', 'token', ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {'new'}
end
if fp ~= ARGV[1] then return {'mismatch'} end
local record = redis.call('HMGET', KEYS[1], 'state', 'reply')
if record[1] ~= 'done' then return {'pending'} end
return {'done', record[2]}
