"""What a random slot may draw, given the roles already in the game: the one resolver.

Everything a draw depends on beyond the slot itself is a small *state*: the count of
each role a limit or a constraint reads, capped where counting further changes
nothing (at a role's limit; at one for a role that only has to be present). Rolling
walks one state; the check walks the set of states any roll may reach; the odds walk
their probabilities. All three read `Draws.options`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

from .parse import Setup, Slot

State = tuple[int, ...]
# A random slot's draw depends only on its category and flag values.
Signature = tuple[str, tuple[tuple[str, bool], ...]]


def signature(slot: Slot) -> Signature:
    assert slot.category is not None
    return slot.category, slot.flags


class Draws:
    """The limits, constraints and pools of one setup, with their caches."""

    def __init__(self, setup: Setup):
        self.setup = setup
        ruleset, options = setup.ruleset, setup.options
        caps: dict[str, int] = {r: 1 for r in ruleset.unique_roles}
        for role, most in ruleset.role_limits.items():
            caps[role] = min(caps.get(role, most), most)
        for role, limit in setup.limits.items():
            if limit.unique:
                caps[role] = min(caps.get(role, 1), 1)
            if limit.max is not None:
                caps[role] = min(caps.get(role, limit.max), limit.max)
        self.caps = caps
        excluded = {r for r, lim in setup.limits.items() if lim.excluded_from_randoms}
        for role, option in ruleset.excluded_from_randoms_options.items():
            if options.get(option):
                excluded.add(role)
        self.excluded = frozenset(excluded)
        # role -> the groups of roles of which one must be in the game (an option that
        # satisfies a constraint removes it for the whole setup).
        self.needs: dict[str, list[tuple[str, ...]]] = {}
        self.rule_text: dict[str, str] = {}
        for rule in ruleset.spawn_rules:
            if any(all(options.get(k) == v for k, v in c.items()) for c in rule.when_options):
                continue
            self.needs.setdefault(rule.role, []).append(rule.with_roles)
            self.rule_text[rule.role] = rule.text
        triggers = {r for groups in self.needs.values() for g in groups for r in g}
        tracked = [r for r in ruleset.roles if r in caps or r in triggers]
        self.index = {role: i for i, role in enumerate(tracked)}
        self.top = tuple(max(caps.get(r, 1), 1) if r in triggers else caps[r] for r in tracked)
        self._options: dict[tuple[Signature, State], tuple[str | None, tuple[str, ...]]] = {}
        self._pools: dict[Signature, list[tuple[str | None, tuple[str, ...]]]] = {}

    def cap(self, role: str) -> int | None:
        return self.caps.get(role)

    @cached_property
    def initial(self) -> State:
        """The state once every fixed slot is placed."""
        return self.add(tuple(0 for _ in self.index), self.setup_fixed_roles())

    def setup_fixed_roles(self) -> list[str]:
        return [s.role for s in self.setup.slots if s.role is not None]

    def add(self, state: State, roles: Iterable[str]) -> State:
        counts = list(state)
        for role in roles:
            i = self.index.get(role)
            if i is not None and counts[i] < self.top[i]:
                counts[i] += 1
        return tuple(counts)

    def next_state(self, state: State, role: str) -> State:
        i = self.index.get(role)
        if i is None or state[i] >= self.top[i]:
            return state
        return state[:i] + (state[i] + 1,) + state[i + 1 :]

    def pools(self, sig: Signature) -> list[tuple[str | None, tuple[str, ...]]]:
        """The slot's own pool, then each fallback's: (fallback id or None, roles)."""
        if sig not in self._pools:
            categories = self.setup.ruleset.categories
            category_id, flags = sig
            chain = [(None, self._pool(category_id, dict(flags)))]
            seen = {category_id}
            nxt = categories[category_id].fallback
            while nxt is not None and nxt not in seen:
                seen.add(nxt)
                if nxt in categories:
                    defaults = {f.id: f.default for f in categories[nxt].flags}
                    chain.append((nxt, self._pool(nxt, defaults)))
                    nxt = categories[nxt].fallback
                else:  # a role: still a random draw, so limits and exclusions apply
                    chain.append((nxt, () if nxt in self.excluded else (nxt,)))
                    nxt = None
            self._pools[sig] = chain
        return self._pools[sig]

    def _pool(self, category_id: str, flags: dict[str, bool]) -> tuple[str, ...]:
        category = self.setup.ruleset.categories[category_id]
        on = [f for f in category.flags if flags.get(f.id)]
        removed = {r for f in on for r in f.removes} | self.excluded
        members = list(category.roles) + [r for f in on for r in f.adds]
        return tuple(dict.fromkeys(r for r in members if r not in removed))

    def allowed(self, role: str, state: State) -> bool:
        """May a random slot draw `role` now (its limit and constraints)?"""
        cap = self.caps.get(role)
        if cap is not None and state[self.index[role]] >= cap:
            return False
        for group in self.needs.get(role, ()):
            if not any(state[self.index[r]] for r in group):
                return False
        return True

    def options(self, sig: Signature, state: State) -> tuple[str | None, tuple[str, ...]]:
        """(the fallback drawn from, or None; the roles the slot may draw), in a fixed
        order; no roles: the slot is impossible in this state."""
        key = (sig, state)
        found = self._options.get(key)
        if found is None:
            found = (None, ())
            for fallback, pool in self.pools(sig):
                roles = tuple(r for r in pool if self.allowed(r, state))
                if roles:
                    found = (fallback, roles)
                    break
            self._options[key] = found
        return found

    def why_empty(self, sig: Signature, state: State) -> str:
        """Why the slot has no role in `state`, pool by pool, for the check's message:
        "Town Power: Mayor at its limit; then its fallback Town Random: ..."."""
        categories, roles = self.setup.ruleset.categories, self.setup.ruleset.roles
        parts = []
        for fallback, pool in self.pools(sig):
            if fallback is None:
                name = categories[sig[0]].title
            elif fallback in categories:
                name = f"then its fallback {categories[fallback].title}"
            else:
                name = f"then its fallback the {roles[fallback].name}"
            if not pool:
                parts.append(f"{name}: nothing left after the exclusions")
            else:
                parts.append(f"{name}: {self._blocked(pool, state)}")
        if categories[sig[0]].fallback is None:
            parts.append(f"{categories[sig[0]].title} has no fallback")
        return "; ".join(parts)

    def _blocked(self, pool: Iterable[str], state: State) -> str:
        roles = self.setup.ruleset.roles
        at_limit, constrained = [], []
        for role in pool:
            cap = self.caps.get(role)
            if cap is not None and state[self.index[role]] >= cap:
                at_limit.append(roles[role].name)
            else:
                text = self.rule_text.get(role) or "its constraint"
                constrained.append(f"{roles[role].name} {text}")
        out = []
        if at_limit:
            listed = (
                ", ".join(at_limit[:-1]) + " and " + at_limit[-1] if at_limit[1:] else at_limit[0]
            )
            out.append(listed + (" at its limit" if len(at_limit) == 1 else " at their limits"))
        if constrained:
            out.append(", ".join(constrained))
        return ", ".join(out)
