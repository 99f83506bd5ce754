"""The GM's desk: the order sheet of the open phase, the preview "if this
phase closed now", the what-if on edited inputs, and the roles' flavour texts.

Everything here reads: the sheet and the outcomes are computed from the stored
inputs (or the GM's edited copy of them) and never stored or pushed. The flavour
texts are changed by `games.services.set_flavour` only; `flavour.py` reads them.

- `sheet.py`: the phase's actions in the engine's order (roles.order_sheet), who
  has not acted yet and what each still owes, the day's votes;
- `outcome.py`: the engine's outcome in words (deaths, headline, descriptions,
  every private result), or its question (a pending decision), or its refusal;
- `whatif.py`: the what-if form read into an engine input, and back;
- `flavour.py`: the flavour texts of a game, and the one a seat reads.
"""
