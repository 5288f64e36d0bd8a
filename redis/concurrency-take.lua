-- Takes one of a client's slots for concurrent expensive requests, as a lease that expires
-- unless renewed (an API instance that dies mid-request frees its slots by itself).
-- KEYS[1]  the client's leases (sorted set: lease id -> expiry, epoch ms of the Redis clock)
-- ARGV[1]  the client's limit
-- ARGV[2]  the lease id
-- ARGV[3]  ms the lease lasts
-- Returns 1 when the lease is taken, 0 when the client holds `limit` live leases.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
