"""The setups GMs build (the engine's setup format, docs/setup.md): save,
clone, delete, and find one for a user.

A setup's contents live in versions. Saving a setup whose current version no game has
used rewrites that version; once a game used it, it is frozen and saving makes the
next one, so a game always plays (and shows) what it was created with. A setup may be
saved with problems the engine reports (a draft: the builder shows them); a game
cannot be created from it until they are fixed (games/services/lobby.py).

Each change locks the setup's row, as `create_game` does when it takes a version, so a
game never takes a version that a concurrent save is rewriting.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

import roles
from games import ruleset_words
from games.models import Game, Setup, SetupVersion
from games.services.core import NAME_MAX_CHARS, ServiceError

# A forum game of 60 is already a large one; the odds of far more slots cost time.
MAX_SLOTS = 60


NO_SUCH_SETUP = gettext_lazy("There is no such setup (or it is private).")


def _signed_in(user) -> None:
    if not getattr(user, "is_authenticated", False):
        raise ServiceError(gettext("Log in first."))


def find_setup(user, token: str, *, for_update: bool = False) -> Setup:
    """The setup of this link if `user` may open it: his own, or a public one. A
    private setup of someone else is refused as if it did not exist."""
    _signed_in(user)
    setups = Setup.objects.select_related("owner")
    if for_update:
        setups = setups.select_for_update()
    setup = setups.filter(token=str(token or ""), deleted_at__isnull=True).first()
    if setup is None or not (setup.public or setup.owner_id == user.id):
        raise ServiceError(NO_SUCH_SETUP)
    return setup


def _own_setup(owner, token: str) -> Setup:
    setup = find_setup(owner, token, for_update=True)
    if setup.owner_id != owner.id:
        raise ServiceError(
            gettext("Only the setup's owner may change it; clone it to make your own.")
        )
    return setup


def clean_setup(setup) -> dict:
    """The setup as stored: the engine's format, checked for garbage (an unknown role,
    category or flag, a wrong type: ServiceError with the engine's one line). Options
    are kept where they differ from the ruleset's defaults (what the setup sets)."""
    if not isinstance(setup, dict):
        raise ServiceError(
            gettext("A setup is an object with a ruleset, options, slots and roles.")
        )
    try:
        ruleset = roles.get_ruleset(str(setup.get("ruleset", "")))
    except KeyError:
        raise ServiceError(
            gettext("There is no ruleset %(get)s.") % {"get": repr(setup.get("ruleset"))}
        ) from None
    options, slots, limits = setup.get("options", {}), setup.get("slots", []), setup.get("roles")
    if not isinstance(options, dict) or not isinstance(slots, list):
        raise ServiceError(gettext("A setup's options are an object and its slots a list."))
    if not isinstance(limits or {}, dict):
        raise ServiceError(gettext("A setup's role limits are an object."))
    if len(slots) > MAX_SLOTS:
        raise ServiceError(
            gettext("A setup has at most %(max_slots)s slots.") % {"max_slots": MAX_SLOTS}
        )
    try:
        resolved = ruleset.resolved_options(options)
    except ValueError as error:
        raise ServiceError(str(error)) from None
    cleaned = {
        "ruleset": ruleset.id,
        "options": {o.id: resolved[o.id] for o in ruleset.options if resolved[o.id] != o.default},
        "slots": slots,
        "roles": limits or {},
    }
    try:
        roles.check_setup(cleaned)
    except roles.SetupError as error:
        raise ServiceError(str(error)) from None
    return cleaned


def problems_text(problems: list[dict], ruleset_id: str | None = None) -> str:
    """The engine's problems as one sentence each (a slot's message names the slot,
    counted from 1: "slot 3 of 5 (Town Power): ..."), in the reader's language when
    the ruleset is given."""
    return " ".join(problem_sentence(p["message"], ruleset_id) for p in problems)


def problem_sentence(message: str, ruleset_id: str | None = None) -> str:
    message = message.rstrip(".")
    if ruleset_id is not None:
        message = ruleset_words.problem_text(ruleset_id, message)
    return message[:1].upper() + message[1:] + "."


def _name(name) -> str:
    name = str(name or "").strip()
    if not name:
        raise ServiceError(gettext("Give the setup a name."))
    if len(name) > NAME_MAX_CHARS:
        raise ServiceError(
            gettext("A setup name has at most %(name_max_chars)s characters.")
            % {"name_max_chars": NAME_MAX_CHARS}
        )
    return name


def save_setup(owner, token: str | None, *, name: str, setup: dict, public: bool) -> Setup:
    """Create a setup (token None) or save the owner's setup of that link. A setup keeps
    its ruleset: another ruleset's setup is a new one."""
    _signed_in(owner)
    name = _name(name)
    cleaned = clean_setup(setup)
    contents = {
        "options": cleaned["options"],
        "slots": cleaned["slots"],
        "limits": cleaned["roles"],
    }
    with transaction.atomic():
        if token is None:
            saved = Setup.objects.create(
                owner=owner,
                name=name,
                ruleset_id=cleaned["ruleset"],
                public=bool(public),
                token=secrets.token_urlsafe(16),
            )
            SetupVersion.objects.create(setup=saved, number=1, **contents)
            return saved
        saved = _own_setup(owner, token)
        if saved.ruleset_id != cleaned["ruleset"]:
            raise ServiceError(
                gettext("A setup keeps its ruleset: start a new setup for another one.")
            )
        saved.name, saved.public = name, bool(public)
        saved.save()
        current = saved.current
        if Game.objects.filter(setup_version=current).exists():
            # A game played this version: it stays as the game knew it.
            SetupVersion.objects.create(setup=saved, number=current.number + 1, **contents)
        else:
            for field, value in contents.items():
                setattr(current, field, value)
            current.save()
    return saved


def clone_setup(user, token: str) -> Setup:
    """A private copy of a public setup (or of one's own), owned by `user`."""
    _signed_in(user)
    with transaction.atomic():
        original = find_setup(user, token, for_update=True)
        version = original.current
        name = original.name if original.owner_id != user.id else f"{original.name} (copy)"
        clone = Setup.objects.create(
            owner=user,
            name=name[:NAME_MAX_CHARS],
            ruleset_id=original.ruleset_id,
            public=False,
            token=secrets.token_urlsafe(16),
            cloned_from=original,
        )
        SetupVersion.objects.create(
            setup=clone,
            number=1,
            options=version.options,
            slots=version.slots,
            limits=version.limits,
        )
    return clone


def delete_setup(owner, token: str) -> None:
    """The owner deletes his setup: it leaves every list and link at once; the versions
    games played stay, so those games still show what they played."""
    _signed_in(owner)
    with transaction.atomic():
        setup = _own_setup(owner, token)
        setup.deleted_at = timezone.now()
        setup.save(update_fields=["deleted_at"])


def playable_version(gm, version) -> SetupVersion:
    """The version a new game of `gm` takes (inside create_game's transaction): the
    setup locked, his own or public, not deleted."""
    pk = getattr(version, "pk", version)
    try:
        pk = int(pk)
    except (TypeError, ValueError):
        raise ServiceError(NO_SUCH_SETUP) from None
    found = SetupVersion.objects.filter(pk=pk).select_related("setup").first()
    if found is None:
        raise ServiceError(NO_SUCH_SETUP)
    find_setup(gm, found.setup.token, for_update=True)
    found.refresh_from_db()  # read again under the lock
    return found
