-- Adds feed items to a capped feed once each, newest kept (project notifications, risk changes).
-- KEYS[1]  sorted set: item id -> score (date, epoch ms)
-- KEYS[2]  hash: item id -> item JSON
-- KEYS[3]  optional set of deleted item ids: an id in it is not added again
-- ARGV[1]  how many items the feed keeps (the oldest beyond it are dropped)
-- ARGV[2..] (id, score, json) triples
-- Returns how many items were added (an id already present or deleted is skipped).
local added = 0
for i = 2, #ARGV, 3 do
  if (#KEYS < 3 or redis.call('SISMEMBER', KEYS[3], ARGV[i]) == 0) and redis.call('ZADD', KEYS[1], 'NX', ARGV[i + 1], ARGV[i]) == 1 then
    redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 2])
    added = added + 1
  end
end
local extra = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[1])
if extra > 0 then
  local old = redis.call('ZRANGE', KEYS[1], 0, extra - 1)
  redis.call('ZREMRANGEBYRANK', KEYS[1], 0, extra - 1)
  redis.call('HDEL', KEYS[2], unpack(old))
end
return added
