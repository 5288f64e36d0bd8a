-- Gives back one job's claims of a change (the job failed for good).
-- KEYS[1]  the change's claims hash: entity id -> job
-- ARGV[1]  the job
-- Returns how many claims were removed.
local fields = redis.call('HGETALL', KEYS[1])
local removed = 0
for i = 1, #fields, 2 do
  if fields[i + 1] == ARGV[1] then
    redis.call('HDEL', KEYS[1], fields[i])
    removed = removed + 1
  end
end
return removed
