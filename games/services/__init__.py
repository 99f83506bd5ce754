"""The only code that changes a game, one module per job.

- `core`: `ServiceError`, the `Change` a service logs into, the game lock, and the
  reads and checks every service starts from;
- `lobby`: create, join, leave, sign-ups, start, cancel, watch;
- `play`: a seat's actions and votes;
- `notes`: posthumous notes, last wills and last words;
- `chat`: posts in every thread and night room (flood control in `core`);
- `phases`: open, close, sweep, the engine's decisions and rounds, the clock's seam;
- `cogms`: the co-GMs the GM adds, and the hand-over of the game;
- `bots`: practice seats that move at random from the engine's legal choices;
- `gm`: the GM's interventions (close, decide, extend, pause, modkill, replace);
- `activity`: the posts rule at a day's close, its settings and counters;
- `reminders`: the private reminder before a deadline to the seats that still owe;
- `setups`: the setups GMs build (save, clone, delete, find), in versions;
- `roulette`: the graveyard's Russian roulette;
- `flavour`: the GM's flavour texts of a game's roles;
- `push`: the one way out, every event sent after its commit;
- `submissions`: a retried submission is the same one (the form's key).

Every service runs in one transaction that locks the game row first, refuses bad
input with a `ServiceError` before writing anything, and pushes after commit.
Callers use the names below; the modules' own helpers stay inside the package.
"""

from games.services import activity, bots, phases
from games.services.activity import (
    POSTS_RULE_KIND,
    checked_settings,
    default_settings,
    gm_activity,
    pending_posts_rule,
    post_counter,
    posts_rule_of,
    preview_verdicts,
    set_posts_rule,
    substitutes_wanted,
)
from games.services.bots import add_bots, bot_names, remove_bot
from games.services.chat import post_message
from games.services.cogms import add_cogm, cogm_names, hand_over, remove_cogm
from games.services.core import (
    GM_ACTOR,
    MAX_PHASE_SECONDS,
    MAX_POST_CHARS,
    RATE_POSTS,
    RATE_SECONDS,
    ServiceError,
    audience_of,
    choices_now,
    engine_state,
    gm_change,
    is_spectator,
    open_phase,
    preset_size,
    refuse_if_paused,
    runs_game,
)
from games.services.flavour import FLAVOUR_KIND, MAX_FLAVOUR_CHARS, set_flavour
from games.services.gm import (
    extend_phase,
    gm_close_phase,
    gm_decide,
    modkill_player,
    pause_phase,
    replace_player,
    resume_phase,
    rule_vote,
    time_left,
    vote_rulings_of,
)
from games.services.leaving import LEFT_KIND, leave_running_game, leavers_allowed, record_leaver
from games.services.lobby import (
    CANCEL_REASON_MAX_CHARS,
    DEALT_KIND,
    REVEAL_OPTION,
    cancel_game,
    create_game,
    dealt_roles,
    join_game,
    leave_game,
    refuse_replaced_spectator,
    reveal_modes,
    set_signups,
    start_game,
    watch_game,
)
from games.services.notes import (
    DEATH_NOTE_KIND,
    LAST_WILL_KIND,
    NOTE_KIND,
    WILL_KIND,
    current_note,
    current_will,
    last_words_owed,
    write_note,
    write_will,
)
from games.services.phases import (
    acted_counts,
    close_phase,
    close_phase_at_deadline,
    counted,
    current_votes,
    have_acted,
    must_act,
    open_round,
    phase_input,
    schedule_deadline,
    sweep_overdue_phases,
    tally,
    use_reminder_timer,
    use_timer,
)
from games.services.play import cast_vote, finish_actions, submit_action, withdraw_action
from games.services.reminders import REMINDER_KIND, send_due_reminders, send_reminder
from games.services.roulette import (
    SPECTATOR_MARK,
    GraveyardMember,
    graveyard_member,
    is_command,
    roulette_command,
    set_roulette_spectators,
    spectator_name,
)
from games.services.setups import (
    MAX_SLOTS,
    clean_setup,
    clone_setup,
    delete_setup,
    find_setup,
    problems_text,
    save_setup,
)
from games.services.submissions import FIELD as SUBMISSION_FIELD
from games.services.votes import VOTE_KIND, vote_history

# Practice seats move when a phase opens and answer the engine's questions.
phases.use_bots(bots.play_bots, bots.answer_pending)
# The posts rule judges each day at its close.
phases.use_close_rule(activity.judge_posts)
# Then the GM's change of the posts rule made during the day holds (from the next day).
phases.use_close_rule(activity.apply_posts_rule_change)

__all__ = [
    "SUBMISSION_FIELD",
    "FLAVOUR_KIND",
    "MAX_FLAVOUR_CHARS",
    "set_flavour",
    "add_bots",
    "add_cogm",
    "bot_names",
    "cogm_names",
    "hand_over",
    "remove_bot",
    "remove_cogm",
    "DEALT_KIND",
    "CANCEL_REASON_MAX_CHARS",
    "DEATH_NOTE_KIND",
    "GM_ACTOR",
    "LAST_WILL_KIND",
    "MAX_PHASE_SECONDS",
    "MAX_POST_CHARS",
    "MAX_SLOTS",
    "NOTE_KIND",
    "RATE_POSTS",
    "RATE_SECONDS",
    "REVEAL_OPTION",
    "ServiceError",
    "WILL_KIND",
    "acted_counts",
    "audience_of",
    "cancel_game",
    "cast_vote",
    "choices_now",
    "clean_setup",
    "clone_setup",
    "close_phase",
    "close_phase_at_deadline",
    "create_game",
    "current_note",
    "current_will",
    "counted",
    "current_votes",
    "dealt_roles",
    "delete_setup",
    "engine_state",
    "extend_phase",
    "find_setup",
    "finish_actions",
    "gm_change",
    "gm_close_phase",
    "gm_decide",
    "have_acted",
    "is_command",
    "is_spectator",
    "join_game",
    "last_words_owed",
    "leave_game",
    "modkill_player",
    "must_act",
    "open_phase",
    "open_round",
    "pause_phase",
    "phase_input",
    "post_message",
    "preset_size",
    "problems_text",
    "refuse_if_paused",
    "refuse_replaced_spectator",
    "replace_player",
    "resume_phase",
    "LEFT_KIND",
    "leave_running_game",
    "leavers_allowed",
    "record_leaver",
    "rule_vote",
    "runs_game",
    "reveal_modes",
    "roulette_command",
    "set_roulette_spectators",
    "spectator_name",
    "graveyard_member",
    "GraveyardMember",
    "SPECTATOR_MARK",
    "save_setup",
    "schedule_deadline",
    "set_signups",
    "start_game",
    "submit_action",
    "sweep_overdue_phases",
    "tally",
    "VOTE_KIND",
    "vote_history",
    "time_left",
    "vote_rulings_of",
    "use_timer",
    "use_reminder_timer",
    "checked_settings",
    "default_settings",
    "post_counter",
    "gm_activity",
    "substitutes_wanted",
    "POSTS_RULE_KIND",
    "pending_posts_rule",
    "posts_rule_of",
    "preview_verdicts",
    "set_posts_rule",
    "REMINDER_KIND",
    "send_due_reminders",
    "send_reminder",
    "watch_game",
    "withdraw_action",
    "write_note",
    "write_will",
]
