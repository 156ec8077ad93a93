"""The `bench_classificacao` command at tiny scale: every figure printed, data reused."""

import io
import re

import pytest
from django.core.management import call_command
from django.db.models import Count
from localflavor.br.validators import BRCPFValidator

from candidatos.models import Candidato, Inscricao, SituacaoLista
from certames.models import Cargo, Certame, VersaoClassificacao

ARGS = ("--inscricoes", "400", "--cargos", "3", "--maior", "200", "--motor", "2000")
CHAVE = "BENCH-400-3-200-1"
LINHAS = (
    "banco de dados: ",
    "inscrições: 400 em 3 cargos; maior cargo B000: 200 inscrições",
    "situações em listas reservadas (registros): ",
    "motor (2.000 candidatos em memória, melhor de 3): ",
    "recálculo completo (3 cargos, 3 versões novas, ",
    "veredito: inscrição ",
    "recálculo do cargo B000 após um veredito (leitura, motor e gravação; ",
    "linhas gravadas pelo recálculo: ",
    "piso do cargo B000 (ler ",
    "razao recomputo/piso: ",
    "leitura e motor do cargo B000 (montar a entrada e classificar; melhor de 3): ",
    "razao recomputo/leitura+motor: ",
)


def _rodar() -> list[str]:
    saida = io.StringIO()
    call_command("bench_classificacao", *ARGS, stdout=saida)
    return saida.getvalue().strip().splitlines()


def _presentes(linhas: list[str]) -> None:
    for inicio in LINHAS:
        assert any(linha.startswith(inicio) for linha in linhas), (inicio, linhas)
    assert re.match(r"^razao recomputo/piso: \d+\.\d\d$", linhas[-3]), linhas[-3]
    assert re.match(r"^razao recomputo/leitura\+motor: \d+,\d\d$", linhas[-1]), linhas[-1]
    # A recompute writes a handful of rows: the version, one per list, one for slots and calls
    # (PIRANGI: AC, PP, I, Q, PCD).
    assert next(x for x in linhas if x.startswith("linhas gravadas pelo recálculo: ")).startswith(
        "linhas gravadas pelo recálculo: 7 (1 versão, 5 listas compactas e 1 linha de vagas")
    assert re.search(r": \d+,\d{3} s$", next(x for x in linhas if x.startswith("motor")))


@pytest.mark.django_db
def test_bench_em_escala_minima_reutiliza_os_dados():
    primeira = _rodar()
    _presentes(primeira)
    assert f"certame {CHAVE}: criado em " in primeira[1]

    certame = Certame.objects.get(numero_edital=CHAVE)
    inscricoes = Inscricao.objects.filter(certame=certame)
    assert inscricoes.count() == 400
    assert Candidato.objects.count() == 400
    for cpf in Candidato.objects.values_list("cpf", flat=True):
        BRCPFValidator()(cpf)  # 11 digits with valid check digits
    tamanhos = (Cargo.objects.filter(certame=certame).exclude(codigo="PISO")
                .annotate(n=Count("inscricoes")).order_by("codigo").values_list("n", flat=True))
    assert list(tamanhos) == [200, 100, 100]
    optantes_pp = sum("PP" in listas for listas in inscricoes.values_list("listas", flat=True))
    assert 0.4 * 400 < optantes_pp < 0.7 * 400
    assert SituacaoLista.objects.filter(inscricao__certame=certame).exists()
    versoes = VersaoClassificacao.objects.filter(cargo__certame=certame)
    # One per cargo (full recompute), three more for the biggest and three throwaway ones
    # for the floor (measurements 3 and 4: the best of three rounds).
    assert versoes.count() == 3 + 3 + 3

    segunda = _rodar()
    _presentes(segunda)
    assert f"certame {CHAVE}: reutilizado" in segunda[1]
    assert inscricoes.count() == 400
    assert Candidato.objects.count() == 400
    # The second run changed verdicts again, so every recompute wrote a new version.
    assert "3 versões novas" in next(x for x in segunda if x.startswith("recálculo completo"))
    assert versoes.count() == 2 * 9
