"""Events worked by hand from FIDE B.01 (2024) 1.4, one per rule; the arithmetic is in the comments."""
from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from damas.engine.norms import (
    EventKind,
    FieldEntrant,
    FloorAdjustment,
    GameKind,
    NormEvent,
    NormGame,
    NormPlayer,
    PairingSystem,
    UnsupportedEdition,
    check_norm,
    in_progress,
    swiss_foreign_field,
)

BRA = NormPlayer(id=1, federation="BRA", title="IM", rating=2480, name="Seeker")


def swiss(rounds=9, **kw):
    return NormEvent(rounds=rounds, system=PairingSystem.SWISS, host_federation="BRA",
                     start=date(2024, 6, 1), end=date(2024, 6, 9), **kw)


def games(rows):
    """rows: (rating, title, federation, half_points), one per round from round 1."""
    return [NormGame(round=i, half_points=h, opponent_id=100 + i, opponent_name=f"Opp{i}",
                     opponent_rating=r, opponent_title=t, opponent_federation=f)
            for i, (r, t, f, h) in enumerate(rows, start=1)]


# A GM norm: sum 21850 / 9 = 2427.78 -> Ra 2428; 7/9 = 77.8% -> 78 -> dp 220; Rp 2648.
# Titles: 8 title-holders (>= 5), 4 GMs (>= 3). Federations: GER 2, ARG, USA, CHI, PER, BRA 3:
# 5 foreign (>= 2), own 3 (<= 5), no federation above 6. Needed at 2428: 6.5 needs 2434, so 7.
MET = [
    (2550, "GM", "GER", 2), (2500, "GM", "ARG", 1), (2450, "GM", "USA", 1), (2400, "IM", "BRA", 2),
    (2420, "IM", "BRA", 1), (2380, "FM", "CHI", 2), (2350, "FM", "BRA", 1), (2300, None, "PER", 2),
    (2500, "GM", "GER", 2),
]


def test_met():
    c = check_norm(BRA, games(MET), swiss(), "GM")
    assert c.met and c.missing == ()
    assert (c.games, c.counts_as_games, c.points_half) == (9, 9, 14)
    assert c.average_exact == Fraction(21850, 9) and c.average_rating == 2428
    assert (c.percentage, c.dp, c.performance) == (78, 220, 2648)
    assert c.points_needed_half == 14
    assert (c.title_holders, c.title_holders_needed, c.title_sought, c.title_sought_needed) == (8, 5, 4, 3)
    assert (c.foreign_federations, c.own_federation_opponents, c.own_federation_max) == (5, 3, 5)
    assert c.federations[0].federation == "BRA" and c.federations[0].opponents == 3
    assert c.floor is None and c.unrated == 0 and c.exemption is None
    assert c.edition == "B.01-2024" and not c.already_holds
    assert isinstance(c.performance, int) and isinstance(c.points, Fraction)


def test_missed_by_score():
    # Last round drawn: 6.5/9 = 72.2% -> 72 -> dp 166; Rp 2428 + 166 = 2594 < 2600.
    rows = MET[:8] + [(2500, "GM", "GER", 1)]
    c = check_norm(BRA, games(rows), swiss(), "GM")
    assert not c.met
    assert c.missing_articles == ("1.4.8",)
    assert (c.performance, c.points_half, c.points_needed_half) == (2594, 13, 14)
    assert c.missing[0].required == 2600 and c.missing[0].actual == 2594


def test_missed_by_federations():
    # Same ratings, titles and results; opponents GER x6, BRA x3: one foreign federation (< 2).
    # GER 6 <= 2/3 of 9 = 6, own 3 <= 5: only 1.4.3 fails.
    rows = [(r, t, "GER" if i < 6 else "BRA", h) for i, (r, t, _, h) in enumerate(MET)]
    c = check_norm(BRA, games(rows), swiss(), "GM")
    assert c.missing_articles == ("1.4.3",)
    assert c.missing[0].key == "norm.federations" and c.missing[0].actual == 1


def test_missed_by_one_federation_over_two_thirds():
    # GER x7 > 6; USA and ARG make 3 foreign federations: only the 2/3 cap of 1.4.4 fails.
    feds = ["GER"] * 7 + ["USA", "ARG"]
    rows = [(r, t, feds[i], h) for i, (r, t, _, h) in enumerate(MET)]
    c = check_norm(BRA, games(rows), swiss(), "GM")
    assert c.missing_articles == ("1.4.4",)
    assert (c.missing[0].key, c.missing[0].required, c.missing[0].actual, c.missing[0].detail) == \
        ("norm.one_federation", 6, 7, "GER")


def test_missed_by_own_federation_over_three_fifths():
    # BRA x6 > floor(27/5) = 5.
    feds = ["BRA"] * 6 + ["GER", "USA", "ARG"]
    rows = [(r, t, feds[i], h) for i, (r, t, _, h) in enumerate(MET)]
    c = check_norm(BRA, games(rows), swiss(), "GM")
    assert c.missing_articles == ("1.4.4",)
    assert (c.missing[0].key, c.missing[0].required, c.missing[0].actual) == ("norm.own_federation", 5, 6)


def test_missed_by_titled_opponents_gm():
    # Only 2 GMs (1.4.5b asks 1/3 of 9, minimum 3); 7 title-holders is enough for 1.4.5a.
    titles = ["GM", "GM", "IM", "IM", "IM", "FM", "FM", None, "IM"]
    rows = [(r, titles[i], f, h) for i, (r, _, f, h) in enumerate(MET)]
    c = check_norm(BRA, games(rows), swiss(), "GM")
    assert c.missing_articles == ("1.4.5b",)
    assert (c.title_sought, c.title_sought_needed) == (2, 3)
    # The same games make the IM norm (GM or IM opponents: 7).
    assert check_norm(BRA, games(rows), swiss(), "IM").met


def test_missed_by_title_holders():
    # 4 title-holders < 5 (1.4.5a); CM and WCM do not count.
    titles = ["GM", "GM", "GM", "CM", "WCM", None, None, None, "IM"]
    rows = [(r, titles[i], f, h) for i, (r, _, f, h) in enumerate(MET)]
    c = check_norm(BRA, games(rows), swiss(), "GM")
    assert c.missing_articles == ("1.4.5a",)
    assert (c.title_holders, c.title_holders_needed) == (4, 5)


# An IM norm met only thanks to the adjusted floor (1.4.6b-c).
# Raw sum 19930 / 9 = 2214.4 -> 2214 (< 2230). Two opponents below 2050: 1900 (round 8) and 2000
# (round 9); only the lowest, 1900, is raised to 2050: 20080 / 9 = 2231.1 -> 2231 >= 2230.
# 7/9 -> dp 220 -> Rp 2451 >= 2450. 3 IMs (>= 3), 5 title-holders (>= 5).
FLOOR = [
    (2450, "IM", "GER", 1), (2400, "IM", "ARG", 1), (2350, "IM", "USA", 2), (2300, "FM", "CHI", 2),
    (2250, "FM", "BRA", 2), (2200, None, "BRA", 2), (2080, None, "PER", 2), (1900, None, "URU", 1),
    (2000, None, "ESP", 1),
]


def test_adjusted_rating_floor_raises_only_the_lowest_opponent():
    c = check_norm(BRA, games(FLOOR), swiss(), "IM")
    assert c.met, c.missing
    assert c.floor == FloorAdjustment(round=8, opponent_id=108, opponent_name="Opp8", from_rating=1900,
                                      to_rating=2050, unrated=False)
    assert c.average_exact == Fraction(20080, 9) and c.average_rating == 2231
    assert c.performance == 2451


def test_adjusted_rating_floor_is_per_title():
    # For a WIM norm the floor is 1850: nobody is below it, the raw average 2214 stands.
    c = check_norm(BRA, games(FLOOR), swiss(), "WIM")
    assert c.floor is None and c.average_rating == 2214 and c.met


def test_forfeit_excluded():
    # A 10-round Swiss: round 10 a forfeit win against a 1500 player. 1.4.2c leaves it out:
    # 9 games, 7 points (the forfeit's point is not counted), no floor (the 1500 is not an opponent).
    rows = games(MET) + [NormGame(round=10, kind=GameKind.FORFEIT_WIN, half_points=2, opponent_id=110,
                                  opponent_rating=1500, opponent_federation="BRA")]
    c = check_norm(BRA, rows, swiss(rounds=10), "GM")
    assert c.met
    assert (c.games, c.points_half, c.floor) == (9, 14, None)
    assert [(e.round, e.article) for e in c.excluded] == [(10, "1.4.2c")]
    assert c.counted_rounds == tuple(range(1, 10))


def test_adjudicated_and_forfeit_loss_excluded_leaving_too_few_games():
    rows = games(MET)
    rows[3] = NormGame(round=4, kind=GameKind.ADJUDICATED, half_points=2, opponent_rating=2400,
                       opponent_title="IM", opponent_federation="BRA")
    c = check_norm(BRA, rows, swiss(), "GM")
    assert "1.4.1a" in c.missing_articles and c.games == 8


def test_one_game_short_with_the_pairing_allocated_bye():
    # 1.4.1c: 9 rounds, round 8 the pairing-allocated bye; 8 games: 19550 / 8 = 2443.75 -> 2444;
    # 6/8 = 75% -> 193 -> 2637. Mix on the 8: 8 title-holders (>= 4), 4 GMs (>= 3), own 3 (<= 4).
    rows = games(MET)
    rows[7] = NormGame(round=8, kind=GameKind.PAIRING_BYE, half_points=2)
    c = check_norm(BRA, rows, swiss(), "GM")
    assert c.met and c.one_game_short
    assert (c.games, c.counts_as_games, c.average_rating, c.performance) == (8, 9, 2444, 2637)


def test_one_game_short_does_not_cover_a_requested_bye():
    rows = games(MET)
    rows[7] = NormGame(round=8, kind=GameKind.OTHER_BYE, half_points=1)
    c = check_norm(BRA, rows, swiss(), "GM")
    assert c.missing_articles == ("1.4.1a",) and not c.one_game_short


# A WIM norm with two unrated opponents (1.4.6c-d): both count 1400; the lowest (a tie, the
# earlier round 8 [ours]) is raised to the 1850 floor, the other stays 1400.
# 15400 + 1850 + 1400 = 18650 / 9 = 2072.2 -> 2072; 7/9 -> 220 -> Rp 2292 >= 2250.
# WIM-or-higher opponents: 3 WIM + 1 IM = 4 (>= 3); title-holders 3 WIM + 2 WFM + 1 IM = 6.
UNRATED = [
    (2300, "WIM", "GER", 2), (2250, "WIM", "ARG", 1), (2200, "WIM", "USA", 1), (2150, "WFM", "CHI", 2),
    (2100, "WFM", "BRA", 1), (2350, "IM", "BRA", 1), (2050, None, "PER", 2), (None, None, "URU", 2),
    (None, None, "BRA", 2),
]


def test_unrated_opponents():
    woman = NormPlayer(id=2, federation="BRA", title="WFM")
    c = check_norm(woman, games(UNRATED), swiss(), "WIM")
    assert c.met, c.missing
    assert c.unrated == 2
    assert c.floor == FloorAdjustment(8, 108, "Opp8", 1400, 1850, True)
    assert c.average_exact == Fraction(18650, 9) and c.average_rating == 2072 and c.performance == 2292


def test_unrated_opponent_who_scored_zero_in_a_round_robin_is_excluded():
    rows = games(UNRATED)
    rows[7] = NormGame(round=8, half_points=2, opponent_id=108, opponent_federation="URU",
                       opponent_unrated_scored_zero=True)
    rr = NormEvent(rounds=9, system=PairingSystem.ROUND_ROBIN, host_federation="BRA", start=date(2024, 3, 1))
    c = check_norm(NormPlayer(id=2, federation="BRA"), rows, rr, "WIM")
    assert (8, "1.4.2b") in [(e.round, e.article) for e in c.excluded]
    assert c.games == 8 and "1.4.1a" in c.missing_articles
    # The same flag means nothing in a Swiss (1.4.2b speaks of round robins).
    assert check_norm(NormPlayer(id=2, federation="BRA"), rows, swiss(), "WIM").games == 9


def test_opponent_without_fide_federation_is_excluded_and_fid_is_not_foreign():
    rows = games(MET)
    rows[0] = NormGame(round=1, half_points=2, opponent_rating=2550, opponent_title="GM",
                       opponent_federation=None)
    c = check_norm(BRA, rows, swiss(), "GM")
    assert (1, "1.4.2a") in [(e.round, e.article) for e in c.excluded]
    feds = ["FID"] * 3 + ["BRA"] * 5 + ["GER"]
    rows = [(r, t, feds[i], h) for i, (r, t, _, h) in enumerate(MET)]
    c = check_norm(BRA, games(rows), swiss(), "GM")
    assert c.games == 9 and c.foreign_federations == 1 and c.missing_articles == ("1.4.3",)


def test_national_championship_final_exempts_host_players_only():
    rows = [(r, t, "BRA", h) for (r, t, _, h) in MET]
    final = swiss(kind=EventKind.NATIONAL_CHAMPIONSHIP_FINAL)
    c = check_norm(BRA, games(rows), final, "GM")
    assert c.met and c.exemption == "1.4.3a"
    guest = NormPlayer(id=3, federation="ARG")
    g = check_norm(guest, games(rows), final, "GM")
    assert g.exemption is None and g.missing_articles == ("1.4.3", "1.4.4")


def test_swiss_foreign_field_condition():
    field = [FieldEntrant(f, True, "GM" if i < 10 else None) for i, f in
             enumerate(["GER", "ARG", "USA"] * 7)]
    assert swiss_foreign_field(field, "BRA")
    assert not swiss_foreign_field(field[:19], "BRA")
    absent = [FieldEntrant(e.federation, True, e.title, rounds_missed=2) for e in field]
    assert not swiss_foreign_field(absent, "BRA")
    rows = [(r, t, "BRA", h) for (r, t, _, h) in MET]
    assert check_norm(BRA, games(rows), swiss(swiss_foreign_field=True), "GM").exemption == "1.4.3d"


def test_double_round_robin_needs_six_players_and_half_the_titled_players():
    # 5 opponents met twice (10 games): 1.4.5c for an IM norm asks max(3, ceil(10/3)) = 4 games,
    # so ceil(4/2) = 2 players; 6 players in all. Ratings 2400 each, 6.5/10 = 65% -> 110 -> 2510.
    opps = [(201, "IM", "GER"), (202, "IM", "ARG"), (203, "FM", "USA"), (204, "FM", "CHI"),
            (205, "WGM", "BRA")]
    rows = []
    for i in range(10):
        oid, t, f = opps[i % 5]
        rows.append(NormGame(round=i + 1, half_points=(2 if i < 3 else 1), opponent_id=oid,
                             opponent_rating=2400, opponent_title=t, opponent_federation=f))
    drr = NormEvent(rounds=10, system=PairingSystem.DOUBLE_ROUND_ROBIN, host_federation="BRA",
                    start=date(2024, 2, 1))
    c = check_norm(BRA, rows, drr, "IM")
    assert (c.title_sought, c.title_sought_needed) == (2, 2)
    assert c.points_half == 13 and c.performance == 2510
    assert c.met, c.missing


def test_ignoring_a_win_and_stopping_after_a_title_result():
    ten = games(MET) + games([(2000, None, "BRA", 0)] * 10)[9:]
    # Round 10 lost to a 2000 player would spoil it; 1.4.1e lets the player stop after round 9.
    c = check_norm(BRA, ten, swiss(rounds=10), "GM", up_to_round=9)
    assert c.met and (10, "1.4.1e") in [(e.round, e.article) for e in c.excluded]
    # 1.4.1f: only wins may be ignored; round 2 was a draw.
    bad = check_norm(BRA, ten, swiss(rounds=10), "GM", ignore_rounds={2})
    assert "1.4.1f" in bad.missing_articles


def test_in_progress_needs_from_the_last_two_rounds():
    # After 7 rounds of MET: 17050 / 7 = 2435.71; the last two assumed at that rating, so the
    # projected Ra is 2436; at 2436 the 9-game GM norm needs 6.5 (2434), the player has 5:
    # 1.5 from the last two rounds.
    rows = games(MET[:7]) + [NormGame(round=8, kind=GameKind.PENDING)]
    p = in_progress(BRA, rows, swiss(), "GM")
    assert (p.rounds_played, p.rounds_remaining, p.games_so_far, p.points_half) == (7, 2, 7, 10)
    assert p.assumed_opponent_rating == Fraction(17050, 7)
    assert (p.projected_games, p.projected_average) == (9, 2436)
    assert (p.points_needed_total_half, p.points_needed_remaining_half) == (13, 3)
    assert p.points_needed_remaining == Fraction(3, 2)
    assert p.reachable and p.games_needed == 2 and p.title_sought_needed == 0


def test_in_progress_unreachable_when_the_score_cannot_be_made():
    rows = games([(r, t, f, 0) for (r, t, f, _) in MET[:7]])
    p = in_progress(BRA, rows, swiss(), "GM")
    assert not p.reachable and p.points_needed_remaining_half is not None
    assert p.points_needed_remaining_half > 4


def test_events_before_2024_are_refused():
    old = NormEvent(rounds=9, system=PairingSystem.SWISS, host_federation="BRA", start=date(2023, 12, 30))
    with pytest.raises(UnsupportedEdition):
        check_norm(BRA, games(MET), old, "GM")


def test_long_event_uses_ratings_per_game():
    assert swiss().ratings_per_game is False
    long = NormEvent(rounds=9, system=PairingSystem.SWISS, host_federation="BRA",
                     start=date(2024, 1, 10), end=date(2024, 3, 10))
    assert long.ratings_per_game is True
