-- One call through a GCRA rate limit, timed by the Redis clock (replicas' clocks do not matter).
-- KEYS[1]  the client's theoretical arrival time (epoch ms)
-- ARGV[1]  emission interval in ms (window / requests)
-- ARGV[2]  window in ms (the burst is window / interval calls)
-- Returns {allowed 1|0, ms until a call is allowed, calls still allowed now, ms until the full burst is back}.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local newTat = tat + interval
local allowAt = newTat - period
if allowAt > now then
  return {0, math.ceil(allowAt - now), 0, math.ceil(tat - now)}
end
redis.call('SET', KEYS[1], tostring(newTat), 'PX', math.max(1, math.ceil(newTat - now)))
return {1, 0, math.floor((now - allowAt) / interval), math.ceil(newTat - now)}
