"""The create-game form, built from what the chosen ruleset and setup offer.

The option fields start at the setup's own options (sc2's Classic and Clue turn last
wills off), the ruleset's defaults where the setup says nothing: a GM who changes
nothing gets exactly the setup (games/web/create.py renders it, static/games/create.js
swaps it when the GM picks another ruleset or setup)."""

from __future__ import annotations

from django import forms

import roles
from games.models import PrivateMessages
from games.services import REVEAL_OPTION, reveal_modes

# The fields every ruleset shares: what the GM typed there is kept when he picks
# another ruleset or setup (the private messages too while the ruleset stays).
SHARED_FIELDS = ("name", "day_minutes", "night_minutes", "first_phase")


class GameForm(forms.Form):
    ruleset = forms.ChoiceField(label="Ruleset")
    preset = forms.ChoiceField(label="Setup")
    # The ruleset and setup whose defaults the fields below show: a post that names
    # another one (picked without the page's script) is shown again, not created.
    shown_ruleset = forms.CharField(widget=forms.HiddenInput, required=False)
    shown_preset = forms.CharField(widget=forms.HiddenInput, required=False)
    name = forms.CharField(max_length=80)
    day_minutes = forms.IntegerField(label="Day length (minutes)", min_value=1, initial=24 * 60)
    night_minutes = forms.IntegerField(label="Night length (minutes)", min_value=1, initial=12 * 60)
    first_phase = forms.ChoiceField(
        label="The game opens with", choices=[("night", "Night 1"), ("day", "Day 1")]
    )
    private_messages = forms.ChoiceField(
        label="Private messages between players",
        choices=PrivateMessages.choices,
        initial=PrivateMessages.OFF,
        required=False,
    )

    def __init__(self, ruleset, preset_id: str | None = None, data=None, initial=None):
        self.chosen_ruleset = ruleset
        self.chosen_preset = ruleset.presets.get(preset_id) or next(iter(ruleset.presets.values()))
        shown = {
            "ruleset": ruleset.id,
            "preset": self.chosen_preset.id,
            "shown_ruleset": ruleset.id,
            "shown_preset": self.chosen_preset.id,
        }
        super().__init__(data, initial={**(initial or {}), **shown})
        self.fields["ruleset"].choices = [(r.id, r.title) for r in roles.list_rulesets()]
        self.fields["preset"].choices = [
            (p.id, f"{p.title} ({len(p.roles)} players)") for p in ruleset.presets.values()
        ]
        self.fields["preset"].error_messages["invalid_choice"] = (
            f"{ruleset.title} has no setup %(value)s: choose one of its setups."
        )
        self.fields["private_messages"].initial = ruleset.private_messages_default
        own = self.chosen_preset.options
        reveal = reveal_modes(ruleset)
        if reveal:
            self.fields["reveal_mode"] = forms.ChoiceField(
                label="Reveal mode", choices=[(str(c), str(c)) for c in reveal]
            )
            default = next(o.default for o in ruleset.options if o.id == REVEAL_OPTION)
            self.fields["reveal_mode"].initial = str(own.get(REVEAL_OPTION, default))
        self.option_fields: dict[str, object] = {}
        for option in ruleset.options:
            if option.id == REVEAL_OPTION:
                continue
            key = f"option_{option.id}"
            self.option_fields[key] = option
            self.fields[key] = _option_field(option, own.get(option.id, option.default))

    def setup_fields(self) -> list:
        return [self["ruleset"], self["preset"]]

    def setup_roles(self) -> str:
        """The setup's roles as the page lists them: "2 × Mafioso, Consort, ..."."""
        counts: dict[str, int] = {}
        for role in self.chosen_preset.roles:
            counts[role] = counts.get(role, 0) + 1
        roles_ = self.chosen_ruleset.roles
        named = {r: roles_[r].name if r in roles_ else r for r in counts}
        listed = [f"{n} × {named[r]}" if n > 1 else named[r] for r, n in counts.items()]
        return f"{len(self.chosen_preset.roles)} players: " + ", ".join(listed) + "."

    def game_fields(self) -> list:
        names = [*SHARED_FIELDS, "private_messages"]
        if "reveal_mode" in self.fields:
            names.append("reveal_mode")
        return [self[name] for name in names]

    def option_rows(self) -> list[dict]:
        """Each option's field, and whether the setup sets it (the page marks those)."""
        return [
            {"field": self[key], "by_setup": option.id in self.chosen_preset.options}
            for key, option in self.option_fields.items()
        ]

    def service_kwargs(self) -> dict:
        data = self.cleaned_data
        options = {}
        for key, option in self.option_fields.items():
            value = data[key]
            if option.choices:
                # Choices travel as their index: the value keeps its type (bool, int, str).
                value = option.choices[int(value)]
            options[option.id] = value
        # An empty choice takes the ruleset's default (bay12 on, the Russian variants off).
        ruleset_default = self.chosen_ruleset.private_messages_default
        reveal = data.get("reveal_mode", "")
        if reveal:
            reveal = next(c for c in reveal_modes(self.chosen_ruleset) if str(c) == reveal)
        return {
            "name": data["name"],
            "ruleset_id": self.chosen_ruleset.id,
            "preset_id": data["preset"],
            "day_seconds": data["day_minutes"] * 60,
            "night_seconds": data["night_minutes"] * 60,
            "reveal_mode": reveal,
            "first_phase": data["first_phase"],
            "private_messages": data.get("private_messages") or ruleset_default,
            "options": options,
        }


def _option_field(option, value) -> forms.Field:
    """The field of one ruleset option, starting at `value` (the setup's or the default)."""
    label = option.id.replace("_", " ").capitalize()
    if option.choices:
        # Yes/no options read "on"/"off", as a GM says it (the engine's values are bools).
        choices = [
            (str(i), ("on" if c else "off") if isinstance(c, bool) else str(c))
            for i, c in enumerate(option.choices)
        ]
        initial = str(option.choices.index(value)) if value in option.choices else None
        return forms.ChoiceField(
            label=label, choices=choices, initial=initial, help_text=option.help
        )
    if isinstance(option.default, list):
        return ListField(
            label=label,
            required=False,
            initial=", ".join(map(str, value)),
            help_text=f"{option.help} (comma-separated)",
        )
    if isinstance(option.default, bool):
        return forms.BooleanField(label=label, required=False, initial=value, help_text=option.help)
    if isinstance(option.default, int):
        return forms.IntegerField(label=label, initial=value, help_text=option.help)
    return forms.CharField(label=label, required=False, initial=value or "", help_text=option.help)


class ListField(forms.CharField):
    """A list option (ru_sport's don successors) typed as comma-separated words."""

    def to_python(self, value):
        text = super().to_python(value)
        return [item.strip() for item in text.split(",") if item.strip()]
