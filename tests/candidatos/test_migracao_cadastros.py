"""Migration 0008: what unconfirmed sign-ups wrote on Candidato rows before it is
undone, so it can no longer serve as the proof of a claim (the record's e-mail receives the
link, its birth date proves the claim)."""

import datetime as dt
import importlib

import pytest
from django.apps import apps
from django.contrib.contenttypes.models import ContentType
from django.utils import timezone

from candidatos.models import Candidato
from certames.models import Ato
from tests.factories import CandidatoFactory, InscricaoFactory, gerar_cpf, usuario

pytestmark = pytest.mark.django_db

migracao = importlib.import_module("candidatos.migrations.0008_pedido_cadastro")


def cadastro_antigo(candidato, novo: bool, depois_de: dt.timedelta = dt.timedelta(0)):
    """The act the old sign-up recorded: in the same request as its save, or `depois_de`
    after it."""
    Ato.objects.create(tipo="cadastro_candidato", criado_em=timezone.now() + depois_de,
                       objeto_tipo=ContentType.objects.get_for_model(Candidato),
                       objeto_id=str(candidato.pk), objeto_repr=str(candidato),
                       descricao="Cadastro no portal do candidato (aguardando confirmação do "
                                 "e-mail).", depois={"usuario": 1, "candidato_novo": novo})


def test_linha_criada_por_cadastro_nao_confirmado_e_removida():
    # The old sign-up created the Candidato with the e-mail typed, then was never confirmed.
    sobra = Candidato.objects.create(cpf=gerar_cpf(), nome="Fulano de Tal",
                                     email="atacante@example.com",
                                     data_nascimento=dt.date(1990, 1, 1))
    cadastro_antigo(sobra, novo=True)
    migracao.desfazer_cadastros_nao_confirmados(apps, None)
    assert not Candidato.objects.filter(pk=sobra.pk).exists()
    ato = Ato.objects.get(tipo="migracao_cadastro_nao_confirmado")
    assert ato.antes == {"candidato": sobra.pk}


def test_campos_preenchidos_por_cadastro_nao_confirmado_voltam_ao_que_a_banca_gravou():
    importado = CandidatoFactory(email="", telefone="", data_nascimento=None)
    InscricaoFactory(candidato=importado)
    antes = timezone.now()
    # The old sign-up filled the blanks of the imported record, then was never confirmed.
    importado.data_nascimento = dt.date(1990, 1, 1)
    importado.telefone = "(11) 90000-0000"
    importado.save(update_fields=["data_nascimento", "telefone"])
    cadastro_antigo(importado, novo=False)
    assert importado.history.filter(history_date__gte=antes).count() == 1
    migracao.desfazer_cadastros_nao_confirmados(apps, None)
    importado.refresh_from_db()
    assert (importado.data_nascimento, importado.telefone, importado.email) == (None, "", "")
    ato = Ato.objects.get(tipo="migracao_cadastro_nao_confirmado")
    assert (ato.antes, ato.depois) == (
        {"data_nascimento": "1990-01-01", "telefone": "(11) 90000-0000"},
        {"data_nascimento": None, "telefone": ""})


def test_cadastros_confirmados_e_dados_da_banca_ficam():
    # Confirmed sign-up (an account): untouched.
    confirmado = Candidato.objects.create(cpf=gerar_cpf(), nome="Joana Maria",
                                          email="joana@example.com",
                                          usuario=usuario("joana", "Candidato"))
    cadastro_antigo(confirmado, novo=True)
    # The banca's values (written in another request, long before the sign-up) stay.
    importado = CandidatoFactory(email="banca@example.com", data_nascimento=dt.date(1980, 5, 5))
    InscricaoFactory(candidato=importado)
    cadastro_antigo(importado, novo=False, depois_de=dt.timedelta(days=30))
    migracao.desfazer_cadastros_nao_confirmados(apps, None)
    confirmado.refresh_from_db()
    importado.refresh_from_db()
    assert (confirmado.email, importado.email, importado.data_nascimento) == (
        "joana@example.com", "banca@example.com", dt.date(1980, 5, 5))
    assert not Ato.objects.filter(tipo="migracao_cadastro_nao_confirmado").exists()
