"""Forum export: the morning post, the day's vote count and the game-over post, each
as BBCode and as Markdown, for the GM to paste into a forum thread.

`posts.py` builds each post as a small document (blocks of styled spans) from what
the public was told (the public `phase_closed` payloads: the reveal mode already
applied) and the votes; `render.py` writes a document as BBCode or Markdown, each
escaping the text it carries.
"""

from games.export.posts import game_over_post, morning_post, vote_count
from games.export.render import bbcode, markdown

__all__ = ["bbcode", "game_over_post", "markdown", "morning_post", "vote_count"]
