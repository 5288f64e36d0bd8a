-- Claims entities of one change for one re-scoring job.
-- KEYS[1]  the change's claims hash: entity id -> job
-- ARGV[1]  the claiming job; ARGV[2] ttl in seconds; ARGV[3..] entity ids
-- Returns 1/0 per id: whether the job owns it (claimed now or by an earlier attempt of the job).
local owner = ARGV[1]
local out = {}
for i = 3, #ARGV do
  local id = ARGV[i]
  if redis.call('HSETNX', KEYS[1], id, owner) == 1 then
    out[#out + 1] = 1
  elseif redis.call('HGET', KEYS[1], id) == owner then
    out[#out + 1] = 1
  else
    out[#out + 1] = 0
  end
end
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[2]))
return out
