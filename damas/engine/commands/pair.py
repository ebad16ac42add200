"""`python -m damas.engine pair`: pair the next round of a TRF file, or print a Berger table.

    pair --system dutch FILE.trf [-o OUT]      JaVaFo / bbpPairings output (base.format_pairs)
    pair --system dutch-2025 FILE.trf          the same under the 2025 edition of C.04.3
    pair --system berger --players N [--double]
    pair --system micromatch FILE.trf [--ruleset cbjd] [--micro-scoring game|match]
    pair --system knockout FILE.trf [--games N] [--drawn replay|playoff] [--rapid-games N]
         [--places 2|4|8|...] [--seeds 3,1,2,...] [--lot-seed S]

TRF-16 or TRF-2026 (detected, `trf`). The file's acceleration records (``XXA`` / ``250``) give
the virtual points and replace ``--acceleration``, as in the endorsed engines; a TRF-2026 192
record names the system (when ``--system`` is not given) and the Baku method.

For `micromatch` the TRF holds two games per micro-match (columns 2k-1 and 2k are the two
games of round k against the same opponent, colours swapped); they are folded into one
micro-match per round (`micromatch_scoring.micro_state_from_games`) before pairing, and the
output lists White in game 1 first.

For `knockout` the options are the event's settings (`knockout.state.settings_from_options`):
games per tie, how a drawn tie is settled (default: `replay` under `--ruleset club`, `playoff`
otherwise), rapid play-off games, the places played off (4 adds the third-place match), the
seeding (start numbers, best first; default by rating) and the lot for play-off colours. Each
TRF column is one game of every tie still undecided (the layout the knockout rating export writes).
"""
from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from damas.engine.micromatch_scoring import micro_ruleset, micro_state_from_games
from damas.engine.pairing.acceleration import file_options
from damas.engine.pairing.base import PairingRequest, format_pairs, get_system
from damas.engine.pairing.berger import table_text
from damas.engine.pairing.knockout.state import settings_from_options
from damas.engine.trf import TrfTournament, read_trf
from damas.engine.types import Color, EngineError, Outcome
from damas.engine.integers import parse_int

__all__ = ["knockout_options", "main", "request_from_trf", "request_of"]


def request_from_trf(text: str, ruleset: str = "fide", options: dict | None = None) -> PairingRequest:
    """The request for the round after the last completed one of a TRF text: requested byes
    standing in that round's column (or in 240 records) become `requested_byes` (an empty one
    means absent); the file's acceleration as `file_options` says."""
    return request_of(read_trf(text), ruleset, options)


def request_of(trf: TrfTournament, ruleset: str = "fide", options: dict | None = None) -> PairingRequest:
    state = trf.state
    requested = {no: o for no, o in trf.pending.items() if o is not Outcome.NOT_PAIRED}
    absent = frozenset(no for no, o in trf.pending.items() if o is Outcome.NOT_PAIRED)
    return PairingRequest(
        state=state,
        round_no=state.rounds_played + 1,
        ruleset=ruleset,
        first_color=trf.first_color or Color.WHITE,
        absent=absent,
        requested_byes=requested,
        options=file_options(trf, ruleset, options),
    )


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m damas.engine pair",
                                 description="Pair the next round of a TRF-16 or TRF-2026 file.")
    ap.add_argument("--system", default=None,
                    help="pairing system code (dutch = C.04.3 2017 rules, dutch-2025, berger, ...; "
                         "default: the file's 192 record, else dutch)")
    ap.add_argument("trf", nargs="?", help="TRF-16 or TRF-2026 input file")
    ap.add_argument("-o", "--output", help="write the pairs to this file instead of stdout")
    ap.add_argument("--players", type=int, help="berger: number of players")
    ap.add_argument("--double", action="store_true", help="berger: double round robin")
    ap.add_argument("--ruleset", default="fide", help="rule set code for scores (default fide)")
    ap.add_argument("--acceleration", default=None, help="dutch, dutch-2025: 'baku' acceleration")
    ap.add_argument("--micro-scoring", default="game", choices=("game", "match"),
                    help="micromatch: game points (default) or match points")
    ko = ap.add_argument_group("knockout", "the event's knockout settings")
    ko.add_argument("--games", type=int, help="games per tie (default 1; 2 or more: a mini-match)")
    ko.add_argument("--drawn", choices=("replay", "playoff"),
                    help="a drawn tie is replayed with colours reversed (default under club) or "
                         "played off in rapid games then Armageddon (default otherwise)")
    ko.add_argument("--rapid-games", type=int, help="playoff: rapid games before Armageddon (default 2)")
    ko.add_argument("--places", type=int,
                    help="places decided by play: 2 (final only, default), 4 (third place), 8, ...")
    ko.add_argument("--seeds", help="seeding: start numbers, best first, comma separated (default by rating)")
    ko.add_argument("--lot-seed", type=int, help="seed of the lot for the colours of play-off games")
    return ap


_KNOCKOUT_OPTIONS = ("games", "drawn", "rapid_games", "places", "seeds", "lot_seed")


def knockout_options(args: argparse.Namespace, entrants: frozenset[int]) -> dict:
    """The knockout pairing options given on the command line (`settings_from_options`)."""
    options: dict = {k: getattr(args, k) for k in ("games", "drawn", "rapid_games", "places")
                     if getattr(args, k) is not None}
    if args.lot_seed is not None:
        options["seed"] = args.lot_seed
    if args.seeds is not None:
        read = [parse_int(s, minimum=1) for s in args.seeds.replace(" ", "").split(",") if s]
        if any(n is None for n in read):
            raise EngineError(f"--seeds needs start numbers separated by commas, not {args.seeds!r}")
        seeds = [n for n in read if n is not None]
        if len(set(seeds)) != len(seeds):
            raise EngineError("--seeds names a player twice")
        if set(seeds) != entrants:
            missing = sorted(entrants - set(seeds))
            unknown = sorted(set(seeds) - entrants)
            raise EngineError("--seeds must list every player of the TRF once"
                              + (f"; missing {missing}" if missing else "")
                              + (f"; no such player {unknown}" if unknown else ""))
        options["seeds"] = seeds
    return options


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.system != "knockout":
        given = [k for k in _KNOCKOUT_OPTIONS if getattr(args, k) is not None]
        if given:
            raise EngineError(f"--{given[0].replace('_', '-')} is an option of --system knockout")
    if args.system == "berger" and args.trf is None:
        if not args.players:
            raise EngineError("berger needs --players N")
        text = table_text(args.players, args.double)
    else:
        if not args.trf:
            raise EngineError("a TRF file is required")
        try:
            source = Path(args.trf).read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise EngineError(f"cannot read {args.trf}: {exc.strerror}") from None
        options: dict = {"acceleration": args.acceleration} if args.acceleration else {}
        trf = read_trf(source)
        args.system = args.system or trf.system or "dutch"
        request = request_of(trf, args.ruleset, options)
        if args.system == "knockout":
            entrants = frozenset(e.start_no for e in request.state.entrants)
            options = {**options, **knockout_options(args, entrants)}
            settings_from_options(options, args.ruleset)  # refuse bad settings before pairing
            request = replace(request, options=options)
        if args.system == "micromatch":
            rs = micro_ruleset(args.ruleset, args.micro_scoring)
            state = micro_state_from_games(request.state, rs)
            request = replace(request, state=state, round_no=state.rounds_played + 1,
                              options={**options, "micro_scoring": args.micro_scoring})
        text = format_pairs(get_system(args.system).pair(request))
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        print(text, end="")
    return 0
