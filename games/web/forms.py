"""The create-game form, built from what the chosen ruleset offers."""

from __future__ import annotations

from django import forms

from games.models import PrivateMessages
from games.services import REVEAL_OPTION, reveal_modes


class GameForm(forms.Form):
    ruleset = forms.CharField(widget=forms.HiddenInput)
    name = forms.CharField(max_length=80)
    preset = forms.ChoiceField(label="Setup")
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

    def __init__(self, ruleset, data=None):
        super().__init__(data, initial={"ruleset": ruleset.id})
        self.ruleset = ruleset
        self.fields["preset"].choices = [
            (p.id, f"{p.title} ({len(p.roles)} players)") for p in ruleset.presets.values()
        ]
        self.fields["private_messages"].initial = ruleset.private_messages_default
        reveal = reveal_modes(ruleset)
        if reveal:
            self.fields["reveal_mode"] = forms.ChoiceField(
                label="Reveal mode", choices=[(str(c), str(c)) for c in reveal]
            )
            default = next(o.default for o in ruleset.options if o.id == REVEAL_OPTION)
            self.fields["reveal_mode"].initial = str(default)
        self.option_fields: dict[str, object] = {}
        for option in ruleset.options:
            if option.id == REVEAL_OPTION:
                continue
            key = f"option_{option.id}"
            self.option_fields[key] = option
            self.fields[key] = _option_field(option)

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
        ruleset_default = self.ruleset.private_messages_default
        reveal = data.get("reveal_mode", "")
        if reveal:
            reveal = next(c for c in reveal_modes(self.ruleset) if str(c) == reveal)
        return {
            "name": data["name"],
            "ruleset_id": self.ruleset.id,
            "preset_id": data["preset"],
            "day_seconds": data["day_minutes"] * 60,
            "night_seconds": data["night_minutes"] * 60,
            "reveal_mode": reveal,
            "first_phase": data["first_phase"],
            "private_messages": data.get("private_messages") or ruleset_default,
            "options": options,
        }


def _option_field(option) -> forms.Field:
    label = option.id.replace("_", " ").capitalize()
    if option.choices:
        choices = [(str(i), str(c)) for i, c in enumerate(option.choices)]
        initial = (
            str(option.choices.index(option.default)) if option.default in option.choices else None
        )
        return forms.ChoiceField(
            label=label, choices=choices, initial=initial, help_text=option.help
        )
    if isinstance(option.default, list):
        return ListField(
            label=label,
            required=False,
            initial=", ".join(map(str, option.default)),
            help_text=f"{option.help} (comma-separated)",
        )
    if isinstance(option.default, bool):
        return forms.BooleanField(
            label=label, required=False, initial=option.default, help_text=option.help
        )
    if isinstance(option.default, int):
        return forms.IntegerField(label=label, initial=option.default, help_text=option.help)
    return forms.CharField(
        label=label, required=False, initial=option.default or "", help_text=option.help
    )


class ListField(forms.CharField):
    """A list option (ru_sport's don successors) typed as comma-separated words."""

    def to_python(self, value):
        text = super().to_python(value)
        return [item.strip() for item in text.split(",") if item.strip()]
