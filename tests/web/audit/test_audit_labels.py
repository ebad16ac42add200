"""Audit pages speak Portuguese: every action code and object type recorded by the services has a
label (damas.presentation.audit_labels), and before/after read as "campo: antes → depois" lines; the CSV
export keeps the raw codes and JSON."""
from __future__ import annotations

import ast
import csv
import io
from pathlib import Path

from damas.models import AuditEntry, Role
from damas.presentation.audit_labels import ACTION_NAMES, OBJECT_NAMES, changes

SERVICES = Path(__file__).resolve().parents[3] / "damas" / "services"


# The audit objects a desk board's result is written on (`desk.boards.Applied.target`): a round
# game, a team match, a knockout game. A record(...) whose object is `target[0]` may be any of them.
BOARD_TARGETS = {"game", "team_match", "knockout_game"}


def _strings(node: ast.AST, constants: dict[str, str]) -> set[str] | None:
    """The string values an argument can take: a literal, a module constant, `a if c else b` or
    a desk board's audit object (`target[0]`)."""
    if (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "target"
            and isinstance(node.slice, ast.Constant) and node.slice.value == 0):
        return set(BOARD_TARGETS)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Name) and node.id in constants:
        return {constants[node.id]}
    if isinstance(node, ast.IfExp):
        body, orelse = _strings(node.body, constants), _strings(node.orelse, constants)
        return body | orelse if body is not None and orelse is not None else None
    return None


def recorded_codes() -> tuple[set[str], set[str], list[str]]:
    """(actions, object types, calls whose codes cannot be read) of every record(...) call."""
    actions: set[str] = set()
    objects: set[str] = set()
    unreadable: list[str] = []
    for path in sorted(SERVICES.rglob("*.py")):  # every area package too
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {t.id: n.value.value for n in tree.body if isinstance(n, ast.Assign)
                     and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)
                     for t in n.targets if isinstance(t, ast.Name)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "record"):
                continue
            args = list(node.args) + [k.value for k in node.keywords if k.arg in ("action", "object_type")]
            action = _strings(args[1], constants) if len(args) > 1 else None
            obj = _strings(args[2], constants) if len(args) > 2 else None
            if action is None or obj is None:
                unreadable.append(f"{path.relative_to(SERVICES)}:{node.lineno}")
                continue
            actions |= action
            objects |= obj
    return actions, objects, unreadable


def test_every_recorded_code_has_a_label() -> None:
    actions, objects, unreadable = recorded_codes()
    assert not unreadable, f"record() with codes the test cannot read (use literals or module constants): {unreadable}"
    assert len(actions) > 40 and {"result", "micro_result", "prize.add", "draw_opening"} <= actions
    assert {"game", "knockout_game", "team", "round"} <= objects
    assert sorted(actions - set(ACTION_NAMES)) == []
    assert sorted(objects - set(OBJECT_NAMES)) == []


def test_changes_read_as_field_before_after(app) -> None:  # type: ignore[no-untyped-def]
    with app.test_request_context():
        lines = changes({"result": "", "board": 3}, {"result": "1-1", "board": 3, "reason": "erro"})
        assert [(c["field"], c["before"], c["after"], c["kind"]) for c in lines] == [
            ("resultado", "—", "1-1", "changed"), ("mesa", "3", "3", "same"), ("motivo", "—", "erro", "added")]
        created = changes(None, {"games": ["2-0", "1-1"], "guest": True, "boards": [[1, 2, 3]]})
        assert [(c["field"], c["after"]) for c in created] == [
            ("partidas", "2-0, 1-1"), ("convidado", "sim"), ("mesas", "[[1, 2, 3]]")]
        gone = changes({"player_id": 7}, None)
        assert [(c["field"], c["before"], c["kind"]) for c in gone] == [("jogador (id)", "7", "removed")]


def test_demo_audit_pages_show_labels_not_codes(app, client, db, make_user, login_as) -> None:  # type: ignore[no-untyped-def]
    from damas.cli import damas_cli
    from damas.models import Event

    app.test_cli_runner().invoke(damas_cli, ["demo"])
    rows = db.session.query(AuditEntry).all()
    assert {r.action for r in rows} <= set(ACTION_NAMES) and {r.object_type for r in rows} <= set(OBJECT_NAMES)
    login_as(make_user(Role.STAFF))
    micro = db.session.query(Event).filter(Event.name.like("Copa Micro Match%")).one()
    page = client.get(f"/eventos/{micro.id}/auditoria").get_data(as_text=True)
    assert "Resultado de micro match · Partida (rodada 1, mesa 1)" in page
    assert f"Configurações do micro match · Evento {micro.name}" in page
    assert "Sorteio de abertura" in page and "micro_result" not in page.split("<table", 1)[1]
    assert "partidas</span>:" in page and "→" in page and '{"board"' not in page
    assert '<option value="game">Partida</option>' in page
    # the table, not the filter choices (whose values are the codes); paged: 50 a page, so by object
    everything = client.get("/usuarios/auditoria").get_data(as_text=True).split("<table", 1)[1]
    assert "prize.add" not in everything and '{"' not in everything
    entries = client.get("/usuarios/auditoria?object_type=entry").get_data(as_text=True).split("<table", 1)[1]
    assert "Criação · Inscrição de " in entries  # the player's name, not an id (a deleted one keeps its number)
    assert "create entry" not in entries and '{"' not in entries
    prizes = client.get("/usuarios/auditoria?action=prize.add").get_data(as_text=True).split("<table", 1)[1]
    assert "Prêmio incluído" in prizes and "prize.add" not in prizes
    export = client.get(f"/eventos/{micro.id}/mesa/auditoria.csv").get_data(as_text=True)
    raw = list(csv.reader(io.StringIO(export.lstrip("\ufeff"))))
    micro_rows = [r for r in raw[1:] if r[2] == "micro_result"]
    assert micro_rows and micro_rows[0][3] == "game" and micro_rows[0][7].startswith('{"board"')
