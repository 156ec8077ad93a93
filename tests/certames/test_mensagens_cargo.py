"""RH's cargo page says, after each of its acts, what happened as the database holds it
: the vacancies that arose and the cargo's new total, the version a
publication made public and as what, the positions called and their deadline, the act on a
call, and what the recompute did (a new version with its split, or the version in force).

The cargo is Severínia's of tests/certames/test_chamadas.py (5 vacancies: AC 2, PPI 2, PCD 1;
homologated, final result published). One vacancy arises: N = 6, PPI arred(1,8) = 2
(Lei 3.057/2026, art. 8º; rounding 0,5, the edital's default), PcD teto(0,3) = 1 (federal
default: not above 20% of 6), AC 3."""

import pytest
from django.urls import reverse

from candidatos import chamadas
from certames.models import Chamada, Publicacao
from classificacao.listas import recalcular
from comum.formatos import data_br, data_hora_br
from tests.certames.test_chamadas import HOJE, PRAZO, _cargo, _homologado
from tests.factories import usuario

pytestmark = pytest.mark.django_db


@pytest.fixture
def rh():
    return usuario("rh_mensagens", "RH", staff=True)


def _mensagens(resposta) -> list[str]:
    return [str(m) for m in resposta.context["messages"]]


@pytest.mark.django_db(transaction=True)
def test_vaga_surgida_diz_o_novo_total_e_a_nova_versao(client, rh):
    # Transactional: the recompute runs on the act's commit (eager), before the message.
    cargo = _homologado(rh)
    client.force_login(rh)
    resposta = client.post(reverse("painel:vaga_surgida", args=[cargo.pk]), {
        "quantidade": 1, "data": HOJE.isoformat(), "ato": "Lei 5/2026", "confirmacao": "on"},
        follow=True)
    assert _mensagens(resposta) == [
        f"1 vaga surgida registrada ({data_br(HOJE)}; ato: Lei 5/2026): o cargo tem agora 6 "
        "vagas. A classificação foi recalculada: versão 2, com 6 vagas (AC 3, PPI 2, PCD 1)."]
    assert cargo.versoes_classificacao.order_by("-numero").first().distribuicao == {
        "AC": 3, "PPI": 2, "PCD": 1}


def test_publicacao_diz_a_versao_o_tipo_e_a_hora(client, rh):
    cargo = _cargo()
    versao = recalcular(cargo.pk)
    client.force_login(rh)
    resposta = client.post(reverse("painel:publicar", args=[cargo.pk]), {
        "versao": versao.numero, "tipo": "preliminar", "confirmacao": "on"}, follow=True)
    publicacao = Publicacao.objects.get(versao=versao)
    assert _mensagens(resposta) == [
        f"Versão 1 publicada como resultado preliminar em "
        f"{data_hora_br(publicacao.publicada_em)}: está na página pública do cargo, e cada "
        "candidato da publicação é avisado por e-mail."]


def test_convocacao_e_ato_dizem_posicao_inscricao_e_datas(client, rh):
    cargo = _homologado(rh)
    client.force_login(rh)
    resposta = client.post(reverse("painel:convocar", args=[cargo.pk]), {
        "quantidade": 2, "prazo": PRAZO.isoformat(), "confirmacao": "on"}, follow=True)
    primeira, segunda = Chamada.objects.filter(cargo=cargo).order_by("posicao")
    assert _mensagens(resposta) == [
        f"2 convocações registradas, com prazo até {data_br(PRAZO)} para apresentar os "
        f"documentos: 1ª posição (vaga {primeira.vaga}): inscrição "
        f"{primeira.inscricao.numero}; 2ª posição (vaga {segunda.vaga}): inscrição "
        f"{segunda.inscricao.numero}."]

    chamadas.aceitar_pelo_candidato(primeira.inscricao, autor=None)
    resposta = client.post(reverse("painel:evento_chamada", args=[primeira.pk, "nomeacao"]),
                           {"data": HOJE.isoformat(), "numero_ato": "Portaria 12/2026",
                            "veiculo_publicacao": "Diário Oficial do Município",
                            "publicado_em": HOJE.isoformat(), "confirmacao": "on"},
                           follow=True)
    assert _mensagens(resposta) == [
        f"Ato registrado na 1ª posição da ordem de nomeação (inscrição "
        f"{primeira.inscricao.numero}): nomeação, com data de {data_br(HOJE)}."]


@pytest.mark.django_db(transaction=True)
def test_desistencia_diz_a_versao_recalculada(client, rh):
    cargo = _homologado(rh)
    client.force_login(rh)
    client.post(reverse("painel:convocar", args=[cargo.pk]), {
        "quantidade": 2, "prazo": PRAZO.isoformat(), "confirmacao": "on"}, follow=True)
    segunda = Chamada.objects.get(cargo=cargo, posicao=2)
    # A desistência recomputes the cargo: the message says the version it made.
    resposta = client.post(
        reverse("painel:evento_chamada", args=[segunda.pk, "desistencia"]),
        {"data": HOJE.isoformat(), "motivacao": "Desistência por escrito do candidato.",
         "confirmacao": "on"}, follow=True)
    ultima = cargo.versoes_classificacao.order_by("-numero").first()
    assert ultima.numero == 2
    assert _mensagens(resposta) == [
        f"Ato registrado na 2ª posição da ordem de nomeação (inscrição "
        f"{segunda.inscricao.numero}): desistência, com data de {data_br(HOJE)}. A "
        "classificação foi recalculada: versão 2, com 5 vagas (AC 2, PPI 2, PCD 1)."]
