"""«Классическая форумная мафия»'s order of resolution: section 4.1 «Очередность хода», every step in the
text's verbatim order, in its four parts, with free numbers between them (tests/engine/pipeline_classic.txt).

A day resolves its part (день) and the vote; a night resolves its three parts (поздний вечер, ночь, раннее
утро) in one go. A role's move is a behaviour registered for one of these steps (engine/rulesets/classic/
moves.py: `@MOVES.move("ability_id", step=STEP_…)`); a step with no behaviour registered does nothing. The
steps marked «core» are not in the text: what the engine needs around it (decisions: docs/rulesets/classic.md).
"""

# ---- core: the phase's orders, checked again ----
STEP_COLLECT = 10  # core

# ---- День: «Звонок по визитке - Дневные ходы персонажей согласно роли» ----
STEP_DAY_CALL = 110  # Звонок по визитке
STEP_UNDEAD_DAY = 115  # core (undead): «Не может совершать дневные ходы кроме голосования» (the Вампир)
STEP_DAY_MOVES = 120  # Дневные ходы персонажей согласно роли
STEP_VOTE = 190  # core: the day's vote (1.4, 1.11) — the most voted is jailed
STEP_UNDEAD_DUSK = 195  # core (undead): the night begins — last night's bitten bleed, a ghoul's thirst (50/50)

# ---- Поздний вечер ----
STEP_SPIRIT = 200  # ДУХ
STEP_BAR = 210  # поход любого персонажа в Бар
STEP_SHOPKEEPER = 220  # Хозяин магазина (срочный заказ / закрытие магазина на учет)
STEP_TOUR_OPERATOR = 230  # Туроператор
STEP_TOUR_VOUCHER = 240  # (применение турпутевки)
STEP_LAWYER = 250  # Адвокат
STEP_BOUNCER_WRECK = 260  # Вышибала (разгромить магазин)
STEP_COPS_COVER = 270  # Прикрытие копами
STEP_NURSE_EVENING = 280  # Медсестра (анализ/карантин)
STEP_DEPUTY = 290  # Депутат
STEP_HARLOT = 300  # Шмара
STEP_THIEF = 310  # Воришка
STEP_EXECUTIONER_WATCH = 320  # Палач (слежка)
STEP_BODYGUARD = 330  # Телохранитель
STEP_DRUNKARD = 340  # Пьяница
STEP_WARLOCK_SEND = 350  # Ведьмак (наплавление Зомби)

# ---- Ночь ----
STEP_PRIEST = 400  # Священник
STEP_MANIAC_TORTURE = 410  # Маньяк (пытка)
STEP_MAFIA_BOSS = 420  # Босс мафии
STEP_SHERIFF = 430  # Шериф
STEP_REBEL = 440  # Бунтарь
STEP_THUG_BOSS = 450  # Босс отморозков
STEP_VAMPIRE = 460  # Вампир
STEP_MANIAC = 470  # Маньяк
STEP_RECRUITER = 480  # Вербовщик
STEP_BOUNCER_BEAT = 490  # Вышибала (избиение)
STEP_MAFIA_SOLDIER = 500  # Рядовой Маф
STEP_INVESTIGATOR = 510  # Следователь
STEP_APPRENTICE = 520  # Ученик мафии (the text then has an empty slot «- -»)
STEP_THUG = 530  # Отморозок
STEP_CITIZEN = 540  # Мирный житель (в том числе телепат)
STEP_STAKES = 550  # поход с колом
STEP_ZOMBIE = 560  # Зомби
STEP_NURSE_NIGHT = 570  # Медсестра (лечение/перевязка)
STEP_EXECUTIONER = 580  # Палач (казнь)
STEP_GHOUL = 590  # Упырь
STEP_PSYCHO = 600  # Псих
STEP_CHEMIST = 610  # Химик
STEP_UNDEAD_DAWN = 680  # core (undead): a ghoul who bit nobody in two nights dies; the silent Spirit
STEP_NIGHT_DEATHS = 690  # core: the dying die (shot, not saved by the end of the night)

# ---- Раннее утро ----
STEP_JAIL_EXIT = 700  # Выход из тюрьмы (выпуск из тюрьмы по визитке, Алиби)
STEP_CLAN_JAIL_SHOT = 710  # выстрел мафией в посаженного соклана
STEP_INTERROGATION = 720  # допрос Копом
STEP_LAWYER_VOTE = 730  # Адвокат (голос)
STEP_SWINDLER = 740  # Аферист
STEP_CORONATION = 750  # «Коронация» сына босса мафии
STEP_VAN_HELSING = 760  # Ван Хельсинг
STEP_SHOP = 770  # поход в магазин любого персонажа
STEP_JOB_CENTRE = 780  # поход в центр занятости любого персонажа
STEP_JOURNALIST = 790  # Журналист
STEP_PRIEST_FUNERAL = 800  # Священник (отпевание)
STEP_WARLOCK_RAISE = 810  # Ведьмак (поднятие трупа)
STEP_REANIMATOR = 820  # Реаниматолог

# ---- core: the morning ----
STEP_MORNING = 900  # core: +2 coins a move, the morning header («шапка»), the win
STEP_END = 1000  # core: statuses expire, the next phase

# Every step of 4.1 by its pipeline name, in the text's order: (number, name, the text's words).
FOUR_ONE: tuple[tuple[int, str, str], ...] = (
    (STEP_DAY_CALL, "day_call", "Звонок по визитке"),
    (STEP_DAY_MOVES, "day_moves", "Дневные ходы персонажей согласно роли"),
    (STEP_SPIRIT, "spirit", "ДУХ"),
    (STEP_BAR, "bar", "поход любого персонажа в Бар"),
    (STEP_SHOPKEEPER, "shopkeeper", "Хозяин магазина(срочный заказ/ закрытие магазина на учет)"),
    (STEP_TOUR_OPERATOR, "tour_operator", "Туроператор"),
    (STEP_TOUR_VOUCHER, "tour_voucher", "(применение турпутевки)"),
    (STEP_LAWYER, "lawyer", "Адвокат"),
    (STEP_BOUNCER_WRECK, "bouncer_wreck", "Вышибала (разгромить магазин)"),
    (STEP_COPS_COVER, "cops_cover", "Прикрытие копами"),
    (STEP_NURSE_EVENING, "nurse_evening", "Медсестра(анализ/карантин)"),
    (STEP_DEPUTY, "deputy", "Депутат"),
    (STEP_HARLOT, "harlot", "Шмара"),
    (STEP_THIEF, "thief", "Воришка"),
    (STEP_EXECUTIONER_WATCH, "executioner_watch", "Палач (слежка)"),
    (STEP_BODYGUARD, "bodyguard", "Телохранитель"),
    (STEP_DRUNKARD, "drunkard", "Пьяница"),
    (STEP_WARLOCK_SEND, "warlock_send", "Ведьмак (наплавление Зомби)"),
    (STEP_PRIEST, "priest", "Священник"),
    (STEP_MANIAC_TORTURE, "maniac_torture", "Маньяк(пытка)"),
    (STEP_MAFIA_BOSS, "mafia_boss", "Босс мафии"),
    (STEP_SHERIFF, "sheriff", "Шериф"),
    (STEP_REBEL, "rebel", "Бунтарь"),
    (STEP_THUG_BOSS, "thug_boss", "Босс отморозков"),
    (STEP_VAMPIRE, "vampire", "Вампир"),
    (STEP_MANIAC, "maniac", "Маньяк"),
    (STEP_RECRUITER, "recruiter", "Вербовщик"),
    (STEP_BOUNCER_BEAT, "bouncer_beat", "Вышибала(избиение)"),
    (STEP_MAFIA_SOLDIER, "mafia_soldier", "Рядовой Маф"),
    (STEP_INVESTIGATOR, "investigator", "Следователь"),
    (STEP_APPRENTICE, "apprentice", "Ученик мафии"),
    (STEP_THUG, "thug", "Отморозок"),
    (STEP_CITIZEN, "citizen", "Мирный житель (в том числе телепат)"),
    (STEP_STAKES, "stakes", "поход с колом"),
    (STEP_ZOMBIE, "zombie", "Зомби"),
    (STEP_NURSE_NIGHT, "nurse_night", "Медсестра (лечение/перевязка)"),
    (STEP_EXECUTIONER, "executioner", "Палач (казнь)"),
    (STEP_GHOUL, "ghoul", "Упырь"),
    (STEP_PSYCHO, "psycho", "Псих"),
    (STEP_CHEMIST, "chemist", "Химик"),
    (STEP_JAIL_EXIT, "jail_exit", "Выход из тюрьмы (выпуск из тюрьмы по визитке, Алиби)"),
    (STEP_CLAN_JAIL_SHOT, "clan_jail_shot", "выстрел мафией в посаженного соклана"),
    (STEP_INTERROGATION, "interrogation", "допрос Копом"),
    (STEP_LAWYER_VOTE, "lawyer_vote", "Адвокат(голос)"),
    (STEP_SWINDLER, "swindler", "Аферист"),
    (STEP_CORONATION, "coronation", "\"Коронация\" сына босса мафии"),
    (STEP_VAN_HELSING, "van_helsing", "Ван Хельсинг"),
    (STEP_SHOP, "shop", "поход в магазин любого персонажа"),
    (STEP_JOB_CENTRE, "job_centre", "поход в центр занятости любого персонажа"),
    (STEP_JOURNALIST, "journalist", "Журналист"),
    (STEP_PRIEST_FUNERAL, "priest_funeral", "Священник (отпевание)"),
    (STEP_WARLOCK_RAISE, "warlock_raise", "Ведьмак (поднятие трупа)"),
    (STEP_REANIMATOR, "reanimator", "Реаниматолог"),
)
DAY_STEPS = frozenset({STEP_DAY_CALL, STEP_DAY_MOVES})

# ---- protection layers: a hostile act («враждебное действие») folded through these, in order ----
LAYER_WITNESS = 5  # town: no protection — every hostile act that got there is seen (Палач, Журналист)
LAYER_VEST = 50  # Бронежилет: absorbs one shot («Выстрел в броник — удачно»)
LAYER_BODYGUARD = 32  # Телохранитель: the guarded is not shot, executed, tortured; a poison goes to the bodyguard
LAYER_DRUNK = 36  # Пьяница: «В ночь пьянки, Пьяница и собутыльник не восприимчивы к любому яду»
LAYER_BROTHEL = 38  # Шмара: she and her client «не доступны для ночного враждебного воздействия»
LAYER_PRIEST = 44  # Священник: the prayer; «От первого покушения(выстрел) на жизнь священника его спасает Бог»
LAYER_SIN = 96  # what got through marks the sinner (the priest's «Грешность персонажа»); changes nothing
LAYER_SILVER = 60  # town: Van Helsing's silver bullet wounds (dies the next night unless healed), never kills at once
LAYER_UNDEAD = 30  # the undead's nature: the Дух feels nothing, shots regenerate on the нечисть, no poison takes
LAYER_WARLOCK = 40  # Ведьмак: once, with his energy, the one who shoots him kills himself
LAYER_GARLIC = 45  # Чеснок: «Один раз защищает от укуса Вампира»
LAYER_SHOT_LANDED = 900  # clans: the last layer — a hostile act got through; who did it is kept (a cop's kills)
LAYER_REFLECTOR = 31  # Отражатель: a hostile night act goes on to the runner-up of the last vote (items/guards.py)
LAYER_ICON = 41  # Икона: once stops a hostile act of the unclean or the undead (items/guards.py)
LAYER_PSYCHO = 95  # Псих: a shot that gets through to him is remembered (the shooter explodes with him)
