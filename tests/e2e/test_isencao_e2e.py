"""End to end: a candidate signs up, registers in a Severínia certame with a PPI
option and a CadÚnico fee-exemption request, and later sees the motivated decision on the
status page once RH has published the preliminary result."""

import datetime as dt
from decimal import Decimal

import pytest
from django.utils import timezone

from candidatos import isencao
from candidatos.models import Candidato, Inscricao, PedidoIsencao, formatar_cpf
from certames.models import Etapa
from tests.candidatos.test_isencao_apoio import NIS_A
from tests.e2e.passos import cadastrar_confirmar_e_entrar, inscrever_em_certame
from tests.factories import CargoFactory, CertameFactory, EtapaFactory, gerar_cpf, usuario

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_inscricao_com_opcao_e_pedido_cadunico_ate_a_decisao(live_server, pagina):
    agora = timezone.now()
    certame = CertameFactory(regime="severinia-lei3057-2026", titulo="Concurso de Severínia",
                             data_publicacao_edital=dt.date(2026, 10, 1))
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.INSCRICOES)
    pedido_etapa = EtapaFactory(certame=certame, tipo=Etapa.Tipo.PEDIDO_ISENCAO)
    CargoFactory(certame=certame, codigo="AUX", nome="Auxiliar Administrativo",
                 taxa_inscricao=Decimal("60.00"))
    cpf = gerar_cpf()

    cadastrar_confirmar_e_entrar(pagina, live_server.url, cpf_mascarado=formatar_cpf(cpf),
                                 nome="Joana Pereira", email="joana@example.com")
    inscrever_em_certame(pagina, titulo_certame="Concurso de Severínia",
                         cargo="AUX — Auxiliar Administrativo", cor_raca="Parda",
                         listas=["PPI"])
    insc = Inscricao.objects.get(candidato=Candidato.objects.get(cpf=cpf))
    assert (insc.listas, insc.situacao_taxa) == (["PPI"], "pendente")

    # The exemption request, from the status page.
    pagina.get_by_role("link", name="Isenção da taxa").click()
    pagina.get_by_label("CadÚnico, renda familiar per capita até meio salário mínimo").check()
    pagina.get_by_label("NIS (Número de Identificação Social)").fill(NIS_A)
    pagina.locator("#id_declaracao").check()
    pagina.get_by_role("button", name="Enviar pedido").click()
    pagina.get_by_text("Pedido de isenção registrado.").wait_for()
    pedido = PedidoIsencao.objects.get(inscricao=insc)
    assert (pedido.tipo, pedido.nis) == ("cadunico", NIS_A)

    # RH: the municipality's extract (income R$ 900,00 > R$ 810,50: Lei 3.057/2026, art. 2º),
    # the automatic check confirmed, the window closed and the preliminary result published.
    rh = usuario("rh_e2e", "RH", staff=True)
    extrato = (f"nis;renda_per_capita;data_atualizacao;situacao\n"
               f"{NIS_A};900,00;01/08/2026;ativo\n").encode()
    isencao.importar_extrato(extrato, data_referencia=dt.date(2026, 11, 1),
                             nome_arquivo="cadunico.csv", autor=rh)
    pedido.refresh_from_db()
    assert pedido.verificacao == "renda_acima"
    isencao.decidir_preliminar(pedido, autor=rh, confirmar=True)
    Etapa.objects.filter(pk=pedido_etapa.pk).update(inicio=agora - dt.timedelta(days=3),
                                                    fim=agora - dt.timedelta(minutes=1))
    # The preliminary result's stage, after the request window (certames/cronograma.py).
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.RESULTADO_PRELIMINAR_ISENCAO, inicio=agora,
                 fim=agora + dt.timedelta(days=1))
    isencao.publicar_resultado(certame, "preliminar", autor=rh)

    pagina.goto(f"{live_server.url}/candidato/inscricoes/{insc.pk}/")
    texto = pagina.locator("#isencao").inner_text()
    assert "Indeferido" in texto
    assert "810,50" in texto
