"""Issue 18 #13: the C.04.2 #8 warning ("the next round is already paired: a correction changes
only future rounds") belongs to systems that pair each round from the results, not round robins."""
from __future__ import annotations

import pytest

from damas.models import Role
from tests.web.desk.test_desk import running_event

WARNING = "A rodada seguinte já foi emparceirada"


@pytest.mark.parametrize("system,shown", [("berger", False), ("dutch", True), ("sb-swiss", True)])
def test_c04_2_8_next_round_paired_warning_only_where_rounds_are_paired_from_results(
        client, db, make_user, make_event, make_player, login_as, system, shown):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, _entries = running_event(db, make_event, make_player, (arbiter,), rounds=2, pairing_system=system)
    login_as(arbiter)
    page = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert (WARNING in page) is shown
    last = client.get(f"/eventos/{event.id}/rodadas/2").get_data(as_text=True)
    assert WARNING not in last
