"""The rulesets' options in words: labels where the engine has only an id, and the
Russian help of every option (read by rulesets_words.py, which says them)."""

from __future__ import annotations

# Option labels where the engine has only an id; keyed by option id (the same id means
# the same thing in every ruleset that has it).
OPTION_LABELS = {
    "en": {
        "reveal": "Reveal",
        "tie": "Tie",
        "no_vote_modkill": "Modkill for not voting",
        "don_successors": "Don's successors",
        "sk_beats_arsonist": "Serial Killer beats the Arsonist",
        "clue_size": "Players named by a clue",
        "psychopath_idle": "Psychopath sends no kill",
        "three_days_of_peace": "Three days of peace",
        # sc2's options, with the roles' names as the engine writes them.
        "day_type": "Day type",
        "night_type": "What the morning post describes",
        "last_wills": "Last wills shown",
        "reveal_roles": "Dead players' roles shown",
        "investigator_results": "Investigator results",
        "serial_killer_beats_arsonist": "Serial Killer beats the Arsonist one versus one",
        "citizen_wins_1v1": "Citizen beats the Mafia one versus one",
        "citizen_vest": "Citizen has a one-shot vest",
        "citizen_recruitable": "Mason Leader may recruit Citizens",
        "mason_promoted_to_leader": "A lone Mason becomes the Mason Leader",
        "mason_leader_recruits": "Mason Leader's recruits per game (0: no limit)",
        "mason_leader_excluded_from_randoms": "Mason Leader never drawn from a random slot",
        "mayor_votes": "A revealed Mayor's vote weight",
        "mayor_cannot_be_healed": "A revealed Mayor cannot be healed",
        "sheriff_detects_mafia": "Sheriff detects the Mafia",
        "sheriff_detects_serial_killer": "Sheriff detects the Serial Killer",
        "sheriff_detects_arsonist": "Sheriff detects the Arsonist",
        "sheriff_detects_cult": "Sheriff detects the Cult",
        "sheriff_detects_mass_murderer": "Sheriff detects the Mass Murderer",
        "lookout_ignores_detection_immune": "Lookout sees detection-immune visitors",
        "coroner_discovers_targets": "Coroner learns the body's last targets",
        "coroner_discovers_last_will": "Coroner reads the body's last will",
        "coroner_discovers_death_type": "Coroner learns the causes of death",
        "coroner_discovers_visitor_roles": "Coroner learns the roles of the body's visitors",
        "doctor_knows_if_attacked": "Doctor told when the heal saved someone",
        "doctor_prevents_conversion": "A heal stops a Cult conversion",
        "doctor_knows_if_culted": "Doctor told when the patient was converted",
        "bodyguard_ignores_invulnerability": "Bodyguard kills night-immune attackers",
        "bodyguard_cannot_be_healed": "A Bodyguard who fights cannot be healed",
        "bodyguard_prevents_conversion": "A guard stops a Cult conversion",
        "escort_cannot_be_blocked": "Escort cannot be roleblocked",
        "consort_cannot_be_blocked": "Consort cannot be roleblocked",
        "escort_recruitable": "Mason Leader may recruit Escorts",
        "escort_detects_immune": "A roleblocker learns the target is immune",
        "spy_sees_mafia_targets": "Spy learns where the Mafia went",
        "jailor_executions": "Jailor's executions per game (0: no limit)",
        "jail_requires_no_lynch": "The jail holds only after a day without a lynch",
        "veteran_alerts": "Veteran's alerts per game (0: no limit)",
        "veteran_pierces_immunity": "Veteran's shots pierce night immunity",
        "veteran_shoots_visitors_doctors": "The Veteran also shoots his visitors' Doctors",
        "vigilante_shots": "Vigilante's shots per game (0: no limit)",
        "vigilante_suicides_if_shot_town": "A Vigilante who kills Town commits suicide",
        "godfather_night_immune": "Godfather immune to night kills",
        "godfather_detection_immune": "Godfather reads not suspicious",
        "godfather_cannot_be_blocked": "Godfather cannot be roleblocked",
        "godfather_kills_without_mafioso": "Godfather kills when there is no Mafioso",
        "mafia_promote_to_mafioso": "The first Mafia member becomes the Mafioso",
        "consort_becomes_mafioso": "Consort may become the Mafioso",
        "consigliere_becomes_mafioso": "Consigliere may become the Mafioso",
        "framer_becomes_mafioso": "Framer may become the Mafioso",
        "consigliere_detects_exact_role": "Consigliere learns the exact role",
        "consigliere_promoted_if_no_godfather": "Consigliere succeeds a dead Godfather",
        "framer_detection_immune": "Framer reads not suspicious",
        "janitor_sanitizes": "Janitor's sanitizations per game (0: no limit)",
        "serial_killer_night_immune": "Serial Killer immune to night kills",
        "serial_killer_kills_roleblockers": "A roleblocked Serial Killer kills the roleblocker",
        "serial_killer_detection_immune": "Serial Killer reads not suspicious",
        "arsonist_ignores_immunity": "Ignition burns night-immune players",
        "arsonist_ignores_healing": "Ignition burns through heals",
        "arsonist_night_immune": "Arsonist immune to night kills",
        "arsonist_targets_informed": "Doused players are told",
        "arsonist_detection_immune": "Arsonist reads not suspicious",
        "arsonist_douses_roleblockers": "Roleblockers who visit the Arsonist are doused",
        "arsonist_fire_spreads": "Fire spreads to the burning houses' visitors",
        "mass_murderer_night_immune": "Mass Murderer immune to night kills",
        "mass_murderer_can_target_self": "Mass Murderer may spree at home",
        "mass_murderer_cooldown": "Nights of rest after a spree of two kills or more",
        "mass_murderer_detection_immune": "Mass Murderer reads not suspicious",
        "witch_target_notified": "The Witch's first target is told",
        "witch_can_control_self": "Witch may name herself as the second target",
        "executioner_becomes_jester": "Executioner becomes a Jester on failure",
        "executioner_suicides_on_failure": "Executioner commits suicide on failure",
        "executioner_target_must_be_town": "The Executioner's target is Town",
        "executioner_must_survive": "Executioner must survive",
        "executioner_night_immune": "Executioner immune to night kills",
        "jester_kills_guilty_voter": "A lynched Jester kills a random voter",
        "jester_annoys": "Jester may annoy a player each night",
        "amnesiac_revealed": "The remembered role is announced",
        "amnesiac_cannot_become_town": "Amnesiac cannot take a Town role",
        "amnesiac_cannot_become_mafia": "Amnesiac cannot take a Mafia role",
        "amnesiac_cannot_become_killing": "Amnesiac cannot take a killing role",
        "survivor_vests": "Survivor's vests per game",
        "cultist_excluded_from_randoms": "Cultist never drawn from a random slot",
        "cult_immunity_prevents_conversion": "Night immunity stops a conversion",
        "cult_nights_between_conversions": "Nights between conversions",
    },
    "ru": {
        "reveal": "Вскрытие",
        "tie": "Ничья на голосовании",
        "no_vote_modkill": "Модкилл за неголосование",
        "don_successors": "Преемники дона",
        "sk_beats_arsonist": "Серийный убийца побеждает поджигателя",
        "clue_size": "Сколько игроков называет улика",
        "psychopath_idle": "Психопат не назвал жертву",
        "three_days_of_peace": "Три мирных дня",
        # sc2's options (their help is SC2_HELP_RU below).
        "day_type": "Тип дня",
        "night_type": "Что описывает утренний пост",
        "last_wills": "Завещания мёртвых видны",
        "reveal_roles": "Роль мёртвого вскрывается",
        "investigator_results": "Результаты Следователя",
        "serial_killer_beats_arsonist": "Серийный убийца побеждает поджигателя один на один",
        "citizen_wins_1v1": "Горожанин побеждает мафию один на один",
        "citizen_vest": "У горожанина одноразовый бронежилет",
        "citizen_recruitable": "Глава масонов может вербовать горожан",
        "mason_promoted_to_leader": "Одинокий масон без главы становится главой масонов",
        "mason_leader_recruits": "Вербовок главы масонов за игру (0: без ограничения)",
        "mason_leader_excluded_from_randoms": "Глава масонов не выпадает в случайном слоте",
        "mayor_votes": "Вес голоса вскрывшегося мэра",
        "mayor_cannot_be_healed": "Доктор не лечит вскрывшегося мэра",
        "sheriff_detects_mafia": "Шериф видит мафию",
        "sheriff_detects_serial_killer": "Шериф видит серийного убийцу",
        "sheriff_detects_arsonist": "Шериф видит поджигателя",
        "sheriff_detects_cult": "Шериф видит культ",
        "sheriff_detects_mass_murderer": "Шериф видит массового убийцу",
        "lookout_ignores_detection_immune": "Наблюдатель видит посетителей, неуязвимых к проверке",
        "coroner_discovers_targets": "Коронер узнаёт последние цели тела",
        "coroner_discovers_last_will": "Коронер читает завещание тела",
        "coroner_discovers_death_type": "Коронер узнаёт причины смерти",
        "coroner_discovers_visitor_roles": "Коронер узнаёт роли посетивших тело в ночь смерти",
        "doctor_knows_if_attacked": "Доктор узнаёт, что его лечение спасло",
        "doctor_prevents_conversion": "Лечение останавливает обращение в культ",
        "doctor_knows_if_culted": "Доктор узнаёт, что пациента обратили",
        "bodyguard_ignores_invulnerability": "Телохранитель убивает неуязвимых ночью нападающих",
        "bodyguard_cannot_be_healed": "Сражавшегося телохранителя нельзя вылечить",
        "bodyguard_prevents_conversion": "Охрана останавливает обращение в культ",
        "escort_cannot_be_blocked": "Эскорт нельзя заблокировать",
        "consort_cannot_be_blocked": "Куртизанку нельзя заблокировать",
        "escort_recruitable": "Глава масонов может вербовать эскорт",
        "escort_detects_immune": "Блокирующий узнаёт, что цель неуязвима к блоку",
        "spy_sees_mafia_targets": "Шпион узнаёт, куда ходила мафия",
        "jailor_executions": "Казней тюремщика за игру (0: без ограничения)",
        "jail_requires_no_lynch": "Тюрьма действует только после дня без линчевания",
        "veteran_alerts": "Тревог ветерана за игру (0: без ограничения)",
        "veteran_pierces_immunity": "Выстрелы ветерана пробивают ночной иммунитет",
        "veteran_shoots_visitors_doctors": "Доктор пациента, пришедшего к ветерану, тоже убит",
        "vigilante_shots": "Выстрелов мстителя за игру (0: без ограничения)",
        "vigilante_suicides_if_shot_town": "Мститель, убивший горожанина, кончает с собой",
        "godfather_night_immune": "Крёстный отец неуязвим ночью",
        "godfather_detection_immune": "Крёстный отец не выглядит подозрительным",
        "godfather_cannot_be_blocked": "Крёстного отца нельзя заблокировать",
        "godfather_kills_without_mafioso": "Без мафиози Крёстный отец убивает сам",
        "mafia_promote_to_mafioso": "Без Крёстного отца и мафиози первый из мафии — мафиози",
        "consort_becomes_mafioso": "Куртизанка может стать мафиози",
        "consigliere_becomes_mafioso": "Консильери может стать мафиози",
        "framer_becomes_mafioso": "Фальсификатор может стать мафиози",
        "consigliere_detects_exact_role": "Консильери узнаёт точную роль",
        "consigliere_promoted_if_no_godfather": "Консильери наследует мёртвому Крёстному отцу",
        "framer_detection_immune": "Фальсификатор не выглядит подозрительным",
        "janitor_sanitizes": "Зачисток чистильщика за игру (0: без ограничения)",
        "serial_killer_night_immune": "Серийный убийца неуязвим ночью",
        "serial_killer_kills_roleblockers": "Заблокированный серийный убийца убивает блокирующего",
        "serial_killer_detection_immune": "Серийный убийца не выглядит подозрительным",
        "arsonist_ignores_immunity": "Поджог сжигает неуязвимых ночью",
        "arsonist_ignores_healing": "Поджог сильнее лечения",
        "arsonist_night_immune": "Поджигатель неуязвим ночью",
        "arsonist_targets_informed": "Облитые бензином узнают об этом",
        "arsonist_detection_immune": "Поджигатель не выглядит подозрительным",
        "arsonist_douses_roleblockers": "Блокирующий, пришедший к поджигателю, облит бензином",
        "arsonist_fire_spreads": "Огонь перекидывается на гостей горящих домов",
        "mass_murderer_night_immune": "Массовый убийца неуязвим ночью",
        "mass_murderer_can_target_self": "Массовый убийца может устроить бойню у себя дома",
        "mass_murderer_cooldown": "Ночей перерыва после бойни с двумя и более убийствами",
        "mass_murderer_detection_immune": "Массовый убийца не выглядит подозрительным",
        "witch_target_notified": "Первая цель ведьмы узнаёт, что ею управляли",
        "witch_can_control_self": "Ведьма может назвать вторым целью себя",
        "executioner_becomes_jester": "Экзекутор, чья цель умерла ночью, становится шутом",
        "executioner_suicides_on_failure": "Экзекутор, чья цель умерла ночью, кончает с собой",
        "executioner_target_must_be_town": "Цель экзекутора — горожанин",
        "executioner_must_survive": "Экзекутор должен дожить до конца",
        "executioner_night_immune": "Экзекутор неуязвим ночью",
        "jester_kills_guilty_voter": "После линчевания шута ночью умирает случайный голосовавший",
        "jester_annoys": "Шут может докучать игроку каждую ночь",
        "amnesiac_revealed": "Вспомненная роль объявляется",
        "amnesiac_cannot_become_town": "Амнезиак не может взять роль горожан",
        "amnesiac_cannot_become_mafia": "Амнезиак не может взять роль мафии",
        "amnesiac_cannot_become_killing": "Амнезиак не может взять убивающую роль",
        "survivor_vests": "Бронежилетов выжившего за игру",
        "cultist_excluded_from_randoms": "Культист не выпадает в случайном слоте",
        "cult_immunity_prevents_conversion": "Ночной иммунитет останавливает обращение",
        "cult_nights_between_conversions": "Обращение раз в сколько ночей",
    },
}

# The Russian help of every option of every ruleset (sc2's are SC2_HELP_RU, below).
OPTION_HELP_RU = {
    ("bay12", "reveal"): "что показывают мёртвые: роль, команду или ничего",
    ("bay12", "tie"): "ничья на голосовании: никого не линчуют или линчуют случайного",
    ("bay12", "sk_beats_arsonist"): "002: серийный убийца побеждает поджигателя один на один",
    ("ru_19", "reveal"): (
        "Что объявляет выбывание: роль (светлая), команду (полусветлая) или только ник (тёмная)."
    ),
    ("ru_classic", "reveal"): (
        "что показывает карта выбывшего: светлая — роль целиком, полусветлая — только команду"
    ),
    ("ru_classic", "tie"): (
        "ничья на голосовании: решает ведущий, никто не уходит или уходит случайный"
    ),
    ("ru_classic", "no_vote_modkill"): (
        "живой игрок без голоса к концу дня получает модкилл (правило документа); "
        "выкл.: неголосование не наказывается"
    ),
    ("ru_hunt", "no_vote_modkill"): (
        "живой игрок без голоса к концу дня получает модкилл (правило документа); "
        "выкл.: неголосование не наказывается"
    ),
    ("ru_sport", "don_successors"): (
        "порядок, в котором мафия наследует статус дона, оговорённый до игры (ники); "
        "пусто — по порядку мест"
    ),
    ("ru_two_clans", "reveal"): (
        "Что объявляет выбывание: роль (светлая) или команду (полусветлая); ниндзя "
        "вскрывается мирным"
    ),
    ("townston", "clue_size"): "сколько игроков называет улика, виновный среди них",
    ("townston", "psychopath_idle"): (
        "психопат не назвал жертву: ведущий выбирает её жребием или никто не умирает"
    ),
    ("townston", "three_days_of_peace"): (
        "002: развязка после трёх дней и трёх ночей без единой смерти"
    ),
    ("sc2", "day_type"): (
        "относительное большинство, абсолютное большинство или большинство с судом"
    ),
    ("sc2", "investigator_results"): (
        "пары ролей 2011 года, группы 2012–13 годов, журнал преступлений 2014 года или точная роль"
    ),
}

NOT_SUSPICIOUS = "проверка показывает «не подозрителен»"
SC2_HELP_RU = {
    "night_type": (
        "что описывает утренний пост: описания смертей (002), ход ночи (описания и рассказ "
        "о ночи по порядку, без ников) или ничего"
    ),
    "last_wills": "завещания погибших видны всем (в классическом варианте выкл.)",
    "reveal_roles": "роль погибшего объявляется (в варианте «Улики» выкл. до конца игры)",
    "serial_killer_beats_arsonist": "002: один на один серийный убийца побеждает поджигателя",
    "citizen_wins_1v1": "один на один горожанин побеждает мафию (ничья в его пользу)",
    "citizen_vest": "у горожанина есть бронежилет на одну ночь",
    "citizen_recruitable": "глава масонов может завербовать горожанина в масоны",
    "mason_promoted_to_leader": "масон, оставшийся без главы масонов, сам становится главой",
    "mason_leader_recruits": "успешных вербовок за игру (0: без ограничения)",
    "mason_leader_excluded_from_randoms": (
        "расклад: глава масонов не выпадает в случайном слоте (так было в 2011 году)"
    ),
    "mayor_votes": "сколько голосов весит голос мэра, когда он вскрылся",
    "mayor_cannot_be_healed": "доктора не могут лечить вскрывшегося мэра",
    "sheriff_detects_mafia": "проверка шерифа показывает мафию",
    "sheriff_detects_serial_killer": "проверка шерифа показывает серийного убийцу",
    "sheriff_detects_arsonist": "проверка шерифа показывает поджигателя",
    "sheriff_detects_cult": "проверка шерифа показывает культ",
    "sheriff_detects_mass_murderer": "проверка шерифа показывает массового убийцу",
    "lookout_ignores_detection_immune": (
        "наблюдатель видит и тех посетителей, кого не берут проверки"
    ),
    "coroner_discovers_targets": "коронер узнаёт, к кому погибший ходил в последний раз",
    "coroner_discovers_last_will": "коронер читает завещание погибшего",
    "coroner_discovers_death_type": "коронер узнаёт, от чего умер погибший",
    "coroner_discovers_visitor_roles": (
        "коронер узнаёт роли тех, кто приходил к погибшему в ночь его смерти"
    ),
    "doctor_knows_if_attacked": "доктор узнаёт, что его лечение кого-то спасло",
    "doctor_prevents_conversion": "лечение доктора не даёт культу обратить пациента",
    "doctor_knows_if_culted": "доктор узнаёт, что его пациента обратили в культ",
    "bodyguard_ignores_invulnerability": "телохранитель убивает и нападающих, неуязвимых ночью",
    "bodyguard_cannot_be_healed": "телохранителя, вступившего в схватку, нельзя вылечить",
    "bodyguard_prevents_conversion": "охрана телохранителя не даёт культу обратить подопечного",
    "escort_cannot_be_blocked": "эскорт нельзя заблокировать",
    "consort_cannot_be_blocked": "куртизанку нельзя заблокировать",
    "escort_recruitable": "глава масонов может завербовать эскорт в масоны",
    "escort_detects_immune": "блокирующий узнаёт, что на его цель блок не действует",
    "spy_sees_mafia_targets": "шпион узнаёт, к кому ходила мафия",
    "jailor_executions": "казней за игру (0: без ограничения)",
    "jail_requires_no_lynch": "тюремщик сажает в тюрьму только после дня без линчевания",
    "veteran_alerts": "тревог за игру (0: без ограничения)",
    "veteran_pierces_immunity": "выстрелы ветерана убивают и посетителей, неуязвимых ночью",
    "veteran_shoots_visitors_doctors": (
        "если пациент доктора пришёл к ветерану на тревоге, ветеран убивает и доктора"
    ),
    "vigilante_shots": "выстрелов за игру (0: без ограничения)",
    "vigilante_suicides_if_shot_town": (
        "мститель, убивший горожанина, следующей ночью кончает с собой"
    ),
    "godfather_night_immune": "крёстного отца нельзя убить ночью",
    "godfather_detection_immune": f"крёстный отец: {NOT_SUSPICIOUS}",
    "godfather_cannot_be_blocked": "крёстного отца нельзя заблокировать",
    "godfather_kills_without_mafioso": "когда мафиози нет, крёстный отец убивает сам",
    "mafia_promote_to_mafioso": (
        "когда в живых нет ни крёстного отца, ни мафиози, первый из мафии становится "
        "мафиози (у фальсификатора: «становится мафиози, если остался один»)"
    ),
    "consort_becomes_mafioso": "куртизанка может стать новым мафиози",
    "consigliere_becomes_mafioso": "консильери может стать новым мафиози",
    "framer_becomes_mafioso": "фальсификатор может стать новым мафиози (по умолчанию вкл.)",
    "consigliere_detects_exact_role": "консильери узнаёт точную роль цели",
    "consigliere_promoted_if_no_godfather": (
        "когда крёстный отец погиб, а мафиози, чтобы занять его место, нет, консильери "
        "становится крёстным отцом"
    ),
    "framer_detection_immune": f"фальсификатор: {NOT_SUSPICIOUS}",
    "janitor_sanitizes": "зачисток за игру (0: без ограничения)",
    "serial_killer_night_immune": "серийного убийцу нельзя убить ночью",
    "serial_killer_kills_roleblockers": (
        "заблокированный серийный убийца убивает блокирующего вместо своей цели"
    ),
    "serial_killer_detection_immune": f"серийный убийца: {NOT_SUSPICIOUS}",
    "arsonist_ignores_immunity": "поджог сжигает и неуязвимых ночью",
    "arsonist_ignores_healing": "лечение не спасает от поджога",
    "arsonist_night_immune": "поджигателя нельзя убить ночью",
    "arsonist_targets_informed": "облитые бензином узнают об этом",
    "arsonist_detection_immune": f"поджигатель: {NOT_SUSPICIOUS}",
    "arsonist_douses_roleblockers": "блокирующий, пришедший к поджигателю, облит бензином",
    "arsonist_fire_spreads": ("поджог сжигает и всех, кто этой ночью приходил в горящие дома"),
    "mass_murderer_night_immune": "массового убийцу нельзя убить ночью",
    "mass_murderer_can_target_self": "массовый убийца может устроить бойню у себя дома",
    "mass_murderer_cooldown": (
        "сколько ночей массовый убийца пропускает после бойни с двумя и более жертвами "
        "(0: не пропускает)"
    ),
    "mass_murderer_detection_immune": f"массовый убийца: {NOT_SUSPICIOUS}",
    "witch_target_notified": "первая цель ведьмы узнаёт, что ею управляли",
    "witch_can_control_self": (
        "ведьма может назвать второй целью себя: тогда первая цель действует на ведьму"
    ),
    "executioner_becomes_jester": "экзекутор, чья цель умерла ночью, становится шутом",
    "executioner_suicides_on_failure": (
        "когда экзекутор не становится шутом: экзекутор, чья цель умерла ночью, следующей "
        "ночью кончает с собой (002: «предсмертная записка со словами „Я не справился“»)"
    ),
    "executioner_target_must_be_town": "цель экзекутора всегда из горожан",
    "executioner_must_survive": "чтобы победить, экзекутор должен дожить до конца игры",
    "executioner_night_immune": "экзекутора нельзя убить ночью",
    "jester_kills_guilty_voter": (
        "ночью после линчевания шута умирает случайный из голосовавших против него"
    ),
    "jester_annoys": (
        "шут может каждую ночь докучать игроку (поздние правки вики; в 2011 году действия нет)"
    ),
    "amnesiac_revealed": "вспомненная амнезиаком роль объявляется всем",
    "amnesiac_cannot_become_town": "амнезиак не может вспомнить роль горожан",
    "amnesiac_cannot_become_mafia": "амнезиак не может вспомнить роль мафии",
    "amnesiac_cannot_become_killing": "амнезиак не может вспомнить убивающую роль",
    "survivor_vests": "бронежилетов у выжившего на игру",
    "cultist_excluded_from_randoms": "расклад: культист не выпадает в случайном слоте",
    "cult_immunity_prevents_conversion": "ночной иммунитет защищает от обращения в культ",
    "cult_nights_between_conversions": "1: культ обращает каждую ночь; 2: через ночь",
}
OPTION_HELP_RU.update({("sc2", option): text for option, text in SC2_HELP_RU.items()})
