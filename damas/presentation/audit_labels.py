"""Words for the audit trail pages: every action code and object type the services record
(`damas.services.audit.record`) has a pt-BR label, and before/after become a readable list of
"campo: antes → depois" lines: the rows named (`views.audit_names`), the codes by the labels the
rest of the UI uses. The CSV export keeps the raw codes and JSON.

A test (tests/web/audit/test_audit_labels.py) reads every `record(...)` call in `damas/services` and
fails when a code has no label here.
"""
from __future__ import annotations

import json
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from damas.presentation.code_labels import KIND_NAMES, SANCTION_NAMES, SOURCE_TEXT, VERDICT_TEXT
from damas.presentation.labels import ENTRY_STATUS_NAMES, RATING_LIST_NAMES, STATUS_NAMES, pick
from damas.presentation.labels import english as is_english

ACTION_NAMES = {
    "result": _l("Resultado"), "correction": _l("Correção de resultado"),
    "adjourned_result": _l("Resultado da partida adiada"), "penalty": _l("Penalidade aplicada"),
    "penalty_reversed": _l("Penalidade revertida"), "incident": _l("Incidente"), "sanction": _l("Sanção"),
    "irregular_move_claim": _l("Lance irregular reclamado"), "withdraw": _l("Desistência"), "undo_withdraw": _l("Desistência desfeita"),
    "withdrawal": _l("Partida não jogada (desistência)"), "pair": _l("Emparceiramento"),
    "unpair": _l("Emparceiramento desfeito"), "undo_rematch": _l("Reencontro desfeito"),
    "publish": _l("Publicação"), "expulsion": _l("Eliminação"), "expulsion_declined": _l("Eliminação recusada"),
    "forfeit_excused": _l("W.O. justificado"), "desk_settings": _l("Configurações da mesa"),
    "norm_settings": _l("Configurações de normas FIDE"), "screen_settings": _l("Configurações do telão"),
    "chief_arbiter": _l("Árbitro principal"), "committee_add": _l("Comitê de apelação: inclusão"),
    "committee_remove": _l("Comitê de apelação: remoção"), "request": _l("Pedido de bye ou ausência"),
    "status": _l("Situação do evento"), "update": _l("Edição"), "create": _l("Criação"),
    "assign": _l("Árbitro designado"), "unassign": _l("Árbitro removido"), "appeal_filed": _l("Apelação"),
    "appeal_decided": _l("Decisão de apelação"),
    "announce": _l("Aviso por e-mail aos inscritos"),
    # accounts, players, registration
    "sign_up": _l("Pedido de conta"), "approve": _l("Pedido aprovado"), "reject": _l("Pedido recusado"),
    "dismiss": _l("Pedido sem cadastro descartado"), "link": _l("Pedido sem cadastro ligado a um jogador"),
    "register": _l("Inscrição pelo jogador"), "cancel": _l("Inscrição cancelada"), "delete": _l("Exclusão"),
    "join_reserve": _l("Entrada na reserva"), "leave_reserve": _l("Saída da reserva"),
    "substitute": _l("Substituição pelo reserva"),
    "reserve_promoted": _l("Da reserva para a inscrição"),
    # entry fees
    "fee_schedule": _l("Tabela de taxas"), "fee_schedule_removed": _l("Tabela de taxas removida"),
    "fee_payment": _l("Pagamento de taxa"), "fee_refund": _l("Devolução de taxa"),
    "fee_waived": _l("Isenção de taxa"), "fee_unwaived": _l("Isenção de taxa retirada"),
    "fee_refund_due": _l("Reembolso a fazer"), "fee_reconciliation": _l("Conciliação do extrato bancário"),
    "fee_deadline_applied": _l("Prazo de pagamento aplicado"),
    "fee_deadline_cancel": _l("Inscrição cancelada pelo prazo de pagamento"),
    "fee_deadline_reserve": _l("Inscrição para a reserva pelo prazo de pagamento"),
    "absent_without_notice": _l("Ausente sem aviso"), "absence_explained": _l("Ausência justificada"),
    "absence_withdrawal": _l("Retirado: ausência sem justificativa a tempo"),
    "rating_correction": _l("Correção só para o relatório de rating"),
    # ratings
    "close": _l("Período de rating fechado"), "reopen": _l("Período de rating reaberto"),
    # pairing systems
    "generate": _l("Rodadas geradas"), "settings": _l("Configurações da eliminatória"),
    "start": _l("Início da eliminatória"), "correct": _l("Correção de resultado"),
    "micromatch_settings": _l("Configurações do micro match"), "micro_result": _l("Resultado de micro match"),
    "lineup": _l("Escalação"), "team_result": _l("Resultado de tabuleiro (equipes)"),
    "upload": _l("Lista de aberturas carregada"), "draw_opening": _l("Sorteio de abertura"),
    # categories, prizes, playoffs
    "category.defaults": _l("Categorias padrão"), "category.add": _l("Categoria incluída"),
    "category.tiebreaks": _l("Desempates da categoria"), "category.delete": _l("Categoria removida"),
    "prize.add": _l("Prêmio incluído"), "prize.delete": _l("Prêmio removido"), "prize.update": _l("Prêmio alterado"),
    "prize.cash_ties": _l("Prêmios em dinheiro nos empates"),
    "playoff.create": _l("Playoff criado"), "playoff.result": _l("Resultado de playoff"),
    "playoff.delete": _l("Playoff removido"),
    "import_trf": _l("Importação de arquivo TRF"),
    # games on record
    "game_record_saved": _l("Partida registrada"), "game_record_deleted": _l("Registro de partida apagado"),
    "move_reference": _l("Lance apontado na mesa"),
    # players' own results
    "report_result": _l("Resultado informado pelo jogador"),
    "withdraw_report": _l("Resultado informado retirado pelo jogador"),
    # account mails
    "password_reset": _l("Nova senha pelo link do e-mail"), "verify_email": _l("E-mail confirmado"),
    "send_test_mail": _l("E-mail de teste enviado"),
    "unsubscribe": _l("E-mails de um tipo desligados pelo link do e-mail"),
    # the venue: check-in before a round
    "check_in": _l("Presença confirmada"), "check_in_undone": _l("Presença retirada"),
    "check_in_missing_not_paired": _l("Sem presença: fora da rodada"),
    "venue_checkin_settings": _l("Regras de presença"),
    # championships: one entry in several sections
    "championship_entry": _l("Inscrição em seções do campeonato"),
    "add_section": _l("Seção incluída no campeonato"), "remove_section": _l("Seção retirada do campeonato"),
    "reorder_sections": _l("Ordem das seções"), "assign_arbiter": _l("Árbitro designado para seções"),
    "stage.rules": _l("Regras da classificatória"), "stage.decline": _l("Classificado desistiu"),
    "stage.undecline": _l("Desistência desfeita"), "stage.carry_over": _l("Classificados levados à seção"),
    "championship_withdrawal": _l("Saída de uma seção do campeonato"),
}

OBJECT_NAMES = {
    "appeal": _l("Apelação"), "club": _l("Clube"), "committee": _l("Comitê de apelação"),
    "desk_settings": _l("Configurações da mesa"), "entry": _l("Inscrição"), "event": _l("Evento"),
    "venue_settings": _l("Configurações do local (check-in e telão)"),
    "entry_ratings": _l("Ratings das inscrições (lista de rating importada)"),
    "event_arbiter": _l("Árbitro do evento"),
    "federation_settings": _l("Dados da federação"), "event_category": _l("Categoria"), "event_prize": _l("Prêmio"),
    "forfeit": _l("W.O."), "game": _l("Partida"), "incident": _l("Incidente"), "knockout": _l("Eliminatória"),
    "knockout_game": _l("Partida da eliminatória"), "opening_list": _l("Lista de aberturas"),
    "player": _l("Jogador"), "playoff": _l("Playoff"), "registration_settings": _l("Regras de inscrição"),
    "reserve_entry": _l("Reserva"), "entry_fee": _l("Conta da taxa"), "fee_payment": _l("Lançamento de taxa"),
    "fee_statement": _l("Extrato bancário"), "round": _l("Rodada"), "round_robin": _l("Todos contra todos"),
    "sanction": _l("Sanção"), "sign_up": _l("Pedido de conta"), "team": _l("Equipe"),
    "team_match": _l("Confronto de equipes"), "team_round": _l("Rodada de equipes"), "user": _l("Usuário"),
    "game_record": _l("Registro de partida"), "desk_move_ref": _l("Lance apontado"),
    "rating_parameters": _l("Parâmetros do rating da federação"), "rating_period": _l("Período de rating"),
    "season": _l("Temporada"), "unmatched_sign_up": _l("Pedido de conta sem cadastro"),
    "national_title": _l("Título nacional"),
    "championship": _l("Campeonato"), "section_eligibility": _l("Elegibilidade da seção"),
    "championship_section": _l("Seção de campeonato"), "section_qualifier": _l("Classificado"),
}

# Field names of the recorded snapshots; a field not listed shows its own name.
FIELD_NAMES = {
    "screen_seconds": _l("segundos por página do telão"), "screen_top_n": _l("jogadores da classificação no telão"),
    "fide_title": _l("título FIDE"), "draughts_title": _l("título de damas"),
    "rating_threshold": _l("rating mínimo"), "norms_needed": _l("normas exigidas"),
    "min_games": _l("mínimo de partidas"), "min_average": _l("média mínima dos adversários"),
    "min_score_percent": _l("aproveitamento mínimo (%)"), "unrated_rating": _l("rating dos adversários sem rating"),
    "women_only": _l("título feminino"), "players_renamed": _l("jogadores com o código novo"),
    "rating_list": _l("lista de rating"), "rating_blitz": _l("rating blitz"), "import": _l("importado de"),
    "list_date": _l("data da lista"),
    "result": _l("resultado"), "round": _l("rodada"), "number": _l("número"), "board": _l("mesa"),
    "table": _l("mesa"), "status": _l("situação"), "name": _l("nome"), "full_name": _l("nome"),
    "short_name": _l("sigla"), "player": _l("jogador"), "player_id": _l("jogador (id)"),
    "user_id": _l("usuário (id)"), "email": _l("e-mail"), "role": _l("papel"), "note": _l("observação"),
    "notes": _l("observações"), "reason": _l("motivo"), "article": _l("artigo"), "kind": _l("tipo"),
    "message": _l("mensagem"), "games": _l("partidas"), "total": _l("total"), "players": _l("jogadores"),
    "pairing_number": _l("nº de emparceiramento"), "rating_at_entry": _l("rating na inscrição"),
    "seed": _l("semente"), "lot_seed": _l("semente do sorteio"), "first_color": _l("cor do nº 1"),
    "first_color_seed": _l("semente da cor"), "system": _l("sistema"), "pairing_system": _l("sistema"),
    "boards": _l("mesas"), "matches": _l("confrontos"), "method": _l("método"), "double": _l("turno e returno"),
    "rounds": _l("rodadas"), "planned_rounds": _l("rodadas previstas"), "numbers": _l("números"),
    "codes": _l("códigos"), "code": _l("código"), "mode": _l("modo"), "count": _l("quantidade"),
    "filename": _l("arquivo"), "scoring": _l("pontuação"), "openings": _l("aberturas"),
    "start_date": _l("início"), "end_date": _l("término"), "venue": _l("local"), "organiser": _l("organizador"),
    "chief_arbiter": _l("árbitro principal"), "ruleset": _l("regras"), "discipline": _l("modalidade"),
    "tiebreak_order": _l("desempates"), "tiebreaks": _l("desempates"), "tiebreak_by_lot": _l("desempates sorteados"),
    "tiebreak_lot_seed": _l("semente do sorteio dos desempates"), "last_round_id": _l("última rodada (id)"),
    "time_minutes": _l("minutos"), "time_increment": _l("acréscimo"), "acceleration": _l("aceleração"),
    "birth_date": _l("nascimento"), "sex": _l("sexo"), "club_id": _l("clube (id)"), "club": _l("clube"),
    "city": _l("cidade"), "state": _l("UF"), "federation_id": _l("nº na federação"), "fide_id": _l("FIDE ID"),
    "rating_regular": _l("rating"), "rating_rapid": _l("rating rápido"), "active": _l("ativo"),
    "rating_d100_regular": _l("rating damas 100"), "rating_d100_rapid": _l("rating rápido damas 100"),
    "rating_d100_blitz": _l("rating blitz damas 100"), "rating_chess_regular": _l("rating xadrez"),
    "rating_chess_rapid": _l("rating rápido xadrez"), "rating_chess_blitz": _l("rating blitz xadrez"),
    "team": _l("equipe"), "captain_name": _l("capitão"), "amount": _l("valor"), "place": _l("colocação"), "trophy": _l("troféu"), "medal": _l("medalha"),
    "category_code": _l("categoria"), "category": _l("categoria"), "tied": _l("empatados"),
    "decision": _l("decisão"), "text": _l("texto"), "panel": _l("comissão"), "subject": _l("assunto"),
    "appellant": _l("apelante"), "voting": _l("com voto"), "withdrawn_after_round": _l("desistiu após a rodada"),
    "absent_from_round": _l("ausente desde a rodada"), "explanation": _l("justificativa"),
    "published": _l("publicada"), "capacity": _l("vagas"), "min_entries": _l("mínimo de inscritos"),
    "opens_at": _l("abertura"), "closes_at": _l("encerramento"), "guest": _l("convidado"),
    "password_changed": _l("senha alterada"), "white_entry_id": _l("brancas (id)"),
    "black_entry_id": _l("pretas (id)"), "outcome": _l("resultado"), "penalty_id": _l("penalidade (id)"),
    "source": _l("origem"), "consequence": _l("consequência"), "incidence": _l("incidência"),
    "moves": _l("lances"), "result_token": _l("resultado na planilha"), "irregular_ply": _l("meio-lance irregular"),
    "game_no": _l("partida nº"), "white_player_id": _l("brancas (jogador id)"),
    "black_player_id": _l("pretas (jogador id)"), "start_fen": _l("posição inicial"), "final": _l("posição final"),
    "ply": _l("meio-lance"), "round_number": _l("rodada"), "incident_id": _l("incidente (id)"),
    "decision_at": _l("decisão em"), "filed_at": _l("apresentada em"), "deadline": _l("prazo"),
    "fee_paid_cents": _l("taxa paga (centavos)"), "refund_cents": _l("devolução (centavos)"),
    "chief_arbiter_user_id": _l("árbitro principal (id)"), "captain_user_id": _l("capitão (id)"),
    "list_id": _l("lista (id)"), "new_cycle": _l("novo ciclo"), "seeds": _l("cabeças de chave"),
    "byes": _l("isentos"), "stage": _l("fase"), "tie": _l("confronto"), "seq": _l("sequência"),
    "drawn": _l("sorteado"), "position": _l("posição"), "places": _l("vagas"), "prizes": _l("prêmios"),
    "schedule": _l("programação"), "contacts": _l("contatos"), "round_times": _l("horários das rodadas"),
    "contact_email": _l("e-mail de contato"), "contact_phone": _l("telefone de contato"), "website": _l("site"),
    "online": _l("inscrição on-line"),
    "side": _l("cor"), "reported_by": _l("informado por"), "player_reports": _l("resultados informados pelos jogadores"),
    "publish_on_pair": _l("publicar a rodada ao emparceirar"),
    "self_registration": _l("inscrição pelo jogador"), "guest_places": _l("vagas de convidados"),
    "guest_policy": _l("regra de convidados"), "guests_from": _l("convidados a partir de"),
    "min_age": _l("idade mínima"), "max_age": _l("idade máxima"), "rating_min": _l("rating mínimo"),
    "rating_max": _l("rating máximo"), "rating_ceiling": _l("teto de rating"), "states": _l("UFs"),
    "name_pt": _l("nome (pt)"), "name_en": _l("nome (en)"), "allow_half_bye": _l("bye de meio ponto"),
    "rapid_games": _l("partidas rápidas"), "white_absent_minutes": _l("ausência das brancas (min)"),
    "black_absent_minutes": _l("ausência das pretas (min)"), "later_rounds_paired": _l("rodadas seguintes emparceiradas"),
    "rematch_boards": _l("mesas de reencontro"), "rounds_not_paired": _l("rodadas sem emparceiramento"),
    "forfeits": _l("W.O."), "offender": _l("infrator"), "cash_ties": _l("empates em dinheiro"),
    "results": _l("resultados"), "game": _l("partida"), "reserve_id": _l("reserva (id)"),
    "no_show_minutes": _l("não comparecimento (min)"), "pair_restriction": _l("emparceiramento restrito"),
    "restriction_relaxed": _l("restrição não respeitada"), "rating_result": _l("resultado para o rating"),
    "case": _l("caso (C.04.2 #8)"), "deadline_round": _l("prazo: publicação da rodada"),
}


# Snapshot fields that name a row by its id (`views.audit_names` reads the names), with the
# label the field takes once the row is named.
ID_FIELDS = {
    "player_id": "player", "white_player_id": "player", "black_player_id": "player",
    "white_entry_id": "entry", "black_entry_id": "entry", "user_id": "user", "club_id": "club",
    "last_round_id": "round", "chief_arbiter_user_id": "user", "captain_user_id": "user",
}
NAMED_FIELD_NAMES = {
    "player_id": _l("jogador"), "white_player_id": _l("brancas"), "black_player_id": _l("pretas"),
    "white_entry_id": _l("brancas"), "black_entry_id": _l("pretas"), "user_id": _l("usuário"),
    "club_id": _l("clube"), "last_round_id": _l("última rodada"), "chief_arbiter_user_id": _l("árbitro principal"),
    "captain_user_id": _l("capitão"),
}
ROUND_STATUS_NAMES = {"draft": ("rascunho", "draft"), "published": ("publicada", "published")}
# Codes a field holds, as the rest of the UI names them (one table each, not a copy here).
VALUE_NAMES: dict[str, dict[str, Any]] = {
    "status": {**{k: v for k, v in ROUND_STATUS_NAMES.items()}, **STATUS_NAMES, **ENTRY_STATUS_NAMES},
    "kind": {**KIND_NAMES, **SANCTION_NAMES}, "sanction": SANCTION_NAMES, "final": VERDICT_TEXT,
    "source": SOURCE_TEXT, "rating_list": RATING_LIST_NAMES,
}
# The row an entry is about, by its kind, once named ("Inscrição de Ana Lima", "Rodada 1").
OBJECT_TEXT = {
    "entry": _l("Inscrição de %(name)s"), "player": _l("Jogador %(name)s"), "round": "%(name)s",
    "game": _l("Partida (%(name)s)"), "event": _l("Evento %(name)s"), "user": _l("Usuário %(name)s"),
    "club": _l("Clube %(name)s"),
}


def action_label(code: str) -> str:
    return str(ACTION_NAMES.get(code, code))


def object_label(code: str) -> str:
    return str(OBJECT_NAMES.get(code, code))


def object_text(code: str, object_id: int | None, names: dict[tuple[str, int], str] | None = None) -> str:
    """The entry's object as people read it: its name where the row is known, else "Kind #id"."""
    name = (names or {}).get((code, object_id)) if object_id is not None else None
    if name is not None and code in OBJECT_TEXT:
        return str(OBJECT_TEXT[code]) % {"name": name}
    return f"{object_label(code)} #{object_id}" if object_id is not None else object_label(code)


def field_label(name: str) -> str:
    return str(FIELD_NAMES.get(name, name.replace("_", " ")))


def _named_value(value: Any, kind: str) -> Any:
    names = VALUE_NAMES.get(kind, {})
    if isinstance(value, str) and value in names:
        label = names[value]
        return pick(label) if isinstance(label, tuple) else str(label)
    return value


def show_value(value: Any, field: str = "", names: dict[tuple[str, int], str] | None = None) -> str:
    """A recorded value as text: a row's name for an id field, a code's label, empty as a dash,
    yes/no, lists joined, anything else as JSON."""
    if field in ID_FIELDS and isinstance(value, int) and (ID_FIELDS[field], value) in (names or {}):
        return (names or {})[(ID_FIELDS[field], value)]
    value = _named_value(value, field)
    if value is None or value == "" or value == [] or value == {}:
        return "—"
    if isinstance(value, bool):
        return _("sim") if value else _("não")
    if isinstance(value, (int, str)):
        return str(value)
    if isinstance(value, list) and all(isinstance(v, (int, str)) for v in value):
        return ", ".join(str(v) for v in value)
    return json.dumps(value, ensure_ascii=False)


def _label(name: str, names: dict[tuple[str, int], str] | None, values: tuple[Any, ...]) -> str:
    if name in NAMED_FIELD_NAMES and any(isinstance(v, int) and (ID_FIELDS[name], v) in (names or {})
                                         for v in values):
        return str(NAMED_FIELD_NAMES[name])
    return field_label(name)


def _in_language(values: dict[str, Any]) -> dict[str, Any]:
    """A record that kept a message in both languages (``message`` / ``message_en``: the desk's
    consequences) shows one ``message``, the reader's."""
    if "message_en" not in values:
        return values
    out = dict(values)
    english = out.pop("message_en")
    if english and is_english():
        out["message"] = english
    return out


def changes(before: dict[str, Any] | None, after: dict[str, Any] | None,
            names: dict[tuple[str, int], str] | None = None) -> list[dict[str, str]]:
    """Before/after as lines {field, before, after, kind}: kind "changed" (antes → depois), "same"
    (context, unchanged), "added" (only after: a creation) or "removed" (only before: a deletion);
    ids of rows named by `names`, codes by their labels; a message kept in both languages in the
    reader's."""
    before, after = _in_language(before or {}), _in_language(after or {})
    keys = list(after) + [k for k in before if k not in after]
    out = []
    for name in keys:
        if name in before and name in after:
            old, new = before[name], after[name]
            kind = "same" if old == new else "changed"
        elif name in after:
            old, new, kind = None, after[name], "added"
        else:
            old, new, kind = before[name], None, "removed"
        out.append({"field": _label(name, names, (old, new)), "before": show_value(old, name, names),
                    "after": show_value(new, name, names), "kind": kind})
    return out
