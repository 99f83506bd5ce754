"""Русский: every message of roles/messages/en.py, in the words of the Russian forum
(003: "мирные", "посадка", "ведущий", "охота", "статус") where it has them."""

from __future__ import annotations

LANG = "ru"
SEPARATOR = " "


def plural_form(n: int) -> str:
    """1, 21 игрок; 2-4, 22 игрока; 5-20, 25 игроков."""
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def join(items: list[str]) -> str:
    return ", ".join(items)


# "they" has no singular in Russian: a neutral player is "игрок" (masculine grammar).
PRONOUN_FORMS = {
    "they": {"Nom": "Игрок", "nom": "игрок", "Acc": "Игрока", "acc": "игрока",
             "gen": "игрока", "a": "", "la": "", "sya": "ся"},
    "he": {"Nom": "Он", "nom": "он", "Acc": "Его", "acc": "его", "gen": "его",
           "a": "", "la": "", "sya": "ся"},
    "she": {"Nom": "Она", "nom": "она", "Acc": "Её", "acc": "её", "gen": "её",
            "a": "а", "la": "ла", "sya": "ась"},
}  # fmt: skip

WORDS = {
    "nobody": "никто",
    "nothing": "ничего",
    "suspicious": "подозрителен",
    "not_suspicious": "не подозрителен",
    "not_commissar": "не комиссар",
    "mafia": "мафия",
    "civilian": "мирный",
    "villager": "житель деревни",
    "criminal": "преступник",
    "framed": "подставлен",
    "doused": "облит бензином",
    "attacked": "на него напали",
    "block_attempt": "его пытались заблокировать",
    "blocked": "заблокирован",
    "guarded": "его остановил телохранитель",
    "guilt": "чувство вины",
    "immune": "встретил неуязвимого",
    "role_change": "сменил роль",
    "saved": "спасён",
    "transported": "перемещён",
    "witched": "под контролем ведьмы",
    "jailed": "в тюрьме",
    "converted": "обращён",
    "recruited": "завербован",
    "annoyed": "ему досаждали",
    "arson": "поджог",
    "conspiracy": "заговор",
    "corruption": "коррупция",
    "destruction_of_property": "порча имущества",
    "disturbing_the_peace": "нарушение порядка",
    "identity_theft": "кража личности",
    "kidnapping": "похищение",
    "murder": "убийство",
    "soliciting": "домогательство",
    "trespassing": "незаконное проникновение",
    "leaver": "выход из игры",
    "modkill": "ведущий",
    "lynch": "голосование",
    "suicide": "самоубийство",
    "executioner_failure": "провал Экзекутора",
    "bomb_detonated": "взорвалась бомба",
    "bomb_found": "найдена бомба",
    "bomb_intercepted": "бомба перехвачена",
    "revived": "кого-то вернули к жизни",
}

ABILITIES = {
    "accept": "принять предложение",
    "alert": "быть начеку",
    "annoy": "досаждать",
    "apply_hunt": "заявка на охоту",
    "autopsy": "вскрытие",
    "block": "блокировать",
    "cancel_lynch": "попросить об услуге",
    "check": "проверить",
    "control": "управлять",
    "convert": "обратить",
    "crime": "спросить о преступлении",
    "decline": "отклонить предложение",
    "decoy": "подкидыши",
    "detonate": "взорвать",
    "disguise": "принять облик",
    "douse": "облить бензином",
    "execute": "казнить",
    "frame": "подставить",
    "guard": "охранять",
    "hang": "повесить",
    "haunt": "преследовать",
    "heal": "лечить",
    "horse_head": "послать весточку",
    "hunt": "охотиться",
    "ignite": "поджечь",
    "infiltrate": "затесаться в толпу",
    "jail": "посадить в тюрьму",
    "kill": "убить",
    "minus": "отнять голос",
    "plant": "подложить бомбу",
    "plus": "добавить голос",
    "protect": "защитить",
    "recruit": "завербовать",
    "remember": "вспомнить",
    "reveal": "раскрыться",
    "revive": "реанимировать",
    "sanitize": "зачистить",
    "shoot": "выстрелить",
    "spree": "устроить бойню",
    "spy": "шпионить",
    "transport": "перевезти",
    "vest": "надеть бронежилет",
    "visit": "провести ночь",
    "watch": "наблюдать",
    "withdraw_hunt": "отозвать заявку",
    "vote": "голосовать",
}

RESULTS = {
    "result.check": "Результат проверки игрока {target}: {value:thing}.",
    "result.roles": "Игрок {target} — один из: {value:things}.",
    "result.spied": "Что случилось с игроком {target} этой ночью: {value:things}.",
    "result.visitors": "Этой ночью к игроку {target} приходили: {value:names}.",
    "result.mafia_visits": "Этой ночью мафия приходила к: {value:names}.",
    "result.saved": "Вы спасли игрока {target} от нападения.",
    "result.saved_you": "Этой ночью на вас напали, но вас спасли.",
    "result.immune": "Игрок {target} оказался неуязвим для вашего действия.",
    "result.attacked": "Этой ночью на вас напали, но вы выжили.",
    "result.block_attempt": "Вас пытались заблокировать, но на вас это не действует.",
    "result.blocked": "Этой ночью вас заблокировали.",
    "result.doused": "Вас облили бензином.",
    "result.guarded": "Телохранитель защитил игрока {target} от вашего нападения.",
    "result.guilt": "Вы застрелили игрока {target}, мирного жителя; вас мучает чувство вины.",
    "result.role_change": "Теперь ваша роль: {value:thing}.",
    "result.transported": "Этой ночью вас перевезли.",
    "result.witched": "Этой ночью вами управляла ведьма.",
    "result.jailed": "Этой ночью вас посадили в тюрьму.",
    "result.annoyed": "Этой ночью вам досаждал {value:thing}.",
    "result.convert": {
        "by": "value",
        "cases": {
            "success": "Вы обратили игрока {target} в культ.",
            "failed": "Обратить игрока {target} в культ не удалось.",
        },
    },
    "result.converted": "Вас обратили: теперь вы Культист.",
    "result.culted": "Игрока {target}, которого вы лечили, обратили в культ.",
    "result.crimes": "Преступления игрока {target}: {value:things}.",
    "result.death_type": "Игрока {target} убили: {value:things}.",
    "result.disguised": "Вы приняли облик игрока {target} ({value:thing}).",
    "result.failed": "Вашу цель, игрока {target}, не казнили: вы проиграли.",
    "result.last_will": {
        "by": "value",
        "cases": {"empty": "Игрок {target} не оставил завещания."},
        "other": "Завещание игрока {target}: {value}",
    },
    "result.original_role": "Изначальная роль игрока {target}: {value:thing}.",
    "result.targets": "Цели игрока {target} в ночь смерти: {value:names}.",
    "result.visitor_roles": "Роли, посетившие игрока {target}: {value:things}.",
    "result.recruit": {
        "by": "value",
        "cases": {
            "success": "Вы завербовали игрока {target} в масоны.",
            "failed": "Завербовать игрока {target} не удалось.",
            "accepted": "Предложение семьи (вы и игрок {target}) принято.",
            "declined": "Предложение семьи (вы и игрок {target}) отклонено.",
        },
    },
    "result.recruit_attempt": "Вас пытался завербовать игрок {target} ({value:thing}).",
    "result.recruited": "Игрок {target} завербовал вас: теперь вы Масон.",
    "result.remembered": "Вы вспомнили, кем были: как игрок {target}, вы — {value:thing}.",
    "result.protected": "Вы защитили игрока {target} от нападения.",
    "result.hit": {
        "plural": "value",
        "one": "Вас ранили, но вы выжили: осталась {value} жизнь.",
        "few": "Вас ранили, но вы выжили: осталось {value} жизни.",
        "many": "Вас ранили, но вы выжили: осталось {value} жизней.",
    },
    "result.horse_head": "Вы нашли в постели лошадиную голову: следующие день и ночь вы прячетесь.",
    "result.offer": "Игрок {target} предлагает вам место в семье: ответьте в течение "
    "следующего дня.",
    "result.intercepted": "Бомба у игрока {target} перехвачена.",
    "result.personal": "Вы последний из мафии: теперь это личное.",
    "result.infiltrate_failed": "Вы не были в толпе, голосовавшей против игрока {target}: "
    "вы ничего не узнали.",
    "result.infiltrate": {
        "plural": "value",
        "one": "Среди остальных голосовавших против игрока {target}: {value} преступник.",
        "few": "Среди остальных голосовавших против игрока {target}: {value} преступника.",
        "many": "Среди остальных голосовавших против игрока {target}: {value} преступников.",
    },
    "result.crime": {
        "by": "value",
        "cases": {
            "yes": "Игрок {target} причастен к преступлению против игрока {crime}.",
            "no": "Игрок {target} не причастен к преступлению против игрока {crime}.",
        },
    },
    "result.revived": "Вы вернули к жизни игрока {target}.",
    "result.hunt_approved": "Ваша заявка на охоту выпала по жребию: этой ночью охотитесь вы.",
    "result.hunt_void": "Ваша охота на игрока {target} не состоялась: цель была под защитой.",
    "result.vest": "Этой ночью вас спас бронежилет.",
    "result.instinct": "Этой ночью чутьё спасло вас от выстрела.",
}

EVENTS = {
    "event.reveal": {
        "by": "status",
        "cases": {"none": "Статус игрока {player} не вскрывается."},
        "other": "Статус игрока {player}: {status:thing}.",
    },
    "event.reveal_role": "Игрок {player} раскрыт: {role:thing}.",
    "event.death_cause": {
        "by": "cause",
        "cases": {
            "mafia": "Игрок {player} — жертва мафии.",
            "maniac": "Игрок {player} — жертва маньяка.",
            "successful_hunt": "Игрок {player} — жертва удачной охоты.",
            "failed_hunt": "Игрок {player} — жертва неудачной охоты.",
            "lynch": "Игрок {player} посажен на голосовании.",
            "modkill": "Игрок {player} выбыл по решению ведущего (модкилл).",
            "detective": "Игрока {player} застрелил детектив.",
            "bodyguard": "Игрока {player} застрелил телохранитель.",
        },
        "other": "Игрок {player} погиб.",
    },
    "event.last_words": "Игрок {player} может сказать последнее слово.",
    "event.modkill": {
        "by": "reason",
        "cases": {
            "host": "Ведущий вывел из игры: {players:names}.",
            "no_vote": "Модкилл за отсутствие голоса: {players:names}.",
            "urged_again": "Модкилл за повторную агитацию в голосовании: {players:names}.",
        },
    },
    "event.no_lynch": {
        "by": "reason",
        "cases": {
            "tie": "Посадки нет: равенство голосов ({candidates:names}).",
            "modkill": "Посадки нет: не все лидеры голосования ({candidates:names}) "
            "остались в игре.",
            "all_pass": "Посадки нет: все сказали «пас».",
        },
    },
    "event.pardon": "Игрок {player} помилован: в первый день на него один голос.",
    "event.catastrophe": "Катастрофа: равенство голосов ({candidates:names}); город "
    "голосует снова.",
    "event.catastrophe_execute": "Город решил казнить всех: {candidates:names}.",
    "event.catastrophe_pardon": "Город решил помиловать: {candidates:names}.",
    "event.tie_drawn": "Равенство голосов ({candidates:names}): жребий пал на игрока {chosen}.",
    "event.tie_decided": "Равенство голосов ({candidates:names}): ведущий выбрал игрока {chosen}.",
    "event.hangman": "Равенство голосов ({candidates:names}): Палач выбрал игрока {chose}.",
    "event.check": "Проверка комиссара: {names:names}. {value:thing}.",
    "event.left": "Игрок {player} покинул игру и покончил с собой.",
    "event.jail_empty": "Этой ночью в тюрьме никого не было.",
    "event.last_will": {
        "by": "text",
        "cases": {"empty": "Игрок {player} не оставил завещания."},
        "other": "Завещание игрока {player}: {text}",
    },
    "event.mayor_revealed": "Игрок {player} раскрылся как Мэр.",
    "event.remembered": "Игрок {player} вспомнил, что был: {role:thing}.",
    "event.sanitized": "Тело игрока {player} зачищено.",
    "event.three_days_of_peace": "Три дня без смертей: игра решена в пользу: {side:faction}.",
    "event.trial": "Игрок {player} под судом.",
    "event.verdict": {
        "by": "verdict",
        "cases": {
            "guilty": "Игрок {player} признан виновным (виновен: {guilty:names}; "
            "невиновен: {innocent:names}).",
            "innocent": "Игрок {player} признан невиновным (виновен: {guilty:names}; "
            "невиновен: {innocent:names}).",
        },
    },
    "event.bomb_detonated": "В доме игрока {player} взорвалась бомба.",
    "event.bomb_found": "В доме игрока {player} нашли бомбу.",
    "event.bomb_intercepted": "Бомбу, предназначенную игроку {player}, перехватили.",
    "event.clue": {
        "by": "cause",
        "cases": {
            "bomb_detonated": "Улика (взорвалась бомба): {about:thing} — один из {suspects:names}.",
            "bomb_found": "Улика (найдена бомба): {about:thing} — один из {suspects:names}.",
            "bomb_intercepted": "Улика (перехвачена бомба): {about:thing} — один из "
            "{suspects:names}.",
            "revived": "Улика (кого-то вернули к жизни): {about:thing} — один из {suspects:names}.",
        },
        "other": "Улика: {about:thing} — один из {suspects:names}.",
    },
    "event.conflict_prevented": "Уличную стычку ({suspects:names}) удалось предотвратить.",
    "event.street_conflict": "Уличная стычка ({suspects:names}); погибли: {casualties:names}.",
    "event.hiding": "Игрок {player} скрывается.",
    "event.lynch_cancelled": "Самосуд над {suspects:names} отменён.",
    "event.lynch_failed": "Самосуд над игроком {player} не удался.",
    "event.revived": "Игрока {player} вернули к жизни.",
    "event.vote_against_self": "Голос засчитан против себя за агитацию: {players:names}.",
    "event.vote_not_accepted": "Голоса не приняты: {players:names}.",
}

OUTCOME = {
    "phase.ended": {"by": "phase", "cases": {"night": "Ночь {number} закончилась.",
                                               "day": "День {number} закончился."}},
    "phase.began": {"by": "phase", "cases": {"night": "Ночь {number} началась.",
                                               "day": "День {number} начался."}},
    "tally": "Голоса: {entries}.",
    "tally.none": "Голоса: никто не голосовал.",
    "tally.entry": "{player} — {count}",
    "lynched": {
        "plural": "n",
        "one": "Посажен: {players:names}.",
        "few": "Посажены: {players:names}.",
        "many": "Посажены: {players:names}.",
    },
    "lynched.none": "Посадки нет.",
    "death": "{player} погиб{@la}.",
    "death.shown": "{player} ({shown:thing}) погиб{@la}.",
    "death.described": "{player} погиб{@la}: {description}",
    "death.shown_described": "{player} ({shown:thing}) погиб{@la}: {description}",
    "modkilled": "Ведущий вывел из игры игрока {player} (модкилл).",
    "modkilled.shown": "Ведущий вывел из игры игрока {player} ({shown:thing}; модкилл).",
    "modkilled.inactive.you": (
        "Вы выведены из игры за неактивность (модкилл): {posts} из {needed} игровых постов"
        " в день {day}, после предупреждения. Вам открыт чат кладбища."
    ),
    "modkilled.inactive": (
        "Игрок {player} выведен из игры за неактивность (модкилл): {posts} из {needed}"
        " игровых постов в день {day}, после предупреждения."
    ),
    "modkilled.inactive.shown": (
        "Игрок {player} ({shown:thing}) выведен из игры за неактивность (модкилл): {posts} из"
        " {needed} игровых постов в день {day}, после предупреждения."
    ),
    "game_over": "Игра окончена. Победители: {winners:names}.",
    "role": "Ваша роль: {role:thing} ({faction:faction}).",
    "role.named": "Роль игрока {player}: {role:thing} ({faction:faction}).",
    "teammates": "Команда: {members:names}.",
    "teammates.named": "Команда игрока {player}: {members:names}.",
    "teammates.faction": "Команда «{faction:faction}»: {members:names}.",
    "action": "{player}: {ability:ability} → {targets:names}.",
    "action.untargeted": "{player}: {ability:ability}.",
    "action.instead": "{player}: {ability:ability} → {targets:names} (вместо: "
    "{replaces:abilities}).",
    "action.untargeted.instead": "{player}: {ability:ability} (вместо: {replaces:abilities}).",
    "action.nothing": "{player}: без хода.",
    "action.done": "{player}: больше ходов нет.",
    "action.withdrawn": "{player}: ход «{ability:ability}» отозван.",
    "action.withdrawn_any": "{player}: ход отозван.",
    "action.ability": "{ability:ability}",
    "mine": "Записано: {ability:ability} → {targets:names}.",
    "mine.untargeted": "Записано: {ability:ability}.",
    "mine.instead": "Записано: {ability:ability} → {targets:names} (вместо: "
    "{replaces:abilities}).",
    "mine.untargeted.instead": "Записано: {ability:ability} (вместо: {replaces:abilities}).",
    "mine.nothing": "Записано: без хода.",
    "mine.done": "Записано: больше ходов нет.",
    "mine.withdrawn": "Ход «{ability:ability}» отозван.",
    "mine.withdrawn_any": "Ход отозван.",
    "phase.record": {"by": "phase", "cases": {
        "night": "(ведущий) Полная запись ночи {number}:",
        "day": "(ведущий) Полная запись дня {number}:"}},
    "to_team": "Команде «{faction:faction}»: {line}",
    "to_player": "Игроку {player}: {line}",
}  # fmt: skip

HEADLINES = {
    "headline.none": "Этой ночью никто не погиб.",
    "headline.one": "Один из нас не пережил эту ночь.",
    "headline.some": "Некоторые из нас не пережили эту ночь.",
    "headline.many": "Многие из нас погибли этой ночью.",
    "headline.mass": "Этой ночью погибло огромное множество людей.",
    "headline.most": "Этой ночью был уничтожен почти весь город.",
    "headline.armageddon": "Настоящий Армагеддон опустошил город этой ночью.",
    "headline.entire": "Этой ночью буквально весь город был стёрт с лица земли.",
    "headline.setup": "Ваш сетап — отстой.",
    "headline.ru": {
        "plural": "n",
        "one": "Этой ночью убит {n} игрок.",
        "few": "Этой ночью убиты {n} игрока.",
        "many": "Этой ночью убиты {n} игроков.",
    },
    "headline.ru_none": "Этой ночью жертв нет.",
}

DEATHS = {
    "death.mafia": "{@Acc} застрелили в упор.",
    "death.mafia.again": "Кроме того, {@acc} изрешетили пулями в упор.",
    "death.serial_killer": "На теле {@gen} множество ножевых ран.",
    "death.serial_killer.again": "На теле {@gen} множество ножевых ран.",
    "death.vigilante": "{@Acc} застрелили из крупнокалиберного оружия.",
    "death.vigilante.again": "{@Acc} разорвало очередью из крупнокалиберного оружия.",
    "death.veteran": "{@Acc} убили из армейской штурмовой винтовки.",
    "death.veteran.again": "На теле {@gen} множество осколочных ранений от гранаты. "
    "{@Acc} убили из армейской штурмовой винтовки.",
    "death.mass_murderer": "{@Acc} буквально выпотрошили.",
    "death.mass_murderer.again": "{@Acc} разрубили на куски бензопилой.",
    "death.arsonist": "{@Acc} испепелили.",
    "death.arsonist.again": "{@Nom} сгорел{@a} заживо.",
    "death.bodyguard": "{@Nom} погиб{@la} на дуэли.",
    "death.bodyguard.again": "{@Nom} убит{@a} в перестрелке.",
    "death.jailor": "{@Acc} казнили в тюремной камере.",
    "death.jailor.again": "{@Acc} казнили в тюремной камере.",
    "death.bus_driver": "{@Acc} сбил автобус.",
    "death.bus_driver.again": "{@Acc} сбил автобус.",
    "death.mason_leader": "{@Acc} забили до смерти.",
    "death.mason_leader.again": "{@Acc} избили до полусмерти тупым предметом.",
    "death.jester": "{@Nom}, по всей видимости, застрелил{@sya}. В предсмертной записке — "
    "горе и вина за смерть Шута.",
    "death.jester.again": "В предсмертной записке — горе и вина за смерть Шута.",
    "death.executioner_failure": "{@Nom}, по всей видимости, застрелил{@sya}, оставив "
    "предсмертную записку со словом «Провал».",
    "death.executioner_failure.again": "{@Nom} оставил{@a} предсмертную записку со словом "
    "«Провал».",
    "death.witch": "Были следы борьбы, но {@nom}, по всей видимости, покончил{@a} с собой.",
    "death.witch.again": "Были следы борьбы, но {@nom}, по всей видимости, убил{@a} себя сам{@a}.",
    "death.suicide": "{@Nom}, по всей видимости, покончил{@a} с собой.",
    "death.suicide.again": "{@Nom}, по всей видимости, покончил{@a} с собой.",
    "death.modkill": "{@Acc} поразила молния.",
    "death.modkill.again": "{@Acc} поразила молния.",
    "death.bomb": "На теле {@gen} множество осколочных ранений от гранаты.",
    "death.struggle": "Были следы борьбы.",
    "death.leaver": "{player} покончил{@a} с собой.",
    "cause.mafia": "жертва мафии",
    "cause.maniac": "жертва маньяка",
    "cause.successful_hunt": "жертва удачной охоты",
    "cause.failed_hunt": "жертва неудачной охоты",
    "cause.lynch": "посажен на голосовании",
    "cause.modkill": "модкилл",
}

SEQUENCE = {
    "sequence.sanitized": "Тело зачистили.",
    "sequence.fight": "Вспыхнула драка.",
    "sequence.fire": "Вспыхнул пожар.",
    "sequence.spree": "Кто-то устроил бойню.",
    "sequence.executed": "Заключённого казнили.",
    "sequence.masons": "Кто-то вступил в тайное общество.",
    "sequence.cult": "Кто-то вступил в культ.",
    "sequence.vest": "Кто-то надел бронежилет.",
    "sequence.alert": "Кто-то был начеку.",
    "sequence.healed": "На кого-то напали, но его выходили.",
    "sequence.jailed": "Кого-то посадили в тюрьму.",
    "sequence.roleblocked": "Кого-то заблокировали.",
    "sequence.swapped": "Два дома поменяли местами.",
}

# -- the GM's order sheet (roles/sheet.py): the forum's words for the night's stages ----

SHEET_STAGES = {
    "": "Ответы",
    "answers": "Ответы на предложения",
    "block": "Блокировки",
    "control": "Контроль (Ведьмы)",
    "transport": "Перевозки",
    "redirect_block": "Перенаправления и блокировки",
    "protect": "Защита",
    "mark": "Метки (подставы, обливания)",
    "marks": "Метки и защита",
    "kill": "Убийства",
    "kills": "Убийства",
    "investigate": "Проверки",
    "vests": "Бронежилеты и стража",
    "recruit": "Вербовка и обращения",
    "janitor": "Уборщики",
    "day_actions": "Дневные действия",
    "vote": "Голосование",
    "applications": "Заявки",
    "clan_1_kill": "Убийства кланов",
    "executors": "Палачи",
    "mafia_kill": "Выстрел мафии",
    "advocate": "Адвокат",
    "bodyguard": "Телохранитель",
    "bombs": "Бомбы",
    "boss": "Босс",
    "check": "Проверки",
    "checks": "Проверки",
    "commissar": "Комиссар",
    "courtesan": "Путана",
    "decoys": "Приманки",
    "detective_check": "Проверка детектива",
    "detective_shot": "Выстрел детектива",
    "doctor": "Доктор",
    "guard": "Охрана",
    "heal": "Лечение",
    "hunt": "Охота",
    "maniac": "Маньяк",
    "maniac_kill": "Убийство маньяка",
    "ninja": "Ниндзя",
    "revive": "Воскрешение",
    "thief": "Вор",
    "vote_modifiers": "Поправки к голосам",
    "after_day": "После дня",
    "after_lynch": "После посадки",
    "aftermath": "Последствия",
    "announce": "Объявление",
    "clan_2_kill": "Убийства второго клана",
    "clean_off": "Зачистка",
    "crimes": "Преступления",
    "dawn": "Рассвет",
    "disguise": "Маскировка",
    "dusk": "Сумерки",
    "executors_named": "Палачи названы",
    "executors_shots_land": "Выстрелы палачей",
    "fallout": "Последствия взрывов",
    "gm_modkill": "Модкилл ведущего",
    "guilt": "Вина",
    "hunt_draw": "Жребий охоты",
    "hunt_lands": "Итог охоты",
    "jail": "Тюрьма",
    "leave": "Уход",
    "leavers": "Вышедшие",
    "lynch": "Посадка",
    "mafia_order": "Приказ мафии",
    "mafia_shot": "Выстрел мафии",
    "maniac_kill_lands": "Итог убийства маньяка",
    "maniac_shot": "Выстрел маньяка",
    "morning": "Утро",
    "private": "Личные результаты",
    "remember": "Память",
    "settle": "Итоги",
    "shot_lands": "Выстрел",
    "shots_land": "Выстрелы",
    "spy": "Шпион",
    "spy_watch": "Слежка шпиона",
    "visits": "Визиты",
}

SHEET_VERBS = {
    "block": "блокирует {t}",
    "heal": "лечит {t}",
    "kill": "убивает {t}",
    "check": "проверяет {t}",
    "guard": "охраняет {t}",
    "protect": "защищает {t}",
    "transport": "меняет местами {t1} и {t2}",
    "control": "заставляет {t1} выбрать целью {t2}",
    "frame": "подставляет {t}",
    "douse": "обливает бензином {t}",
    "ignite": "поджигает всех облитых",
    "watch": "следит за {t}",
    "spy": "шпионит за {t}",
    "haunt": "преследует {t}",
    "vest": "надевает бронежилет",
    "alert": "встаёт на стражу",
    "autopsy": "осматривает тело {t}",
    "sanitize": "зачищает {t}",
    "jail": "сажает в тюрьму {t}",
    "execute": "казнит заключённого",
    "spree": "устраивает бойню у {t}",
    "recruit": "вербует {t}",
    "convert": "обращает {t}",
    "remember": "вспоминает роль {t}",
    "annoy": "донимает {t}",
    "disguise": "маскируется под {t}",
    "reveal": "раскрывается как Мэр",
    "hang": "голосует за посадку {t}",
    "shoot": "стреляет в {t}",
    "visit": "проводит ночь с {t}",
    "hunt": "охотится на {t}",
    "plant": "подкладывает бомбу игроку {t}",
    "detonate": "взрывает бомбу у {t}",
    "revive": "воскрешает {t}",
    "accept": "принимает предложение",
    "decline": "отклоняет предложение",
}

SHEET = {
    **{f"sheet.stage.{stage}": title for stage, title in SHEET_STAGES.items()},
    **{f"sheet.verb.{ability}": verb for ability, verb in SHEET_VERBS.items()},
    "sheet.other": "Прочие ходы",
    "sheet.inner": "{outer} · {inner}",
    "sheet.uses": "применяет «{ability:ability}»",
    "sheet.uses.on": "применяет «{ability:ability}» к {t}",
    "sheet.as": "как {role}",
    "sheet.idle": "ничего не делает",
    "sheet.host": "ведущий",
    "sheet.line": "{actor} ({role}) {words}{tail}",
}

# The engine's refusals (roles/messages/refusals.py reads them back from the reasons).
REFUSALS = {
    "refusal.phase": {
        "by": "phase",
        "cases": {
            "day": "Роль «{role:thing}» не может применять «{ability:ability}» днём.",
            "night": "Роль «{role:thing}» не может применять «{ability:ability}» ночью.",
        },
    },
    "refusal.night": "«{ability:Ability}» нельзя применить в ночь {n}.",
    "refusal.no_uses": "Применений способности «{ability:ability}» больше не осталось.",
    "refusal.no_ability": "У роли «{role:thing}» нет такой способности.",
    "refusal.no_phase_ability": {
        "by": "phase",
        "cases": {
            "day": "У роли «{role:thing}» нет дневных способностей.",
            "night": "У роли «{role:thing}» нет ночных способностей.",
        },
    },
    "refusal.name_ability": "Выберите, какую способность применить.",
    "refusal.ended": "Игра окончена.",
    "refusal.unknown_player": "Игрока {player} нет в игре.",
    "refusal.targets_list": "Цели — это список имён игроков.",
    "refusal.target_count": "«{ability:Ability}»: нужно целей — {want}, а не {n}.",
    "refusal.twice": "«{ability:Ability}»: нельзя назвать одного игрока дважды.",
    "refusal.needs_dead": "«{ability:Ability}» применяется к погибшим, а игрок {player} жив.",
    "refusal.self_used": "Вы уже выбирали себя целью способности «{ability:ability}».",
    "refusal.self": "Роль «{role:thing}» не может выбрать целью себя.",
    "refusal.teammate": "Роль «{role:thing}» не может выбрать целью союзника ({faction:faction}).",
    "refusal.target": "Игрок {player} не может быть целью способности «{ability:ability}».",
    "refusal.votes_by_day": "Голосуют только днём.",
    "refusal.no_pass": "В этих правилах нельзя проголосовать «пас».",
    "refusal.vote_dead": "Нельзя голосовать за игрока {player}: он мёртв.",
    "refusal.left": "Игрок {player} покинул игру.",
    "refusal.dead": "Игрок {player} мёртв.",
}

# The GM desk's question when the engine would not close yet (games/desk/outcome.py).
QUESTIONS = {
    "question.round": "Сначала раунд голосования {round}: {voters} выбирают из: {choices}.",
    "question.decide": "Сначала решение за игроком {actor} («{ability:ability}»: {choices}).",
    "question.decide.gm": "Сначала решение за вами, ведущий («{ability:ability}»: {choices}).",
    "question.nobody": "никто",
    "question.nothing": "выбора нет",
}

# The rulesets' own refusals and questions, and sc2's setup problems (roles.errors.Reason).
from .refusals_ru import RULESET_REFUSALS  # noqa: E402

# A text the engine's tables do not know (roles/messages/derive.py text_message).
MESSAGES = {
    "text": "{text}",
    **RESULTS,
    **EVENTS,
    **OUTCOME,
    **HEADLINES,
    **DEATHS,
    **SEQUENCE,
    **SHEET,
    **REFUSALS,
    **QUESTIONS,
    # -- the rulesets' own refusals and questions (refusals_ru.py) --
    **RULESET_REFUSALS,
    # -- a seat's result as the GM and the record read it --
    "result.check.named": "{player} проверил{@a} игрока {target}: {value:thing}.",
    "result.role_change.named": "Теперь роль игрока {player}: {value:thing}.",
}

# -- Night chat rooms a ruleset names itself (roles/messages/rooms.py) ----------------
ROOMS = {
    "room.masons": "Чат масонов",
    "room.jail": "Тюрьма",
    "room.notice.spy": "Шпион, если он есть в игре, читает этот чат без ников.",
    "room.notice.jail": "Ник тюремщика здесь не показывается никогда.",
    "room.alias.jailor": "Тюремщик",
    "room.alias.mafia": "Мафия",
    "room.alias.cultist": "Культист",
    "room.alias.mason": "Масон",
}
MESSAGES.update(ROOMS)
# -- end of the night chat rooms ---------------------------------------------------------

# -- the GM's own decisions on the order sheet (roles/sheet.py) ------------
GM_SHEET_VERBS = {
    "decide_tie": "разрешает ничью: уходит {t}",
    "modkill": "выводит из игры {t} (модкилл)",
    "reject_vote": "не принимает голос игрока {t}",
    "urged": "засчитывает голос игрока {t} против него самого (агитация)",
    "leave": "отмечает выход игрока {t}",
}
SHEET_VERBS.update(GM_SHEET_VERBS)
MESSAGES.update({f"sheet.verb.{ability}": verb for ability, verb in GM_SHEET_VERBS.items()})
MESSAGES["sheet.line.gm"] = "Ведущий {words}{tail}"  # not "GM (ведущий)"
# -- end of the GM's decisions --------------------------------------------------------
