"""«Мафия с личинами»'s order of resolution: every pipeline step and damage layer, named, one number each
(tests/engine/pipeline_guises.txt). Everything declared in a phase resolves at its end, in this order."""

# ---- steps ----
STEP_COLLECT = 100  # the phase's orders, re-validated (a status gained since drops an order)
STEP_BLOCKS = 200  # blocks (Допрос, Задержание): a blocked character declared nothing («Б» stands)
STEP_GUISES = 300  # guises change first ("в том числе и на эту ночь"), Срыв расследования too
STEP_CHECKS = 400  # what abilities learn (guises drawn now, after every change)
STEP_ATTACKS = 500  # attacks and damage that is not an attack, as packets
STEP_DAMAGE = 600  # packets folded through the layers below, then taken off HP
STEP_STATUSES = 700  # prison, the Повар's hospital, Безмолвие, Звонок, Расхищение, Сбор ополчения, day announcements
STEP_CARDS = 800  # the Джокер's cards: Раздача, Ход, Хит
STEP_VOTE = 850  # the day's vote
STEP_DEATHS = 900  # HP at 0 or less, Баст, Ва-банк; Мститель's spirit, Наследие, Сбор ополчения; Медитация
STEP_CROUPIER = 950  # the Крупье's morning report
STEP_END = 1000  # +1 guise, this night's guises gone, statuses expire, the win, the next phase

# ---- damage layers (each once per packet) ----
LAYER_COVER = 10  # Прикрытие: attack damage of the first target moves to the second
LAYER_VEST = 20  # Бронежилет: attack damage of the target taken by the Телохранитель, dealt back
LAYER_HIGHLANDER = 30  # Бессмертие: no damage in the first two nights
LAYER_SOMERSAULT = 40  # Кульбит: no damage from attacks this night
LAYER_WHIST = 50  # Вист: all damage this night blocked
