"""What the tie-break pick list shows: a one-line description of every code
and the FIDE-GR presets per kind of tournament. Pure data, read by the forms' pick list.

Presets: FIDE-GR "Choice of Tiebreak System" (RULES.md §4 "Presets"), lists (a)-(e) in their
order. "Playoff" in a FIDE-GR list is not a tie-break code: ties still standing there are settled
by the event's playoff plan, so the preset leaves it out and keeps the codes around it in order
**[ours]**. The team lists' Sonneborn-Berger is the team one (`TSB`) in a team round robin, as
RULES.md §4 writes it; the team Swiss list keeps `SB` as FIDE-GR (e) and RULES.md do.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DESCRIPTIONS", "PRESETS", "Preset", "description", "presets_for"]

# code -> (pt, en): one line saying what the value counts (the article is on the tiebreak).
DESCRIPTIONS: dict[str, tuple[str, str]] = {
    "BH": ("Soma dos pontos de todos os adversários.", "Sum of all opponents' scores."),
    "BH-C1": ("Soma dos pontos dos adversários, menos o adversário de menor pontuação.",
              "Sum of the opponents' scores, the lowest one left out."),
    "BH-C2": ("Soma dos pontos dos adversários, menos os dois de menor pontuação.",
              "Sum of the opponents' scores, the two lowest left out."),
    "BH-M1": ("Soma dos pontos dos adversários, menos o maior e o menor.",
              "Sum of the opponents' scores, the highest and the lowest left out."),
    "BH-M2": ("Soma dos pontos dos adversários, menos os dois maiores e os dois menores.",
              "Sum of the opponents' scores, the two highest and two lowest left out."),
    "SBH": ("Soma dos milésimos (Buchholz) de todos os adversários.", "Sum of the opponents' Buchholz."),
    "SB": ("Pontos dos adversários vencidos mais metade dos pontos dos que empataram.",
           "Scores of the opponents beaten plus half the scores of those drawn with."),
    "TSB": ("Sonneborn-Berger das equipes, com os pontos de jogo de cada match.",
            "Team Sonneborn-Berger, weighted by each match's game points."),
    "KS": ("Pontos feitos contra os adversários que fizeram ao menos metade dos pontos.",
           "Points scored against the opponents who scored at least half the points."),
    "DE": ("Resultados entre os empatados, quando todos se enfrentaram.",
           "Results among the tied players, when they all met."),
    "WIN": ("Partidas vencidas no tabuleiro.", "Games won over the board."),
    "BLK": ("Partidas jogadas com as pretas.", "Games played with Black."),
    "BWIN": ("Partidas vencidas com as pretas.", "Games won with Black."),
    "PS": ("Soma dos pontos acumulados ao fim de cada rodada.", "Sum of the running score after each round."),
    "PS-CORR": ("Escore acumulado sem os pontos de byes e de vitórias por W.O.",
                "Progressive score without the points of byes and forfeit wins."),
    "GP": ("Total de pontos de jogo (as partidas de cada match).",
           "Total game points (the games of each match)."),
    "MP": ("Total de pontos de match (2 vitória, 1 empate, 0 derrota).",
           "Total match points (2 win, 1 draw, 0 loss)."),
    "RTG": ("O rating do próprio jogador, o maior primeiro.", "The player's own rating, the higher first."),
    "RTNG": ("O rating do próprio jogador (C.07 de 2026).", "The player's own rating (C.07, 2026)."),
    "TPN": ("O número de emparceiramento, o menor primeiro.", "The pairing number, the lower first."),
    "REP": ("Rodadas em que o jogador escolheu jogar (contam partidas, byes do emparceiramento e "
            "W.O. a favor).",
            "Rounds the player elected to play (games, pairing byes and forfeit wins count)."),
    "STD": ("Pontos contados como 1 por vitória, ½ por empate, 0 por derrota.",
            "Points counted as 1 per win, ½ per draw, 0 per loss."),
    "WIN-R": ("Rodadas com vitória, jogada ou por W.O. ou bye.", "Rounds won, played or by forfeit or bye."),
    "LOT": ("Sorteio entre os que continuam empatados.", "A drawing of lots among those still tied."),
    "ARO": ("Média de rating dos adversários.", "Average rating of the opponents."),
    "ARO-C1": ("Média de rating dos adversários, menos o de menor rating.",
               "Average rating of the opponents, the lowest-rated left out."),
    "TPR": ("O rating que os resultados do torneio representam.",
            "The rating the tournament's results stand for."),
    "OPP-MP": ("Soma dos pontos de match das equipes adversárias.",
               "Sum of the opposing teams' match points."),
    "OPP-GP": ("Soma dos pontos de jogo das equipes adversárias.",
               "Sum of the opposing teams' game points."),
}


@dataclass(frozen=True)
class Preset:
    """One FIDE-GR recommended list: `key`, names, the article, the `kinds` it suits, its codes."""

    key: str
    name_pt: str
    name_en: str
    article: str
    kinds: tuple[str, ...]
    codes: tuple[str, ...]


PRESETS: tuple[Preset, ...] = (
    Preset("fide-rr", "FIDE: todos contra todos individual", "FIDE: individual round robin",
           "FIDE-GR, escolha dos desempates (a)", ("roundrobin",), ("DE", "BLK", "KS", "SB", "WIN")),
    Preset("fide-team-rr", "FIDE: todos contra todos por equipes", "FIDE: team round robin",
           "FIDE-GR, escolha dos desempates (b)", ("team_roundrobin",), ("GP", "MP", "DE", "TSB")),
    Preset("fide-swiss-rated", "FIDE: suíço, todos com rating confiável",
           "FIDE: Swiss, consistent ratings",
           "FIDE-GR, escolha dos desempates (c)", ("swiss", "micromatch"), ("DE", "TPR", "ARO")),
    Preset("fide-swiss", "FIDE: suíço, sem ratings confiáveis", "FIDE: Swiss, ratings not consistent",
           "FIDE-GR, escolha dos desempates (d)", ("swiss", "micromatch"),
           ("DE", "PS", "BH", "SB", "WIN", "BLK")),
    Preset("fide-team-swiss", "FIDE: suíço por equipes", "FIDE: team Swiss",
           "FIDE-GR, escolha dos desempates (e)", ("team_swiss",), ("GP", "MP", "DE", "BH", "SB")),
)


def description(code: str, english: bool = False) -> str:
    """The one-line description of `code` ("" for a code without one)."""
    texts = DESCRIPTIONS.get(code.upper())
    return "" if texts is None else texts[1 if english else 0]


def presets_for(kind: str) -> tuple[Preset, ...]:
    """The FIDE-GR presets of a kind of tournament (none for a knockout: it ranks by play)."""
    return tuple(p for p in PRESETS if kind in p.kinds)
