"""`Pacing` counted in Redis, so that every instance of the bot spends one budget of Telegram's limits.

A send is admitted by ONE Lua script (atomic in Redis): it checks the bot-wide window (the last
`global_per_s` sends), the chat's last send (1 a second in a private chat, the queue's spread in a
group), the group's window (its last `group_per_min` sends) and any pause a 429 asked for — and either
counts the send in all of them or counts nothing and answers how long to wait. Times are Redis's own
clock (`TIME`), one clock for every instance. Each window is widened by `margin_s`: a message admitted
at one moment reaches Telegram a few milliseconds later, and those delays differ between instances.

Every key expires once it can no longer matter, so chats that fall silent cost nothing.
"""

from __future__ import annotations

import math

from redis.asyncio import Redis

from tgbot.pacing import Limits

_NOW = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
"""

# KEYS: 1 bot-wide log, 2 the chat's last send, 3 the group's log, 4 the chat's pause, 5 the bot-wide pause.
# ARGV (µs, ms for TTLs): 1 global_n, 2 global span, 3 interval to keep after the chat's last send (0: none),
# 4 group_n (0: a private chat), 5 group span, 6 force ("1"), 7 TTL of the chat's last send.
ADMIT = _NOW + """
local at = now
local function later(x) if x > at then at = x end end
for _, key in ipairs({KEYS[4], KEYS[5]}) do
  local paused = redis.call('GET', key)
  if paused then later(tonumber(paused)) end
end
local function full_until(key, n, span)
  if n > 0 and redis.call('LLEN', key) >= n then
    later(tonumber(redis.call('LINDEX', key, n - 1)) + span)
  end
end
local global_n, global_span = tonumber(ARGV[1]), tonumber(ARGV[2])
local group_n, group_span = tonumber(ARGV[4]), tonumber(ARGV[5])
full_until(KEYS[1], global_n, global_span)
full_until(KEYS[3], group_n, group_span)
local interval = tonumber(ARGV[3])
if interval > 0 then
  local last = redis.call('GET', KEYS[2])
  if last then later(tonumber(last) + interval) end
end
if at > now and ARGV[6] ~= '1' then return at - now end
local stamp = string.format('%.0f', now)
local function count(key, n, span)
  redis.call('LPUSH', key, stamp)
  redis.call('LTRIM', key, 0, n - 1)
  redis.call('PEXPIRE', key, math.ceil(span / 1000) + 1000)
end
count(KEYS[1], global_n, global_span)
if group_n > 0 then count(KEYS[3], group_n, group_span) end
redis.call('SET', KEYS[2], stamp, 'PX', ARGV[7])
return 0
"""

# KEYS: 1 bot-wide log, 2 the bot-wide pause. ARGV (µs): 1 global_n, 2 global span. What ADMIT checks of them.
BOT_WIDE = _NOW + """
local at = now
local paused = redis.call('GET', KEYS[2])
if paused and tonumber(paused) > at then at = tonumber(paused) end
local n = tonumber(ARGV[1])
if redis.call('LLEN', KEYS[1]) >= n then
  local free = tonumber(redis.call('LINDEX', KEYS[1], n - 1)) + tonumber(ARGV[2])
  if free > at then at = free end
end
return at - now
"""

# KEYS: 1 the pause. ARGV: 1 its length in µs. A longer pause already under way stays.
PAUSE = _NOW + """
local untl = now + tonumber(ARGV[1])
local old = redis.call('GET', KEYS[1])
if (not old) or tonumber(old) < untl then
  redis.call('SET', KEYS[1], string.format('%.0f', untl), 'PX', math.ceil(tonumber(ARGV[1]) / 1000) + 1000)
end
return 0
"""

US = 1_000_000


class RedisPacing:
    """`Pacing` (`tgbot/pacing.py`) shared through Redis by every instance with the same `prefix`."""

    def __init__(self, redis: Redis, limits: Limits, *, prefix: str = "tgbot:pace", margin_s: float = 0.05) -> None:
        self.redis = redis
        self.limits = limits
        self.prefix = prefix
        self.margin_s = margin_s
        self._admit = redis.register_script(ADMIT)
        self._pause = redis.register_script(PAUSE)
        self._bot_wide = redis.register_script(BOT_WIDE)

    def _us(self, seconds: float) -> int:
        return math.ceil((seconds + self.margin_s) * US) if seconds > 0 else 0

    async def admit(self, chat_id: int, *, spread: bool = True, force: bool = False) -> float:
        limits, p = self.limits, self.prefix
        private = chat_id > 0
        interval = limits.private_interval_s if private else (limits.group_spread_s if spread else 0.0)
        keep = max(limits.private_interval_s, limits.group_spread_s) + self.margin_s
        wait = await self._admit(
            keys=[f"{p}:all", f"{p}:last:{chat_id}", f"{p}:group:{chat_id}", f"{p}:pause:{chat_id}", f"{p}:pause"],
            args=[limits.global_per_s, self._us(1.0), self._us(interval), 0 if private else limits.group_per_min,
                  self._us(60.0), "1" if force else "0", math.ceil(keep * 1000) + 1000],
        )
        return int(wait) / US

    async def bot_wide_wait(self) -> float:
        p = self.prefix
        wait = await self._bot_wide(keys=[f"{p}:all", f"{p}:pause"], args=[self.limits.global_per_s, self._us(1.0)])
        return int(wait) / US

    async def pause(self, chat_id: int | None, seconds: float) -> None:
        key = f"{self.prefix}:pause" if chat_id is None else f"{self.prefix}:pause:{chat_id}"
        await self._pause(keys=[key], args=[math.ceil(seconds * US)])
