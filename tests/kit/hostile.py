"""Hostile text: what a player may type that must never become markup."""

from __future__ import annotations

from hypothesis import strategies as st

MARK = "<zq-hostile"  # never in the site's templates: raw in a page means unescaped


hostile_text = st.one_of(
    st.builds(
        lambda before, after: f"{before}{MARK} onload=alert(1)>{after}",
        st.text(max_size=40),
        st.text(max_size=40),
    ),
    st.builds(
        lambda text: f"</textarea>{MARK}>{text}<!--",
        st.text(
            alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
            max_size=80,
        ),
    ),
    st.sampled_from(
        [
            f'"><{MARK[1:]} x="',
            f"{MARK}>\u202egnp.exe",
            f"{MARK}>" + "\u200b" * 50,
            f"{MARK}>" + "ж" * 4000,
            f"javascript:{MARK}>",
            f"{MARK}>{{{{ 7*7 }}}} {{% now %}}",
            f"{MARK}>\x00\x01\x1b[31m",
        ]
    ),
)
