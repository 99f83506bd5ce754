# ruff: noqa: E501  (the help is printed as it is, one line a command)
"""The graveyard roulette's help in Russian (roles/roulette.py HELP is the English,
which `python -m roles roulette` prints). The commands are typed as they are."""

from __future__ import annotations

from roles.roulette import (
    DEFAULT_CHAMBERS,
    DEFAULT_MIN_BET,
    HELP,
    MAX_CHAMBERS,
    MIN_CHAMBERS,
    STARTING_POINTS,
    TURN_SECONDS,
)

HELP_RU = f"""Русская рулетка (игра кладбища, на очки)
У каждого аккаунта в начале {STARTING_POINTS} очков; ставка не может быть больше, чем у вас есть.
Играют погибшие и наблюдатели (если ведущий не оставил наблюдателям только просмотр); -observe — смотреть.
  -roulette        открыть стол (минимальная ставка {DEFAULT_MIN_BET}, патронников: {DEFAULT_CHAMBERS})
  -roulette <мин> <патронники>
                   открыть стол с этой минимальной ставкой, патронников от {MIN_CHAMBERS} до {MAX_CHAMBERS}
  -join            сесть за открытый стол (до начала раунда)
  -observe         смотреть на стол, не играя
  -bet <очки>      ваша ставка (минимальная, если вы не ставили)
  -start           хозяин стола начинает раунд (нужно хотя бы двое)
  -pull            нажать на спуск в свой ход; после щелчка снова -pull или -pass
  -pass            передать револьвер следующему (после хотя бы одного нажатия)
  -leave           уйти из-за стола (во время раунда ставка пропадает)
  -skip            пропустить игрока, бездействующего {TURN_SECONDS} секунд (он теряет ставку)
  -table           показать стол
В начале раунда ставки выравниваются: никто не ставит больше, чем все остальные вместе.
Барабан крутят один раз; игроки жмут на спуск в порядке, в каком сели, хозяин первым.
Ставка застреленного (и ставки ушедших) делятся между выжившими пропорционально
ставке × (1 + нажатия сверх первого за ход). Застреленный больше не играет на кладбище
этой игры. Начатый раунд доигрывается и после конца игры в мафию."""


def roulette_help(lang: str = "en") -> str:
    """The roulette's help in `lang` ("en": the engine's own)."""
    return HELP_RU if lang == "ru" else HELP
