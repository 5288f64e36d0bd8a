-- Renews a lease taken by concurrency-take.lua, while its request runs.
-- KEYS[1]  the client's leases (sorted set: lease id -> expiry, epoch ms of the Redis clock)
-- ARGV[1]  the lease id
-- ARGV[2]  ms the lease lasts from now
-- Returns 1, or 0 when the lease had expired already (its slot may be someone else's now).
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
