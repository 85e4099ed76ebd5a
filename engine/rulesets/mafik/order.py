"""Мафик's order of resolution: every pipeline step and every damage replacement layer, named, in one
table (after UltiMafia's const/Priority.js). Registrations use these names; the pipeline and the
replacement registry refuse two entries with one number, so the order never depends on imports.
tests/engine/pipeline_mafik.txt checks the whole registered order in.
"""

from engine.cardgame import order as cardgame

# ---- pipeline steps (engine/core/resolution.py Pipeline), in the order they run ----
STEP_COMMIT = 100  # steps.py: re-validate, pay costs (Sleeve, Культист's hand, blood), move cards, owe refills
STEP_ABILITIES = 110  # cards/common.py: `ability` orders become plays of their cards
STEP_TRAITOR = 150  # neutral.py: the Предатель's colours and discards
STEP_PERK_SCIENTIST = 151  # perks_b.py: Учёный's discard and draw
STEP_PERK_BLOODHOUND = 160  # perks_a.py
STEP_PERK_REVOLUTIONARY = 161  # perks_b.py
STEP_HANDS_AT_START = 198  # cards/common.py: the Hands' cards as the effects begin (Угон, Рискованное дело)
STEP_SNAPSHOT = 199  # cards/common.py: hand sizes and stances as the effects begin
STEP_TICK = 200  # steps.py: persistent effects of this phase (poison, armor every phase, delayed damage…)
STEP_LAW_ABIDING = 210  # cards/defence.py: each Законопослушный in a deck: its owner learns it, 2 armor
STEP_PERK_LAWYER = 211  # perks_a.py
STEP_PERK_PARANOIAC = 212  # perks_b.py
STEP_PERK_LAZYBONES = 213  # perks_b.py
STEP_NERVES_OF_STEEL = 215  # cards/defence.py: Стальные нервы: a phase begun over the limit re-arms the ability
STEP_CHOSEN_TARGETS = 292  # cards/common.py: the targets each play was aimed at, before any redirect
STEP_STEROIDS = 294  # cards/boost.py: Стероиды take effect before the targeting reactions
STEP_UNPROTECTED = 297  # cards/common.py: Защита cards do not act on an unprotected player (Стероиды)
STEP_TARGETING = 300  # steps.py: reactions to being targeted (REGISTRIES.targeting hooks: Отражение, В молоко, Обрез…)
STEP_EFFECTS = 400  # steps.py: card behaviours, by priority then seat
STEP_PERK_ALIEN = 410  # perks_b.py
STEP_TRIGGERS = 450  # steps.py: effects that watch this phase's plays (REGISTRIES.triggers hooks)
STEP_MENTORSHIP = 453  # cards/stances.py: Наставничество's stance, once every card of the phase has changed stances
STEP_BIG_BROTHER = 457  # cards/draws.py: Большой брат: copies of the cards paid as costs this phase
STEP_ANCIENT_MEDALLION = 460  # cards/defence.py
STEP_PERK_PATROLMAN = 461  # perks_a.py
STEP_PERK_GUARD = 462  # perks_b.py
STEP_PERK_FORTUNE_TELLER = 463  # perks_b.py
STEP_PERK_VOTES = 490  # perks_a.py: Политик, Прокурор, Бюрократ… before the Вече counts
STEP_CENSORSHIP_VOTES = 487  # cards/mail.py: Цензура: the master's answers → one more vote per violation
STEP_CENSORSHIP_VOTES = 487  # cards/mail.py: Цензура: the master's answers → one more vote per violation
STEP_COUNCIL = 500  # council.py: the Вече by day
STEP_INTIMIDATION = 503  # cards/veche.py: Устрашение: damage to the voters for its target, after the Вече counts
STEP_BLOOD = 550  # neutral.py: the Маньяк's blood orders
STEP_PARANOIA = 590  # cards/defence.py: Паранойя with no damage coming: 2 armor-ignoring damage
STEP_TEMPORARY_DEATH_ARMOR = 591  # cards/rooms.py: Временная смерть: no armor reaches the player that day
STEP_HUNCH = 593  # cards/disguise.py: Догадка tells its result after the night it waited for (armor gathered)
STEP_CRIPPLE_ARMOR = 594  # cards/draws.py: Покалечить (Закон, Мафия): armor = the target's Sleeve after the night's effects
STEP_RECORD_ARMOR = 596  # history.py: the armor each character had this phase (without the Маньяк's blood armor)
STEP_GUARD_SCHEDULE = 597  # cards/records.py: Расписание охраны tells the armor recorded
STEP_DAMAGE = 600  # steps.py: damage packets folded through the replacement layers below
STEP_TRACKERS = 601  # trackers.py: condition trackers (Цель, Властный голос) met or failed, after damage is folded
STEP_RECORD_DAMAGE = 603  # history.py: what reached the armor and what it absorbed, per source, target, card
STEP_EAGLE_EYE = 604  # cards/records.py: Орлиный взор: copies of the cards that damaged the player this night
STEP_WHAT_DOESNT_KILL_ME = 606  # cards/records.py: a night's damage all absorbed: copies of its cards
STEP_BLOOD_GAIN = 650  # neutral.py: the Маньяк's blood for the damage dealt
STEP_SERVICE_WEAPON_BLOOD = 653  # cards/disguise.py: Табельное (Маньяк): the night's blood earned twice
STEP_SEEK = 690  # cards/neutral.py: Поиск puts the sought card on top before the replacements are drawn
STEP_REFILL_GATE = 696  # gains.py: refills a player may not draw (`may_draw`: Кровотечение…) dropped before damage settles
STEP_HAND_BOTTOM = 697  # cards/copies.py: a Долг always lies at the bottom of the Hand (damage discards it last)
STEP_HEROIC_SACRIFICE = 698  # cards/deaths.py: Героическое Самопожертвование: a target about to die is spared, the actor hit
STEP_LAST_STRENGTH = 699  # cards/deaths.py: Из последних сил: a Hand about to be emptied keeps one card
STEP_DISCARDS = 700  # steps.py: damage discards, refills, then draws owed
STEP_VIVISECTION = 703  # cards/draws.py: Вивисекция: the colours its target discarded for damage (lower: half to the Sleeve)
STEP_ALCOHOL = 708  # cards/draws.py: Алкоголь: the next night, the top Hand card discarded
STEP_PERK_MONK = 750  # perks_a.py
STEP_MEDITATION = 751  # cards/neutral.py: Медитация tells the deck's order
STEP_PERK_RIPPER = 790  # perks_b.py
STEP_LAST_WORD = 797  # cards/posts.py: Слепое правосудие's last word: the vigilante dies whatever his Hand
STEP_DEATHS = cardgame.STEP_DEATHS  # engine/cardgame/steps.py: 0 cards = death (death rules may say otherwise)
STEP_ORCHESTRA = 803  # cards/posts.py: Оркестр: the named card's plays this night → as many cards to the Sleeve
STEP_WANTED_NOTICE = 806  # cards/chaos.py: Разыскная ориентировка: who damaged the target, and draws if it died
STEP_DAY_END_PRIVATE_MESSAGES = 850  # comms.py: private messages spent
STEP_DAY_END_ROOMS = 851  # comms.py: chat rooms formed
STEP_DAY_END_TRAITOR = 852  # neutral.py: the Предатель's lead
STEP_CARDS_AT_PHASE_END = 857  # gains.py: `card_each_phase` effects acting "по итогам" a phase (Unlimited blade works)
STEP_PERK_MEDIUM = 860  # perks_b.py
STEP_MAIL_HACK = 863  # cards/mail.py: Взлом Почты.: the messages sent, this phase's card messages included
STEP_IDENTITY_THEFT_FORWARD = 864  # cards/mail.py: Кража личности: the target's messages of the phase to the mafia
STEP_CENSORSHIP_ASK = 866  # cards/mail.py: Цензура: each message of the censored phase that may break it → master
STEP_SUBSTITUTION_REPORT = 871  # cards/checks.py: Подмена (lower): who tried to check the holder
STEP_MIRROR_REPORT = 872  # cards/checks.py: Зеркало (lower): who tried to check the holder
STEP_DARKNESS_REPORT = 873  # cards/checks.py: Темнота (lower): did its target check this phase
STEP_ESCAPE_ROUTES = 874  # cards/checks.py: Пути отступления: the target checked the player → damage next phase
STEP_MIMICRY = 876  # cards/checks.py: Мимикрия: a colour of each checker's Hand
STEP_MAGIC_TRICK = 887  # cards/zones.py: Фокус's named Пустышки turn into the named cards
STEP_NERVES_OF_STEEL_READY = 890  # cards/defence.py: Стальные нервы tells it is ready
STEP_HAND_BOTTOM_END = 893  # cards/copies.py: the same after this phase's draws
STEP_END = cardgame.STEP_END  # engine/cardgame/steps.py: hand counts, effects expire, win check, next phase

# ---- damage replacement layers (a declaration's `Layer`), applied in this order inside DAMAGE ----
# Below ARMOR they change the amount; ARMOR cancels damage; above it, what happens to what armor let through.
LAYER_STEROIDS = 13  # cards/boost.py: Стероиды: +1 to the base damage of the player's cards this phase
LAYER_DANGEROUS = 14  # cards/decks.py: Let's get dangerous: +1 base damage of the marked copies
LAYER_PAIN_MARK = 16  # cards/rooms.py: Метка боли: +1 damage from the marker's cards
LAYER_BERSERK = 20  # cards/damage.py: Берсерк doubles
LAYER_PARANOIA = 45  # cards/defence.py: Паранойя: 1 less from each source
LAYER_IGNORING_FACTS = 47  # cards/deaths.py: Игнорирование фактов: no damage but armor-ignoring damage
LAYER_TEMPORARY_DEATH = 52  # cards/rooms.py: Временная смерть: no damage reaches the player that day
LAYER_HUNCH = 53  # cards/disguise.py: Догадка (Мафия): no damage from the guessed law role
LAYER_PEACEKEEPING = 55  # cards/damage.py: Миротворческая операция's damage becomes its targets' armor
LAYER_BODY_DOUBLE = 56  # cards/defence.py: Двойник: none of the night's damage if it adds up to more than 8 (6)
LAYER_DAMAGE_LOG = 57  # cards/common.py: who has dealt damage to whom
LAYER_NO_ARMOR = 58  # cards/common.py: "не может иметь броню"
LAYER_HIGHLANDER = 59  # perks_a.py: Горец
LAYER_ARMOR = cardgame.LAYER_ARMOR  # engine/cardgame/damage.py: each armor point cancels one damage
