"""The setups pages: the list, the builder, a shared setup's page, and the check the
builder's script asks on every change.

- `/setups/`: the GM's setups and the public setups of others;
- `/setups/new/?ruleset=sc2`: a new setup's builder (nothing is stored until Save);
- `/setups/<token>/`: the owner's builder; for anyone else a public setup's read-only
  page with Clone and "Start a game from it"; a private setup of someone else is 404;
- `/setups/<token>/clone/`, `/setups/<token>/delete/`: form posts;
- `/setups/check/`: POST a setup (JSON, or the builder's own fields) and get the
  engine's figures as JSON (games/setup_view.py `figures`).

Every change goes through games.services (save_setup, clone_setup, delete_setup).
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

import roles
from games import ruleset_words, services, setup_view
from games.models import Setup
from games.services import ServiceError
from games.web import builder
from games.web.forms import SETUP_CHOICE, SetupOptionsForm


def _ruleset(ruleset_id: str):
    try:
        return roles.get_ruleset(ruleset_id)
    except KeyError:
        return None


def _listed(setups) -> list[dict]:
    rows = []
    for setup in setups:
        ruleset = _ruleset(setup.ruleset_id)
        rows.append(
            {
                "setup": setup,
                "ruleset": ruleset_words.ruleset_title(ruleset) if ruleset else setup.ruleset_id,
                "players": len(setup.current.slots),
                "random": sum(1 for s in setup.current.slots if "category" in s),
            }
        )
    return rows


@login_required
def setups_list(request):
    live = Setup.objects.filter(deleted_at__isnull=True).select_related("owner")
    mine = live.filter(owner=request.user).prefetch_related("versions")
    shared = live.filter(public=True).exclude(owner=request.user).prefetch_related("versions")[:100]
    return render(
        request,
        "games/setups.html",
        {
            "mine": _listed(mine),
            "shared": _listed(shared),
            "rulesets": roles.list_rulesets(),
        },
    )


def _figures(setup: dict) -> tuple[dict | None, str]:
    try:
        return setup_view.figures(setup), ""
    except roles.SetupError as error:
        return None, str(error)


def _builder_page(request, ruleset, built: builder.Built, saved: Setup | None, figures=None):
    if figures is None and not built.errors:
        figures, error = _figures(built.setup)
        if error:
            built.errors.append(error)
    categories = roles.setup_categories(ruleset.id)
    options_form = built.options_form or SetupOptionsForm(ruleset, built.setup["options"])
    context = {
        "ruleset": ruleset,
        "saved": saved,
        "built": built,
        "rows": builder.builder_rows(ruleset, built.setup, figures),
        "slot_choices": builder.slot_choices(ruleset, categories),
        "category_flags": builder.category_flags(ruleset, categories),
        "limit_rows": builder.limit_rows(ruleset, built.setup["roles"]),
        "limits_set": bool(built.setup["roles"]),
        "options": options_form.rows(),
        "options_changed": sum(1 for row in options_form.rows() if row["changed"]),
        "figures": figures,
        "max_slots": services.MAX_SLOTS,
    }
    if saved is not None:
        context["share_url"] = request.build_absolute_uri(reverse("setup", args=[saved.token]))
        context["start_url"] = _start_url(saved)
        context["version"] = saved.current
    return render(request, "games/builder.html", context)


def _start_url(saved: Setup) -> str:
    return (
        reverse("create_game") + f"?ruleset={saved.ruleset_id}&preset={SETUP_CHOICE}{saved.token}"
    )


def _built_of(saved: Setup) -> builder.Built:
    return builder.Built(
        setup=saved.current.as_setup(), name=saved.name, public=saved.public, errors=[]
    )


@login_required
def new_setup(request):
    ruleset = _ruleset(request.POST.get("ruleset") or request.GET.get("ruleset", ""))
    if ruleset is None:
        messages.error(request, gettext("Pick the ruleset of the new setup."))
        return redirect("setups")
    if request.method == "POST":
        return _builder_post(request, ruleset, None)
    preset = ruleset.presets.get(request.GET.get("preset", ""))
    setup = roles.preset_setup(ruleset.id, preset.id) if preset else None
    start = setup or {"ruleset": ruleset.id, "options": {}, "slots": [], "roles": {}}
    name = ruleset_words.own_copy_name(ruleset, preset.id) if preset else ""
    return _builder_page(request, ruleset, builder.Built(setup=start, name=name), None)


def _builder_post(request, ruleset, saved: Setup | None):
    built = builder.read_post(ruleset, request.POST)
    if request.POST.get("op") != "save" or built.errors:
        return _builder_page(request, ruleset, built, saved)
    try:
        stored = services.save_setup(
            request.user,
            saved.token if saved else None,
            name=built.name,
            setup=built.setup,
            public=built.public,
        )
    except ServiceError as error:
        built.errors.append(str(error))
        return _builder_page(request, ruleset, built, saved)
    figures, _ = _figures(stored.current.as_setup())
    if figures and not figures["ok"]:
        messages.warning(
            request,
            ngettext(
                "Saved as a draft: %(n)s problem to fix before a game can start from it.",
                "Saved as a draft: %(n)s problems to fix before a game can start from it.",
                len(figures["problems"]),
            )
            % {"n": len(figures["problems"])},
        )
    else:
        messages.success(request, gettext("Setup saved."))
    return redirect("setup", token=stored.token)


@login_required
def setup_page(request, token: str):
    try:
        saved = services.find_setup(request.user, token)
    except ServiceError:
        raise Http404(gettext("There is no such setup (or it is private).")) from None
    ruleset = _ruleset(saved.ruleset_id)
    if saved.owner_id == request.user.id:
        if request.method == "POST":
            return _builder_post(request, ruleset, saved)
        return _builder_page(request, ruleset, _built_of(saved), saved)
    if request.method == "POST":
        messages.error(
            request, gettext("Only the setup's owner may change it; clone it to make your own.")
        )
        return redirect("setup", token=saved.token)
    setup = saved.current.as_setup()
    figures, error = _figures(setup)
    categories = roles.setup_categories(ruleset.id)
    options = SetupOptionsForm(ruleset, setup["options"])
    return render(
        request,
        "games/setup_shared.html",
        {
            "saved": saved,
            "ruleset": ruleset,
            "rows": builder.builder_rows(ruleset, setup, figures),
            "figures": figures,
            "errors": [error] if error else [],
            "limits": builder.limits_text(ruleset, setup["roles"]),
            "options": [row for row in options.rows() if row["changed"]],
            "start_url": _start_url(saved),
            "categories": categories,
        },
    )


@login_required
@require_POST
def clone(request, token: str):
    try:
        copy = services.clone_setup(request.user, token)
    except ServiceError as error:
        messages.error(request, str(error))
        return redirect("setups")
    messages.success(
        request,
        gettext("Cloned: %(name)s is yours to change (private until you share it).")
        % {"name": copy.name},
    )
    return redirect("setup", token=copy.token)


@login_required
@require_POST
def delete(request, token: str):
    try:
        services.delete_setup(request.user, token)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, gettext("Setup deleted. Games played with it still show it."))
    return redirect("setups")


@require_POST
def check(request):
    """The engine's figures for a setup (the builder's live view). A JSON body is a
    setup in the engine's format; a form post is the builder's own fields."""
    if not request.user.is_authenticated:
        return JsonResponse({"error": gettext("Log in first.")}, status=403)
    if request.content_type == "application/json":
        try:
            setup = json.loads(request.body or b"null")
        except ValueError:
            return JsonResponse({"error": gettext("The setup is not JSON.")}, status=400)
        try:
            setup = services.clean_setup(setup)
        except ServiceError as error:
            return JsonResponse({"error": str(error)}, status=400)
    else:
        ruleset = _ruleset(request.POST.get("ruleset", ""))
        if ruleset is None:
            return JsonResponse({"error": gettext("There is no such ruleset.")}, status=400)
        built = builder.read_post(ruleset, request.POST)
        if built.errors:
            return JsonResponse({"error": " ".join(built.errors)}, status=400)
        setup = built.setup
    figures, error = _figures(setup)
    if error:
        return JsonResponse({"error": error}, status=400)
    return JsonResponse(figures)
