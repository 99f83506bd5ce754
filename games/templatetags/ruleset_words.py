"""Template filters for the rulesets' own words in the reader's language:
`{{ ruleset|ruleset_title }}`, `{{ preset|preset_title:ruleset }}`."""

from django import template

from games import ruleset_words

register = template.Library()


@register.filter
def ruleset_title(ruleset) -> str:
    """A Ruleset or a ruleset id, titled in the reader's language."""
    if not ruleset:
        return ""
    return ruleset_words.ruleset_title(ruleset)


@register.filter
def preset_title(preset, ruleset) -> str:
    """A Preset (or preset id) of `ruleset`, titled in the reader's language."""
    preset_id = preset if isinstance(preset, str) else preset.id
    return ruleset_words.preset_title(ruleset, preset_id)
