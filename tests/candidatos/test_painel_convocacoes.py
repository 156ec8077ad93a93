"""The candidate's dashboard names every open call with its deadline ("the
candidate sees the call in the portal with its deadline"), and only the candidate's own."""

from __future__ import annotations

import pytest
from django.urls import reverse

from candidatos import chamadas
from candidatos.models import Inscricao
from tests.certames.test_chamadas import PRAZO, _homologado
from tests.factories import nomear, usuario

pytestmark = pytest.mark.django_db


def _conta_de(numero: str, username: str):
    insc = Inscricao.objects.select_related("candidato").get(numero=numero)
    conta = usuario(username, "Candidato")
    type(insc.candidato).objects.filter(pk=insc.candidato_id).update(usuario=conta)
    return insc, conta


def test_painel_mostra_a_convocacao_em_aberto_com_prazo(client, rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 2, prazo=PRAZO, autor=rh)
    insc, conta = _conta_de("204", "cand_204")
    client.force_login(conta)
    pagina = client.get(reverse("portal:painel")).content.decode()
    texto = (f"{cargo.nome} ({cargo.certame.titulo}), 2ª posição da ordem de nomeação: "
             f"apresente os documentos até {PRAZO:%d/%m/%Y}.")
    assert texto in pagina
    assert reverse("portal:inscricao", args=[insc.pk]) + "#chamadas" in pagina


def test_painel_sem_convocacao_depois_da_resposta_e_sem_a_dos_outros(client, rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 2, prazo=PRAZO, autor=rh)
    insc, conta = _conta_de("204", "cand_204")
    _outra, outra_conta = _conta_de("203", "cand_203")  # not called
    client.force_login(outra_conta)
    assert 'id="convocacoes"' not in client.get(reverse("portal:painel")).content.decode()

    chamadas.desistir_pelo_candidato(insc, autor=conta)
    client.force_login(conta)
    assert 'id="convocacoes"' not in client.get(reverse("portal:painel")).content.decode()


def test_convocacao_deixa_de_estar_em_aberto_com_o_ato(rh):
    cargo = _homologado(rh)
    primeira, = chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    assert chamadas.convocacoes_em_aberto(primeira.inscricao.candidato) == [primeira]
    nomear(primeira, rh)
    assert chamadas.convocacoes_em_aberto(primeira.inscricao.candidato) == []
