"""`python -m tgbot` — the Telegram bot is not built yet (see the open issues).

Until it is, this entry point explains so and points at the engine's simulator.
"""

import sys

MESSAGE = (
    "Бот для Telegram ещё не готов; движок можно запустить так: "
    "python -m engine simulate --ruleset micromafik --games 10 --json\n"
    "The Telegram bot is not built yet; run the engine with: "
    "python -m engine simulate --ruleset micromafik --games 10 --json"
)

if __name__ == "__main__":
    print(MESSAGE)
    sys.exit(0)
