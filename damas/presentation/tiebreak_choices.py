"""The tie-break pick list's data and the names of an order.

The forms keep posting a comma-separated code order (no JavaScript: the text field still works);
`static/tiebreaks.js` reads `picker_data` from a data attribute and turns the field into an
ordered list of names. The data comes from the engine's registry (names, articles), its
`catalogue` (one-line descriptions, FIDE-GR "Choice of Tiebreak System" presets) and the rule
sets' default orders, in the page's language.
"""
from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

from flask_babel import gettext as _

from damas.engine.rulesets import get_ruleset, ruleset_codes
from damas.engine.tiebreak_fit import RECOMMENDED
from damas.engine.tiebreaks import get_tiebreak, tiebreak_codes
from damas.engine.tiebreaks.catalogue import PRESETS, description
from damas.engine.types import EngineError
from damas.presentation.labels import english, pick

__all__ = ["order_names", "picker_data", "picker_json"]

_KINDS = ("swiss", "roundrobin", "micromatch", "knockout", "team_swiss", "team_roundrobin")


def order_names(codes: Sequence[str]) -> list[dict[str, str]]:
    """Each code of an order with its name (the event page shows names, not codes)."""
    out = []
    for code in codes:
        try:
            tb = get_tiebreak(code)
        except EngineError:
            out.append({"code": code, "name": code})
            continue
        out.append({"code": tb.code, "name": pick((tb.name_pt, tb.name_en))})
    return out


def _defaults() -> dict[str, dict[str, list[str]]]:
    out: dict[str, dict[str, list[str]]] = {}
    for code in ruleset_codes():
        rs = get_ruleset(code)
        out[code] = {}
        for kind in _KINDS:
            try:
                out[code][kind] = list(rs.default_tiebreaks(kind))
            except EngineError:
                continue
    return out


def picker_data(kinds: Mapping[str, str]) -> dict[str, Any]:
    """Everything the pick list needs, for every rule set and kind (the form's own selects
    choose which applies): tie-breaks, recommended codes, defaults, presets, labels. `kinds`
    maps each pairing system code to its kind (``swiss``, ``roundrobin``, ...)."""
    en = english()
    return {
        "tiebreaks": [{"code": tb.code, "name": pick((tb.name_pt, tb.name_en)), "article": tb.article,
                       "desc": description(tb.code, en)}
                      for tb in (get_tiebreak(c) for c in tiebreak_codes())],
        "recommended": {kind: sorted(codes) for kind, codes in RECOMMENDED.items()},
        "defaults": _defaults(),
        "kinds": dict(kinds),
        "presets": [{"key": p.key, "name": pick((p.name_pt, p.name_en)), "article": p.article,
                     "kinds": list(p.kinds), "codes": list(p.codes)} for p in PRESETS],
        "text": {
            "up": _("Subir"), "down": _("Descer"), "remove": _("Remover"),
            "add": _("Adicionar desempate"), "add_none": _("— escolher —"),
            "add_button": _("Adicionar"), "apply": _("Aplicar"), "added": _("Adicionado"),
            "removed": _("Removido"), "applied": _("Ordem aplicada"),
            "preset": _("Começar de uma ordem pronta"), "preset_none": _("— ordens prontas —"),
            "default": _("Padrão do regulamento"),
            "default_note": _("Padrão do regulamento (o campo fica em branco): mude a ordem, remova ou "
                              "adicione para definir a ordem do evento."),
            "empty": _("Nenhum desempate: a classificação fica só pelos pontos."),
            "recommended": _("Recomendados para este sistema"), "others": _("Outros"),
            "list": _("Ordem dos desempates escolhida"),
            "codes": _("Códigos"),
        },
    }


def picker_json(kinds: Mapping[str, str]) -> str:
    """`picker_data` as the JSON of a data attribute (Jinja escapes it in the attribute)."""
    return json.dumps(picker_data(kinds), ensure_ascii=False, separators=(",", ":"))
