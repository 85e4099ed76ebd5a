"""Every FSM state group of the bot, in one place."""

from aiogram.fsm.state import State, StatesGroup


class SignupStates(StatesGroup):
    name = State()  # waiting for the character's name
    role = State()  # choosing the public role with buttons
    title = State()  # typing the title of a "(Другой)" public role (Мафик)


class DeckStates(StatesGroup):
    building = State()  # in a Мафик deck builder: typed text searches the collection


class PlayStates(StatesGroup):
    flow = State()  # walking a card's parameters (text answers go here)
    reply_text = State()  # typing a reply allowed by Обратная связь / Переписка / Блок
