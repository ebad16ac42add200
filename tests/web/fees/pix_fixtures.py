"""Shared set-up of the Pix tests: the federation's Pix account, an event with a fee, a player
with an account entered in it."""
from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any

from damas.models import Role
from damas.services.federation import settings as federation_service
from damas.services.fees import schedule

PIX = {"name": "Federação Cearense de Damas", "pix_key": "tesouraria@fcd.org.br", "pix_name": "Federação Cearense",
       "pix_city": "Fortaleza"}


def set_pix(staff: Any, **fields: Any) -> None:
    federation_service.save_settings(staff, {**PIX, **fields})


def fee_event(staff: Any, make_event: Any, players: tuple = (), *, paid_to_confirm: bool = False, **kw: Any) -> Any:
    event = make_event(players=players, name=kw.pop("name", "Estadual Absoluto"), **kw)
    data: dict[str, Any] = {"member_cents": 5000, "guest_cents": 7000, "early_until": date(2099, 1, 1),
                            "early_reduction_cents": 500}
    if paid_to_confirm:
        data.update(paid_to_confirm=True, payment_deadline=datetime(2099, 3, 10, 21, 0, tzinfo=timezone.utc))
    schedule.save_schedule(staff, event, data, {"sub-14": 2000})
    return event


def player_account(make_user: Any, make_player: Any, **kw: Any) -> tuple[Any, Any]:
    player = make_player(full_name=kw.pop("full_name", "Ana Souza"))
    user = make_user(Role.PLAYER, player_id=player.id, email_verified_at=datetime.now(timezone.utc), **kw)
    return user, player
