"""Demo: categories and prizes of the round-robin events."""
from __future__ import annotations


from damas.models import EventStatus
from damas.formats import get_format
from damas.models import Event
from damas.services.standings.categories import add_category
from damas.services.standings.prizes import add_prize


def demo_awards(staff) -> None:  # type: ignore[no-untyped-def]
    """Categories and prizes for the finished round robin and the running Swiss (RULES.md §8):
    the CBJD set plus a veterans category (50 and over), trophies and cash prizes."""
    finished = Event.query.filter(Event.status == EventStatus.FINISHED).order_by(Event.id)
    for event in [e for e in finished if get_format(e).round_robin]:
        add_category(staff, event, {"code": "veteranos", "name_pt": "Veteranos (50+)", "name_en": "Seniors (50+)",
                                    "min_age": 50})
        for place, amount in ((1, 50000), (2, 30000), (3, 15000)):
            add_prize(staff, event, "absoluto", place, "trophy", 0)
            add_prize(staff, event, "absoluto", place, "cash", amount)
        for code in ("sub-14", "sub-18", "feminino", "veteranos"):
            add_prize(staff, event, code, 1, "trophy", 0)
            add_prize(staff, event, code, 1, "cash", 10000)
            add_prize(staff, event, code, 2, "medal", 0)
    for event in Event.query.filter(Event.discipline == "xadrez", Event.status == EventStatus.RUNNING):  # the chess open
        for place, amount in ((1, 100000), (2, 60000), (3, 30000)):
            add_prize(staff, event, "absoluto", place, "cash", amount)
        add_prize(staff, event, "feminino", 1, "cash", 20000)
        add_prize(staff, event, "sub-18", 1, "trophy", 0)
