"""The regulations page's "Normas e títulos" section, as plain data: for a chess event with FIDE
norms, the articles of B.01 (2024) 1.4 the check uses and our decisions where the text is silent
(the "[ours]" items of `damas.engine.norms` and `damas.services.norms`); for a draughts event with
national titles, each title's requirements and how they are read - all the federation's own rules
- and the FMJD norms, not implemented for want of a public text.
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from damas.engine.norms import UnsupportedEdition, edition_for
from damas.models import Event
from damas.services.norms import federation_titles, fide_norms_apply, national_norms_apply
from damas.views.norms_national import FMJD_SOURCES, title_requirements

__all__ = ["norms_rules_context"]


def _fide_articles() -> list[str]:
    return [
        _("1.4.1: ao menos 9 partidas (7 nos campeonatos mundiais e continentais por equipes ou clubes); num evento de "
          "9 rodadas bastam 8 quando a que falta é vitória por W.O. ou o bye do emparceiramento (1.4.1c); mais de 13 "
          "rodadas contam como 13 partidas (1.7)."),
        _("1.4.2: não contam W.O., partidas adjudicadas nem adversários fora das federações da FIDE; no todos contra "
          "todos, não conta o adversário sem rating que zerou contra os que têm rating (1.4.2b)."),
        _("1.4.3 e 1.4.4: adversários de ao menos 2 federações além da do jogador; no máximo 3/5 da própria federação "
          "e 2/3 de uma só; isenções de 1.4.3a-d (campeonato nacional, por equipes nacional, zonal, suíço com campo "
          "estrangeiro) dispensam as duas regras."),
        _("1.4.5: ao menos metade de adversários titulados (não CM nem WCM) e 1/3, no mínimo 3, com o título pretendido "
          "ou superior."),
        _("1.4.6: piso de rating ajustado (GM 2200, IM 2050, WGM 2000, WIM 1850) para no máximo um adversário, o de "
          "menor rating; adversário sem rating conta 1400."),
        _("1.4.7 a 1.4.9: média Ra arredondada (0,5 para cima); desempenho Rp = Ra + dp de ao menos GM 2600, IM 2450, "
          "WGM 2400, WIM 2250, com Ra de ao menos 2380, 2230, 2180, 2030 e ao menos 35 por cento dos pontos."),
    ]


def _fide_decisions() -> list[str]:
    return [
        _("Normas só em eventos individuais em sistema suíço ou todos contra todos; eliminatórias e eventos por "
          "equipes não são calculados [ours]."),
        _("Byes e rodadas sem partida não são partidas (1.4.1); a própria federação só é limitada a 3/5, não de novo "
          "a 2/3 [ours]."),
        _("Jogador sem federação FIDE registrada: da federação da casa (BRA) [ours]; FID não conta como federação em "
          "1.4.3 e 1.4.4 [ours]."),
        _("O título de cada jogador é o registrado quando a página é lida: não há histórico de títulos [ours]."),
        _("Rating dos adversários: o da inscrição, da lista em vigor no início (1.4.6a); em eventos de mais de 30 dias "
          "(1.1.4) também o da inscrição, com aviso [ours]."),
        _("1.4.2b: o adversário sem rating \"zerou\" quando tem ao menos uma partida jogada contra quem tem rating e "
          "nenhum ponto nelas; W.O. não conta [ours]."),
        _("1.4.6c: entre adversários empatados no menor rating, sobe o da rodada mais antiga [ours]."),
        _("1.4.1c: a composição dos adversários e o resultado são julgados nas 8 partidas jogadas [ours]."),
        _("1.4.8b: os 35 por cento são comparados exatamente, sem arredondar o percentual [ours]."),
        _("Ritmo de jogo (1.1): 90 min + 30 s por lance lidos como base + 60 lances × incremento de ao menos 120 min "
          "[ours]."),
        _("Não implementados: 1.4.1d, 1.4.2d, os títulos diretos (1.2) e o pedido de título (1.5)."),
    ]


def _national_decisions() -> list[str]:
    return [
        _("Títulos nacionais: regras próprias da federação, sem texto da FIDE nem da FMJD [ours]."),
        _("Contam só partidas jogadas no tabuleiro: isenção (bye), W.O., ausência e partida por decidir não contam; "
          "partida contra adversário sem rating só conta se o título lhe der um rating [ours]."),
        _("A média dos adversários é arredondada ao inteiro mais próximo (0,5 para cima), como na FIDE 1.4.7; o "
          "aproveitamento é comparado exatamente [ours]."),
        _("Cada jogador busca os títulos nacionais que não tem, exceto os de rating mínimo igual ou menor que o do seu "
          "título; títulos femininos só para jogadoras [ours]."),
        _("As normas são finais quando todas as rodadas têm resultado; o título pede o rating (o maior rating clássico "
          "de damas) e as normas de eventos encerrados, sem prazo de validade [ours]."),
    ]


def norms_rules_context(event: Event) -> dict[str, Any]:
    """`norm_rules`: None where no norms apply, else the section's kind and its lines."""
    if fide_norms_apply(event):
        try:
            edition = edition_for(event.start_date)
        except UnsupportedEdition:
            return {"norm_rules": None}
        return {"norm_rules": {"kind": "fide", "edition": edition.code, "articles": _fide_articles(),
                               "decisions": _fide_decisions()}}
    titles = federation_titles()
    if national_norms_apply(event, titles):
        return {"norm_rules": {"kind": "national", "titles": [title_requirements(t) for t in titles],
                               "decisions": _national_decisions(), "fmjd_sources": FMJD_SOURCES}}
    return {"norm_rules": None}
