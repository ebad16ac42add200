"""Demo: the arbiter's desk (incidents, sanctions, appeals)."""
from __future__ import annotations

from datetime import date, datetime, time, timedelta

from sqlalchemy import select

from damas.services import desk as desk_service
from damas.extensions import db
from damas.models import Event
from damas.services.desk import appeals as appeal_service
from damas.formats.mapping import event_rounds


def demo_desk(staff, arbiter, today: date) -> None:  # type: ignore[no-untyped-def]
    """The arbiter's desk of the running Swiss: chief arbiter, incidents, a warning, the appeals
    committee (set before round 1) and one decided appeal (the arbiter's decision at 10:40 on
    `today`, the demo's day)."""

    event = db.session.scalar(select(Event).where(Event.name.like("Aberto de Xadrez de Fortaleza%")))
    if event is None:
        return
    desk_service.set_chief_arbiter(staff, event, arbiter.id)
    rounds = event_rounds(event)
    current = rounds[-1]
    games = [g for g in current.games if g.black is not None]
    if len(games) >= 2:
        # chess: the FIDE Laws (first illegal move: the opponent gets two minutes)
        desk_service.add_incident(arbiter, event, current.number, games[0].white, "fide_illegal_move", "",
                                  "Roque com o rei em xeque.")
        desk_service.add_sanction(arbiter, event, current.number, games[1].black, "laws_warning",  # Laws 12.9.1
                                  "Conversa com o público durante a partida.")
    first_start = rounds[0].created_at - timedelta(hours=1)
    for name, born, voting in (("Marcos Vieira", date(1968, 3, 2), True), ("Helena Prado", date(1979, 8, 14), True),
                               ("Jorge Matos", date(1985, 11, 30), True), ("Rita Campos", date(1990, 1, 9), False)):
        member = appeal_service.add_member(staff, event, name, born, voting)
        member.appointed_at = first_start
    db.session.commit()
    decided_at = datetime.combine(today, time(10, 40))
    appeal = appeal_service.file_appeal(arbiter, event, {
        "appellant_name": games[0].black.player.full_name if games else "Jogador",
        "subject": "Contesto o acréscimo de 2 minutos dado ao adversário na rodada atual.",
        "decision_at": decided_at, "filed_at": decided_at + timedelta(minutes=10), "fee_paid_cents": 0,
        "in_writing": True, "copy_to_chief_arbiter": True})
    appeal_service.decide_appeal(staff, event, appeal.id, "rejected_reasonable",
                                 "Decisão do árbitro mantida: o toque na peça foi presenciado. Apelação razoável.", [])
