-- Decides which frontier entities one job searches on from, for one change and direction.
-- KEYS[1]  the change's searches in one direction: entity id -> '<hops left>:<job>'
-- ARGV[1]  the job; ARGV[2] ttl in seconds; ARGV[3] hops left; ARGV[4..] entity ids
-- Returns 1/0 per id: 1 unless another job searched on from it with as many hops left or more;
-- with more hops left than any job before, the entity becomes the job's.
local owner = ARGV[1]
local hops = tonumber(ARGV[3])
local out = {}
for i = 4, #ARGV do
  local id = ARGV[i]
  local held = redis.call('HGET', KEYS[1], id)
  local heldHops, heldBy = -1, owner
  if held then
    local sep = string.find(held, ':', 1, true)
    heldHops, heldBy = tonumber(string.sub(held, 1, sep - 1)), string.sub(held, sep + 1)
  end
  if heldBy ~= owner and heldHops >= hops then
    out[#out + 1] = 0
  else
    if hops > heldHops then redis.call('HSET', KEYS[1], id, hops .. ':' .. owner) end
    out[#out + 1] = 1
  end
end
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[2]))
return out
