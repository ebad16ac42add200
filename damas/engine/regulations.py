"""What the system does, in words, for an event's regulations page (RULES.md: decisions marked
[ours] must be shown so arbiters can see them).

One text per pairing system (pt-BR and en) and the rule set's scoring and decisions, built
from the engine's own tables so the page cannot drift from what the engine computes.
"""
from __future__ import annotations

from dataclasses import dataclass

from damas.engine.pairing import get_system
from damas.engine.pairing.sb_swiss import RULE_TEXT as SB_SWISS_TEXT
from damas.engine.rulesets import RuleSet, get_ruleset
from damas.engine.tiebreaks import get_tiebreak
from damas.engine.types import Outcome

# the numbering of `damas.engine.games.notation` (CBJD 4º numbers no 64-square board; CBJD 119 tables)
NUMERIC_64_TEXT = (
    "Tabelas de aberturas e planilhas de 64 casas na notação numérica: casas escuras numeradas de 1 a 32 a "
    "partir do lado das brancas, fila por fila, da direita para a esquerda (1 = g1, 4 = a1, 5 = h2, 32 = b8) "
    "[ours]; cada planilha numa só notação, numérica ou algébrica (CBJD 4º). A planilha que não começa pela "
    "abertura sorteada é apontada ao árbitro, não recusada.",
    "Opening tables and 64-square score sheets in numeric notation: the dark squares numbered 1 to 32 from "
    "White's side, row by row, right to left (1 = g1, 4 = a1, 5 = h2, 32 = b8) [ours]; each score sheet in one "
    "notation, numeric or algebraic (CBJD 4º). A score sheet that does not start with the opening drawn is "
    "pointed out to the arbiter, not refused.",
)

SYSTEM_TEXT: dict[str, dict[str, tuple[str, ...]]] = {
    "berger": {
        "pt": (
            "Todos contra todos pelas tabelas de Berger (iguais às tabelas Schuring da CBJD).",
            "Com número ímpar de jogadores, quem enfrentaria o número fantasma fica isento na rodada.",
            "Turno e returno: o returno repete o turno com as cores trocadas; as duas últimas rodadas "
            "do turno são trocadas para ninguém jogar três vezes seguidas com a mesma cor.",
            "Números de emparceiramento por rating, por sorteio ou por sorteio restrito (tabelas Varma), "
            "com a semente registrada.",
        ),
        "en": (
            "All-play-all by the Berger tables (the CBJD Schuring tables are the same).",
            "With an odd number of players, whoever would meet the dummy number has the bye that round.",
            "Double round robin: the second cycle repeats the first with colours reversed; the last two "
            "rounds of the first cycle are swapped so nobody has the same colour three times in a row.",
            "Pairing numbers by rating, by lot or by restricted drawing (Varma tables), the seed recorded.",
        ),
    },
    "dutch": {
        "pt": (
            "Sistema suíço holandês da FIDE (C.04.3, regras de 2017) com as regras gerais do C.04.2.",
            "Ninguém enfrenta o mesmo adversário duas vezes nem recebe dois byes; limites absolutos de cor.",
            "Cor do nº 1 na 1ª rodada por sorteio, registrado; metade de cima contra metade de baixo.",
            "Partidas não jogadas não entram no histórico de cores; partidas adiadas contam como empate "
            "para o emparceiramento.",
            "Byes pedidos com antecedência e ausências avisadas não são emparceirados (C.04.2 #4).",
            "Edição das regras escolhida no evento, fixa depois da 1ª rodada; por padrão 2017 nos eventos "
            "da CBJD e de clube, 2025 nos eventos FIDE de xadrez (decisão da federação).",
        ),
        "en": (
            "FIDE Dutch Swiss system (C.04.3, 2017 rules) with the general rules of C.04.2.",
            "Nobody meets the same opponent twice or gets two byes; absolute colour limits apply.",
            "Colour of number 1 in round 1 drawn by lot and recorded; top half meets bottom half.",
            "Unplayed games are left out of the colour history; adjourned games count as draws for pairing.",
            "Byes requested in advance and announced absences are not paired (C.04.2 #4).",
            "Edition of the rules chosen for the event, fixed after round 1; by default 2017 for CBJD and "
            "club events, 2025 for FIDE chess events (federation's decision).",
        ),
    },
    "dutch-2025": {
        "pt": (
            "Sistema suíço holandês da FIDE, edição de 2025 (C.04.3, em vigor para eventos FIDE desde "
            "1º/2/2026), com as regras gerais do C.04.2.",
            "Ninguém enfrenta o mesmo adversário duas vezes; limites absolutos de cor; cada grupo é "
            "emparceirado de modo que os jogadores abaixo dele ainda possam ser todos emparceirados (C4).",
            "Bye do emparceiramento para quem tiver a menor pontuação possível (C5) e, entre esses, o menor "
            "número de partidas não jogadas (C9); não o recebe quem já teve um bye do emparceiramento ou "
            "já marcou numa rodada, sem jogar, os pontos de uma vitória (W.O. ou bye de um ponto) (C2).",
            "Flutuação sem jogar só para quem marcou mais que uma derrota (bye, W.O. a favor); ausência e "
            "derrota por W.O. não contam como flutuação (1.4.3).",
            "Cor do nº 1 na 1ª rodada por sorteio, registrado; metade de cima contra metade de baixo; "
            "partidas não jogadas não entram no histórico de cores.",
            "Byes pedidos com antecedência e ausências avisadas não são emparceirados (C.04.2).",
            "Edição das regras escolhida no evento, fixa depois da 1ª rodada; por padrão 2025 nos eventos "
            "FIDE de xadrez, 2017 nos da CBJD e de clube (decisão da federação).",
        ),
        "en": (
            "FIDE Dutch Swiss system, 2025 edition (C.04.3, in force for FIDE events from 1 February 2026), "
            "with the general rules of C.04.2.",
            "Nobody meets the same opponent twice; absolute colour limits apply; each bracket is paired so "
            "that the players below it can still all be paired (C4).",
            "The pairing-allocated bye goes to the lowest score possible (C5) and, among those, to the fewest "
            "unplayed games (C9); not to a player who already had one or already scored a win's points in a "
            "round without playing (forfeit win or full-point bye) (C2).",
            "A float without playing only for scoring more than a loss (bye, forfeit win); an absence or a "
            "forfeit loss is no float (1.4.3).",
            "Colour of number 1 in round 1 drawn by lot and recorded; top half meets bottom half; unplayed "
            "games are left out of the colour history.",
            "Byes requested in advance and announced absences are not paired (C.04.2).",
            "Edition of the rules chosen for the event, fixed after round 1; by default 2025 for FIDE chess "
            "events, 2017 for CBJD and club events (federation's decision).",
        ),
    },
    "sb-swiss": dict(SB_SWISS_TEXT),
    "micromatch": {
        "pt": (
            "Sistema Brasileiro de Emparceiramento [definição nossa]: suíço em micro matches (duas "
            "partidas com cores trocadas e a mesma abertura sorteada).",
            "Grupos por pontuação; dentro do grupo, pela ordem inicial, metade de cima contra metade de "
            "baixo; quem sobra desce para o grupo seguinte; ninguém se enfrenta duas vezes.",
            "Minimiza primeiro os flutuantes e depois evita que o mesmo jogador flutue em rodadas seguidas.",
            "Bye para o último do grupo mais baixo que ainda não teve bye: vale um micro match vencido.",
            "Brancas na 1ª partida: quem começou o micro match anterior de pretas.",
            NUMERIC_64_TEXT[0],
        ),
        "en": (
            "Brazilian micro-match pairing system [our definition]: a Swiss on micro-matches (two games "
            "with colours swapped and the same opening drawn by lot).",
            "Score groups; inside a group, by starting rank, top half meets bottom half; a player left "
            "over floats down; nobody meets twice.",
            "Floaters are minimised first, then the same player does not float in consecutive rounds.",
            "Bye to the lowest-ranked player of the lowest group who has had none: scored as a won micro-match.",
            "White in game 1: the player who started his previous micro-match with Black.",
            NUMERIC_64_TEXT[1],
        ),
    },
    "knockout": {
        "pt": (
            "Eliminatória com chave semeada por rating (1 x N, 2 x N-1...): os dois primeiros só se "
            "encontram na final; fora de uma potência de 2, os mais bem colocados passam direto à 2ª fase.",
            "Empate no confronto: nova partida com cores trocadas (clube) ou desempate rápido e Armagedon "
            "(brancas 5 min, pretas 4, empate favorece as pretas).",
        ),
        "en": (
            "Knockout with a bracket seeded by rating (1 v N, 2 v N-1...): the top two can only meet in "
            "the final; outside a power of two the highest-rated go straight to round 2.",
            "A drawn tie is replayed with colours reversed (club) or goes to rapid tie-break games and "
            "Armageddon (White 5 min, Black 4, a draw wins for Black).",
        ),
    },
}

OUTCOME_NAMES = {
    Outcome.WIN: ("Vitória", "Win"),
    Outcome.DRAW: ("Empate", "Draw"),
    Outcome.LOSS: ("Derrota", "Loss"),
    Outcome.FORFEIT_WIN: ("Vitória por W.O.", "Forfeit win"),
    Outcome.FORFEIT_LOSS: ("Derrota por W.O.", "Forfeit loss"),
    Outcome.DOUBLE_FORFEIT: ("W.O. duplo (ambos ausentes)", "Double forfeit (both absent)"),
    Outcome.PAIRING_BYE: ("Isenção (bye do emparceiramento)", "Pairing-allocated bye"),
    Outcome.FULL_BYE: ("Bye de um ponto pedido", "Requested full-point bye"),
    Outcome.HALF_BYE: ("Bye de meio ponto pedido", "Requested half-point bye"),
    Outcome.ZERO_BYE: ("Ausência avisada", "Announced absence"),
    Outcome.ADJOURNED: ("Partida adiada: empate só para o emparceiramento (C.04.2 #1); na classificação, "
                        "pendente até o resultado [ours]",
                        "Adjourned game: a draw for pairing only (C.04.2 #1); pending in the standings "
                        "until its result [ours]"),
}

UNPLAYED_TEXT = {
    "seed": ("Rodada não jogada conta nos desempates como empate contra o próprio jogador (FIDE-TB).",
             "An unplayed round counts in tiebreaks as a draw against the player himself (FIDE-TB)."),
    "played": ("Desempates por adversário contam só as partidas jogadas.",
               "Opponent-based tiebreaks count played games only."),
    "fide-2024": ("Rodadas não jogadas: adversário virtual com a pontuação do próprio jogador, cortadas "
                  "primeiro (FIDE C.07, 2023/24).",
                  "Unplayed rounds: a dummy opponent with the player's own score, cut first (FIDE C.07, 2023/24)."),
    "fide-2026": ("Rodadas não jogadas: adversário virtual que vale no máximo a pontuação do próprio jogador — "
                  "num W.O. (ganho ou perdido) a pontuação ajustada do adversário escalado, num bye metade das "
                  "rodadas —, cortadas primeiro (FIDE C.07, em vigor desde 1º/3/2026).",
                  "Unplayed rounds: a dummy opponent worth at most the player's own score — for a forfeit (won "
                  "or lost) the scheduled opponent's adjusted score, for a bye half the rounds —, cut first "
                  "(FIDE C.07, in force from 1 March 2026)."),
}


@dataclass(frozen=True)
class Regulations:
    system_name: str
    system_article: str
    system_rules: tuple[str, ...]
    scoring: tuple[tuple[str, str], ...]  # (outcome name, points as displayed)
    tiebreaks: tuple[tuple[str, str, str], ...]  # (code, name, article)
    unplayed: str
    desk: tuple[str, ...] = ()  # incidents and forfeits of the rule set (`penalty_rules`)


def regulations(ruleset_code: str | RuleSet, system_code: str, tiebreak_order: tuple[str, ...], lang: str = "pt",
                unplayed: str | None = None) -> Regulations:
    """The regulations of an event in `lang` ("pt" or "en"); `unplayed` is the event's own
    unplayed-games rule when it chose one (else the rule set's)."""
    en = lang == "en"
    system = get_system(system_code)
    rs = get_ruleset(ruleset_code)
    scoring = tuple(
        (names[1] if en else names[0], rs.format_points(rs.outcome_points(outcome)))
        for outcome, names in OUTCOME_NAMES.items()
    )
    tiebreaks = tuple(
        (tb.code, tb.name_en if en else tb.name_pt, tb.article) for tb in (get_tiebreak(c) for c in tiebreak_order)
    )
    return Regulations(
        system_name=system.name_en if en else system.name_pt,
        system_article=system.article,
        system_rules=SYSTEM_TEXT.get(system_code, {}).get(lang, ()),
        scoring=scoring,
        tiebreaks=tiebreaks,
        unplayed=UNPLAYED_TEXT[unplayed or rs.unplayed][1 if en else 0],
        desk=rs.penalty_rules.regulations_text(lang),
    )
