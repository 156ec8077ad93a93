"""Lei 3.057/2026, art. 2º, §2º: a family registered in CadÚnico in another municipality is
not in this municipality's extract; it proves the requirements with the documents the edital
lists, attached to the request, and RH decides with a motivation (art. 3º, §2º) instead of
the automatic "não encontrado"."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from candidatos import isencao
from candidatos.models import PedidoIsencao
from certames.models import Ato
from tests.candidatos.test_isencao_apoio import (
    DURANTE_PEDIDO,
    NIS_A,
    NIS_E,
    PDF,
    certame_severinia,
    extrato,
    inscricao,
)
from tests.candidatos.test_isencao_paginas import certame_pedidos_abertos

pytestmark = pytest.mark.django_db

V = PedidoIsencao.Verificacao
R = PedidoIsencao.Resultado
ATUALIZADO = dt.date(2025, 12, 1)


@pytest.fixture
def certame():
    return certame_severinia()


@pytest.fixture
def cadunico():
    """This municipality's extract: NIS_A only; NIS_E is registered elsewhere."""
    return extrato([(NIS_A, "500.00", ATUALIZADO, "ativo")])


def _pdf(nome="folha-resumo-cadunico.pdf"):
    return SimpleUploadedFile(nome, PDF, content_type="application/pdf")


def test_sem_comprovante_o_nis_de_outro_municipio_nao_e_encontrado(certame, cadunico, rh):
    pedido = isencao.solicitar_isencao(inscricao(certame), tipo="cadunico", nis=NIS_E,
                                       autor=rh, agora=DURANTE_PEDIDO)
    assert pedido.verificacao == V.NAO_ENCONTRADO


def test_com_comprovante_a_verificacao_e_documental(certame, cadunico, rh):
    pedido = isencao.solicitar_isencao(
        inscricao(certame), tipo="cadunico", nis=NIS_E, autor=rh, agora=DURANTE_PEDIDO,
        comprovante_cadunico=_pdf("Maria NIS.pdf"))
    assert (pedido.verificacao, pedido.nis, pedido.renda_per_capita, pedido.limite_renda,
            pedido.extrato) == (V.DOCUMENTAL, NIS_E, None, None, None)
    assert pedido.comprovante_cadunico.name.startswith("isencao/")
    assert "Maria" not in pedido.comprovante_cadunico.name  # stored under a random name
    with pedido.comprovante_cadunico.open("rb") as f:
        assert f.read() == PDF
    ato = Ato.objects.get(tipo="isencao_pedido", objeto_id=str(pedido.pk))
    assert ato.depois["verificacao"] == "documental"


def test_nova_importacao_do_extrato_nao_desfaz_a_verificacao_documental(certame, cadunico,
                                                                          rh):
    pedido = isencao.solicitar_isencao(
        inscricao(certame), tipo="cadunico", nis=NIS_E, autor=rh, agora=DURANTE_PEDIDO,
        comprovante_cadunico=_pdf())
    extrato([(NIS_A, "500.00", ATUALIZADO, "ativo")], referencia=dt.date(2026, 10, 3))
    assert isencao.reverificar_pendentes(autor=rh) == {"documental": 1}
    pedido.refresh_from_db()
    assert pedido.verificacao == V.DOCUMENTAL


def test_rh_decide_com_motivacao_e_nao_confirma_automaticamente(certame, cadunico, rh):
    pedido = isencao.solicitar_isencao(
        inscricao(certame), tipo="cadunico", nis=NIS_E, autor=rh, agora=DURANTE_PEDIDO,
        comprovante_cadunico=_pdf())
    with pytest.raises(ValidationError) as exc:
        isencao.decidir_preliminar(pedido, autor=rh, confirmar=True)
    assert exc.value.messages == [
        "A verificação automática “Comprovação documental do CadÚnico (outro município)” não "
        "pode ser confirmada: decida com motivação."]
    decididos, ignorados = isencao.confirmar_em_lote([pedido], autor=rh)
    assert (decididos, ignorados) == ([], [pedido])
    decisao = isencao.decidir_preliminar(
        pedido, autor=rh, resultado=R.DEFERIDO,
        motivacao=("Folha resumo do CadÚnico de Bebedouro/SP: cadastro ativo, atualizado em "
                   "03/2026, renda per capita de R$ 420,00, até meio salário mínimo."))
    pedido.refresh_from_db()
    assert (decisao.resultado, pedido.resultado_preliminar) == (R.DEFERIDO, R.DEFERIDO)


def test_comprovante_do_cadunico_nao_serve_ao_doador(certame, rh):
    with pytest.raises(ValidationError) as exc:
        isencao.solicitar_isencao(
            inscricao(certame), tipo="doador_sangue", autor=rh, agora=DURANTE_PEDIDO,
            comprovante=_pdf("doacao.pdf"), comprovante_cadunico=_pdf())
    assert exc.value.messages == ["O comprovante do CadÚnico é só para o pedido pelo CadÚnico."]


def test_candidato_anexa_no_portal_e_o_rh_abre(client, candidato_user, rh):
    certame = certame_pedidos_abertos()
    extrato([(NIS_A, "500.00", ATUALIZADO, "ativo")])
    insc = inscricao(certame, candidato=candidato_user.candidato)
    client.force_login(candidato_user)
    resposta = client.post(reverse("isencao:inscricao", args=[insc.pk]),
                           {"tipo": "cadunico", "nis": NIS_E, "declaracao": "on",
                            "comprovante_cadunico": _pdf()})
    assert resposta.status_code == 302
    pedido = PedidoIsencao.objects.get()
    assert pedido.verificacao == V.DOCUMENTAL
    meu = client.get(reverse("isencao:arquivo", args=[insc.pk, "comprovante_cadunico"]))
    assert (meu.status_code, b"".join(meu.streaming_content)) == (200, PDF)
    do_rh = reverse("painel:arquivo", args=[pedido.pk, "comprovante_cadunico"])
    assert client.get(do_rh).status_code == 403
    client.force_login(rh)
    resposta = client.get(do_rh)
    assert (resposta.status_code, b"".join(resposta.streaming_content)) == (200, PDF)
    pagina = client.get(reverse("painel:pedido", args=[pedido.pk]))
    assert "Comprovação documental do CadÚnico (outro município)" in pagina.content.decode()


def test_doador_nao_anexa_comprovante_do_cadunico_no_portal(client, candidato_user):
    certame = certame_pedidos_abertos()
    insc = inscricao(certame, candidato=candidato_user.candidato)
    client.force_login(candidato_user)
    resposta = client.post(reverse("isencao:inscricao", args=[insc.pk]),
                           {"tipo": "doador_sangue", "declaracao": "on",
                            "comprovante": _pdf("doacao.pdf"), "comprovante_cadunico": _pdf()})
    assert resposta.status_code == 400
    assert resposta.context["form"].errors == {"comprovante_cadunico": [
        "O comprovante do CadÚnico é só para o pedido pelo CadÚnico."]}
    assert PedidoIsencao.objects.count() == 0
