"""Issue 17: the demo imports a registry and a rating list from the shipped sample files."""
from __future__ import annotations

from damas.demo.registry import load_demo_registry
from damas.models import Club, Player, RatingRecord, Role


def test_demo_registry_and_rating_list_are_imported(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    for n in range(8):
        make_player(federation_id=f"CE-{1000 + n}", rating_regular=1500)
    summary = load_demo_registry(staff)
    assert summary == "registry import: 6 new players; rating list: 10 players updated, 1 skipped"
    renata = db.session.query(Player).filter_by(federation_id="PE-2001").one()
    assert renata.club.name == "Clube Pernambucano de Damas" and renata.rating_regular == 1752
    assert db.session.query(Club).filter_by(name="Clube Pernambucano de Damas").count() == 1
    sources = {r.source for r in db.session.query(RatingRecord).filter_by(player_id=renata.id)}
    assert sources == {"Cadastro da federação (demo)", "Rating CBJD (demo)"}
    page = client.get(f"/jogadores/{renata.id}").get_data(as_text=True)
    assert "Rating CBJD (demo)" in page and "rating-cbjd.csv" in page
