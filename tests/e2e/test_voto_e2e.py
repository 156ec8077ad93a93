"""End to end on a tablet-sized browser: a committee member logs in, signs the
confidentiality term, opens the session's queue and records a vote in the workspace."""

import datetime as dt

import pytest
from django.contrib.auth.models import Group
from django.utils import timezone

from comissoes.dominio.sessoes import registrar_comparecimento, registrar_presenca
from comissoes.models import Voto
from comum.papeis import GRUPOS
from tests.comissoes.fabricas import comissao_completa, convocado, membro, sessao
from tests.e2e.passos import entrar
from tests.factories import CertameFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SENHA = "senha-teste-123"  # tests.factories.usuario
MOTIVACAO = "Pele parda, cabelo crespo e traços faciais compatíveis com pessoa negra."


@pytest.fixture
def tablet(navegador):
    contexto = navegador.new_context(viewport={"width": 820, "height": 1180}, locale="pt-BR",
                                     timezone_id="America/Sao_Paulo", has_touch=True)
    contexto.set_default_timeout(15_000)
    page = contexto.new_page()
    try:
        yield page
    finally:
        contexto.close()


def test_membro_assina_o_termo_abre_a_fila_e_vota(live_server, tablet):
    # A transactional test may follow another one that flushed the groups of the migration.
    for nome in GRUPOS:
        Group.objects.get_or_create(name=nome)
    certame = CertameFactory(regime="smbv-lc22-2026",
                             titulo="Concurso de Santa Maria da Boa Vista")
    comissao, presidente, _outros = comissao_completa(certame)
    s = sessao(comissao, inicio=timezone.now() - dt.timedelta(minutes=10),
               local="Auditório da Prefeitura")
    conv, av = convocado(s, candidato__nome="Carla Menezes Teixeira")
    novo = membro(comissao, assinado=False, genero="masculino", cor_raca="parda")
    # The president opened the session: everybody present, the new member too (the term is
    # signed in the workspace, below).
    registrar_presenca(s, quem_registra=presidente,
                       presentes=[presidente.pk, *[m.pk for m in _outros], novo.pk])
    registrar_comparecimento(conv, "presente", presidente=presidente)
    numero = av.inscricao.numero

    entrar(tablet, live_server.url, usuario=novo.usuario.username, senha=SENHA)
    tablet.goto(f"{live_server.url}/comissao/")
    tablet.get_by_role("heading", name="Minhas sessões").wait_for()
    tablet.get_by_role("link", name="Ler e assinar o termo").click()
    tablet.get_by_label("Li o termo e comprometo-me a cumpri-lo.").check()
    tablet.get_by_role("button", name="Assinar o termo").click()
    tablet.get_by_text("Termo de confidencialidade assinado.").wait_for()

    tablet.get_by_role("link", name="Auditório da Prefeitura").click()
    fila = tablet.locator("#fila")
    fila.get_by_text("Carla Menezes Teixeira").wait_for()
    assert numero in fila.inner_text()
    fila.get_by_role("link", name="Avaliar").click()

    tablet.get_by_role("heading", name=f"{numero} — Carla Menezes Teixeira").wait_for()
    tablet.get_by_text("Confirma a autodeclaração", exact=True).click()
    tablet.get_by_label("Motivação (aspectos fenotípicos observados)").fill(MOTIVACAO)
    tablet.get_by_label("Ao confirmar, o seu voto é registrado").check()
    tablet.get_by_role("button", name="Registrar voto").click()
    tablet.get_by_text("Voto registrado.").wait_for()
    assert "Seu voto: Confirma a autodeclaração" in tablet.locator("#meu-voto").inner_text()

    voto = Voto.objects.get(avaliacao=av)
    assert (voto.membro_id, voto.sentido, voto.motivacao) == (novo.pk, "confirma", MOTIVACAO)
    novo.refresh_from_db()
    assert novo.termo_confidencialidade_em is not None


def test_presidente_so_registra_ausencia_marcando_a_confirmacao(live_server, pagina):
    """On a phone: "Ausente" closes the evaluation, so the browser does
    not send it until the box that says so is ticked (the server refuses it too)."""
    for nome in GRUPOS:
        Group.objects.get_or_create(name=nome)
    certame = CertameFactory(regime="smbv-lc22-2026")
    comissao, presidente, _outros = comissao_completa(certame)
    s = sessao(comissao, inicio=timezone.now() - dt.timedelta(minutes=10),
               local="Auditório da Prefeitura")
    _conv, av = convocado(s, candidato__nome="Carla Menezes Teixeira")
    entrar(pagina, live_server.url, usuario=presidente.usuario.username, senha=SENHA)
    pagina.goto(f"{live_server.url}/comissao/sessoes/{s.pk}/")
    item = pagina.locator(f"#fila-{av.pk}")
    item.get_by_role("button", name="Ausente").click()
    # The required box stops the submission: still on the queue, nothing recorded.
    assert item.get_by_role("checkbox").evaluate("c => !c.validity.valid")
    av.refresh_from_db()
    assert av.encerrada_em is None
    item.get_by_role("checkbox").check()
    item.get_by_role("button", name="Ausente").click()
    pagina.get_by_text("Comparecimento registrado: não compareceu.").wait_for()
    av.refresh_from_db()
    assert (av.resultado, av.encerrada_em is not None) == ("nao_confirmada", True)
