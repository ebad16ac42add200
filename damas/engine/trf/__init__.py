"""FIDE TRF-16 read / write for a tournament's players and results.

TRF-16 is the exchange format of Swiss-Manager, JaVaFo and bbpPairings (FIDE Handbook
C.04 Annex "TRF16"). We read the 001 player lines, the 012/022/032/042/052/062/072/082/092/
102/112/122/132 headers and the pairing-engine extensions ``XXR`` (total rounds) and ``XXC``
(``white1``/``black1``: colour of player 1 in round 1). Columns are fixed (1-based):

    1-3 "001"   5-8 start no   10 sex   11-13 title   15-47 name   49-52 rating
    54-56 federation   58-68 FIDE id   70-79 birth date   81-84 points   86-89 rank
    round r: 92+10(r-1) .. 99+10(r-1) = "oooo c r" (opponent, colour, result)

Result codes: ``1 = 0`` and ``W D L`` played; ``+ -`` forfeit win / loss (``-`` on both sides
of a board is a double forfeit); with opponent ``0000``: ``H`` half-point bye, ``F`` full-point
bye, ``U`` pairing-allocated bye, ``Z`` (or ``-``/``0``) zero-point bye; an empty field means the
player was not paired.

TRF-16 has no code for an adjourned game. We write it ``D`` (a draw not to be rated) with the
opponent and colour **[ours]**: the pairing engines read it as C.04.2 #1 asks (a draw for pairing,
the pair has met, the colour counts) and a rating officer does not rate it; its half point is in
the points column as a pairing engine expects. Read back, ``D`` is a draw.

A pairing engine's input file may already hold, in the column of the round to pair, the byes
players requested for it (``0000 - H``/``Z``/``F``) while nobody has played that round yet: that
column is returned apart as ``pending`` and not as a completed round. The points column counts
the completed rounds only (shared/golden/README.md).

TRF-2026 (`trf.records`) is read beside TRF-16: a file holding any TRF-2026 record (142, 152,
192, 202, 240, 250, ``###`` ...) is TRF-2026, otherwise TRF-16 [ours: the format has no version
line]. Both carry the acceleration an engine needs to re-pair the event (``XXA`` / ``250``).

Read as liberally as the reference engines, strictly where it matters: an opponent
field of four blanks is ``0000`` (lichess and lidraughts write a bye or an absence as four
blanks, no colour and the code; a blank opponent with a colour is refused); a paired board
with a blank result is the round in progress, allowed in the last column only (both sides
blank; `TrfTournament.in_progress`), so an online Swiss exported mid-round or an ITDX file
with the pairing just made is read; CR, LF or CR LF, trailing blanks and a BOM are accepted.
Every TRF-2026 record is read (`trf.records`); a team file (310 / 013) is read as a team
tournament by `trf.teams`.

Errors raise `TrfError` naming the line and column; nothing is half-read.
"""
from damas.engine.trf.read import read_trf
from damas.engine.trf.tournament import TrfError, TrfTournament, trf_points
from damas.engine.trf.write import write_trf

__all__ = ["TrfError", "TrfTournament", "read_trf", "write_trf", "trf_points"]
