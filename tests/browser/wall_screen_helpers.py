"""What the wall screen browser tests share: the test factories inside the served app (those of
tests/conftest.py, without its fixtures), the styles of the page on screen, the WCAG contrast."""
from __future__ import annotations

import itertools
import re
from datetime import date
from typing import Any

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventArbiter, Player, User

_numbers = itertools.count(1)

# every element of the page on screen with text of its own: its colour and the first background
# colour met going up (the page's own is black); sizes in px
STYLES = """() => {
  const page = document.querySelector('[data-wall-page]:not([hidden])');
  const out = [];
  for (const el of page.querySelectorAll('*')) {
    const own = Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    let bg = 'rgba(0, 0, 0, 0)', up = el;
    while (up && /rgba\\(0, 0, 0, 0\\)|transparent/.test(bg)) { bg = getComputedStyle(up).backgroundColor; up = up.parentElement; }
    const style = getComputedStyle(el);
    out.push({cls: el.className, tag: el.tagName, text: el.textContent.trim().slice(0, 30), color: style.color,
              background: /rgba\\(0, 0, 0, 0\\)/.test(bg) ? 'rgb(0, 0, 0)' : bg, size: parseFloat(style.fontSize)});
  }
  return out;
}"""


def _luminance(css: str) -> float:
    r, g, b = (int(v) / 255 for v in re.findall(r"\d+", css)[:3])
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(fg: str, bg: str) -> float:
    """WCAG 2 contrast ratio of two CSS rgb() colours."""
    a, b = sorted((_luminance(fg), _luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def worst_contrast(styles: list[dict[str, Any]]) -> tuple[float, dict[str, Any]]:
    """The lowest contrast of the page's texts, and that text's styles."""
    worst = min(styles, key=lambda s: contrast(s["color"], s["background"]))
    return contrast(worst["color"], worst["background"]), worst


def make_user(role: Any) -> User:
    user = User(email=f"wall{next(_numbers)}@browser.br", name=f"Árbitro {role.value}", role=role)
    user.set_password("browser123")
    db.session.add(user)
    db.session.commit()
    return user


def make_player(**kw: Any) -> Player:
    n = next(_numbers)
    kw.setdefault("full_name", f"Jogador do Salão {n}")
    player = Player(sex="M", birth_date=date(1990, 1, 1), state="CE", federation_id=f"W{n}", **kw)
    db.session.add(player)
    db.session.commit()
    return player


def make_event(arbiters: tuple = (), players: tuple = (), **kw: Any) -> Event:
    kw = {"name": "Aberto do Salão 2026", "pairing_system": "berger", "planned_rounds": 5, **kw}
    event = Event(discipline="damas-64", ruleset="cbjd", time_minutes=45, time_increment=0,
                  start_date=date(2026, 12, 5), end_date=date(2026, 12, 6), **kw)
    db.session.add(event)
    db.session.flush()
    for user in arbiters:
        db.session.add(EventArbiter(event_id=event.id, user_id=user.id))
    for number, player in enumerate(players, start=1):
        db.session.add(Entry(event_id=event.id, player_id=player.id, pairing_number=number,
                             rating_at_entry=player.rating_regular or 0, status=EntryStatus.REGISTERED))
    db.session.commit()
    return event
