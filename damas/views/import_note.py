"""The line an event imported from a TRF file shows on its page, written when the page is shown
in the reader's language from the import's audit record (`services.trf_origin`): the event's
notes are the organiser's own words, in one language, so the import line is not stored there."""
from __future__ import annotations

from flask_babel import ngettext

from damas.models import Event
from damas.services.events.trf_origin import import_record


def import_note(event: Event) -> str | None:
    """'Importado de um arquivo TRF-16 com 3 rodadas jogadas.' (a team file: finished for the
    record); None for an event that started here."""
    record = import_record(event)
    if not record:
        return None
    version, rounds = record.get("version") or "TRF", int(record.get("rounds") or 0)
    if record.get("team"):
        return ngettext("Importado de um arquivo %(version)s por equipes com %(num)s rodada jogada, encerrado para "
                        "registro (uma partida por tabuleiro).",
                        "Importado de um arquivo %(version)s por equipes com %(num)s rodadas jogadas, encerrado "
                        "para registro (uma partida por tabuleiro).", rounds, version=version)
    return ngettext("Importado de um arquivo %(version)s com %(num)s rodada jogada.",
                    "Importado de um arquivo %(version)s com %(num)s rodadas jogadas.", rounds, version=version)
