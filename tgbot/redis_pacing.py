"""`Pacing` counted in Redis, so that every instance of the bot spends one budget of Telegram's limits.

A send is admitted by ONE Lua script (atomic in Redis): it checks the bot-wide window, the chat's last
send (1 a second in a private chat, the queue's spread in a group), the group's window (its last
`group_per_min` sends) and any pause a 429 asked for — and either counts the send in all of them or
counts nothing and answers how long to wait. Times are Redis's own clock (`TIME`), one clock for every
instance.

The bot-wide window counts a send from the moment its sender is ANSWERED (`answered`, a second
script), and until then as in flight — as if it reached Telegram now. Telegram counts a message when it
arrives, which is after its admission by however long the sender's event loop, the network and
Telegram take (tens of milliseconds on a busy instance, more than any fixed margin can promise), but
never after the answer: counted from the answer, 30 sends in any second of Redis's clock are never 31 in
a second of Telegram's, whatever the delays, and the window needs no margin. A sender that dies with a
send in flight holds its place for at most `flight_s`. The chat's last send is also moved to the answer
(the queue sends a chat's next message only after the answer to its last). The group's 60-second window
still counts from the admission, widened by `margin_s`.

Every key expires once it can no longer matter, so chats that fall silent cost nothing.
"""

from __future__ import annotations

import itertools
import logging
import math
import secrets
from collections import deque

from redis.asyncio import Redis

from tgbot.pacing import Limits

_NOW = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
"""

# The bot-wide limits: KEYS[bot_log] the answered sends' log, KEYS[bot_pause], KEYS[flying] the sends in flight
# (a sorted set: token → the moment it stops counting). The answered sends counted in the last second and
# those in flight must be fewer than global_n; `at` is when they will be.
_BOT_WIDE = """
local at = now
local function later(x) if x > at then at = x end end
local function full_until(key, n, span)
  if n > 0 and redis.call('LLEN', key) >= n then
    later(tonumber(redis.call('LINDEX', key, n - 1)) + span)
  end
end
local function bot_wide(bot_log, bot_pause, flying, global_n, global_span)
  local paused = redis.call('GET', bot_pause)
  if paused then later(tonumber(paused)) end
  redis.call('ZREMRANGEBYSCORE', flying, '-inf', now)  -- their senders died before the answer
  local in_flight = redis.call('ZCARD', flying)
  if in_flight >= global_n then later(now + 10000) end  -- 10 ms: an answer frees a place
  full_until(bot_log, global_n - in_flight, global_span)
end
"""

# KEYS: 1 bot-wide log, 2 the chat's last send, 3 the group's log, 4 the chat's pause, 5 the bot-wide pause,
# 6 the sends in flight. ARGV (µs, ms for TTLs): 1 global_n, 2 global span, 3 interval to keep after the
# chat's last send (0: none), 4 group_n (0: a private chat), 5 group span, 6 force ("1"), 7 TTL of the
# chat's last send, 8 this send's token, 9 how long it may stay in flight.
ADMIT = _NOW + _BOT_WIDE + """
local paused = redis.call('GET', KEYS[4])
if paused then later(tonumber(paused)) end
local global_n, global_span = tonumber(ARGV[1]), tonumber(ARGV[2])
local group_n, group_span = tonumber(ARGV[4]), tonumber(ARGV[5])
bot_wide(KEYS[1], KEYS[5], KEYS[6], global_n, global_span)
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
local flight = tonumber(ARGV[9])
redis.call('ZADD', KEYS[6], string.format('%.0f', now + flight), ARGV[8])
redis.call('PEXPIRE', KEYS[6], math.ceil(flight / 1000) + 1000)
if group_n > 0 then count(KEYS[3], group_n, group_span) end
redis.call('SET', KEYS[2], stamp, 'PX', ARGV[7])
return 0
"""

# KEYS: 1 bot-wide log, 2 the sends in flight, 3 the chat's last send. ARGV: 1 the send's token, 2 global_n,
# 3 global span (µs), 4 TTL of the chat's last send (ms). The send counts from now.
ANSWERED = _NOW + """
local stamp = string.format('%.0f', now)
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('LPUSH', KEYS[1], stamp)
redis.call('LTRIM', KEYS[1], 0, tonumber(ARGV[2]) - 1)
redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[3]) / 1000) + 1000)
redis.call('SET', KEYS[3], stamp, 'PX', ARGV[4])
return 0
"""

# KEYS: 1 bot-wide log, 2 the bot-wide pause, 3 the sends in flight. ARGV (µs): 1 global_n, 2 global span.
BOT_WIDE = _NOW + _BOT_WIDE + """
bot_wide(KEYS[1], KEYS[2], KEYS[3], tonumber(ARGV[1]), tonumber(ARGV[2]))
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
FLIGHT_S = 30.0  # a send not answered by then stops counting as in flight (its sender died)
log = logging.getLogger(__name__)


class RedisPacing:
    """`Pacing` (`tgbot/pacing.py`) shared through Redis by every instance with the same `prefix`."""

    def __init__(self, redis: Redis, limits: Limits, *, prefix: str = "tgbot:pace", margin_s: float = 0.05,
                 flight_s: float = FLIGHT_S) -> None:
        self.redis = redis
        self.limits = limits
        self.prefix = prefix
        self.margin_s = margin_s
        self.flight_us = math.ceil(flight_s * US)
        self._tokens = (f"{secrets.token_hex(8)}:{n}" for n in itertools.count())
        self._flying: dict[int, deque[str]] = {}  # per chat, the tokens of this instance's sends in flight
        self._admit = redis.register_script(ADMIT)
        self._pause = redis.register_script(PAUSE)
        self._bot_wide = redis.register_script(BOT_WIDE)
        self._answered = redis.register_script(ANSWERED)

    def _us(self, seconds: float) -> int:
        return math.ceil((seconds + self.margin_s) * US) if seconds > 0 else 0

    async def admit(self, chat_id: int, *, spread: bool = True, force: bool = False) -> float:
        limits, p = self.limits, self.prefix
        private = chat_id > 0
        interval = limits.private_interval_s if private else (limits.group_spread_s if spread else 0.0)
        token = next(self._tokens)
        wait = await self._admit(
            keys=[f"{p}:all", f"{p}:last:{chat_id}", f"{p}:group:{chat_id}", f"{p}:pause:{chat_id}", f"{p}:pause",
                  f"{p}:flying"],
            args=[limits.global_per_s, US, self._us(interval), 0 if private else limits.group_per_min,
                  self._us(60.0), "1" if force else "0", self._keep_ms(), token, self.flight_us],
        )
        if int(wait) == 0:
            self._flying.setdefault(chat_id, deque()).append(token)
        return int(wait) / US

    def _keep_ms(self) -> int:
        """How long a chat's last send matters (its interval, or a group's spread, and the margin)."""
        limits = self.limits
        return math.ceil((max(limits.private_interval_s, limits.group_spread_s) + self.margin_s) * 1000) + 1000

    async def answered(self, chat_id: int) -> None:
        tokens = self._flying.get(chat_id)
        if not tokens:
            return
        token = tokens.popleft()
        if not tokens:
            del self._flying[chat_id]
        p = self.prefix
        try:
            await self._answered(keys=[f"{p}:all", f"{p}:flying", f"{p}:last:{chat_id}"],
                                 args=[token, self.limits.global_per_s, US, self._keep_ms()])
        except Exception as exc:  # the send stops counting as in flight after flight_s
            log.warning("could not count an answered send in Redis: %s: %s", type(exc).__name__, exc)

    async def bot_wide_wait(self) -> float:
        p = self.prefix
        wait = await self._bot_wide(keys=[f"{p}:all", f"{p}:pause", f"{p}:flying"], args=[self.limits.global_per_s, US])
        return int(wait) / US

    async def pause(self, chat_id: int | None, seconds: float) -> None:
        key = f"{self.prefix}:pause" if chat_id is None else f"{self.prefix}:pause:{chat_id}"
        await self._pause(keys=[key], args=[math.ceil(seconds * US)])
