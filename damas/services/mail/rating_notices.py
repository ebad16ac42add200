"""The mail of a closed rating period (kind "ratings"): each rated player with an account is told
his rating before and after on the list the period closed (one list per game and rate: the mail
names it). Called inside the closing's transaction; the mails leave after its commit."""
from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l

from damas.engine.rating.lists import RatingListKey
from damas.services.mail.compose import external_url
from damas.services.mail.notify import Notice
from damas.services.mail.tell import tell_players

KIND = "ratings"
# A list by its game and rate, as the rating list page names it ("lista rápida de damas 64").
_GAMES = {"damas-64": _l("damas 64"), "damas-100": _l("damas 100"), "xadrez": _l("xadrez")}
_RATES = {"regular": _l("lista clássica (normal)"), "rapid": _l("lista rápida"), "blitz": _l("lista blitz")}


def list_name(key: RatingListKey) -> Any:
    return _l("%(list)s de %(game)s", list=_RATES.get(key.rate, key.rate), game=_GAMES.get(key.discipline,
                                                                                           key.discipline))


def _line(name: Any, before: int, after: int) -> Any:
    if not after:
        return _l("Na %(list)s você ficou sem rating: abaixo do piso (antes: %(old)s).", list=name, old=before)
    if not before:
        return _l("Seu rating inicial na %(list)s: %(new)s.", list=name, new=after)
    return _l("Seu rating na %(list)s: %(old)s → %(new)s (%(delta)s).", list=name, old=before, new=after,
              delta=f"{after - before:+d}")


def period_closed(key: RatingListKey, period_name: str, changes: dict[int, tuple[int, int]]) -> None:
    """`changes`: player id -> (rating before, rating after), as the closing wrote them."""
    name = list_name(key)
    link = external_url("ratings.rating_list", lista=key.code)
    subject = _l("Seu novo rating: período %(period)s", period=period_name)
    tell_players(KIND, None, None, [
        (pid, Notice(subject=subject, heading=_l("Período %(period)s fechado", period=period_name),
                     lines=(_line(name, before, after),), link=link, link_label=_l("Ver a lista de rating")))
        for pid, (before, after) in changes.items()])
