"""FIDE title norms of an event (B.01 1.4), the services' side: what the area owns.

* `settings`: the event's norm settings (kind of event for 1.4.1b/1.4.3a-c, host federation,
  the 1.4.3d assertion, the chief arbiter's title), read with defaults, saved with the audit log
  (table `event_norm_settings`, migration 0021_norm_settings); the home federation (BRA) of
  players without a FIDE federation on record [ours].
* `inputs`: the event's rows as the engine's `NormEvent`, `NormPlayer` and `NormGame` (one place).
* `checks`: which events get FIDE norms (chess, FIDE rule set, a Swiss or a Berger table), which
  titles each player seeks, `event_norms(event)`: every check, and "in progress" before the last
  round.
* `national`: the federation's national titles on a draughts event (same inputs), which titles
  each player seeks, and whether he meets a national title itself.
* `eligibility`: the event-wide conditions of B.01 1.1 that the data can tell (rate of play,
  rounds per day, chief arbiter's title) and those it cannot.

The rules themselves are the pure engine's (`damas.engine.norms`); the pages, the API and the
certificates render what these return.
"""
from damas.services.norms.checks import (
    EventNorms,
    NormLine,
    PlayerNorms,
    event_norms,
    fide_norms_apply,
    titles_sought,
)
from damas.services.norms.eligibility import EligibilityNote, eligibility
from damas.services.norms.inputs import NormInputs, SeekerRows, held_title, norm_inputs
from damas.services.norms.national import (
    DRAUGHTS,
    EventNationalNorms,
    NationalLine,
    NationalPlayerNorms,
    event_national_norms,
    federation_titles,
    national_norms_apply,
    national_titles_sought,
    player_draughts_rating,
    title_status,
    titles_signature,
)
from damas.services.norms.settings import (
    ARBITER_TITLES,
    HOME_FEDERATION,
    NormSettings,
    federation_of,
    norm_settings,
    save_norm_settings,
)

__all__ = [
    "ARBITER_TITLES",
    "DRAUGHTS",
    "EligibilityNote",
    "EventNationalNorms",
    "EventNorms",
    "HOME_FEDERATION",
    "NationalLine",
    "NationalPlayerNorms",
    "NormInputs",
    "NormLine",
    "NormSettings",
    "PlayerNorms",
    "SeekerRows",
    "eligibility",
    "event_national_norms",
    "event_norms",
    "federation_of",
    "federation_titles",
    "held_title",
    "national_norms_apply",
    "national_titles_sought",
    "fide_norms_apply",
    "norm_inputs",
    "norm_settings",
    "player_draughts_rating",
    "save_norm_settings",
    "title_status",
    "titles_signature",
    "titles_sought",
]
