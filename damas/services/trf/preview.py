"""An event from another program's TRF file, step 1: read and preview.

The file is read by the engine (`damas.engine.trf.read_trf`: TRF-16, or TRF-2026 when it holds
any TRF-2026 record); a malformed file is refused with its line, column and reason and nothing
is written. The preview says what the import would create: the event (name, dates, rounds),
each player matched to the registry or new, and the problems found, with the event settings
the form starts from, guessed from the file:

- discipline and rule set: chess under FIDE rules, unless the name or type of tournament
  (012, 092) speaks of draughts (damas, draughts, dames) [ours];
- pairing system: the 192 record (TRF-2026), else the Dutch edition of `default_dutch_edition`;
  Baku acceleration when 192 names it;
- rounds: XXR / 142 (at least the rounds played); time control: the first numbers of 122
  ("90'+30''" is 90 minutes + 30 seconds) [ours]; tie-breaks: the 202 record's;
- first-round colour: XXC / 152, else inferred from round 1 as `engine.check` does.

Players are matched [ours] by FIDE id, then by name (accents, case and a "Surname, Given"
order ignored) when exactly one registered player has that name and, where the file gives a
birth year, that year; anyone else is a new player. A name written twice in the file is never
matched (both become new players); a FIDE id written twice refuses the file.

Text is UTF-8, else Windows-1252 (Swiss-Manager's) [ours]; control characters refuse the file.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.check import infer_first_color
from damas.engine.folding import fold
from damas.engine.pairing.acceleration import acceleration_table
from damas.engine.titles import from_trf
from damas.engine.trf import TrfError, TrfTournament, read_trf, trf_points
from damas.engine.trf.records import tiebreak_codes_of
from damas.engine.types import EngineError, Outcome
from damas.extensions import db
from damas.models import Player
from damas.services.errors import ServiceError
from damas.services.events.lifecycle import default_dutch_edition
from damas.services.trf.foreign import (
    foreign_problems,
    kept_records,
    round_in_progress_points,
    scoring_of,
    team_rows,
    team_tiebreaks_of,
    team_tiebreak_names,
)
from damas.services.trf.reasons import trf_reason
from damas.engine.integers import parse_int

__all__ = ["ImportedPlayer", "TrfPreview", "decode_trf", "preview_trf", "IMPORT_SYSTEMS", "MAX_TRF_BYTES"]

IMPORT_SYSTEMS = ("dutch", "dutch-2025", "sb-swiss")  # round-by-round systems an import continues
# The preview page posts the file back in base64 (4/3 of its size) within MAX_CONTENT_LENGTH (1 MB).
MAX_TRF_BYTES = 700 * 1024
_DRAUGHTS = ("damas", "draughts", "dames", "checkers", "dama ")
_ROUND_ROBIN = ("robin", "berger", "schuring", "todos contra todos")
_DATE_FORMATS = ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%d/%m/%Y", "%d.%m.%Y", "%d-%m-%Y", "%y/%m/%d")


@dataclass(frozen=True)
class ImportedPlayer:
    """One 001 line and what the import does with it (`player_id` None = a new player)."""

    start_no: int
    name: str
    rating: int
    fide_id: str
    sex: str  # "M", "F" or "" (unknown)
    birth_date: date | None
    birth_year: int | None
    points: int  # half points of the completed rounds
    file_points: int | None
    player_id: int | None = None
    player_name: str = ""
    matched_by: str = ""  # "fide_id" or "name"
    federation: str = ""  # the file's FIDE federation (columns 54-56), 3 capitals or ""
    title: str = ""  # the file's FIDE title (columns 11-13, `engine.titles.from_trf`), "" for none


@dataclass(frozen=True)
class TrfPreview:
    trf: TrfTournament
    text: str
    name: str
    venue: str
    chief_arbiter: str
    start_date: date | None
    end_date: date | None
    rounds_played: int
    players: tuple[ImportedPlayer, ...]
    defaults: dict[str, Any]
    first_color: str
    problems: tuple[str, ...] = ()
    encoding: str = "UTF-8"
    pending: dict[int, Outcome] = field(default_factory=dict)
    kept: tuple[dict[str, Any], ...] = ()  # records kept as text, not used
    teams: tuple[dict[str, Any], ...] = ()  # a team file's teams (`trf_foreign.team_rows`)
    team_tiebreaks: tuple[str, ...] = ()

    @property
    def team(self) -> bool:
        return self.trf.team is not None

    @property
    def version(self) -> str:
        return self.trf.version

    @property
    def new_players(self) -> int:
        return sum(1 for p in self.players if p.player_id is None)


def _refuse(reason: str, line: int | None = None, column: int | None = None) -> ServiceError:
    where = ""
    if line is not None:
        where = _("linha %(line)s", line=line) + (_(", coluna %(col)s", col=column) if column else "")
    return ServiceError(_("Arquivo TRF recusado (%(where)s): %(reason)s. Nada foi gravado.",
                          where=where or _("arquivo"), reason=reason), "file")


def decode_trf(data: bytes) -> tuple[str, str]:
    """(text, encoding name) of an uploaded file; ServiceError naming the line otherwise."""
    if not data.strip():
        raise _refuse(_("o arquivo está vazio"))
    if len(data) > MAX_TRF_BYTES:
        raise _refuse(_("o arquivo passa de %(kb)s KB", kb=MAX_TRF_BYTES // 1024))
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text, encoding = data.decode("utf-8"), "UTF-8"
    except UnicodeDecodeError:
        try:
            text, encoding = data.decode("cp1252"), "Windows-1252"
        except UnicodeDecodeError as error:
            raise _refuse(_("caractere inválido (nem UTF-8 nem Windows-1252)"),
                          data[:error.start].count(b"\n") + 1) from None
    for number, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1):
        bad = next((k for k, c in enumerate(line) if (ord(c) < 32 and c != "\t") or ord(c) == 127), None)
        if bad is not None:
            raise _refuse(_("caractere de controle"), number, bad + 1)
    return text, encoding


def _parse(text: str) -> TrfTournament:
    try:
        return read_trf(text)
    except TrfError as error:
        reason = trf_reason(str(error).split(": ", 1)[-1])
        raise _refuse(reason, error.line, error.column) from None
    except EngineError as error:
        raise _refuse(str(error)) from None


def _date(value: str) -> date | None:
    value = value.strip()
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(value, fmt).date()
        except ValueError:
            continue
    return None


def _birth_dates(text: str) -> dict[int, tuple[date | None, int | None]]:
    """Start no -> (full birth date, birth year) from columns 70-79 of the 001 lines."""
    out: dict[int, tuple[date | None, int | None]] = {}
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if not line.startswith("001") or parse_int(line[4:8]) is None:
            continue
        raw = line[69:79].strip()
        year = parse_int(raw[:4], minimum=1900)
        full = _date(raw) if year else None
        if full is not None and not (1900 <= full.year and full <= date.today()):
            full = None
        out[int(line[4:8])] = (full, year)
    return out


def normal_name(name: str) -> str:
    """A name for matching: no accents, case or punctuation; "Silva, João" -> "joao silva"."""
    if "," in name:
        last, _sep, first = name.partition(",")
        name = f"{first} {last}"
    return " ".join(re.sub(r"[^\w\s]", " ", fold(name)).split())


def _match(players: list[ImportedPlayer]) -> tuple[list[ImportedPlayer], list[str]]:
    """Each file player matched to a registered one where `module docstring` says so."""
    problems: list[str] = []
    rows = db.session.execute(select(Player.id, Player.full_name, Player.birth_date, Player.fide_id,
                                     Player.fide_title)).all()
    by_fide = {r.fide_id: r for r in rows if r.fide_id}
    by_name: dict[str, list[Any]] = {}
    for r in rows:
        by_name.setdefault(normal_name(r.full_name), []).append(r)
    names_in_file: dict[str, int] = {}
    for p in players:
        names_in_file[normal_name(p.name)] = names_in_file.get(normal_name(p.name), 0) + 1
    out = []
    for p in players:
        row = by_fide.get(p.fide_id) if p.fide_id else None
        how = "fide_id" if row is not None else ""
        key = normal_name(p.name)
        if row is None and names_in_file[key] > 1:
            problems.append(_("Nº %(no)s %(name)s: o nome aparece mais de uma vez no arquivo; será cadastrado como "
                              "jogador novo.", no=p.start_no, name=p.name))
        elif row is None:
            found = [r for r in by_name.get(key, []) if not (p.fide_id and r.fide_id and r.fide_id != p.fide_id)
                     and (p.birth_year is None or r.birth_date is None or r.birth_date.year == p.birth_year)]
            if len(found) == 1:
                row, how = found[0], "name"
            elif len(found) > 1:
                problems.append(_("Nº %(no)s %(name)s: há %(n)s jogadores com este nome no cadastro; será cadastrado "
                                  "como jogador novo.", no=p.start_no, name=p.name, n=len(found)))
        if row is not None and p.title and row.fide_title and row.fide_title != p.title:
            problems.append(_("Nº %(no)s %(name)s: o arquivo dá o título %(file)s, o cadastro tem %(ours)s; o cadastro "
                              "fica como está.", no=p.start_no, name=p.name, file=p.title, ours=row.fide_title))
        out.append(replace(p, player_id=row.id, player_name=row.full_name, matched_by=how) if row else p)
    taken = {p.player_id for p in out if p.matched_by == "fide_id"}
    for k, p in enumerate(out):  # a registered player is one entry: a name match already taken is new
        if p.matched_by == "name":
            if p.player_id in taken:
                problems.append(_("Nº %(no)s %(name)s: o jogador de mesmo nome no cadastro já é outro jogador do "
                                  "arquivo; será cadastrado como jogador novo.", no=p.start_no, name=p.name))
                out[k] = replace(p, player_id=None, player_name="", matched_by="")
            else:
                taken.add(p.player_id)
    return out, problems


def _players(trf: TrfTournament, text: str) -> tuple[list[ImportedPlayer], list[str]]:
    births = _birth_dates(text)
    seen: dict[str, int] = {}
    players, problems = [], []
    for e in trf.state.entrants:
        if not e.name:
            raise _refuse(_("o jogador nº %(no)s não tem nome", no=e.start_no))
        fide = e.fide_id.strip().lstrip("0")
        if fide and not (fide.isascii() and fide.isdigit() and len(fide) <= 12):
            problems.append(_("Nº %(no)s: FIDE ID %(id)s ignorado (só dígitos).", no=e.start_no, id=e.fide_id))
            fide = ""
        if fide in seen:
            raise _refuse(_("o FIDE ID %(id)s aparece nos jogadores nº %(a)s e nº %(b)s", id=fide, a=seen[fide],
                            b=e.start_no))
        if fide:
            seen[fide] = e.start_no
        full, year = births.get(e.start_no, (None, e.birth_year))
        title = from_trf(e.title)
        if e.title.strip() and not title:
            problems.append(_("Nº %(no)s: título \"%(title)s\" não reconhecido, ignorado.", no=e.start_no,
                              title=e.title.strip()))
        players.append(ImportedPlayer(
            start_no=e.start_no, name=" ".join(e.name.split())[:120], rating=min(e.rating, 3500), fide_id=fide,
            sex={"f": "F", "m": "M"}.get(e.sex, ""), birth_date=full, birth_year=year,
            points=trf_points(trf.state.rounds_of(e.start_no)) + round_in_progress_points(trf, e.start_no),
            file_points=trf.points_column.get(e.start_no),
            federation=e.federation.upper() if re.fullmatch(r"[A-Za-z]{3}", e.federation) else "", title=title))
    return players, problems


def _guess(trf: TrfTournament, headers: dict[str, str]) -> tuple[dict[str, Any], list[str]]:
    """The form's starting values (see the module docstring) and what the guesses could not keep."""
    problems: list[str] = []
    words = " ".join(headers.get(tag, "") for tag in ("012", "092")).casefold() + " "
    draughts = any(w in words for w in _DRAUGHTS)
    discipline = ("damas-100" if "100" in words or "internac" in words else "damas-64") if draughts else "xadrez"
    ruleset = "cbjd" if draughts else "fide"
    system = trf.system if trf.system in IMPORT_SYSTEMS else default_dutch_edition(ruleset, discipline)
    if any(w in words for w in _ROUND_ROBIN):
        problems.append(_("O tipo de torneio (092) parece todos-contra-todos: aqui o evento continua como suíço."))
    acceleration = "baku" if trf.acceleration == "baku" else ""
    if acceleration and trf.accelerations and trf.team is None:
        ours = acceleration_table(trf.state, "baku", max(trf.total_rounds, trf.state.rounds_played, 1))
        if {no: v for no, v in ours.items() if any(v)} != dict(trf.accelerations):
            problems.append(_("A tabela de pontos virtuais do arquivo (250) difere da aceleração Baku (C.04.5.1) "
                              "que calculamos: o evento segue a nossa."))
    if trf.accelerations and not acceleration:
        problems.append(_("A tabela de pontos virtuais do arquivo (XXA/250) não é usada: escolha a aceleração Baku "
                          "se o torneio a usava."))
    minutes, increment = 60, 0
    numbers = re.findall(r"\d+", headers.get("122", ""))
    if numbers and 1 <= int(numbers[0]) <= 600:
        minutes = int(numbers[0])
        plus = re.search(r"\+\s*(\d+)", headers.get("122", ""))
        increment = int(plus.group(1)) if plus and int(plus.group(1)) <= 300 else 0
    elif headers.get("122"):
        problems.append(_("Ritmo de jogo (122) não reconhecido: %(text)s.", text=headers["122"][:60]))
    order = ""
    if trf.team is not None:  # a team file: its team tie-breaks (`trf_foreign` names those not used)
        order = ", ".join(team_tiebreaks_of(trf.tiebreaks, scoring_of(trf.team))[0])
        ruleset = "fide"
    elif trf.tiebreaks:
        try:
            order = ", ".join(tiebreak_codes_of(trf.tiebreaks))
        except EngineError as error:
            problems.append(_("Desempates do arquivo (202) não usados: %(why)s", why=str(error)))
    return {"discipline": discipline, "ruleset": ruleset, "pairing_system": system, "acceleration": acceleration,
            "time_minutes": minutes, "time_increment": increment, "tiebreak_order": order,
            "planned_rounds": max(trf.total_rounds, trf.state.rounds_played, 1)}, problems


def _round_problems(trf: TrfTournament, players: list[ImportedPlayer]) -> list[str]:
    state, problems = trf.state, []
    played = state.rounds_played
    for p in players:
        results = state.rounds_of(p.start_no)
        for r in results:
            if r.outcome is Outcome.FULL_BYE:
                problems.append(_("Nº %(no)s, rodada %(r)s: bye de um ponto (F) gravado como isenção (bye do "
                                  "emparceiramento).", no=p.start_no, r=r.round))
        if p.file_points is not None and p.file_points != p.points:
            problems.append(_("Nº %(no)s %(name)s: a coluna de pontos diz %(file)s, as rodadas somam %(sum)s "
                              "(a classificação segue as rodadas).", no=p.start_no, name=p.name,
                              file=_half(p.file_points), sum=_half(p.points)))
        if played and results and results[-1].outcome is Outcome.NOT_PAIRED and p.start_no not in trf.pending:
            problems.append(_("Nº %(no)s %(name)s não jogou a última rodada: se desistiu, registre a desistência "
                              "antes de emparceirar.", no=p.start_no, name=p.name))
    for no, outcome in trf.pending.items():
        if outcome is Outcome.FULL_BYE:
            problems.append(_("Nº %(no)s: o bye de um ponto pedido para a rodada %(r)s não é importado; registre-o "
                              "na rodada.", no=no, r=played + 1))
    unknown = sum(1 for p in players if not p.sex)
    if unknown:
        problems.append(_("%(n)s jogadores novos sem sexo no arquivo serão cadastrados como masculino; corrija no "
                          "cadastro.", n=unknown) if any(not p.sex and p.player_id is None for p in players) else
                        _("%(n)s jogadores sem sexo no arquivo (já cadastrados: nada muda).", n=unknown))
    return problems


def _half(half: int) -> str:
    return f"{half // 2}.{5 if half % 2 else 0}"


def preview_trf(text: str, encoding: str = "UTF-8") -> TrfPreview:
    """Everything the confirm step writes, computed without writing anything."""
    trf = _parse(text)
    headers = dict(trf.state.extra)
    players, problems = _players(trf, text)
    players, matched_problems = _match(players)
    defaults, guess_problems = _guess(trf, headers)
    if "XXS" in {line[:3] for line in text.splitlines()}:
        guess_problems.append(_("A pontuação do arquivo (XXS) não é lida: vale a do regulamento escolhido."))
    first = trf.first_color or infer_first_color(trf.state)
    if trf.first_color is None and trf.state.rounds_played:
        guess_problems.append(_("Cor inicial (XXC/152) ausente: deduzida da 1ª rodada."))
    start, end = _date(headers.get("042", "")), _date(headers.get("052", ""))
    if start is None:
        guess_problems.append(_("Data de início (042) ausente ou ilegível: confira as datas."))
    return TrfPreview(
        trf=trf, text=text, name=" ".join(headers.get("012", "").split())[:160], venue=headers.get("022", "")[:200],
        chief_arbiter=headers.get("102", "")[:120], start_date=start, end_date=end or start,
        rounds_played=trf.state.rounds_played, players=tuple(players), defaults=defaults,
        first_color=first.value if first.value in "wb" else "w",
        problems=tuple(problems + matched_problems + guess_problems + _round_problems(trf, players)
                       + foreign_problems(trf)),
        encoding=encoding, pending=dict(trf.pending), kept=tuple(kept_records(trf)), teams=tuple(team_rows(trf)),
        team_tiebreaks=tuple(team_tiebreak_names(trf)))
