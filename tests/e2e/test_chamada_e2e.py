"""End to end: a candidate called by RH sees the call with its deadline on the
status page and declines it, confirming on its own page (no script: the CSP)."""

import datetime as dt
from decimal import Decimal

import pytest
from django.utils import timezone

from candidatos import chamadas
from candidatos.models import EstadoLista, Inscricao, SituacaoLista
from certames.models import EventoChamada
from classificacao.homologacao import homologar
from classificacao.listas import publicar, recalcular
from tests.e2e.passos import entrar
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    CertameFactory,
    InscricaoFactory,
    dia_util_desde,
    usuario,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_candidato_ve_a_convocacao_com_prazo_e_desiste(live_server, pagina):
    rh = usuario("rh_e2e", "RH", staff=True)
    conta = usuario("cand_e2e", "Candidato")
    certame = CertameFactory(regime="severinia-lei3057-2026")
    cargo = CargoFactory(certame=certame, vagas=2, codigo="ADM", nome="Agente Administrativo")
    InscricaoFactory(cargo=cargo, numero="301", nota=Decimal("90"))
    minha = InscricaoFactory(cargo=cargo, numero="302", nota=Decimal("85"), listas=["PPI"],
                             candidato=CandidatoFactory(usuario=conta, nome="Clara Souza"))
    SituacaoLista.objects.create(inscricao=minha, lista="PPI", estado=EstadoLista.CONFIRMADA)
    InscricaoFactory(cargo=cargo, numero="303", nota=Decimal("80"))
    publicar(recalcular(cargo.pk), "final", rh)
    hoje = timezone.localdate()
    homologar(certame, data=hoje - dt.timedelta(days=5), ato="Decreto 7/2026", autor=rh)
    prazo = dia_util_desde(hoje + dt.timedelta(days=20))
    chamadas.convocar(cargo, 2, prazo=prazo, autor=rh)

    entrar(pagina, live_server.url, usuario="cand_e2e", senha="senha-teste-123")
    pagina.goto(f"{live_server.url}/candidato/inscricoes/{minha.pk}/")
    prazo_texto = pagina.locator("#prazo-chamada").inner_text()
    assert prazo_texto == f"Prazo para apresentar os documentos: até {prazo:%d/%m/%Y}."

    pagina.get_by_role("link", name="Desistir da convocação").click()
    pagina.get_by_label("Confirmo que desisto da convocação e da vaga.").check()
    pagina.get_by_role("button", name="Desistir").click()
    pagina.get_by_text("Desistência registrada.").wait_for()
    minha.refresh_from_db()
    evento = EventoChamada.objects.get()
    # The same state as every order of nomeação shows (carreira.SituacaoChamada.descricao).
    assert f"Situação: Desistência ({evento.data:%d/%m/%Y})." in pagina.locator(
        "#chamadas").inner_text()
    assert (minha.situacao, evento.tipo, evento.pelo_candidato) == (
        Inscricao.Situacao.DESISTENTE, "desistencia", True)
