"""Микромафик's order of resolution: every pipeline step and every damage replacement layer, named, in
one table (after UltiMafia's const/Priority.js). Registrations use these names; the pipeline and the
replacement registry refuse two entries with one number, so the order never depends on imports.
tests/engine/pipeline_micromafik.txt checks the whole registered order in.
"""

from engine.cardgame import order as cardgame

# ---- pipeline steps (engine/core/resolution.py Pipeline), in the order they run ----
STEP_COMMIT = 100  # steps.py: re-validate orders, pay costs, move played/discarded cards, owe refills
STEP_PERK_BANKER = 150  # perks.py
STEP_TICK = 200  # steps.py: persistent effects of this phase (poison, armor every phase, delayed damage)
STEP_PERK_LAZYBONES = 210  # perks.py
STEP_PERK_STRONGMAN = 211  # perks.py
STEP_TARGETING = 300  # steps.py: reactions to being targeted (Шипы)
STEP_EFFECTS = 400  # steps.py: card behaviours, by priority then seat
STEP_MESSAGES = 420  # cards/info.py: replies allowed by Обратная связь, Переписка or Блок
STEP_TRIGGERS_WATCHERS = 450  # steps.py: the declared trigger hooks (Гласность, Слежка, the избиение)
STEP_TRIGGERS_PAY_THE_BILL = 451  # cards/support.py: Оплатить счёт
STEP_TRIGGERS_CLAIMS = 460  # cards/info.py: Алиби and Гласность (real or imitated) announced
STEP_VOTES_MAFIA = 500  # votes.py: the mafia's kill vote by night
STEP_VOTES_COUNCIL = 501  # votes.py: the Вече by day
STEP_DAMAGE = 600  # steps.py: damage packets folded through the replacement layers below
STEP_PERK_STRONGMAN_LOST = 650  # perks.py
STEP_DISCARDS = 700  # steps.py: damage discards, refills
STEP_ENERGY_SURGE_DISCARD = 710  # cards/defence.py: Прилив энергии's forced discard
STEP_PERK_MONK = 750  # perks.py
STEP_DEATHS = cardgame.STEP_DEATHS  # engine/cardgame/steps.py: 0 cards = death (death rules may say otherwise)
STEP_END = cardgame.STEP_END  # engine/cardgame/steps.py: hand counts, effects expire, win check, next phase

# ---- damage replacement layers (a declaration's `Layer`), applied in this order inside DAMAGE ----
LAYER_WEAKNESS = 10  # Слабость: −1 to each damage of the weakened player's cards played this phase
LAYER_WARNING_SHOT = 20  # Предупредительный выстрел: ×2 for the shooter's attack cards on the target
LAYER_SNIPER_CAP = 30  # at most 3 damage a night to one target from Снайперские винтовки
LAYER_FIRST_NIGHT = 40  # nobody takes more than 4 damage on the first night
LAYER_PERSONAL_GUARD = 50  # Персональная охрана: no damage tonight
LAYER_ARMOR = cardgame.LAYER_ARMOR  # engine/cardgame/damage.py: each armor point cancels one damage
LAYER_ADRENALINE = 70  # Адреналин: the rest is taken the next day instead
