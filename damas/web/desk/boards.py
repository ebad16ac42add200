"""What the desk page shows of the event's boards, one page adapter per kind of board (the
service's adapters are in `damas.services.desk.boards`; the codes are the same).

Each adapter fills the board selects of the incident, sanction and claim forms (rounds and the
players who can be named), adds the results the desk recorded outside `DeskPenalty` rows (team
boards, knockout games: from the audit log) and names the partial the page shows above the
incidents (the knockout's ties, the team boards' numbering).
"""
from __future__ import annotations

from typing import Any, Protocol

from flask_babel import gettext as _

from damas.extensions import db
from damas.models import Entry, Event, KnockoutGame, RoundStatus
from damas.models.micromatch import TeamMatchRow
from damas.reports.bracket import stage_names, tie_label
from damas.services.desk import knockout as desk_knockout
from damas.services.desk import teams as desk_teams
from damas.services.desk.boards import KNOCKOUT, MICRO, MICRO_TEAMS, ROUND, board_kind_of
from damas.formats.mapping import event_rounds
from damas.web.desk.common import fmt_dt
from damas.web.forms_util import choices
from damas.formats.round_view import KNOCKOUT_RESULTS as KNOCKOUT_RESULT
from damas.presentation.results import result_label


class DeskPage(Protocol):
    #: the incident and sanction forms name the player by round, board number and side;
    #: False: by a list of the players (knockout ties, team boards)
    from_board: bool

    def fill_form(self, event: Event, form: Any) -> None:
        """The round and player choices of a board form."""

    def recorded_rows(self, event: Event) -> list[dict[str, Any]]:
        """Results the desk recorded that are not `DeskPenalty` rows (not reversed on the desk)."""

    def note(self, event: Event) -> tuple[str | None, Any]:
        """The partial the page shows above the incidents (None: none) and its data."""


class GamePage:
    """Round-based and micro-match events: published rounds, players by pairing number (the
    incident and sanction forms: by board number and side)."""

    from_board = True

    def fill_form(self, event: Event, form: Any) -> None:
        rounds = [r for r in event_rounds(event) if r.status == RoundStatus.PUBLISHED]
        form.round_number.choices = choices((r.number, _("Rodada %(n)s", n=r.number)) for r in reversed(rounds))
        entries = sorted(event.entries, key=lambda e: (e.pairing_number or 10**6, e.player.full_name))
        form.entry_id.choices = choices(
            (e.id, f"{e.pairing_number or '—'}. {e.player.full_name}") for e in entries if e.pairing_number is not None
        )

    def recorded_rows(self, event: Event) -> list[dict[str, Any]]:
        return []

    def note(self, event: Event) -> tuple[str | None, Any]:
        return None, None


class KnockoutPage:
    """Knockout: the rounds (fases) with ties of two players, latest first, and their players
    (labelled with their latest tie); see `damas.services.desk.knockout` for the mapping."""

    from_board = False

    def _ties(self, event: Event) -> list[dict[str, Any]]:
        bracket, ties = desk_knockout.desk_ties(event)
        names = stage_names()
        return [{**t, "label": tie_label(bracket, t["id"]),
                 "current": {**t["current"], "stage": names[t["current"]["stage"]]} if t["current"] else None}
                for t in ties]

    def fill_form(self, event: Event, form: Any) -> None:
        rounds: dict[int, str] = {}
        latest: dict[int, tuple[Entry, dict[str, Any]]] = {}
        for t in self._ties(event):
            if t["tie"] == 1 or t["round"] not in rounds:
                rounds[t["round"]] = _("%(label)s (fase %(n)s)", label=t["label"], n=t["round"])
            for _no, entry in t["players"]:
                latest.setdefault(entry.id, (entry, t))
        form.round_number.label.text = _("Fase da eliminatória")
        form.round_number.choices = choices(sorted(rounds.items(), reverse=True))
        form.entry_id.choices = choices(
            (entry.id, _("%(no)s. %(name)s — %(tie)s, confronto %(k)s%(state)s", no=entry.pairing_number,
                         name=entry.player.full_name, tie=t["label"], k=t["tie"],
                         state="" if t["open"] else _(" (decidido)")))
            for entry, t in sorted(latest.values(), key=lambda et: et[0].pairing_number or 0)
        )

    def recorded_rows(self, event: Event) -> list[dict[str, Any]]:
        """Results the desk recorded on knockout games; changed with the knockout page's correction."""
        out = []
        for a in desk_knockout.penalty_entries(event):
            after = a.after or {}
            white = db.session.get(Entry, after.get("white_entry_id"))
            black = db.session.get(Entry, after.get("black_entry_id"))
            game = db.session.get(KnockoutGame, a.object_id)
            changed = game is None or game.outcome != after.get("outcome")
            out.append({
                "id": None, "round": after.get("round"), "board": after.get("tie"),
                "white": white.player.full_name if white else "", "black": black.player.full_name if black else "",
                "article": after.get("article", ""), "source": after.get("source", ""), "before": "—",
                "after": result_label(event.ruleset, KNOCKOUT_RESULT[after["outcome"]]) if after.get("outcome") else "",
                "applied_by": a.user.name if a.user else "—", "applied_at": fmt_dt(a.at),
                "reversed": changed, "reversed_at": "", "reversed_by": "", "reason": "",
                "status_text": _("Alterada pela correção da eliminatória") if changed else _("Em vigor"),
                "change_endpoint": "knockout.bracket", "change_args": {},
                "change_label": _("Correção na eliminatória"),
            })
        return out

    def note(self, event: Event) -> tuple[str | None, Any]:
        return "desk/_knockout_ties.html", [
            {**t, "players": [f"{no}. {e.player.full_name}" for no, e in t["players"]]} for t in self._ties(event)]


class TeamPage:
    """Team micro-match: the published team rounds, latest first, and the players on a board of
    them (value: the player id; labelled with team, table and board of their latest round); see
    `damas.services.desk.teams` for the mapping."""

    from_board = False

    def fill_form(self, event: Event, form: Any) -> None:
        rounds: dict[int, str] = {}
        latest: dict[int, tuple[str, str, dict[str, Any]]] = {}
        for b in desk_teams.team_boards(event):
            rounds.setdefault(b["round"], _("Rodada %(n)s", n=b["round"]))
            for pid, name, team in ((b["a"], b["a_name"], b["a_team"]), (b["b"], b["b_name"], b["b_team"])):
                latest.setdefault(pid, (name, team, b))
        form.round_number.choices = choices(sorted(rounds.items(), reverse=True))
        form.entry_id.choices = choices(
            (pid, _("%(name)s — %(team)s, mesa %(table)s, tabuleiro %(k)s (rodada %(r)s)", name=name, team=team,
                    table=b["table"], k=b["k"], r=b["round"]))
            for pid, (name, team, b) in sorted(latest.items(), key=lambda kv: (kv[1][2]["board"], kv[1][0]))
        )

    def recorded_rows(self, event: Event) -> list[dict[str, Any]]:
        """Games the desk recorded on team boards; changed with the team results form of the round."""
        names = desk_teams.names(event)
        out = []
        for a in desk_teams.penalty_entries(event):
            after = a.after or {}
            k, game_no = after.get("board"), after.get("micro_game") or 1
            match = db.session.get(TeamMatchRow, a.object_id)
            row = next((b for b in match.boards if b.board == k), None) if match is not None else None
            changed = row is None or getattr(row, f"game{game_no}") != after.get("result")
            out.append({
                "id": None, "round": after.get("round"), "board": after.get("event_board"),
                "white": names.get(after.get("player_a"), ""), "black": names.get(after.get("player_b"), ""),
                "article": after.get("article", ""), "source": after.get("source", ""), "before": "—",
                "after": _("%(k)sª partida: %(result)s", k=game_no, result=after.get("result", "")),
                "applied_by": a.user.name if a.user else "—", "applied_at": fmt_dt(a.at),
                "reversed": changed, "reversed_at": "", "reversed_by": "", "reason": "",
                "status_text": _("Alterada no formulário de resultados") if changed else _("Em vigor"),
                "change_endpoint": "micromatch.team_round", "change_args": {"number": after.get("round")},
                "change_label": _("Resultados da rodada"),
            })
        return out

    def note(self, event: Event) -> tuple[str | None, Any]:
        return "desk/_team_note.html", None


PAGES: dict[str, DeskPage] = {ROUND: GamePage(), MICRO: GamePage(), MICRO_TEAMS: TeamPage(), KNOCKOUT: KnockoutPage()}


def desk_page(event: Event) -> DeskPage:
    """The page adapter of the event's kind of board."""
    return PAGES[board_kind_of(event)]
