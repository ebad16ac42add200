"""What the withdrawals page tells the arbiter after a withdrawal, from what it did to the rounds
already paired (`services.withdrawals.Withdrawn`; RULES.md §5).

A Swiss round paired but not published is undone and paired again so his opponent plays (CBJD
105 B; C.04.2). Where the event's format keeps its schedule (a round robin, CBJD 105 A) nothing is
paired again: the page says his games there stay unplayed and count by the rule set.
"""
from __future__ import annotations

from flask_babel import gettext as _

from damas.services.rounds.withdrawals import Withdrawn


def withdrawal_notes(done: Withdrawn) -> list[str]:
    """The warnings to flash, in the visitor's language: one per round to pair again, then one
    naming the other rounds whose games of his stay unplayed."""
    notes = [_("A rodada %(n)s já estava emparceirada, sem publicar, com uma partida dele: desfaça-a e "
               "emparceire de novo, para que o adversário jogue.", n=number) for number in done.pair_again]
    kept = sorted(n for n in done.unplayed if n not in done.pair_again)
    if len(kept) == 1:
        notes.append(_("O jogo dele na rodada %(n)s fica como não jogado (desistência); a classificação o conta "
                       "pela regra de desistência do evento.", n=kept[0]))
    elif kept and kept == list(range(kept[0], kept[-1] + 1)):
        notes.append(_("Os jogos dele nas rodadas %(first)s a %(last)s ficam como não jogados (desistência); a "
                       "classificação os conta pela regra de desistência do evento.", first=kept[0], last=kept[-1]))
    elif kept:
        notes.append(_("Os jogos dele nas rodadas %(rounds)s ficam como não jogados (desistência); a "
                       "classificação os conta pela regra de desistência do evento.",
                       rounds=", ".join(str(n) for n in kept)))
    return notes
