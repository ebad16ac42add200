"""The demo federation's clubs and the names its players are drawn from."""
from __future__ import annotations




CLUBS = (
    ("Clube de Damas de Fortaleza", "CDF", "Fortaleza", "CE"),
    ("Associação Recifense de Damas", "ARD", "Recife", "PE"),
    ("Grêmio Damista Paulistano", "GDP", "São Paulo", "SP"),
    ("Clube Carioca de Damas", "CCD", "Rio de Janeiro", "RJ"),
    ("Damas Clube de Belo Horizonte", "DCBH", "Belo Horizonte", "MG"),
    ("Sociedade Damista de Salvador", "SDS", "Salvador", "BA"),
    ("Clube de Xadrez e Damas de Natal", "CXDN", "Natal", "RN"),
)


FIRST_M = ("João", "Pedro", "Lucas", "Mateus", "Gabriel", "Rafael", "Carlos", "Antônio", "Francisco",
           "Paulo", "José", "Miguel", "Davi", "Arthur", "Heitor", "Bernardo", "Samuel", "Thiago")


FIRST_F = ("Maria", "Ana", "Beatriz", "Júlia", "Larissa", "Fernanda", "Camila", "Letícia", "Alice",
           "Sofia", "Helena", "Valentina", "Luíza", "Mariana")


LAST = ("Silva", "Santos", "Oliveira", "Souza", "Lima", "Pereira", "Ferreira", "Costa", "Rodrigues",
        "Almeida", "Nascimento", "Carvalho", "Araújo", "Ribeiro", "Barbosa", "Gomes", "Martins", "Rocha")
