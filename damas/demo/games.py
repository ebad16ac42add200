"""Demo: games on record. The finished draughts round robin gets round 1's games
(one saved as written, irregular at White's second move: a capture not taken, CBJD 56 f); the
running chess open gets three games of round 1 and the start of a game of the current round,
at which the arbiter answers a question on the number of moves (CBJD 5º). The micro-match cup's
first board of round 3 gets its two games: the first written by numbers, as the federation's
table writes the opening drawn (CBJD 119), the second leaving that opening (the desk warns)."""
from __future__ import annotations

import random

from sqlalchemy import select

from damas.engine.games import result_token
from damas.engine.games.opening_check import opening_departure
from damas.extensions import db
from damas.formats.game_slots import round_slots
from damas.models import Event
from damas.services.desk.move_refs import MoveAt, move_count_question
from damas.services.games.openings import opening_of
from damas.services.games.records import event_rules, save_record

CHESS_GAMES = (
    "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 Nc3 Bb7",
    "d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O Bd3 d5 Nf3 c5 O-O Nc6 a3 Bxc3 bxc3 dxc4 Bxc4 Qc7",
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7 g4 b5",
)
IRREGULAR = "c3-d4 f6-e5 b2-c3 e5xc3 d2xb4 g7-f6 b4-c5 d6xb4 a3xc5"  # 2. b2-c3?: d4xf6 was compulsory


def _event(name: str) -> Event | None:
    return db.session.scalar(select(Event).where(Event.name.like(name)))


def demo_games(staff, arbiter, rng: random.Random | None = None) -> int:  # type: ignore[no-untyped-def]
    """Record the demo's games (the sample moves drawn from `rng`); the number recorded."""
    rng = rng or random.Random(32)
    saved = 0
    draughts = _event("Torneio Relâmpago da Federação%")
    if draughts is not None:
        rules = event_rules(draughts)
        for k, slot in enumerate(round_slots(draughts, 1) or []):
            token = result_token(rules, slot.outcome.verdict, slot.outcome.both_lost)
            if k == 0:
                save_record(arbiter, draughts, 1, slot.board, slot.game, IRREGULAR, as_written=True,
                            note="2. b2-c3? (d4xf6, CBJD 56 f)")  # notation only: the page explains it
            else:
                moves = rules.sample_game(rng, 30)  # type: ignore[attr-defined]
                save_record(arbiter, draughts, 1, slot.board, slot.game, " ".join(moves) + f" {token}")
            saved += 1
            if k == 3:
                break
    saved += _micro_games(arbiter, rng)
    chess = _event("Aberto de Xadrez de Fortaleza%")
    if chess is not None:
        rules = event_rules(chess)
        for moves, slot in zip(CHESS_GAMES, round_slots(chess, 1) or []):
            token = result_token(rules, slot.outcome.verdict, slot.outcome.both_lost)
            save_record(arbiter, chess, 1, slot.board, slot.game, f"{moves} {token}")
            saved += 1
        current = max((s.round for s in _all(chess)), default=0)
        slots = round_slots(chess, current) or []
        if slots:  # a game still on: its first moves, and the arbiter counts them (CBJD 5º)
            slot = slots[0]
            save_record(arbiter, chess, current, slot.board, slot.game, "e4 e6 d4 d5 Nc3 Nf6 Bg5 Be7 e5 Nfd7")
            move_count_question(arbiter, chess, current, _entry_id(chess, slot.white.player_id), MoveAt(5, "black"),
                                "Quantos lances foram jogados? (pedido do jogador de pretas)")
            saved += 1
    return saved


def _micro_games(arbiter, rng: random.Random) -> int:  # type: ignore[no-untyped-def]
    """Board 1 of the micro-match cup's round 3 (its last played): game 1 is the opening drawn, by numbers as the
    table writes it; game 2 (colours swapped) a sample game that leaves it."""
    micro = _event("Copa Micro Match de Damas%")
    slots = [s for s in round_slots(micro, 3) or [] if s.board == 1] if micro is not None else []
    opening = opening_of(micro, slots[0]) if micro is not None and len(slots) == 2 else None
    if micro is None or opening is None:
        return 0
    rules = event_rules(micro)
    first, second = slots
    # no note: words stored in a record would show in one language on the pages of both
    save_record(arbiter, micro, 3, first.board, first.game,
                f"{opening.moves} {result_token(rules, first.outcome.verdict, first.outcome.both_lost)}")
    moves: list[str] = []
    for _try in range(20):  # a sample game that does not follow the opening
        moves = rules.sample_game(rng, 24)  # type: ignore[attr-defined]
        if opening_departure(rules, opening.moves, moves) is not None:
            break
    save_record(arbiter, micro, 3, second.board, second.game,
                " ".join(moves) + f" {result_token(rules, second.outcome.verdict, second.outcome.both_lost)}")
    return 2


def _all(event: Event) -> list:  # type: ignore[type-arg]
    out, number = [], 1
    while (slots := round_slots(event, number)) is not None:
        out.extend(slots)
        number += 1
    return out


def _entry_id(event: Event, player_id: int) -> int:
    return next(e.id for e in event.entries if e.player_id == player_id)
