"""The TRF reader's reasons in the user's language (an import refuses a malformed file with the
line and the reason, in pt-BR by default).

The engine is pure Python and speaks English (its command line and tests read those words); the
TRF import page translates each reason here, by the shape of the engine's sentence, keeping the
values it quotes. A sentence not listed is shown as the engine wrote it (never lost).
"""
from __future__ import annotations

import re
from typing import Callable

from flask_babel import gettext as _

Reason = Callable[[dict[str, str]], str]

# (the engine's sentence, its translation); the groups are the values the sentence quotes
_REASONS: tuple[tuple[str, Reason], ...] = (
    (r"(?P<what>.+?) must be a whole number, got (?P<got>.+)",
     lambda g: _("%(what)s deve ser um número inteiro, veio %(got)s", what=_field(g["what"]), got=g["got"])),
    (r"(?P<what>.+?) must be a positive whole number, got (?P<got>.+)",
     lambda g: _("%(what)s deve ser um número inteiro positivo, veio %(got)s", what=_field(g["what"]), got=g["got"])),
    (r"points must be a decimal number, got (?P<got>.+)",
     lambda g: _("os pontos devem ser um número decimal, veio %(got)s", got=g["got"])),
    (r"points must be a multiple of 0\.5, got (?P<got>.+)",
     lambda g: _("os pontos devem ser múltiplo de 0,5, veio %(got)s", got=g["got"])),
    (r"round fields must be separated by two blanks",
     lambda g: _("os campos das rodadas devem ser separados por dois espaços")),
    (r"round field must read 'oooo c r', got (?P<got>.+)",
     lambda g: _("o campo da rodada deve ser 'oooo c r', veio %(got)s", got=g["got"])),
    (r"opponent must be a starting number or 0000, got (?P<got>.+)",
     lambda g: _("o adversário deve ser um número inicial ou 0000, veio %(got)s", got=g["got"])),
    (r"colour must be w, b or -, got (?P<got>.+)",
     lambda g: _("a cor deve ser w, b ou -, veio %(got)s", got=g["got"])),
    (r"unknown result code (?P<got>.+)", lambda g: _("código de resultado desconhecido %(got)s", got=g["got"])),
    (r"a played game needs colour w or b", lambda g: _("uma partida jogada precisa da cor w ou b")),
    (r"record code 001 must be followed by a blank", lambda g: _("o código 001 deve ser seguido de um espaço")),
    (r"missing starting number", lambda g: _("falta o número inicial")),
    (r"starting number (?P<no>\d+) appears twice", lambda g: _("o número inicial %(no)s aparece duas vezes", no=g["no"])),
    (r"XXR needs the total number of rounds", lambda g: _("o registro XXR precisa do total de rodadas")),
    (r"no player \(001\) lines", lambda g: _("nenhuma linha de jogador (001)")),
    (r"bye record \(240\) names player (?P<no>\d+), who has no 001 line",
     lambda g: _("o registro de bye (240) cita o jogador %(no)s, que não tem linha 001", no=g["no"])),
    (r"bye record \(240\) of round (?P<r>\d+) contradicts player (?P<no>\d+)'s round column",
     lambda g: _("o registro de bye (240) da rodada %(r)s contradiz a coluna da rodada do jogador %(no)s",
                 r=g["r"], no=g["no"])),
    (r"player (?P<no>\d+) paired against himself", lambda g: _("o jogador %(no)s emparceirado contra si mesmo", no=g["no"])),
    (r"opponent (?P<no>\d+) has no 001 line", lambda g: _("o adversário %(no)s não tem linha 001", no=g["no"])),
    (r"round (?P<r>\d+): player (?P<opp>\d+) does not list (?P<no>\d+) as opponent",
     lambda g: _("rodada %(r)s: o jogador %(opp)s não tem %(no)s como adversário", r=g["r"], opp=g["opp"], no=g["no"])),
    (r"round (?P<r>\d+): result (?P<code>.+) against (?P<opp>\d+) does not match (?P<back>.+)",
     lambda g: _("rodada %(r)s: o resultado %(code)s contra %(opp)s não confere com %(back)s", r=g["r"],
                 code=g["code"], opp=g["opp"], back=g["back"])),
    (r"round (?P<r>\d+): both players of a board have colour (?P<c>.+)",
     lambda g: _("rodada %(r)s: os dois jogadores de uma mesa têm a cor %(c)s", r=g["r"], c=g["c"])),
    (r"(?P<n>\d+) round columns but XXR says (?P<total>\d+) rounds",
     lambda g: _("%(n)s colunas de rodada, mas o XXR diz %(total)s rodadas", n=g["n"], total=g["total"])),
    (r"initial colour \(152\) must be W or B, got (?P<got>.+)",
     lambda g: _("a cor inicial (152) deve ser W ou B, veio %(got)s", got=g["got"])),
    (r"type of bye \(240\) must be F, H or Z, got (?P<got>.+)",
     lambda g: _("o tipo de bye (240) deve ser F, H ou Z, veio %(got)s", got=g["got"])),
    (r"a bye record \(240\) names at least one player", lambda g: _("um registro de bye (240) cita ao menos um jogador")),
    (r"an accelerated-rounds record \(250\) reads '(?P<layout>.+)'",
     lambda g: _("um registro de rodadas aceleradas (250) tem a forma '%(layout)s'", layout=g["layout"])),
    (r"match points \(250\) must be empty in an individual event",
     lambda g: _("os pontos de match (250) devem ficar vazios num evento individual")),
    (r"fictitious points \(250\) must differ from 0\.0", lambda g: _("os pontos fictícios (250) devem ser diferentes de 0.0")),
    (r"a range of the accelerated-rounds record \(250\) ends before it starts",
     lambda g: _("um intervalo do registro de rodadas aceleradas (250) termina antes de começar")),
    (r"a blank opponent \(a bye or an absence\) has no colour",
     lambda g: _("um adversário em branco (bye ou ausência) não tem cor")),
    (r"round (?P<r>\d+): the game against (?P<opp>\d+) has no result \(only the last round may be unfinished\)",
     lambda g: _("rodada %(r)s: a partida contra %(opp)s não tem resultado (só a última rodada pode estar em "
                 "andamento)", r=g["r"], opp=g["opp"])),
    (r"team (?P<no>\d+) appears twice", lambda g: _("a equipe %(no)s aparece duas vezes", no=g["no"])),
    (r"team (?P<no>\d+) names player (?P<p>\d+), who has no 001 line",
     lambda g: _("a equipe %(no)s cita o jogador %(p)s, que não tem linha 001", no=g["no"], p=g["p"])),
    (r"round (?P<r>\d+): the players of team (?P<no>\d+) meet more than one team",
     lambda g: _("rodada %(r)s: os jogadores da equipe %(no)s enfrentam mais de uma equipe", r=g["r"], no=g["no"])),
    (r"round (?P<r>\d+): team (?P<no>\d+) has no team record",
     lambda g: _("rodada %(r)s: a equipe %(no)s não tem registro de equipe", r=g["r"], no=g["no"])),
    (r"a team file needs its team records \(310 or 013\)",
     lambda g: _("um arquivo de equipes precisa dos registros das equipes (310 ou 013)")),
    (r"out-of-order record \(300\) puts player (?P<p>\d+) in team (?P<no>\d+), not his team",
     lambda g: _("o registro de ordem alterada (300) põe o jogador %(p)s na equipe %(no)s, que não é a dele",
                 p=g["p"], no=g["no"])),
    (r"type of forfeit \(330\) must be \+-, -\+ or --, got (?P<got>.+)",
     lambda g: _("o tipo de W.O. (330) deve ser +-, -+ ou --, veio %(got)s", got=g["got"])),
    (r"XXA fields are 4 columns wide, one blank apart",
     lambda g: _("os campos do XXA têm 4 colunas, separados por um espaço")),
    (r"an XXA field is 4 columns wide \(e\.g\. ' 1\.0'\)", lambda g: _("um campo do XXA tem 4 colunas (ex.: ' 1.0')")),
)
_COMPILED = tuple((re.compile(pattern), reason) for pattern, reason in _REASONS)


def _field(name: str) -> str:
    """The field the engine names (its _int_field and records._number callers)."""
    names = {
        "starting number": _("o número inicial"), "rating": _("o rating"), "rank": _("a colocação"),
        "the number of rounds (142)": _("o número de rodadas (142)"), "the round (240)": _("a rodada (240)"),
        "a starting number (240)": _("um número inicial (240)"), "the first round (250)": _("a primeira rodada (250)"),
        "the last round (250)": _("a última rodada (250)"), "the first player (250)": _("o primeiro jogador (250)"),
        "the last player (250)": _("o último jogador (250)"), "the player (XXA)": _("o jogador (XXA)"),
    }
    return names.get(name, name)


def trf_reason(message: str) -> str:
    """The engine's reason (without its "TRF line N, column C: " prefix) in the user's language."""
    for pattern, reason in _COMPILED:
        found = pattern.fullmatch(message.strip())
        if found:
            return reason(found.groupdict())
    return message
