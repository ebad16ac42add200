"""The arbiter's desk (RULES.md §6, §5, §3): settings and the chief arbiter (`settings`),
incidents and the reversal of a penalty (`incidents`), sanctions and CBJD 95 d (`sanctions`),
forfeits and expulsion (`forfeits`), result corrections and rematches (`corrections`), appeals
(`appeals`).

The incident, sanction and claim flows are written once and act on the event's board through
`boards.board_kind(event)`; one adapter per kind of event: `games` (a round `Game`), `micro`
(a micro-match game), `teams` (a team board), `knockout` (a knockout tie). Importing the
package registers the adapters. The public names are re-exported here
(`from damas.services import desk as desk_service`).

It may import `rounds` (the round's state, withdrawals, re-pairing after a correction),
`micromatch` and `teams` (their boards), `games` (moves on record), `mail` (the discipline
notices) and the shared `audit`, `errors` and `locking`; `results` sits above it.
"""
from damas.services.desk import games, knockout, micro, teams  # noqa: F401  (register the board adapters)
from damas.services.desk.boards import board_kind, board_kind_of  # noqa: F401
from damas.services.desk.games import entry_at_board, round_boards  # noqa: F401
from damas.services.desk.corrections import (  # noqa: F401
    check_correction_allowed,
    correct_result,
    correction_deadline,
    rematch_boards,
    undo_rematch,
)
from damas.services.desk.forfeits import (  # noqa: F401
    ForfeitRow,
    decide_expulsion,
    excuse_forfeit,
    forfeit_review,
)
from damas.services.desk.incidents import (  # noqa: F401
    BREACH_ARTICLES,
    CLAIMABLE_ARTICLES,
    add_incident,
    check_incident_kind,
    counting_incidents,
    event_incidents,
    incident_log,
    reverse_penalty,
)
from damas.services.desk.sanctions import (  # noqa: F401
    add_sanction,
    claim_irregular_move,
    claims_95d,
    fast_enough_for_95d,
    require_95d,
)
from damas.services.desk.settings import (  # noqa: F401
    CORRECTION_MODES,
    SETTING_FIELDS,
    is_chief,
    is_online,
    penalty_rules,
    penalty_settings,
    set_chief_arbiter,
    settings_for,
    update_settings,
)
