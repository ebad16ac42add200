"""Demo: online registration open on the state championship."""
from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone

from sqlalchemy import select
from werkzeug.security import generate_password_hash

from damas.services.entries import add_remove as entry_service
from damas.extensions import db
from damas.models import User
from damas.models.registration import UnmatchedReason
from damas.services.entries import self_service as reg
from damas.services.accounts import unmatched_sign_ups


def demo_registration(staff, championship, spare, today: date) -> None:  # type: ignore[no-untyped-def]
    """Self-registration for the championship: rules and invitation texts, and the demo
    player login (jogador@demo.damas.br) left unregistered so he can register himself. Opened a
    week before `today` (the demo's day)."""
    now = datetime.combine(today, time(0, 0), tzinfo=timezone.utc)
    closes = datetime.combine(championship.start_date - timedelta(days=1), time(21, 0), tzinfo=timezone.utc)
    reg.save_settings(staff, championship, {
        "self_registration": True, "opens_at": now - timedelta(days=7), "closes_at": closes, "capacity": 32,
        "guest_policy": "limited", "guest_places": 4, "guests_from": None, "rating_ceiling": None,
        "online": False, "min_entries": 8, "allow_half_bye": True,
        "schedule": "Sexta 19h: congresso técnico\nSábado 9h, 14h, 18h: rodadas 1–3\n"
                    "Domingo 9h, 14h: rodadas 4–5\nSegunda 9h, 14h: rodadas 6–7; 18h: premiação",
        "prizes": "Absoluto: troféus do 1º ao 3º; R$ 500, 300, 200\nSub-10 a sub-23 e feminino: medalhas do 1º ao 3º",
        "contacts": "inscricoes@demo.damas.br · (85) 3000-0000",
    })
    user = db.session.scalar(select(User).where(User.email == "jogador@demo.damas.br"))
    entry = reg.own_entry(championship, user.player) if user is not None and user.player else None
    if entry is not None:
        entry_service.remove_entry(staff, championship, entry)
        entry_service.add_entry(staff, championship, spare)
    # A member sign-up naming a number the registry does not have: staff see it under "Pedidos
    # sem cadastro" (the applicant got the same answer as everyone) and link or dismiss it.
    unmatched_sign_ups.keep("Raimundo Nonato Feitosa", "raimundo.feitosa@demo.damas.br", "CE-9999",
                            UnmatchedReason.UNKNOWN_NUMBER, generate_password_hash("demo12345"))
