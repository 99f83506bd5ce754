"""/simulator/: anyone signed in pastes or uploads a scenario (the `python -m roles
simulate` format) and reads its outcome in words, with the site's own text helpers.
The engine's refusal (roles.ScenarioError) is shown as the one line it is. Nothing is
stored."""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.utils.translation import gettext

import roles
from games import ruleset_words, text
from games.services.core import with_role_name

# A scenario of a long game is a few tens of kilobytes; more is refused unread.
MAX_SCENARIO_BYTES = 200_000


class Refusal(ValueError):
    pass


def _scenario_text(request) -> str:
    upload = request.FILES.get("file")
    if upload is not None:
        if upload.size > MAX_SCENARIO_BYTES:
            raise Refusal(
                gettext("The file is too large: at most %(value)s kB.")
                % {"value": MAX_SCENARIO_BYTES // 1000}
            )
        raw = upload.read(MAX_SCENARIO_BYTES + 1)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise Refusal(gettext("The file is not UTF-8 text.")) from None
    pasted = request.POST.get("scenario", "")
    if len(pasted.encode("utf-8")) > MAX_SCENARIO_BYTES:
        raise Refusal(
            gettext("The scenario is too large: at most %(value)s kB.")
            % {"value": MAX_SCENARIO_BYTES // 1000}
        )
    if not pasted.strip():
        raise Refusal(gettext("Paste a scenario or choose a file."))
    return pasted


def outcome_in_words(scenario: dict, outcome: dict) -> dict:
    """The outcome as the pages tell it: each phase's public outcome and every private
    result, then who is alive, who won and every role at the end."""
    ruleset = roles.get_ruleset(scenario["ruleset"])
    phases = []
    for record in outcome["phases"]:
        shown = {**record, "deaths": [with_role_name(ruleset, d) for d in record.get("deaths", [])]}
        if "modkill" in record:
            summary = " ".join(text.death_lines(shown, modkill=True, ruleset=ruleset.id))
        else:
            summary = text.outcome_text(shown, ruleset=ruleset.id)
        phases.append(
            {
                "kind": str(record.get("phase", "")),
                "number": record.get("number"),
                "summary": summary,
                "deaths": text.death_lines(shown, ruleset=ruleset.id),
                "results": [
                    text.result_text(r, ruleset=ruleset.id) for r in record.get("results", [])
                ],
            }
        )
    return {
        "ruleset": ruleset_words.ruleset_title(ruleset),
        "phases": phases,
        "alive": outcome["alive"],
        "ended": outcome["ended"],
        "winners": outcome["winners"],
        "roles": [(name, text.role_label(ruleset.id, r)) for name, r in outcome["roles"].items()],
    }


@login_required
def simulator(request):
    context = {"max_kb": MAX_SCENARIO_BYTES // 1000, "scenario": ""}
    if request.method == "POST":
        try:
            source = _scenario_text(request)
            context["scenario"] = source
            try:
                scenario = json.loads(source)
            except json.JSONDecodeError as error:
                raise Refusal(
                    gettext("This is not JSON: %(msg)s (line %(lineno)s).")
                    % {"msg": error.msg, "lineno": error.lineno}
                ) from None
            outcome = roles.simulate(scenario)
        except (Refusal, roles.ScenarioError) as refusal:
            context["refusal"] = str(refusal)
            return render(request, "games/simulator.html", context, status=400)
        context["outcome"] = outcome_in_words(scenario, outcome)
    return render(request, "games/simulator.html", context)
