-- Removes one job's entries from the change's searches in one direction.
-- KEYS[1]  the change's searches in one direction: entity id -> '<hops left>:<job>'
-- ARGV[1]  the job
-- Returns 0.
local fields = redis.call('HGETALL', KEYS[1])
local suffix = ':' .. ARGV[1]
for i = 1, #fields, 2 do
  local v = fields[i + 1]
  if string.sub(v, -#suffix) == suffix then redis.call('HDEL', KEYS[1], fields[i]) end
end
return 0
