# ruff: noqa: E501  (a catalogue: one sentence a line, as the engine says it)
"""The abilities' descriptions under the action forms, in Russian: keyed by the
engine's English description (`Ability.description`, which English readers read as it
is), so a description changed in a ruleset without its translation fails
tests/engine/test_messages.py. Where the English names a game option by its id
(veteran_alerts ...), the Russian says "the game's setting"."""

from __future__ import annotations

DESCRIPTIONS_RU = {
    # bay12
    "Kill your target player. You fail and are told so if your target's defence is too high.": (
        "Убейте выбранного игрока. Если защита цели слишком высока, убийство не удаётся, и вам об этом сообщают."
    ),
    "Prevent your target from using their ability tonight. The Escort, Transporter and Witch are immune, and you are told so. A Serial Killer kills you instead of his target. Your target is told of the attempt.": (
        "Не дайте цели применить способность этой ночью. Эскорт, Перевозчик и Ведьма неуязвимы, и вам об этом сообщат. Серийный убийца вместо своей цели убивает вас. Цели сообщают о попытке."
    ),
    'Make your target appear "Suspicious" to the Sheriff and "Framer, Jester, or framed player" to the Investigator tonight (this beats dousing).': (
        "Этой ночью цель выглядит «Подозрительной» для Шерифа и «Подставщик, Шут или подставленный игрок» для Следователя (это сильнее обливания)."
    ),
    "Learn your target's role. A doused player appears to be the Arsonist.": (
        "Узнайте роль цели. Облитый бензином игрок выглядит Поджигателем."
    ),
    '"Suspicious" if your target is a mafia member, the Serial Killer or framed; "Not Suspicious" otherwise.': (
        "«Подозрителен», если цель — член мафии, Серийный убийца или подставлена; иначе «Не подозрителен»."
    ),
    "Receive a group of roles that includes your target's role.": (
        "Получите группу ролей, в которой есть роль цели."
    ),
    "Learn who else visited your target tonight. You do not see the Transporter or Witch at their second target, nor the Doctor and Bodyguard targeting themselves.": (
        "Узнайте, кто ещё посетил цель этой ночью. Вы не видите Перевозчика или Ведьму у их второй цели, а также Доктора и Телохранителя, выбравших себя."
    ),
    "Prevent your target from being killed tonight; you and your target are told if you prevented an attack. You cannot stop a guilty Vigilante's suicide, the Arsonist or the Jester. Healing yourself does not visit.": (
        "Не дайте цели погибнуть этой ночью; вам и цели сообщат, если вы предотвратили нападение. Вы не можете остановить самоубийство виноватого Линчевателя, Поджигателя или Шута. Лечение себя не считается визитом."
    ),
    "Prevent your target from being killed by one attacker tonight: you kill and are killed by that attacker. Guarding yourself makes you immune to attacks for the night, does not visit and kills nobody.": (
        "Защитите цель от одного нападающего этой ночью: вы убиваете этого нападающего и гибнете от него. Охраняя себя, вы неуязвимы этой ночью, никого не посещаете и никого не убиваете."
    ),
    "Learn what abilities your target knows they are affected by tonight (informational results aside).": (
        "Узнайте, какие способности, о которых цель знает, подействовали на неё этой ночью (кроме информационных результатов)."
    ),
    "Kill your target player. If you kill a town member, you commit suicide the next night, which cannot be prevented.": (
        "Убейте выбранного игрока. Если вы убьёте горожанина, следующей ночью вы покончите с собой, и этому ничто не помешает."
    ),
    "Swap your two targets: everything aimed at one affects the other. You may name yourself as the second target, which you do not visit.": (
        "Поменяйте местами две цели: всё, что направлено на одну, действует на другую. Второй целью можете назвать себя — себя вы не посещаете."
    ),
    "The night after you are lynched, kill one player who voted for you at the end of the day. This cannot be prevented in any way and does not visit.": (
        "В ночь после вашей посадки убейте одного из игроков, голосовавших за вас в конце дня. Этому ничто не может помешать, и это не визит."
    ),
    "Kill your target player. If an Escort or Consort visits you, you kill them (all of them) instead of your target.": (
        "Убейте выбранного игрока. Если вас посетит Эскорт или Девушка мафии, вы убьёте их (всех) вместо своей цели."
    ),
    'Douse your target for the rest of the game (investigated, they appear as "Bodyguard or Arsonist or doused player"). Targeting yourself ignites.': (
        "Облейте цель бензином до конца игры (при проверке она выглядит как «Телохранитель, Поджигатель или облитый игрок»). Выбрав себя, вы поджигаете."
    ),
    "Unpreventably kill every doused player.": (
        "Убейте всех облитых игроков; этому ничто не помешает."
    ),
    "Force your first target to use their ability on your second target, and learn the first target's role. You do not visit your second target.": (
        "Заставьте первую цель применить способность ко второй цели и узнайте роль первой цели. Вторую цель вы не посещаете."
    ),
    # ru_19
    "Apply to the host for tonight's free hunt; may be withdrawn until the day ends.": (
        "Подайте ведущему заявку на сегодняшнюю ночную свободную охоту; её можно отозвать до конца дня."
    ),
    "Withdraw your hunt application before the day ends.": (
        "Отзовите заявку на охоту до конца дня."
    ),
    "Approved hunter only: name a target and its status (mafia or maniac). Right: the target dies. Wrong: you die.": (
        "Только для одобренного охотника: назовите цель и её статус (мафия или маньяк). Угадали — цель погибает. Ошиблись — погибаете вы."
    ),
    "Learn the team: civilian or mafia (the maniac shows civilian); result at dawn.": (
        "Узнайте команду: мирный или мафия (маньяк выглядит мирным); результат на рассвете."
    ),
    "Shoot a player (step 5, with the mafia's shot).": (
        "Выстрелите в игрока (шаг 5, вместе с выстрелом мафии)."
    ),
    "Save a player from one hit tonight; not last night's patient.": (
        "Спасите игрока от одного попадания этой ночью; не того, кого лечили прошлой ночью."
    ),
    "Block a mafia client's powers and keep the client alive tonight.": (
        "Заблокируйте способности клиента-мафиози и сохраните ему жизнь этой ночью."
    ),
    "Only on a tie: choose which of the tied players is executed (may be given in advance).": (
        "Только при равенстве голосов: выберите, кого из равных казнят (можно заранее)."
    ),
    "As tonight's executor, shoot a player.": ("Как сегодняшний исполнитель, выстрелите в игрока."),
    "The player's night move does not happen (detective, doctor, hunter, maniac...).": (
        "Ночной ход игрока не состоится (детектив, доктор, охотник, маньяк...)."
    ),
    "No shooter left: shoot a player instead of blocking.": (
        "Стрелков не осталось: выстрелите в игрока вместо блокировки."
    ),
    "Learn a player's role (the maniac included). Result in the morning.": (
        "Узнайте роль игрока (в том числе маньяка). Результат утром."
    ),
    "Alone in the mafia: shoot a player.": ("Вы один в мафии: выстрелите в игрока."),
    "Kill a player (step 4: before the mafia's shot and the hunt).": (
        "Убейте игрока (шаг 4: до выстрела мафии и охоты)."
    ),
    # ru_classic
    "Check any other player's status at night: you learn 'mafia' or 'civilian' (the advocate is mafia).": (
        "Ночью проверьте статус любого другого игрока: вы узнаёте «мафия» или «мирный» (адвокат — мафия)."
    ),
    "Heal any player at night, yourself included, preventing the mafia's shot; never the same player two nights in a row.": (
        "Ночью лечите любого игрока, в том числе себя, спасая от выстрела мафии; никогда одного и того же две ночи подряд."
    ),
    "The mafia's one victim of the night: every member may name a civilian; the name given most often is shot (a tie between names is drawn by lot). Optional.": (
        "Единственная жертва мафии за ночь: каждый член мафии может назвать мирного; чаще всего названного застрелят (при равенстве решает жребий). По желанию."
    ),
    "Check the status of a civilian at night: you learn the full role (civilian, commissar or doctor).": (
        "Ночью проверьте статус мирного: вы узнаёте его роль полностью (мирный, комиссар или доктор)."
    ),
    # ru_eleven
    "Counts only if you are the doctor: the player is saved from the mafia's shot. Not the same player two nights running (as for every civilian's doctor move).": (
        "Засчитывается, только если вы доктор: игрок спасён от выстрела мафии. Не один и тот же игрок две ночи подряд (как и для хода доктора любого мирного)."
    ),
    "Counts only if you hold +1: the player's vote weighs one more tomorrow. Not the player of your previous +1 move.": (
        "Засчитывается, только если у вас +1: завтра голос игрока весит на один больше. Не тот игрок, что в вашем прошлом ходе +1."
    ),
    "Counts only if you hold −1: the player's vote weighs one less tomorrow. Not the player of your previous −1 move.": (
        "Засчитывается, только если у вас −1: завтра голос игрока весит на один меньше. Не тот игрок, что в вашем прошлом ходе −1."
    ),
    "Counts only if you are the commissar; every civilian's name is a candidate. With three different candidates the check is announced in the morning among two decoys.": (
        "Засчитывается, только если вы комиссар; имя каждого мирного — кандидат. При трёх разных кандидатах проверку объявляют утром среди двух приманок."
    ),
    "The team's shot (mandatory): the name the mafia sends most often is attacked.": (
        "Выстрел команды (обязателен): нападают на того, кого мафия называет чаще всего."
    ),
    "Two names and a reserve, announced with the commissar's check to hide it (the reserve replaces a decoy who is the checked player).": (
        "Два имени и запасное, объявляемые вместе с проверкой комиссара, чтобы её скрыть (запасное заменяет приманку, если это проверенный игрок)."
    ),
    "Learn a civilian's status (role); result at dawn.": (
        "Узнайте статус (роль) мирного; результат на рассвете."
    ),
    # ru_hunt
    "The free hunt: in a night after a day, name a player and his status, 'mafia' or 'maniac'. If several civilians hunt, one request is drawn by lot and nobody is told whose. Nothing stops it, healing neither the hunter nor the target. Right: the target dies; wrong (a civilian, or the wrong status): you die. Lost while the civilians are at most two per mafia member or per maniac, or when one civilian is left.": (
        "Свободная охота: в ночь после дня назовите игрока и его статус, «мафия» или «маньяк». Если охотятся несколько мирных, одну заявку тянут по жребию, и никому не говорят чью. Ничто её не останавливает, лечение не спасает ни охотника, ни цель. Угадали — цель погибает; ошиблись (мирный или не тот статус) — погибаете вы. Охота запрещена, пока мирных не больше двух на каждого члена мафии или на маньяка, или когда остался один мирный."
    ),
    "Save one player, yourself included, from the mafia's shot and/or the maniac's; never from a hunt. If you apply to hunt, you lose the heal that night, even if another request is drawn.": (
        "Спасите одного игрока, в том числе себя, от выстрела мафии и/или маньяка; от охоты не спасает. Подав заявку на охоту, вы теряете лечение этой ночью, даже если по жребию выпала другая заявка."
    ),
    "The mafia's optional night shot: the executor, one of you, sends the victim (a civilian or the maniac). If several members send one, the last sent stands.": (
        "Необязательный ночной выстрел мафии: исполнитель, один из вас, называет жертву (мирного или маньяка). Если присылают несколько членов, в силе последний присланный."
    ),
    "Kill any player at night (optional); never the same player two nights in a row, even one who survived thanks to the doctor.": (
        "Ночью убейте любого игрока (по желанию); никогда одного и того же две ночи подряд, даже если он выжил благодаря доктору."
    ),
    # ru_sport
    "Check one player every night, looking for the mafia: 'mafia' or 'civilian' (the don is mafia).": (
        "Каждую ночь проверяйте одного игрока в поисках мафии: «мафия» или «мирный» (дон — мафия)."
    ),
    "Your vote for the night victim: the victim dies only if every living mafia member names the same player; one different vote or one missing vote and nobody dies. A mafia member, yourself included, may be named (a self-shot).": (
        "Ваш голос за ночную жертву: жертва погибает, только если все живые члены мафии назвали одного и того же игрока; один другой голос или один недостающий — и никто не погибает. Можно назвать члена мафии, в том числе себя (самострел)."
    ),
    "Check one civilian every night, looking for the commissar: 'commissar' or 'not_commissar'.": (
        "Каждую ночь проверяйте одного мирного в поисках комиссара: «комиссар» или «не комиссар»."
    ),
    # ru_two_clans
    "Check a player (team only; the maniac in full); he cannot be killed tonight unless he is an executor.": (
        "Проверьте игрока (только команда; маньяк — полностью); этой ночью его нельзя убить, если он не исполнитель."
    ),
    "Protect a player tonight; an executor who shoots him dies.": (
        "Защитите игрока этой ночью; исполнитель, который в него выстрелит, погибает."
    ),
    "The player's night moves do not happen.": ("Ночные ходы игрока не состоятся."),
    "As your clan's executor tonight, shoot a player; the kill cannot be refused.": (
        "Как исполнитель своего клана этой ночью, выстрелите в игрока; от убийства нельзя отказаться."
    ),
    "Learn a player's role (the maniac shows civilian); result at dawn.": (
        "Узнайте роль игрока (маньяк выглядит мирным); результат на рассвете."
    ),
    "Protect yourself or a clan-mate from being killed tonight (once per member).": (
        "Защитите себя или соклановца от убийства этой ночью (один раз на каждого)."
    ),
    "Kill a player (step 5: before the executors and the hunt).": (
        "Убейте игрока (шаг 5: до исполнителей и охоты)."
    ),
    # sc2
    "Wear your one-shot bulletproof vest tonight: night immunity.": (
        "Наденьте свой одноразовый бронежилет этой ночью: ночная неуязвимость."
    ),
    "Make a Citizen a Mason (2 recruits by default, mason_leader_recruits); a Cultist dies instead (uses a recruit). A Mafia member you try learns your name and role.": (
        "Сделайте Гражданина Масоном (по умолчанию 2 вербовки); Культист вместо этого погибает (вербовка тратится). Член мафии, которого вы пытаетесь завербовать, узнаёт ваше имя и роль."
    ),
    "Reveal yourself as the Mayor: your vote counts mayor_votes times from now on.": (
        "Раскройтесь как Мэр: отныне ваш голос считается за несколько (по настройке игры)."
    ),
    "Learn whether your target is Mafia, a Serial Killer, an Arsonist, Cult or a Mass Murderer (per the sheriff_detects_* options).": (
        "Узнайте, является ли цель Мафией, Серийным убийцей, Поджигателем, Культом или Массовым убийцей (согласно настройкам игры)."
    ),
    "Learn a group of roles holding your target's (investigator_results: pairs), their crimes, or their exact role.": (
        "Узнайте группу ролей, в которой роль цели (по настройке игры: пары), её преступления или точную роль."
    ),
    "Learn everyone who visits your target tonight.": (
        "Узнайте всех, кто посещает цель этой ночью."
    ),
    "Learn the exact role of a dead player, even a sanitized one (and more with the coroner_discovers_* options).": (
        "Узнайте точную роль мёртвого игрока, даже зачищенного (и больше — при соответствующих настройках игры)."
    ),
    "Your target survives one attack tonight; several attacks need as many Doctors. You may heal yourself once per game (not a visit).": (
        "Цель переживёт одно нападение этой ночью; против нескольких нападений нужно столько же Докторов. Себя можно лечить один раз за игру (это не визит)."
    ),
    "If your target is attacked, you and the attacker die and your target is unharmed. Once per game you may guard yourself: immune for the night.": (
        "Если на цель нападут, вы и нападающий погибнете, а цель останется невредимой. Один раз за игру можно охранять себя: неуязвимость на ночь."
    ),
    "Prevent your target from using their ability tonight.": (
        "Не дайте цели применить способность этой ночью."
    ),
    "Swap two players: actions aimed at one hit the other.": (
        "Поменяйте местами двух игроков: действия против одного попадают в другого."
    ),
    "Choose tonight's prisoner (only if nobody is lynched today, jail_requires_no_lynch): roleblocked and protected.": (
        "Выберите заключённого на эту ночь (только если сегодня никого не посадили): он заблокирован и защищён."
    ),
    "Execute your prisoner (1 per game by default, jailor_executions; ignores night immunity).": (
        "Казните заключённого (по умолчанию 1 раз за игру; ночная неуязвимость не спасает)."
    ),
    "Kill everyone who visits you tonight (Lookouts excepted); you are immune tonight (3 alerts by default, veteran_alerts).": (
        "Убейте всех, кто посетит вас этой ночью (кроме Наблюдателей); этой ночью вы неуязвимы (по умолчанию 3 раза)."
    ),
    "Kill your target (3 per game by default, vigilante_shots; not on night 1). Kill a Town member and you commit suicide the next night.": (
        "Убейте цель (по умолчанию 3 раза за игру; не в первую ночь). Убив горожанина, следующей ночью вы покончите с собой."
    ),
    "Order the Mafia's kill; a Mafioso carries it out. With no Mafioso you kill yourself.": (
        "Отдайте приказ об убийстве мафии; исполняет его Мафиози. Если Мафиози нет, убиваете вы сами."
    ),
    "Kill your target (the Godfather's order overrides your choice).": (
        "Убейте цель (приказ Крёстного отца важнее вашего выбора)."
    ),
    "Learn your target's exact role (consigliere_detects_exact_role) or the Investigator's result.": (
        "Узнайте точную роль цели (по настройке игры) или результат Следователя."
    ),
    "Your target reads Mafia to a Sheriff and shows the Framer's group (or a false crime) to an Investigator tonight.": (
        "Этой ночью цель выглядит Мафией для Шерифа и показывает группу Подставщика (или ложное преступление) Следователю."
    ),
    "If your target dies tonight, their role and last will are hidden and you learn the role (3 per game by default, janitor_sanitizes).": (
        "Если цель погибнет этой ночью, её роль и завещание скрыты, а вы узнаёте роль (по умолчанию 3 раза за игру)."
    ),
    "Attack your target; if they die you carry their role name and they are shown as the Disguiser.": (
        "Нападите на цель; если она погибнет, вы носите имя её роли, а её показывают Маскировщиком."
    ),
    "Kill your target. A roleblocker who visits you dies instead.": (
        "Убейте цель. Блокировщик, посетивший вас, погибает вместо неё."
    ),
    "Douse your target; naming yourself ignites.": (
        "Облейте цель бензином; выбрав себя, вы поджигаете."
    ),
    "Burn everyone doused by any Arsonist.": ("Сожгите всех, кого облил любой Поджигатель."),
    "Kill everyone who visits your target's house tonight, and the target if they stay home.": (
        "Убейте всех, кто посетит дом цели этой ночью, и саму цель, если она осталась дома."
    ),
    "Force your first target to use their ability on your second target; learn the first target's role. You may be the second target only with witch_can_control_self.": (
        "Заставьте первую цель применить способность ко второй цели; узнайте роль первой цели. Второй целью можете быть вы сами только если это разрешает настройка игры."
    ),
    "Annoy a player tonight: they are told a Jester came by (jester_annoys).": (
        "Досадите игроку этой ночью: ему сообщат, что заходил Шут."
    ),
    "Become the role of a dead player.": ("Станьте ролью мёртвого игрока."),
    "Wear a bulletproof vest tonight (night immunity; 4 vests by default, survivor_vests).": (
        "Наденьте бронежилет этой ночью (ночная неуязвимость; по умолчанию 4 жилета)."
    ),
    "Make your target a Cultist (not Mafia, not Masons; night immunity prevents it).": (
        "Сделайте цель Культистом (не Мафию и не Масонов; ночная неуязвимость мешает)."
    ),
    # townston
    "Answer the Godfather's offer: become a member of the mafia, keeping your role.": (
        "Ответьте на предложение Крёстного отца: вступите в мафию, сохранив свою роль."
    ),
    "Answer the Godfather's offer: stay who you are.": (
        "Ответьте на предложение Крёстного отца: останьтесь собой."
    ),
    "A protected player cannot be killed by night or in a street conflict; bombs planted on him are intercepted. The protection stands until changed.": (
        "Защищённого игрока нельзя убить ни ночью, ни в уличной стычке; подложенные ему бомбы перехватываются. Защита действует, пока её не сменят."
    ),
    "Revive a player who died last night or in yesterday's street conflict (never a lynched one); he is back at the end of the day. Leaves a clue.": (
        "Воскресите игрока, погибшего прошлой ночью или во вчерашней уличной стычке (не посаженного); он вернётся в конце дня. Оставляет улику."
    ),
    "Learn whether a player is a villager or a criminal.": (
        "Узнайте, житель этот игрок или преступник."
    ),
    "Ask whether a player committed a given crime (crime = the victim's name): yes or no.": (
        "Спросите, совершил ли игрок данное преступление (преступление = имя жертвы): да или нет."
    ),
    "Vote with a mob and learn, at the end of the day, how many criminals voted for its suspect. You must vote for that suspect yourself.": (
        "Голосуйте вместе с толпой и узнайте в конце дня, сколько преступников голосовало за её подозреваемого. Вы сами должны голосовать за этого подозреваемого."
    ),
    "Kill a player you believe to be a villain.": ("Убейте игрока, которого считаете злодеем."),
    "The target hides for the next day and night: no action, no vote, cannot be killed. Nobody gets a second horse head.": (
        "Цель прячется на следующие день и ночь: ни действий, ни голоса, убить её нельзя. Вторую конскую голову никто не получает."
    ),
    "Offer a villager to join the mafia; he answers the next day. Once a game.": (
        "Предложите жителю вступить в мафию; он ответит на следующий день. Один раз за игру."
    ),
    "Kill anyone, mafia included. The first kill ends Behind the curtains.": (
        "Убейте кого угодно, в том числе мафию. Первое убийство завершает «За кулисами»."
    ),
    "Once a game: cancel today's lynch, or prevent today's street conflict.": (
        "Один раз за игру: отмените сегодняшнюю посадку или предотвратите сегодняшнюю уличную стычку."
    ),
    "Plant a bomb on a player who is not mafia.": ("Подложите бомбу игроку не из мафии."),
    "Detonate the bomb on a player. Leaves a clue.": ("Взорвите бомбу у игрока. Оставляет улику."),
    "Stab a player who is not mafia.": ("Зарежьте игрока не из мафии."),
    "Kill anyone but yourself. If you choose nobody, the GM draws.": (
        "Убейте кого угодно, кроме себя. Если вы никого не выберете, решает жребий ведущего."
    ),
}


def ability_description(description: str, lang: str = "en") -> str:
    """An ability's description in `lang` ("en": the engine's own words)."""
    if lang == "en" or not description:
        return description
    return DESCRIPTIONS_RU.get(description, description)  # a new one: its test fails
