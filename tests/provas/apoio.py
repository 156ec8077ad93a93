"""A Pirangi cargo in two phases (the worked case of tests/regras/test_fases.py, with rows):
4 vacancies, PP arred(0.6) = 1 and AC 3 (Lei 3.056/2025, art. 3º); P1 (objective, minimum 50)
cuts at AC 4 and at the PP list's vacancies x 1 (= 1); P2 (discursive, minimum 50, weight 2)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.utils import timezone

from candidatos.models import Inscricao
from certames.models import Etapa
from classificacao.listas import recalcular
from provas import servicos
from provas.models import Fase
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory

NOTAS_P1 = {"1": "90", "2": "85", "3": "80", "4": "75", "5": "75", "6": "70", "7": "65",
            "8": "60", "9": "40", "10": "69"}
NOTAS_P2 = {"1": "80", "2": "70", "3": "60", "4": "ausente", "5": "90", "6": "99", "7": "95"}
OPTANTES_PP = ("6", "7", "8", "9")


def cargo_em_fases(rh=None, certame=None):
    certame = certame or CertameFactory(regime="pirangi-lei3056-2025")
    cargo = CargoFactory(certame=certame, vagas=4, codigo="AGT")
    for numero in NOTAS_P1:
        InscricaoFactory(cargo=cargo, numero=numero, situacao=Inscricao.Situacao.INSCRITO,
                         situacao_taxa=Inscricao.SituacaoTaxa.PAGA,
                         listas=["PP"] if numero in OPTANTES_PP else [],
                         cor_raca="parda" if numero in OPTANTES_PP else "branca")
    p1 = servicos.definir_fase(cargo, Fase(
        codigo="P1", nome="Prova objetiva", tipo=Fase.Tipo.OBJETIVA,
        nota_minima=Decimal(50), corte={"AC": {"modo": "numero", "valor": 4},
                                        "PP": {"modo": "multiplo", "valor": 1}}), autor=rh)
    p2 = servicos.definir_fase(cargo, Fase(
        codigo="P2", nome="Prova discursiva", tipo=Fase.Tipo.DISCURSIVA,
        nota_minima=Decimal(50), peso=Decimal(2)), autor=rh)
    return cargo, p1, p2


def encerrar_inscricoes(certame):
    """The inscrições are over (a phase's result is published only then:
    `certames.cronograma.PUBLICACOES`); call it once the phases are defined."""
    agora = timezone.now()
    return Etapa.objects.create(certame=certame, tipo=Etapa.Tipo.INSCRICOES,
                                inicio=agora - dt.timedelta(days=40),
                                fim=agora - dt.timedelta(days=20))


def planilha(notas: dict[str, str]) -> bytes:
    return ("inscricao;nota\n" + "".join(f"{n};{v}\n" for n, v in notas.items())).encode()


def importar(fase, notas, rh=None):
    """Import and recompute (the recompute job the act queues on commit, run here)."""
    importacao = servicos.importar_notas(fase, planilha(notas), nome_arquivo="banca.csv",
                                         autor=rh)
    recalcular(fase.cargo_id)
    return importacao
