"""The Russian words of the rulesets' own refusals and questions, and of sc2's setup
problems (roles.errors.Reason; ru.py keeps the core's)."""

# -- the rulesets' own refusals and questions ---------------------------------------------
# The Russian of refusals_en.py's ids (roles.errors.Reason).
RULESET_REFUSALS = {
    "refusal.by": {
        "by": "actor",
        "cases": {"GM": "Ведущий: {reason}"},
        "other": "{actor}: {reason}",
    },
    "refusal.extra": "«{ability:Ability}»: выберите один из предложенных вариантов.",
    "refusal.phase_input": "Фаза — это либо день, либо ночь.",
    "refusal.expected": {
        "by": "kind",
        "cases": {
            "day": "Сейчас ночь {n}, а прислан день.",
            "night": "Сейчас день {n}, а прислана ночь.",
        },
    },
    "refusal.night_input": "Ночь — это список действий.",
    "refusal.day_input": "День — это голоса, раунды и действия.",
    "refusal.vote_pair": "Голос — это пара [кто голосует, за кого].",
    "refusal.action_input": "Действие — это игрок и его цели.",
    "refusal.gm_decisions": "Ведущий: в этих правилах ведущий решает только: {decisions}.",
    "refusal.acted": {
        "by": "phase",
        "cases": {
            "day": "Ход игрока {player} этим днём уже принят.",
            "night": "Ход игрока {player} этой ночью уже принят.",
        },
    },
    "refusal.vote_changes": {
        "plural": "n",
        "one": "{voter}: голос можно изменить только {n} раз.",
        "few": "{voter}: голос можно изменить только {n} раза.",
        "many": "{voter}: голос можно изменить только {n} раз.",
    },
    "refusal.vote_changes.in": {
        "plural": "n",
        "one": "{voter}: голос можно изменить только {n} раз ({what}).",
        "few": "{voter}: голос можно изменить только {n} раза ({what}).",
        "many": "{voter}: голос можно изменить только {n} раз ({what}).",
    },
    "refusal.round_pair": "Бюллетень — это пара [кто голосует, выбор] ({label}).",
    "refusal.round_voter": (
        "Игрок {voter} здесь не голосует: голосуют только живые игроки ({label})."
    ),
    "refusal.round_choice": "{voter}: выбирать можно только из предложенного ({label}).",
    "refusal.round_missing": "Нет голоса игрока {voter}: голосуют все живые игроки ({label}).",
    "refusal.extra_round": (
        "Прислан раунд голосования {n}, но голосование больше раундов не требовало."
    ),
    "refusal.tie_pick": ("Решая ничью, назовите одного из игроков, набравших поровну ({tied})."),
    "refusal.two_nights": "Нельзя выбирать одного и того же игрока две ночи подряд ({target}).",
    "refusal.hunt_lost.one": "Право на охоту потеряно: остался один мирный.",
    "refusal.hunt_lost.mafia": (
        "Право на охоту потеряно: на одного мафиози — не больше двух мирных."
    ),
    "refusal.hunt_lost.maniac": (
        "Право на охоту потеряно: на одного Маньяка — не больше двух мирных."
    ),
    "refusal.hunt_after_day": "Охоту заказывают в ночь после игрового дня.",
    "refusal.applied_to_hunt": "Вы подали заявку на охоту: этой ночью «{what:ability}» нельзя.",
    "refusal.hunt_not_approved": "Этой ночью у игрока {player} нет одобренной охоты.",
    "refusal.revolver": "Револьвер достаётся Боссу, только когда не осталось ни одного стрелка.",
    "refusal.advocate_checks": "Оставшись один, Адвокат теряет проверки.",
    "refusal.advocate_shoots": "Адвокат стреляет, только когда остался последним из мафии.",
    "refusal.mafia_conditional": "Мафия знает свои статусы и не присылает условных ходов.",
    "refusal.as_status": "Условный ход называет статус мирного, а не {status}.",
    "refusal.as_move": (
        "Со статусом «{status:thing}» ход — «{want:ability}», а не «{move:ability}»."
    ),
    "refusal.move_twice": "Ход «{move:ability}» нельзя делать на игрока {target} два раза подряд.",
    "refusal.rejected_and_urged": (
        "{players}: голос либо не принят, либо засчитан против себя — не то и другое сразу."
    ),
    "refusal.ninja_vests": "У Ниндзя не осталось бронежилетов.",
    "refusal.sc2.limit": {
        "by": "what",
        "cases": {
            "vests": "Роль «{role:thing}»: бронежилетов больше нет (всего {limit}).",
            "alerts": "Роль «{role:thing}»: ночей начеку больше нет (всего {limit}).",
            "shots": "Роль «{role:thing}»: выстрелов больше нет (всего {limit}).",
            "executions": "Роль «{role:thing}»: казней больше нет (всего {limit}).",
            "sanitizations": "Роль «{role:thing}»: зачисток больше нет (всего {limit}).",
        },
        "other": "Роль «{role:thing}»: применений больше нет (всего {limit}).",
    },
    "refusal.sc2.citizen_vest_off": "В этой игре у Горожанина нет бронежилета.",
    "refusal.sc2.citizen_vest_used": "Бронежилет Горожанина одноразовый и уже использован.",
    "refusal.sc2.no_mafioso": "Нет Мафиози, который исполнил бы приказ Крёстного отца.",
    "refusal.sc2.no_prisoner": "Этой ночью у Тюремщика нет заключённого.",
    "refusal.sc2.prisoner_dead": "Заключённый Тюремщика мёртв.",
    "refusal.sc2.revealed": "Мэр уже раскрылся.",
    "refusal.sc2.recruits": "Глава масонов больше не может вербовать (всего {limit}).",
    "refusal.sc2.spree_wait": "Массовый убийца должен ждать до ночи {n}.",
    "refusal.sc2.spree_home": "В этой игре Массовый убийца не может устроить резню у себя дома.",
    "refusal.sc2.convert_wait": "Культ не может обращать до ночи {n}.",
    "refusal.sc2.witch_first": (
        "Ведьма не управляет собой: себя она может назвать только второй целью."
    ),
    "refusal.sc2.jester_off": "В этой игре у Шута нет ночного действия.",
    "refusal.sc2.amnesiac": {
        "by": "side",
        "cases": {
            "town": "Амнезиак не может стать ролью города ({role:thing}).",
            "mafia": "Амнезиак не может стать ролью мафии ({role:thing}).",
            "killing": "Амнезиак не может стать убивающей ролью ({role:thing}).",
        },
    },
    "refusal.own_verdict": "Игрок {accused} под судом и не голосует за собственный приговор.",
    "refusal.hiding": "Игрок {player} прячется (лошадиная голова) и не может действовать.",
    "refusal.hiding_vote": "Игрок {player} прячется (лошадиная голова) и не может голосовать.",
    "refusal.fellow_mafia": "Игрок {player} из мафии и не может убить своего ({target}).",
    "refusal.two_bombs": "Игрок {player} уже подложил две бомбы, и обе ещё не взорваны.",
    "refusal.no_bomb": "У игрока {player} нет подложенных бомб.",
    "refusal.carries_bomb": "У игрока {target} уже лежит бомба игрока {player}.",
    "refusal.carries_no_bomb": "У игрока {target} нет бомбы игрока {player}.",
    "refusal.horse_head": "Игроку {target} уже подбросили лошадиную голову.",
    "refusal.favor_used": "Игрок {player} уже попросил о своей услуге.",
    "refusal.no_offer": "У игрока {player} нет предложения, на которое нужно ответить.",
    "refusal.revive_lynched": "Игрока {target} посадили по итогам голосования: его не воскресить.",
    "refusal.revive_conflict": "Игрок {target} погиб не во вчерашней уличной стычке.",
    "refusal.revive_old": "Тело игрока {target} пролежало дольше двух ходов.",
    "refusal.no_crime": "Пока не совершено ни одного преступления.",
    "refusal.no_pass.townston": "В этих правилах нельзя проголосовать «пас».",
    "refusal.haunt": "Шут мстит только в ночь после того, как его посадили.",
    "refusal.transport_self": "Перевозчик может назвать себя только второй целью.",
    "refusal.no_wills": "В этих правилах нет завещаний.",
    "refusal.wills_off": "В этой игре завещания отключены.",
    "refusal.will_dead": "Игрок {player} мёртв: мёртвые завещаний не пишут.",
    "refusal.will_text": "Завещание — это текст.",
    "refusal.will_long": {
        "plural": "n",
        "one": "Завещание — не длиннее {n} символа.",
        "few": "Завещание — не длиннее {n} символов.",
        "many": "Завещание — не длиннее {n} символов.",
    },
    "refusal.no_leavers": "В этих правилах из игры не уходят: ведущий даёт модкилл.",
    "refusal.left.already": "Игрок {player} уже покинул игру.",
    "refusal.leave_names": "Назовите игроков, покинувших игру.",
    "decision.decide_tie": "решить ничью",
    "decision.modkill": "модкилл",
    "decision.reject_vote": "не принять голос",
    "decision.urged": "засчитать голос против агитатора",
    "decision.leave": "отметить ушедшего игрока",
    "round.vote": "голосование",
    "round.catastrophe": "раунд катастрофы {n}",
    "round.verdict": "вердикт суда",
    "question.catastrophe": {
        "by": "kind",
        "cases": {
            "verdict": (
                "Ничья на голосовании — катастрофа: казнить всех или помиловать всех ({label})."
            ),
        },
        "other": "Ничья на голосовании — катастрофа: выбор между {names:names} ({label}).",
    },
    "question.verdict": "Игрок {accused} под судом: виновен или невиновен?",
    "question.tie": "Ничья на голосовании между {tied}: решает ведущий.",
    "question.hangman": "Ничья на голосовании между {tied}: выбирает Палач.",
}

# -- sc2's setup problems (roles/rulesets/sc2.py setup_problems) -------------------------
SC2_SETUP = {
    "refusal.sc2.setup.and": "{first}; {rest}",
    "refusal.sc2.setup.detects": (
        "шериф должен кого-то распознавать: включите хотя бы одну из настроек «Шериф распознаёт …»"
    ),
    "refusal.sc2.setup.unique": (
        "роль «{role:thing}» может быть только у одного игрока, а её получили: {holders}"
    ),
    "refusal.sc2.setup.no_target": "{player}: Палачу некого назначить целью",
    "refusal.sc2.setup.other_target": "{player}: целью Палача должен быть другой игрок",
    "refusal.sc2.setup.town_target": (
        "{player}: целью Палача должен быть игрок города (так требует настройка)"
    ),
}
RULESET_REFUSALS.update(SC2_SETUP)
# -- end of sc2's setup problems ---------------------------------------------------------
