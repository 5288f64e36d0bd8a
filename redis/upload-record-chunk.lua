-- Records one processed chunk of an upload, once: only when the upload's cursor is where the chunk began.
-- KEYS[1]  the upload's state hash (done, failed, matched, unmatched, created, existing)
-- KEYS[2]  the results list; KEYS[3] the failures list
-- ARGV[1]  the expected cursor; ARGV[2] the new cursor; ARGV[3] retention in seconds
-- ARGV[4..8] failed, matched, unmatched, created, existing (counts to add)
-- ARGV[9]  n, then n result lines, then the failure lines
-- Returns 1 when recorded, 0 when the cursor had moved (a retried chunk).
if tonumber(redis.call('HGET', KEYS[1], 'done') or '0') ~= tonumber(ARGV[1]) then return 0 end
local n = tonumber(ARGV[9])
for i = 1, n do redis.call('RPUSH', KEYS[2], ARGV[9 + i]) end
local f = #ARGV - 9 - n
for i = 1, f do redis.call('RPUSH', KEYS[3], ARGV[9 + n + i]) end
if f > 0 then redis.call('EXPIRE', KEYS[3], ARGV[3]) end
redis.call('HINCRBY', KEYS[1], 'failed', ARGV[4])
redis.call('HINCRBY', KEYS[1], 'matched', ARGV[5])
redis.call('HINCRBY', KEYS[1], 'unmatched', ARGV[6])
redis.call('HINCRBY', KEYS[1], 'created', ARGV[7])
redis.call('HINCRBY', KEYS[1], 'existing', ARGV[8])
redis.call('HSET', KEYS[1], 'done', ARGV[2])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return 1
