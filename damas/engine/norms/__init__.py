"""FIDE title norms, pure: FIDE Handbook B.01 "FIDE Title Regulations", the edition applied from
1 January 2024 (https://handbook.fide.com/chapter/B012024), article 1.4 (norms) with the numbers
of 0.5, 1.1.4 and 1.7.

Modules (each under 400 lines, by job)
--------------------------------------
`tables` the numbers of the text as data; `types` the input/output dataclasses; `games` which games
count (1.4.1, 1.4.2); `mix` the opponents' mix, federations and titled opponents (1.4.3-1.4.5,
1.4.3d from the field); `scoring` ratings, Ra, p, dp, Rp, points needed, the derived table
(1.4.6-1.4.9); `check` the whole check; `progress` the in-progress projection. Draughts:
`fmjd` (the FMJD title catalogue and what of Annex 10 was found) and `national` (national titles as
federation settings, `check_national_norm`). The public names are re-exported here.

What it does
------------
`check_norm(player, games, event, title)` -> `NormCheck`: which rounds count (1.4.1, 1.4.2), the
opponent mix (1.4.3 federations, 1.4.4 maxima, 1.4.5 titles), the ratings (1.4.6 floor and
unrated, 1.4.7 average), the performance Rp = Ra + dp (1.4.8, 1.4.9), the score needed, and
`missing`: every requirement not met as a `Shortfall(article, key, required, actual, detail)`.
`in_progress(...)` -> `InProgress`: before the last round, what the remaining rounds must bring.
`norm_table(title, games)`: the points-needed table (score -> least Ra), derived from 1.4.8/1.4.9.
`swiss_foreign_field(...)`: the 1.4.3d condition, from the field.

Articles implemented (2024 numbering; older editions wrote 1.41..1.49, e.g. "1.45a" is now 1.4.5a)
--------------------------------------------------------------------------------------------------
* 1.4.1a at least 9 games; 1.4.1b 7 games in World/Continental Team or Club Championships, 8 in the
  World Cup (counted as 9); 1.4.1c a 9-round event, 8 games when the missing one is a forfeit win or
  the pairing-allocated bye (counted as 9); 1.4.1e games after a title result may be dropped
  (`up_to_round`, not with predetermined pairings); 1.4.1f wins may be ignored (`ignore_rounds`).
* 1.4.2a opponents outside FIDE federations excluded, FID accepted but not foreign; 1.4.2b round
  robins: unrated opponents who scored zero against the rated excluded; 1.4.2c forfeits,
  adjudications excluded (a game once started counts).
* 1.4.3 at least 2 federations other than the applicant's; exemptions 1.4.3a national championship
  final and 1.4.3b national team championship (players of the registering federation), 1.4.3c
  zonals, 1.4.3d a Swiss with a foreign field; an exemption waives 1.4.3 and 1.4.4 together
  ("the normal foreigner requirement", 1.4.3e) and is reported in `NormCheck.exemption`, since
  1.4.3e asks one norm of an application to be without one.
* 1.4.4 at most 3/5 from the applicant's federation, 2/3 from one federation; minima rounded up,
  maxima down.
* 1.4.5a at least 50% title-holders (not CM, WCM); 1.4.5b-e at least 1/3, minimum 3, of the title
  sought or higher (GM: GM; IM: GM, IM; WGM: GM, IM, WGM; WIM: GM, IM, WGM, WIM); 1.4.5f double
  round robins: at least 6 players, half (rounded up) the players with the title.
* 1.4.6b adjusted rating floor GM 2200, IM 2050, WGM 2000, WIM 1850; 1.4.6c no more than one
  opponent raised, the lowest rated; 1.4.6d unrated opponents count 1400. The 2024 text sets no
  maximum number of unrated opponents (older editions had 20%): `NormCheck.unrated` only counts them.
* 1.4.7 Ra = total / number of opponents, rounded to the nearest whole number, 0.5 up.
* 1.4.8 Rp = Ra + dp >= GM 2600, IM 2450, WGM 2400, WIM 2250 (2599.5 etc. "prior to rounding": the
  same test, Ra being rounded and dp whole); 1.4.8a Ra >= 2380 / 2230 / 2180 / 2030; 1.4.8b score
  at least 35%.
* 1.4.9 the p -> dp table (p in whole percent, 0.5% up), as data in `tables.DP_BY_PERCENT`.
* 1.7 more than 13 rounds count as 13 games (`counts_as_games`).

Editions (0.2, 1.5.4)
---------------------
Changes apply to tournaments starting on or after their effective date, and a norm is judged by the
regulations in force when it was obtained: `tables.edition_for(event.start)` picks the edition by
the event's START date. Only B.01-2024 is implemented; events starting before 2024-01-01 (the 2023
edition and older) raise `UnsupportedEdition`. No later edition was found in the material read (the
handbook listed 2024 as current with 2023, 2022, 2017-2021, 2014-2017 archived); a new one is added
as a new `Edition` row plus its differences. The Rating Regulations B.02 changed on 1 March 2024
(rating floor 1400), which does not change this chapter.

Decisions where the text is silent [ours]
-----------------------------------------
* Scores are whole half-points (2 = win); averages exact Fractions until 1.4.7b rounds them.
* 1.4.8b 35% is compared exactly (points/games >= 35/100), not after rounding p.
* An opponent with no federation (None) is read as not belonging to a FIDE federation (1.4.2a).
* FID is no federation for 1.4.3, 1.4.4 and 1.4.3d (from a secondary report of a QC answer).
* Byes and pending rounds are no games (cited as 1.4.1); the applicant's own federation is only held
  to 3/5, not again to 2/3.
* 1.4.6c ties between equal lowest ratings: the earliest round is raised.
* 1.4.1c: the mix and the title result are judged on the 8 games played.
* 1.4.5f: "half, rounded up" read as half of the 1.4.5b-e number, counted in distinct opponents.
* Predetermined pairings (1.4.1e) = round robins and double round robins.
* WGM/WIM: the engine knows no sex; the caller asks those titles only for women.

Not implemented: 1.4.1d (extra games per full point above the requirement: seen only in a secondary
summary), 1.4.2d (tournaments changed to favour a player), 1.4.1f's condition that a round robin's
mix make a norm possible over the whole event, 1.1 administration (time control, arbiters,
registration), 1.2 direct titles and championship norms, 1.5 title applications (27 games,
1.4.3e, 1.5.6 event types).

For the web layer
-----------------
Build `NormEvent` (rounds, system, host federation = registering federation, start/end, kind,
1.4.3d flag or `swiss_foreign_field` from the field), `NormPlayer` and one `NormGame` per round with
the opponent's rating and title from the list in effect at the start (1.4.6a), or of the game's day
when `event.ratings_per_game` (1.1.4). Render `NormCheck.missing` by `key` (translations) and
`article`; `excluded` explains rounds not counted; `floor` names the raised opponent.

Draughts: FMJD norms cannot be checked (`fmjd_norm_requirements` raises `FmjdNormsNotFound`: the
norm articles of Annex 10 were not in the text read; see `fmjd`). National titles are the
federation's settings: store `NationalTitle.to_settings()` (JSON), rebuild with `from_settings`,
call `check_national_norm(player, games, title)` with the same `NormGame` rows as the FIDE check
(`opponent_federation` is not used), and `check_national_title(rating, norms, title)` for the
title itself. Shortfall `article`s are the requirement codes `national.*`; their `key`s reuse the
FIDE check's (`norm.games`, `norm.average`, `norm.min_score`) plus `title.rating`, `title.norms`
and the exclusion `norm.excluded.unrated`.
"""
from damas.engine.norms.check import check_norm, check_norms
from damas.engine.norms.fmjd import (
    FMJD_TITLES,
    Championship,
    FmjdNormsNotFound,
    FmjdTitle,
    FmjdTitleInfo,
    abbreviation,
    direct_gmi,
    fmjd_norm_requirements,
    parse_abbreviation,
)
from damas.engine.norms.games import counted_games, min_games
from damas.engine.norms.mix import FieldEntrant, mix_limits, swiss_foreign_field
from damas.engine.norms.national import (
    NATIONAL_REQUIREMENTS,
    NationalNormCheck,
    NationalTitle,
    NationalTitleCheck,
    check_national_norm,
    check_national_title,
    national_points_needed,
)
from damas.engine.norms.progress import in_progress
from damas.engine.norms.scoring import (
    NormTableRow,
    dp_for,
    norm_table,
    percentage,
    performance,
    points_needed,
    round_half_up,
)
from damas.engine.norms.tables import (
    DP_BY_PERCENT,
    EDITIONS,
    Edition,
    NormTitle,
    TitleRequirement,
    UnsupportedEdition,
    edition_for,
    requirement,
)
from damas.engine.norms.types import (
    EventKind,
    Exclusion,
    FederationCount,
    FloorAdjustment,
    GameKind,
    InProgress,
    NormCheck,
    NormEvent,
    NormGame,
    NormPlayer,
    PairingSystem,
    Shortfall,
)

__all__ = [
    "Championship",
    "DP_BY_PERCENT",
    "EDITIONS",
    "Edition",
    "EventKind",
    "Exclusion",
    "FMJD_TITLES",
    "FederationCount",
    "FieldEntrant",
    "FloorAdjustment",
    "FmjdNormsNotFound",
    "FmjdTitle",
    "FmjdTitleInfo",
    "GameKind",
    "InProgress",
    "NATIONAL_REQUIREMENTS",
    "NationalNormCheck",
    "NationalTitle",
    "NationalTitleCheck",
    "NormCheck",
    "NormEvent",
    "NormGame",
    "NormPlayer",
    "NormTableRow",
    "NormTitle",
    "PairingSystem",
    "Shortfall",
    "TitleRequirement",
    "UnsupportedEdition",
    "abbreviation",
    "check_national_norm",
    "check_national_title",
    "check_norm",
    "check_norms",
    "counted_games",
    "direct_gmi",
    "dp_for",
    "edition_for",
    "fmjd_norm_requirements",
    "in_progress",
    "min_games",
    "mix_limits",
    "national_points_needed",
    "norm_table",
    "parse_abbreviation",
    "percentage",
    "performance",
    "points_needed",
    "requirement",
    "round_half_up",
    "swiss_foreign_field",
]
