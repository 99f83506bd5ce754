"""Model fields of our own."""

from __future__ import annotations

from django.db import models


class SeedField(models.CharField):
    """A game's seed: a whole number of any size, stored as its decimal digits and read
    back as an int. A 64-bit column holds too few bits: a 31-bit seed could be searched
    by a player who knows a few seat/role pairs, so seeds have 128 bits."""

    description = "a whole number of any size"

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("max_length", 40)
        super().__init__(*args, **kwargs)

    def from_db_value(self, value, expression, connection):
        return None if value is None else int(value)

    def to_python(self, value):
        if value is None or isinstance(value, int):
            return value
        return int(str(value))

    def get_prep_value(self, value):
        return None if value is None else str(int(value))
