"""The create-game form, built from what the chosen ruleset and setup offer.

The setup is one of the ruleset's presets or one of the GM's own setups (or the public
one he came from), side by side in one choice. The option fields start at the setup's
own options (sc2's Classic and Clue turn last wills off), the ruleset's defaults where
the setup says nothing: a GM who changes nothing gets exactly the setup
(games/web/create.py renders it, static/games/create.js swaps it when the GM picks
another ruleset or setup). The option fields are built by `option_fields`, which the
setup builder (games/web/builder.py) uses too."""

from __future__ import annotations

from dataclasses import dataclass, field

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

import roles
from games import masks as masking
from games import ruleset_words, setup_view
from games.models import PrivateMessages
from games.services import REVEAL_OPTION, reveal_modes
from games.web.activity_form import NAMES as ACTIVITY_NAMES
from games.web.activity_form import activity_fields, activity_from, rule_text

# The setup choice's value for a GM's setup: this prefix and the setup's link token.
SETUP_CHOICE = "setup:"


@dataclass
class SetupChoice:
    """A preset or a GM's setup as the create form offers it."""

    value: str
    title: str
    options: dict
    setup: dict
    setup_token: str = ""
    version_id: int | None = None
    problems: list[dict] = field(default_factory=list)

    @classmethod
    def of_preset(cls, ruleset, preset) -> SetupChoice:
        slots = [{"role": role} for role in preset.roles]
        setup = {"ruleset": ruleset.id, "options": dict(preset.options), "slots": slots}
        title = ruleset_words.preset_title(ruleset, preset.id)
        return cls(preset.id, title, dict(preset.options), {**setup, "roles": {}})

    @classmethod
    def of_setup(cls, saved) -> SetupChoice:
        version = saved.current
        setup = version.as_setup()
        try:
            problems = roles.check_setup(setup)["problems"]
        except roles.SetupError as error:
            problems = [{"slot": None, "message": str(error)}]
        owner = saved.owner.username
        return cls(
            SETUP_CHOICE + saved.token,
            f"{saved.name} (by {owner})" if saved.public and owner else saved.name,
            dict(version.options),
            setup,
            setup_token=saved.token,
            version_id=version.id,
            problems=problems,
        )

    @property
    def players(self) -> int:
        return len(self.setup["slots"])


def option_fields(ruleset, values: dict, skip=(REVEAL_OPTION,)) -> dict[str, tuple]:
    """The ruleset's option fields ("option_<id>" -> (option, field)), each starting at
    `values` (a setup's own) or the ruleset's default."""
    return {
        f"option_{option.id}": (
            option,
            _option_field(ruleset, option, values.get(option.id, option.default)),
        )
        for option in ruleset.options
        if option.id not in skip
    }


def options_from(cleaned: dict, fields: dict[str, tuple]) -> dict:
    """The option values a valid form posted, in the engine's types."""
    options = {}
    for key, (option, _field) in fields.items():
        value = cleaned[key]
        if option.choices:
            # Choices travel as their index: the value keeps its type (bool, int, str).
            value = option.choices[int(value)]
        options[option.id] = value
    return options


# The rulesets played with masks unless the GM says otherwise (games/masks.py).
MASKED_BY_DEFAULT = {"ru_classic"}

# The fields every ruleset shares: what the GM typed there is kept when he picks
# another ruleset or setup (the private messages too while the ruleset stays).
SHARED_FIELDS = ("name", "day_minutes", "night_minutes", "first_phase")


class GameForm(forms.Form):
    ruleset = forms.ChoiceField(label=_("Ruleset"))
    preset = forms.ChoiceField(label=_("Setup"))
    # The ruleset and setup whose defaults the fields below show: a post that names
    # another one (picked without the page's script) is shown again, not created.
    shown_ruleset = forms.CharField(widget=forms.HiddenInput, required=False)
    shown_preset = forms.CharField(widget=forms.HiddenInput, required=False)
    name = forms.CharField(label=_("Name"), max_length=80)
    day_minutes = forms.IntegerField(label=_("Day length (minutes)"), min_value=1, initial=24 * 60)
    night_minutes = forms.IntegerField(
        label=_("Night length (minutes)"), min_value=1, initial=12 * 60
    )
    first_phase = forms.ChoiceField(
        label=_("The game opens with"), choices=[("night", _("Night 1")), ("day", _("Day 1"))]
    )
    private_messages = forms.ChoiceField(
        label=_("Private messages between players"),
        choices=PrivateMessages.choices,
        initial=PrivateMessages.OFF,
        required=False,
    )
    open_setup = forms.BooleanField(
        label=_("Open setup (players see the role list)"),
        required=False,
        help_text=_(
            "Random slots are listed as such; what they rolled stays yours until "
            "the game is over. Closed: players see only the player count."
        ),
    )

    roulette_spectators = forms.BooleanField(
        label=_("Spectators may play roulette"),
        required=False,
        initial=True,
        help_text=_(
            "In the graveyard, spectators play Russian roulette like the dead "
            "(off: they only watch). You may change it while the game runs."
        ),
    )

    masks = forms.BooleanField(
        label=_("Play with masks"),
        required=False,
        help_text=_(
            "Each player gets an anonymous name from the list below, dealt at random "
            "at the start; until the game is over only you and your co-GMs read who is "
            "behind each mask."
        ),
    )
    mask_names = forms.CharField(
        label=_("Masks"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Comma- or line-separated, at least one per seat."),
    )

    def __init__(self, ruleset, preset_id: str | None = None, data=None, initial=None, setups=()):
        self.chosen_ruleset = ruleset
        presets = [SetupChoice.of_preset(ruleset, p) for p in ruleset.presets.values()]
        own = [SetupChoice.of_setup(s) for s in setups if s.ruleset_id == ruleset.id]
        by_value = {c.value: c for c in [*presets, *own]}
        self.chosen = by_value.get(preset_id or "") or presets[0]
        shown = {
            "ruleset": ruleset.id,
            "preset": self.chosen.value,
            "shown_ruleset": ruleset.id,
            "shown_preset": self.chosen.value,
        }
        super().__init__(data, initial={**(initial or {}), **shown})
        self.fields["ruleset"].choices = [
            (r.id, ruleset_words.ruleset_title(r)) for r in roles.list_rulesets()
        ]
        preset_choices = [(c.value, players_label(c)) for c in presets]
        if own:
            self.fields["preset"].choices = [
                (_("Presets"), preset_choices),
                (_("Setups"), [(c.value, players_label(c)) for c in own]),
            ]
        else:
            self.fields["preset"].choices = preset_choices
        self.fields["preset"].error_messages["invalid_choice"] = _(
            "%(ruleset)s has no setup %%(value)s: choose one of its setups."
        ) % {"ruleset": ruleset_words.ruleset_title(ruleset)}
        self.fields["private_messages"].initial = ruleset.private_messages_default
        # ru_classic plays with masks by default; every ruleset may.
        self.fields["masks"].initial = ruleset.id in MASKED_BY_DEFAULT
        self.fields["mask_names"].initial = ", ".join(masking.default_masks(ruleset.id))
        own_options = self.chosen.options
        reveal = reveal_modes(ruleset)
        if reveal:
            self.fields["reveal_mode"] = forms.ChoiceField(
                label=_("Reveal mode"),
                choices=[(str(c), reveal_label(c)) for c in reveal],
                help_text=ruleset_words.option_help(ruleset, REVEAL_OPTION),
            )
            default = next(o.default for o in ruleset.options if o.id == REVEAL_OPTION)
            self.fields["reveal_mode"].initial = str(own_options.get(REVEAL_OPTION, default))
        self.option_fields = option_fields(ruleset, own_options)
        for key, (_option, option_field) in self.option_fields.items():
            self.fields[key] = option_field
        self.fields.update(activity_fields(ruleset))

    def activity_fields(self) -> list:
        return [self[name] for name in ACTIVITY_NAMES]

    def activity_rule(self) -> str:
        """The chosen ruleset's posts rule, in the reader's words."""
        return rule_text(self.chosen_ruleset.activity)

    @property
    def chosen_preset(self) -> SetupChoice:
        return self.chosen

    def setup_fields(self) -> list:
        return [self["ruleset"], self["preset"]]

    def setup_roles(self) -> str:
        """The setup's slots as the page lists them: "2 × Mafioso, Consort, ...",
        random slots named as such ("Town Power (random)")."""
        counts: dict[str, int] = {}
        for slot in self.chosen.setup["slots"]:
            label = setup_view.slot_label(self.chosen_ruleset, slot)
            counts[label] = counts.get(label, 0) + 1
        listed = [f"{n} × {label}" if n > 1 else label for label, n in counts.items()]
        return ruleset_words.players_line(self.chosen.players, ", ".join(listed))

    def setup_problems(self) -> list[str]:
        return [
            p["text"] for p in setup_view.problem_entries(self.chosen_ruleset, self.chosen.problems)
        ]

    def game_fields(self) -> list:
        names = [*SHARED_FIELDS, "private_messages"]
        if "reveal_mode" in self.fields:
            names.append("reveal_mode")
        names += ["open_setup", "roulette_spectators", "masks", "mask_names"]
        return [self[name] for name in names]

    def option_rows(self) -> list[dict]:
        """Each option's field, and whether the setup sets it (the page marks those)."""
        return [
            {"field": self[key], "by_setup": option.id in self.chosen.options}
            for key, (option, _field) in self.option_fields.items()
        ]

    def clean(self):
        data = super().clean()
        if data.get("masks"):  # the same check the service makes, shown at the field
            masks = masking.parse_masks(data.get("mask_names", ""))
            for problem in masking.mask_problems(masks, self.chosen.players):
                self.add_error("mask_names", problem)
        return data

    def service_kwargs(self) -> dict:
        data = self.cleaned_data
        options = options_from(data, self.option_fields)
        # An empty choice takes the ruleset's default (bay12 on, the Russian variants off).
        ruleset_default = self.chosen_ruleset.private_messages_default
        reveal = data.get("reveal_mode", "")
        if reveal:
            reveal = next(c for c in reveal_modes(self.chosen_ruleset) if str(c) == reveal)
        kwargs = {
            "name": data["name"],
            "ruleset_id": self.chosen_ruleset.id,
            "day_seconds": data["day_minutes"] * 60,
            "night_seconds": data["night_minutes"] * 60,
            "reveal_mode": reveal,
            "first_phase": data["first_phase"],
            "private_messages": data.get("private_messages") or ruleset_default,
            "options": options,
            "open_setup": data.get("open_setup", False),
            "roulette_spectators": data.get("roulette_spectators", False),
            "masks": data.get("masks", False),
            "mask_names": data.get("mask_names", ""),
            "activity": activity_from(data),
        }
        if self.chosen.version_id is not None:
            kwargs["setup_version"] = self.chosen.version_id
        else:
            kwargs["preset_id"] = self.chosen.value
        return kwargs


class SetupOptionsForm(forms.Form):
    """The ruleset's options as the setup builder offers them (the reveal mode is the
    game's choice, on the create page), starting at the setup's own values."""

    def __init__(self, ruleset, values: dict, data=None):
        super().__init__(data)
        self.option_fields = option_fields(ruleset, values)
        for key, (_option, option_field) in self.option_fields.items():
            self.fields[key] = option_field

    def options(self) -> dict:
        return options_from(self.cleaned_data, self.option_fields)

    def rows(self) -> list[dict]:
        return [
            {"field": self[key], "changed": self._changed(key, option)}
            for key, (option, _field) in self.option_fields.items()
        ]

    def _changed(self, key: str, option) -> bool:
        """Whether the field shows another value than the ruleset's default."""
        value = self[key].value()
        if option.choices:
            return str(value) != str(option.choices.index(option.default))
        if isinstance(option.default, bool):
            return bool(value) != option.default
        if isinstance(option.default, list):
            return str(value or "") != ", ".join(map(str, option.default))
        return str(value if value is not None else "") != str(option.default)


def _option_field(ruleset, option, value) -> forms.Field:
    """The field of one ruleset option, starting at `value` (the setup's or the default),
    labelled in the reader's language (games/ruleset_words.py)."""
    label = ruleset_words.option_label(ruleset, option.id)
    help_text = ruleset_words.option_help(ruleset, option.id)
    if option.choices:
        # Yes/no options read "on"/"off", as a GM says it (the engine's values are bools).
        choices = [(str(i), ruleset_words.choice_label(c)) for i, c in enumerate(option.choices)]
        initial = str(option.choices.index(value)) if value in option.choices else None
        return forms.ChoiceField(label=label, choices=choices, initial=initial, help_text=help_text)
    if isinstance(option.default, list):
        return ListField(
            label=label,
            required=False,
            initial=", ".join(map(str, value)),
            help_text=_("%(help)s (comma-separated)") % {"help": help_text} if help_text else "",
        )
    if isinstance(option.default, bool):
        return forms.BooleanField(label=label, required=False, initial=value, help_text=help_text)
    if isinstance(option.default, int):
        return forms.IntegerField(label=label, initial=value, help_text=help_text)
    return forms.CharField(label=label, required=False, initial=value or "", help_text=help_text)


def reveal_label(choice) -> str:
    """What a dead player's card shows ("role", "light"), in the reader's words."""
    return ruleset_words.choice_label(str(choice))


def players_label(choice) -> str:
    """ "Classic (7 players)": a setup in the create form's list."""
    return ngettext("%(title)s (%(n)s player)", "%(title)s (%(n)s players)", choice.players) % {
        "title": choice.title,
        "n": choice.players,
    }


class ListField(forms.CharField):
    """A list option (ru_sport's don successors) typed as comma-separated words."""

    def to_python(self, value):
        text = super().to_python(value)
        return [item.strip() for item in text.split(",") if item.strip()]
