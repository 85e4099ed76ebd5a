"""`Pacing` counted in Redis, so that every instance of the bot spends one budget of Telegram's limits.

A send is admitted by ONE Lua script (atomic in Redis): it checks the bot-wide window (the last
`global_per_s` sends), the chat's last send (1 a second in a private chat, the queue's spread in a
group), the group's window (its last `group_per_min` sends) and any pause a 429 asked for — and either
counts the send in all of them or counts nothing and answers how long to wait. Times are Redis's own
clock (`TIME`), one clock for every instance. Each window is widened by `margin_s`.

A message admitted at one moment reaches Telegram later, by a delay that differs from message to message
(a process the machine schedules late, a slow trip): counted at its admission, it could land less than
a second before the next message to its chat, which then meets a 429. So `landed` (a second script, run
once Telegram has answered) moves the message's count to that moment, when it had arrived at the latest:
the windows are sorted sets whose members are the messages (a ticket each, from `admit`), scored by when
they were sent. A message whose instance died in flight keeps its admission's time and ages out as any.

Every key expires once it can no longer matter, so chats that fall silent cost nothing.
"""

from __future__ import annotations

import math
from collections import deque

from redis.asyncio import Redis

from tgbot.pacing import Limits

_NOW = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
"""

# KEYS: 1 bot-wide log, 2 the chat's last send, 3 the group's log, 4 the chat's pause, 5 the bot-wide pause,
# 6 the tickets' counter. ARGV (µs, ms for TTLs): 1 global_n, 2 global span, 3 interval to keep after the
# chat's last send (0: none), 4 group_n (0: a private chat), 5 group span, 6 force ("1"), 7 TTL of the chat's
# last send. Answers {wait} (nothing counted) or {0, ticket}.
ADMIT = _NOW + """
local at = now
local function later(x) if x > at then at = x end end
for _, key in ipairs({KEYS[4], KEYS[5]}) do
  local paused = redis.call('GET', key)
  if paused then later(tonumber(paused)) end
end
local function full_until(key, n, span)
  if n > 0 then
    local nth = redis.call('ZREVRANGE', key, n - 1, n - 1, 'WITHSCORES')
    if nth[2] then later(tonumber(nth[2]) + span) end
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
if at > now and ARGV[6] ~= '1' then return {at - now} end
local stamp = string.format('%.0f', now)
local ticket = stamp .. '.' .. redis.call('INCR', KEYS[6])  -- unique even after the counter expired
redis.call('PEXPIRE', KEYS[6], 60000)
local function count(key, n, span)
  redis.call('ZADD', key, stamp, ticket)
  redis.call('ZREMRANGEBYRANK', key, 0, -n - 1)
  redis.call('PEXPIRE', key, math.ceil(span / 1000) + 1000)
end
count(KEYS[1], global_n, global_span)
if group_n > 0 then count(KEYS[3], group_n, group_span) end
redis.call('SET', KEYS[2], stamp, 'PX', ARGV[7])
return {0, ticket}
"""

# KEYS: 1 bot-wide log, 2 the chat's last send, 3 the group's log (a private chat: its own, unused).
# ARGV (ms for TTLs): 1 the ticket, 2 global_n, 3 group_n (0: a private chat), 4 the bot-wide log's TTL,
# 5 the group log's TTL, 6 TTL of the chat's last send. The message is scored now in each window (again, if
# it aged out: it was sent within the window after all); the chat's last send is now, unless a later one is.
LANDED = _NOW + """
local stamp = string.format('%.0f', now)
local function recount(key, n, ttl)
  redis.call('ZADD', key, stamp, ARGV[1])
  redis.call('ZREMRANGEBYRANK', key, 0, -n - 1)
  redis.call('PEXPIRE', key, ttl)
end
recount(KEYS[1], tonumber(ARGV[2]), tonumber(ARGV[4]))
if tonumber(ARGV[3]) > 0 then recount(KEYS[3], tonumber(ARGV[3]), tonumber(ARGV[5])) end
local last = redis.call('GET', KEYS[2])
if (not last) or tonumber(last) < now then redis.call('SET', KEYS[2], stamp, 'PX', ARGV[6]) end
return 0
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
        self._landed = redis.register_script(LANDED)
        self._pause = redis.register_script(PAUSE)
        self._tickets: dict[int, deque[bytes]] = {}  # chat -> tickets of this process's messages in flight

    def _us(self, seconds: float) -> int:
        return math.ceil((seconds + self.margin_s) * US) if seconds > 0 else 0

    def _keys(self, chat_id: int) -> list[str]:
        p = self.prefix
        return [f"{p}:all", f"{p}:last:{chat_id}", f"{p}:group:{chat_id}"]

    def _ttl_ms(self, span_s: float) -> int:
        """How long a window of `span_s` may matter, in ms (as the scripts' PEXPIRE of a window)."""
        return math.ceil(self._us(span_s) / 1000) + 1000

    def _keep_ms(self) -> int:
        """How long a chat's last send may matter (its interval, or a group's spread), in ms."""
        limits = self.limits
        return math.ceil((max(limits.private_interval_s, limits.group_spread_s) + self.margin_s) * 1000) + 1000

    async def admit(self, chat_id: int, *, spread: bool = True, force: bool = False) -> float:
        limits, p = self.limits, self.prefix
        private = chat_id > 0
        interval = limits.private_interval_s if private else (limits.group_spread_s if spread else 0.0)
        answer = await self._admit(
            keys=[*self._keys(chat_id), f"{p}:pause:{chat_id}", f"{p}:pause", f"{p}:ticket"],
            args=[limits.global_per_s, self._us(1.0), self._us(interval), 0 if private else limits.group_per_min,
                  self._us(60.0), "1" if force else "0", self._keep_ms()],
        )
        if int(answer[0]) > 0:
            return int(answer[0]) / US
        self._tickets.setdefault(chat_id, deque()).append(answer[1])
        return 0.0

    async def landed(self, chat_id: int) -> None:
        tickets = self._tickets.get(chat_id)
        if not tickets:
            return
        ticket = tickets.popleft()
        if not tickets:
            del self._tickets[chat_id]
        private = chat_id > 0
        await self._landed(keys=self._keys(chat_id),
                           args=[ticket, self.limits.global_per_s, 0 if private else self.limits.group_per_min,
                                 self._ttl_ms(1.0), self._ttl_ms(60.0), self._keep_ms()])

    async def pause(self, chat_id: int | None, seconds: float) -> None:
        key = f"{self.prefix}:pause" if chat_id is None else f"{self.prefix}:pause:{chat_id}"
        await self._pause(keys=[key], args=[math.ceil(seconds * US)])
