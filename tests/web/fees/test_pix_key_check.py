"""A Pix key as staff type it: CPF and CNPJ (check digits, with or without dots, dash, slash),
e-mail, cell phone (+55, DDD, 9 digits; common formatting), random key (UUID); written as the
Pix directory stores it; anything else refused with a message in Portuguese."""
from __future__ import annotations

import pytest

from damas.services.errors import ServiceError
from damas.services.federation.pix_keys import cnpj_ok, cpf_ok, parse_pix_key


@pytest.mark.parametrize("typed, kind, value", [
    ("529.982.247-25", "cpf", "52998224725"),
    ("52998224725", "cpf", "52998224725"),
    (" 111.444.777-35 ", "cpf", "11144477735"),
    ("11.222.333/0001-81", "cnpj", "11222333000181"),
    ("11222333000181", "cnpj", "11222333000181"),
    ("Tesouraria@FCD.org.br", "email", "tesouraria@fcd.org.br"),
    ("+55 85 99999-8888", "phone", "+5585999998888"),
    ("+55 (85) 9 9999-8888", "phone", "+5585999998888"),
    ("(85) 99999-8888", "phone", "+5585999998888"),
    ("+5511987654321", "phone", "+5511987654321"),
    ("5511987654321", "phone", "+5511987654321"),
    ("123E4567-E12B-12D1-A456-426655440000", "evp", "123e4567-e12b-12d1-a456-426655440000"),
])
def test_valid_keys_are_normalised(app, typed, kind, value):
    key = parse_pix_key(typed)
    assert (key.kind, key.value) == (kind, value)


@pytest.mark.parametrize("typed, words", [
    ("", "Informe a chave Pix"),
    ("529.982.247-24", "CPF inválido"),
    ("111.111.111-11", "CPF inválido"),
    ("85999998888", "CPF inválido"),  # 11 bare digits are a CPF: a phone needs +55 or (DDD)
    ("11.222.333/0001-80", "CNPJ inválido"),
    ("fulano@", "E-mail inválido"),
    ("joão@fcd.org.br", "E-mail inválido"),
    ("a" * 70 + "@fcd.org.br", "E-mail inválido"),
    ("+55 85 3333-4444", "Celular inválido"),  # a landline: Pix phone keys are cell phones
    ("+1 212 555 0100", "Celular inválido"),
    ("(85) 9999", "Celular inválido"),
    ("123e4567-e12b-12d1-a456-42665544000", "Chave Pix não reconhecida"),
    ("minha chave", "Chave Pix não reconhecida"),
])
def test_bad_keys_are_refused_with_a_clear_message(app, typed, words):
    with pytest.raises(ServiceError) as error:
        parse_pix_key(typed)
    assert words in error.value.message and error.value.field == "pix_key"


def test_check_digits():
    assert cpf_ok("52998224725") and not cpf_ok("52998224726") and not cpf_ok("00000000000")
    assert cnpj_ok("11222333000181") and not cnpj_ok("11222333000182") and not cnpj_ok("1122233300018")
