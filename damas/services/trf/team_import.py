"""A team tournament from a TRF-2026 file as a team event: one transaction, audited, nothing
written on refusal.

What the file's team part (`damas.engine.trf.teams`, read whole by the preview) becomes:

- a team event (pairing system `micromatch`, team settings) of ONE game per board
  (`MicroMatchSettings.games_per_board` 1, a FIDE team match), the boards of the 352 record,
  ranked by the 192 code's primary score (match points, or game points), rule set `fide`
  [ours: a FIDE team tournament]; the tie-breaks: the 202 record's team ones we compute (GP, MP,
  TSB, OPP-MP, OPP-GP), else the default team order (`default_team_tiebreaks`);
- [ours] the event is FINISHED, "for the record": our team pairing is the Brazilian micro-match
  system on teams (CBJD 120), not a FIDE team Swiss, so we do not continue the event with
  pairings (the preview says so);
- each team (310 / 013) a team with its number and name (the 310 nickname as club), its
  players (matched to the registry as the individual import matches them; a new player is
  stored "Given Surname") in the file's board order;
- each completed round a published team round: each match with both line-ups (the 300 order)
  and each board's game from the White team's player's side (1-0, ½-½, 0-1, forfeits +- -+ --);
  a team's bye (320 pairing-allocated with its own points, 240 F / H / Z) a bye with its kind
  and game points; the round in progress (a scheduled round, no results) a published round with
  its matches and line-ups and no results.

The team table then has the rounds' match and game points, which the preview compares with
the file's 310 values (a difference is listed there).
"""
from __future__ import annotations

import hashlib
from typing import Any

from flask_babel import gettext as _

from damas.engine.teams import LineupError, TeamEntry, TeamMember, validate_lineup
from damas.engine.trf.teams import TrfMatch, TrfTeams
from damas.engine.types import Outcome, TournamentState
from damas.extensions import db
from damas.models import Event, EventStatus, User
from damas.models.micromatch import MicroMatchSettings, Team, TeamBoardRow, TeamLineup, TeamMatchRow, TeamMemberRow, TeamRound
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.events.lifecycle import create_event
from damas.services.trf.players import given_surname, player_id_of
from damas.services.trf.foreign import scoring_of, team_tiebreaks_of
from damas.services.trf.preview import TrfPreview

__all__ = ["import_team_trf"]

_GAME_TEXT = {Outcome.WIN: "1-0", Outcome.DRAW: "½-½", Outcome.LOSS: "0-1", Outcome.FORFEIT_WIN: "+-",
              Outcome.FORFEIT_LOSS: "-+", Outcome.DOUBLE_FORFEIT: "--"}


def _bye_outcome(m: TrfMatch, scoring: tuple[int, int, int]) -> Outcome:
    """A team's bye as `engine.trf.teams.team_results` reads it (by its match points)."""
    tw, td, _tl = scoring
    mp = m.match_points[0]
    if mp >= tw:
        return Outcome.PAIRING_BYE if m.kind == "PAB" else Outcome.FULL_BYE
    return Outcome.HALF_BYE if mp and mp >= td else Outcome.ZERO_BYE


def _event_data(preview: TrfPreview, form: dict[str, Any], order: tuple[str, ...]) -> dict[str, Any]:
    rounds = preview.rounds_played + (1 if preview.trf.team and preview.trf.team.scheduled else 0)
    planned = max(form.get("planned_rounds") or 0, rounds, 1)
    keys = ("name", "discipline", "time_minutes", "time_increment", "start_date", "end_date", "venue", "chief_arbiter")
    data: dict[str, Any] = {key: form.get(key) for key in keys}
    data.update({"ruleset": "fide", "pairing_system": "micromatch", "planned_rounds": planned, "acceleration": "",
                 "tiebreak_order": ", ".join(order), "unplayed_rule": form.get("unplayed_rule") or ""})
    data["notes"] = ""  # the import line is written from the audit record, in the reader's language
    return data


def import_team_trf(actor: User, preview: TrfPreview, form: dict[str, Any], filename: str = "") -> Event:
    """Create the team event of `preview` (see the module docstring)."""
    teams = preview.trf.team
    assert teams is not None
    scoring = scoring_of(teams)
    order, _unused = team_tiebreaks_of(preview.trf.tiebreaks, scoring)
    data = _event_data(preview, form, order)
    with transaction():
        event = create_event(actor, data)
        event.first_color = preview.first_color
        event.status = EventStatus.FINISHED
        record(actor, "status", "event", event.id, {"status": EventStatus.DRAFT.value},
               {"status": EventStatus.FINISHED.value, "first_color": event.first_color, "for_the_record": True},
               event.id)
        settings = MicroMatchSettings(event_id=event.id, team=True, boards=max(1, teams.boards), games_per_board=1,
                                      scoring=scoring, openings="none")
        db.session.add(settings)
        db.session.flush()
        record(actor, "micromatch_settings", "event", event.id, None, {
            "team": True, "boards": settings.boards, "games_per_board": 1, "scoring": scoring, "openings": "none"},
            event.id)
        player_of = _players(actor, event, preview)
        team_of = _teams(actor, event, teams, player_of, settings.boards)
        entries = {t.number: _entry(t) for t in team_of.values()}
        for number in range(1, preview.rounds_played + 1):
            _round(actor, event, number, [m for m in teams.matches if m.round == number], team_of, player_of,
                   entries, settings.boards, teams.scoring, preview.trf.state)
        if teams.scheduled:
            _round(actor, event, preview.rounds_played + 1, list(teams.scheduled), team_of, player_of, entries,
                   settings.boards, teams.scoring, preview.trf.state)
        record(actor, "import_trf", "event", event.id, None, {
            "filename": filename[:200], "version": preview.version, "team": True,
            "sha1": hashlib.sha1(preview.text.encode()).hexdigest(), "players": len(preview.players),
            "new_players": preview.new_players, "teams": len(teams.teams), "rounds": preview.rounds_played,
            "scheduled_round": bool(teams.scheduled), "tiebreaks": list(order)}, event.id)
    return event


def _players(actor: User, event: Event, preview: TrfPreview) -> dict[int, int]:
    """File start number -> registry player id (matched, else new)."""
    rating_list = event.list_key
    return {p.start_no: player_id_of(actor, p, rating_list, name=given_surname(p.name)[:120]) for p in preview.players}


def _teams(actor: User, event: Event, teams: TrfTeams, player_of: dict[int, int], boards: int) -> dict[int, Team]:
    out: dict[int, Team] = {}
    for t in teams.teams:
        roster = [p for p in t.roster if p]
        if len(roster) < boards:
            raise ServiceError(_("A equipe %(no)s (%(name)s) tem %(n)s jogadores para %(b)s tabuleiros. Nada foi "
                                 "gravado.", no=t.no, name=t.name, n=len(roster), b=boards), "file")
        team = Team(event_id=event.id, number=t.no, name=(t.name or str(t.no))[:120], club=t.nickname[:120])
        for k, no in enumerate(roster, start=1):
            team.members.append(TeamMemberRow(player_id=player_of[no], position=k))
        db.session.add(team)
        db.session.flush()
        record(actor, "create", "team", team.id, None, {
            "number": team.number, "name": team.name, "club": team.club,
            "players": [m.player_id for m in team.members]}, event.id)
        out[t.no] = team
    return out


def _entry(team: Team) -> TeamEntry:
    return TeamEntry(team.number, team.name, tuple(TeamMember(m.player_id, "") for m in team.members))


def _lineup(entry: TeamEntry, players: list[int | None], boards: int, number: int) -> list[int | None]:
    lineup = (players + [None] * boards)[:boards]
    try:
        validate_lineup(entry, lineup, boards)
    except LineupError:
        raise ServiceError(_("Rodada %(r)s: a escalação da equipe %(no)s não segue a ordem dos tabuleiros da equipe "
                             "(310). Nada foi gravado.", r=number, no=entry.no), "file") from None
    return lineup


def _games(state: TournamentState, m: TrfMatch, number: int) -> list[str]:
    """Each board's game from the White team's player's side ("" for a scheduled match)."""
    if not m.played:
        return [""] * len(m.boards)
    out = []
    for a, _b in m.boards:
        outcome = state.rounds_of(a)[number - 1].outcome if a else None
        if outcome not in _GAME_TEXT:
            raise ServiceError(_("Rodada %(r)s: o resultado do jogador nº %(no)s não é o de uma partida. Nada foi "
                                 "gravado.", r=number, no=a), "file")
        out.append(_GAME_TEXT[outcome])
    return out


def _round(actor: User, event: Event, number: int, matches: list[TrfMatch], team_of: dict[int, Team],
           player_of: dict[int, int], entries: dict[int, TeamEntry], boards: int,
           scoring: tuple[int, int, int], state: TournamentState) -> None:
    """One round of the file as a published team round (see the module docstring)."""
    if not matches:
        raise ServiceError(_("A rodada %(n)s do arquivo não tem nenhuma partida nem isenção.", n=number), "file")
    rnd = TeamRound(event_id=event.id, number=number, published=True)
    db.session.add(rnd)
    db.session.flush()
    audit = []
    for table, m in enumerate(sorted(matches, key=lambda m: m.black is None), start=1):
        row = TeamMatchRow(table=table, team_a_id=team_of[m.white].id,
                           team_b_id=team_of[m.black].id if m.black is not None else None)
        if m.black is None:
            row.bye_outcome, row.bye_game_points = _bye_outcome(m, scoring).value, m.game_points[0]
            rnd.matches.append(row)
            audit.append([table, m.white, None, row.bye_outcome, row.bye_game_points])
            continue
        games = _games(state, m, number)
        la = _lineup(entries[m.white], [player_of[a] if a else None for a, _b in m.boards], boards, number)
        lb = _lineup(entries[m.black], [player_of[b] if b else None for _a, b in m.boards], boards, number)
        for k, (a, b) in enumerate(zip(la, lb), start=1):
            db.session.add(TeamLineup(round_id=rnd.id, team_id=row.team_a_id, board=k, player_id=a))
            db.session.add(TeamLineup(round_id=rnd.id, team_id=row.team_b_id, board=k, player_id=b))
        for k, game in enumerate(games, start=1):
            if game:
                row.boards.append(TeamBoardRow(board=k, game1=game, game2=""))
        rnd.matches.append(row)
        audit.append([table, m.white, m.black, [[a, b] for a, b in m.boards], games])
    db.session.flush()
    record(actor, "import_trf", "team_round", rnd.id, None, {"number": number, "matches": audit}, event.id)
