"""The English words of the rulesets' own refusals and questions, and of sc2's setup
problems (roles.errors.Reason; en.py keeps the core's)."""

# -- the rulesets' own refusals and questions ---------------------------------------------
# Said by roles.errors.Reason: the English here IS the engine's reason, byte for byte
# (what `python -m roles simulate` prints); plain fields only, `{x:repr}` where the engine
# quoted. The Russian of each id is in refusals_ru.py.
RULESET_REFUSALS = {
    "refusal.by": "{actor}: {reason}",
    "refusal.extra": "{ability} needs {key} one of {values}",
    "refusal.phase_input": "a phase is either a day or a night",
    "refusal.expected": "expected {phase} {n}, got a {kind}",
    "refusal.night_input": "a night is a list of actions",
    "refusal.day_input": "a day is an object with votes, rounds and actions",
    "refusal.vote_pair": "a vote is a [voter, target] pair",
    "refusal.action_input": "an action is an object with actor and targets",
    "refusal.gm_decisions": "{actor}: the host's decisions here are {known}",
    "refusal.acted": "{player} has already acted this {phase}",
    "refusal.vote_changes": {
        "plural": "n",
        "one": "{voter}: a vote may be changed only once",
        "many": "{voter}: a vote may be changed only {n} times",
    },
    "refusal.vote_changes.in": {
        "plural": "n",
        "one": "{voter}: a vote may be changed only once ({what})",
        "many": "{voter}: a vote may be changed only {n} times ({what})",
    },
    "refusal.round_pair": "{label}: a ballot is a [voter, choice] pair",
    "refusal.round_voter": "{voter}: only living players vote in the {label}",
    "refusal.round_choice": "{voter}: the {label} is a choice of {choices}",
    "refusal.round_missing": "{voter}: every living player votes in the {label}",
    "refusal.extra_round": "round {n} was given but the vote called for no more rounds",
    "refusal.tie_pick": "{decision} must name one of the tied players ({tied})",
    "refusal.two_nights": "{role} cannot name {what} two nights in a row ({target})",
    "refusal.hunt_lost.one": "the right to hunt is lost: one civilian is left",
    "refusal.hunt_lost.mafia": "the right to hunt is lost: two civilians or fewer per mafia member",
    "refusal.hunt_lost.maniac": "the right to hunt is lost: two civilians or fewer per maniac",
    "refusal.hunt_after_day": "a hunt is sent in the night after a day",
    "refusal.applied_to_hunt": "{role} applied to hunt and cannot {what} tonight",
    "refusal.hunt_not_approved": "{player} has no approved hunt tonight",
    "refusal.revolver": "the boss gets the revolver only when no shooter is left",
    "refusal.advocate_checks": "the advocate left alone has lost his checks",
    "refusal.advocate_shoots": "the advocate shoots only when he is the last mafia member",
    "refusal.mafia_conditional": "the mafia knows its statuses and sends no conditional moves",
    "refusal.as_status": "'as' names a civilian status ({statuses}), not {status:repr}",
    "refusal.as_move": "as {status} the move is {want}, not {move}",
    "refusal.move_twice": "the {move} move cannot name {target} twice in a row",
    "refusal.rejected_and_urged": "{players}: a vote is either not accepted or urged, not both",
    "refusal.ninja_vests": "the ninja has no vests left",
    "refusal.sc2.limit": "{role} has no {what} left ({option} = {limit})",
    "refusal.sc2.citizen_vest_off": "the Citizen has no vest (citizen_vest is off)",
    "refusal.sc2.citizen_vest_used": "the Citizen's vest is one-shot and already used",
    "refusal.sc2.no_mafioso": "there is no Mafioso to carry out the Godfather's order",
    "refusal.sc2.no_prisoner": "the Jailor has no prisoner tonight",
    "refusal.sc2.prisoner_dead": "the Jailor's prisoner is dead",
    "refusal.sc2.revealed": "the Mayor has already revealed",
    "refusal.sc2.recruits": (
        "the Mason Leader has no recruits left (mason_leader_recruits = {limit})"
    ),
    "refusal.sc2.spree_wait": (
        "the Mass Murderer must wait until night {n} (mass_murderer_cooldown)"
    ),
    "refusal.sc2.spree_home": (
        "the Mass Murderer cannot spree at home (mass_murderer_can_target_self is off)"
    ),
    "refusal.sc2.convert_wait": (
        "the cult cannot convert until night {n} (cult_nights_between_conversions)"
    ),
    "refusal.sc2.witch_first": (
        "the Witch cannot control herself; she may only be the second target"
    ),
    "refusal.sc2.jester_off": "the Jester has no night action (jester_annoys is off)",
    "refusal.sc2.amnesiac": {
        "by": "side",
        "cases": {
            "town": "the Amnesiac cannot become a Town role ({role})",
            "mafia": "the Amnesiac cannot become a Mafia role ({role})",
            "killing": "the Amnesiac cannot become a killing role ({role})",
        },
    },
    "refusal.own_verdict": "{accused}: the accused does not vote on his own verdict",
    "refusal.hiding": "{player} is in hiding (horse head) and cannot act",
    "refusal.hiding_vote": "{player} is in hiding (horse head) and cannot vote",
    "refusal.fellow_mafia": "{player} is mafia and cannot kill fellow mafia ({target})",
    "refusal.two_bombs": "{player} already has two bombs in circulation",
    "refusal.no_bomb": "{player} has no bomb in circulation",
    "refusal.carries_bomb": "{target} already carries a bomb of {player}'s",
    "refusal.carries_no_bomb": "{target} carries no bomb of {player}'s",
    "refusal.horse_head": "{target} has already been sent a horse head",
    "refusal.favor_used": "{player} has already called in his favor",
    "refusal.no_offer": "{player} has no offer to answer",
    "refusal.revive_lynched": "{target} was properly lynched and cannot be revived",
    "refusal.revive_conflict": "{target} did not die in yesterday's street conflict",
    "refusal.revive_old": "{target}'s corpse is older than two turns",
    "refusal.no_crime": "no crime has been committed yet",
    "refusal.no_pass.townston": "townston has no pass vote",
    "refusal.haunt": "the jester haunts only the night after being lynched",
    "refusal.transport_self": "the transporter may name himself only as the second target",
    "refusal.no_wills": "the ruleset {ruleset} has no last wills",
    "refusal.wills_off": "last wills are off in this game",
    "refusal.will_dead": "{player} is dead: the dead write no will",
    "refusal.will_text": "a last will is text",
    "refusal.will_long": "a last will has at most {n} characters",
    "refusal.no_leavers": "{ruleset} has no leavers: the host modkills instead",
    "refusal.left.already": "{player} has already left the game",
    "refusal.leave_names": "leave names the players who left",
    # the host's decisions, named in a refusal (refusal.gm_decisions)
    "decision.decide_tie": "decide_tie",
    "decision.modkill": "modkill",
    "decision.reject_vote": "reject_vote",
    "decision.urged": "urged",
    "decision.leave": "leave",
    # the extra rounds of a day, named in its refusals and its question
    "round.vote": "the vote",
    "round.catastrophe": "catastrophe round {n}",
    "round.verdict": "trial verdict",
    # the questions of a pending decision (PendingDecision.reason)
    "question.catastrophe": "the vote is tied: {label} is needed ({choices})",
    "question.verdict": "{accused} is on trial: the verdict is needed ({choices})",
    "question.tie": "{actor}: the vote is tied between {tied}; the host must decide ({decision})",
    "question.hangman": "{actor}: the vote is tied between {tied}; the hangman must choose",
}

# -- sc2's setup problems (roles/rulesets/sc2.py setup_problems) -------------------------
SC2_SETUP = {
    "refusal.sc2.setup.and": "{first}; {rest}",
    "refusal.sc2.setup.detects": "at least one sheriff_detects_* option must be on",
    "refusal.sc2.setup.unique": "{role} is unique (sc2-reference 3.2): {holders} cannot all be one",
    "refusal.sc2.setup.no_target": "{player}: the Executioner has nobody to target",
    "refusal.sc2.setup.other_target": "{player}: the Executioner's target must be another player",
    "refusal.sc2.setup.town_target": (
        "{player}: the Executioner's target must be Town (executioner_target_must_be_town)"
    ),
}
RULESET_REFUSALS.update(SC2_SETUP)
# -- end of sc2's setup problems ---------------------------------------------------------
