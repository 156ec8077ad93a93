"""The candidate's dashboard "O que vem a seguir" and one truth across the candidate's pages
: open windows of THIS inscrição with their end, new results, the fee
said the same way everywhere, the documents card only where documents are asked, plain words,
the position in each published list with the vacancy held (or how far from one), and the
e-mail when a classification is published."""

import datetime as dt
import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from candidatos import inscricao_portal
from candidatos.models import PedidoIsencao
from certames.carreira import fundamento_ordem
from certames.models import (
    Etapa,
    Publicacao,
    VersaoClassificacao,
)
from classificacao.listas import publicar
from comissoes.models import Comissao, Convocacao, Sessao
from nucleo.models import ItemPublicado, PublicacaoResultado
from portal import situacao
from portal.passos import DIAS_NOVIDADE, proximos_passos
from tests import instantaneo_apoio
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    CertameFactory,
    EtapaFactory,
    InscricaoFactory,
    usuario,
)

pytestmark = pytest.mark.django_db

SEVERINIA = "severinia-lei3057-2026"
PIRANGI = "pirangi-lei3056-2025"
DIA = dt.timedelta(days=1)


def conta(username="cand_passos", **kwargs):
    user = usuario(username, "Candidato")
    CandidatoFactory(usuario=user, **kwargs)
    return user


def inscricao_em(user, regime, **kwargs):
    certame = CertameFactory(regime=regime)
    cargo = CargoFactory(certame=certame, taxa_inscricao=Decimal("50.00"))
    return InscricaoFactory(cargo=cargo, candidato=user.candidato, **kwargs)


def linhas(passos):
    return [(p.tipo, p.inscricao.numero, p.texto, p.data, p.url, p.prazo) for p in passos]


# --- "O que vem a seguir" ----------------------------------------------------------------------


def test_janela_de_isencao_aberta_com_o_fim():
    user = conta()
    agora = timezone.now()
    insc = inscricao_em(user, SEVERINIA, situacao_taxa="pendente", numero="000101")
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.PEDIDO_ISENCAO, inicio=agora - DIA,
                 fim=agora + 2 * DIA)
    # The payment window opens later: nothing to pay yet.
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.PAGAMENTO_TAXA, inicio=agora + 3 * DIA,
                 fim=agora + 10 * DIA)
    assert linhas(proximos_passos(user.candidato, agora)) == [
        ("isencao", "000101", "Pedir isenção da taxa de inscrição, se você tiver direito",
         agora + 2 * DIA, reverse("isencao:inscricao", args=[insc.pk]), True)]


def test_taxa_pendente_e_isencao_em_ordem_de_prazo(client):
    user = conta()
    agora = timezone.now()
    insc = inscricao_em(user, SEVERINIA, situacao_taxa="pendente", numero="000102")
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.PAGAMENTO_TAXA, inicio=agora - DIA,
                 fim=agora + 5 * DIA)
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.PEDIDO_ISENCAO, inicio=agora - DIA,
                 fim=agora + 2 * DIA)
    status = reverse("portal:inscricao", args=[insc.pk])
    assert linhas(proximos_passos(user.candidato, agora)) == [
        ("isencao", "000102", "Pedir isenção da taxa de inscrição, se você tiver direito",
         agora + 2 * DIA, reverse("isencao:inscricao", args=[insc.pk]), True),
        ("pagamento", "000102", "Pagar a taxa de inscrição (R$ 50,00)", agora + 5 * DIA,
         status + "#t-taxa", True)]
    client.force_login(user)
    resposta = client.get(reverse("portal:painel"))
    assert linhas(resposta.context["passos"]) == linhas(
        proximos_passos(user.candidato, agora))
    html = resposta.content.decode()
    fim = timezone.localtime(agora + 5 * DIA).strftime("%d/%m/%Y %H:%M")
    assert "Pagar a taxa de inscrição (R$ 50,00)" in html
    assert f"até {fim}" in html


def test_taxa_paga_nao_pede_pagamento_nem_isencao():
    user = conta()
    agora = timezone.now()
    insc = inscricao_em(user, SEVERINIA, situacao_taxa="paga")
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.PAGAMENTO_TAXA, inicio=agora - DIA,
                 fim=agora + 5 * DIA)
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.PEDIDO_ISENCAO, inicio=agora - DIA,
                 fim=agora + 2 * DIA)
    assert proximos_passos(user.candidato, agora) == []


def _pedido_indeferido_publicado(insc, rh):
    pedido = PedidoIsencao.objects.create(
        inscricao=insc, tipo=PedidoIsencao.Tipo.CADUNICO, nis="12345678901",
        solicitado_em=timezone.now() - 5 * DIA,
        resultado_preliminar=PedidoIsencao.Resultado.INDEFERIDO,
        motivo_preliminar="Renda per capita acima de meio salário mínimo.")
    pub = PublicacaoResultado.objects.create(certame=insc.certame, procedimento="isencao",
                                             fase="preliminar", lote=1, publicada_por=rh)
    ItemPublicado.objects.create(publicacao=pub, procedimento="isencao", objeto_id=pedido.pk,
                                 inscricao=insc)
    return pub


def test_prazo_de_recurso_de_resultado_que_me_diz_respeito_e_o_resultado_novo(rh):
    user = conta()
    agora = timezone.now()
    insc = inscricao_em(user, SEVERINIA, situacao_taxa="pendente", numero="000103")
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.RECURSO_ISENCAO, inicio=agora - DIA,
                 fim=agora + 3 * DIA)
    # The payment window is open, but the request awaits its final result: no payment step.
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.PAGAMENTO_TAXA, inicio=agora - DIA,
                 fim=agora + 20 * DIA)
    pub = _pedido_indeferido_publicado(insc, rh)
    # Another candidate's appeal window in another certame concerns nobody here.
    outro = inscricao_em(conta("outro_cand"), SEVERINIA)
    EtapaFactory(certame=outro.certame, tipo=Etapa.Tipo.RECURSO_ISENCAO, inicio=agora - DIA,
                 fim=agora + DIA)
    assert linhas(proximos_passos(user.candidato, agora)) == [
        ("recurso", "000103", "Prazo de recurso aberto: isenção da taxa de inscrição",
         agora + 3 * DIA, reverse("isencao:recurso", args=[insc.pk]), True),
        ("resultado", "000103", "Resultado preliminar do pedido de isenção publicado",
         pub.publicada_em, reverse("isencao:inscricao", args=[insc.pk]), False)]


def test_nada_a_fazer(client):
    user = conta()
    insc = inscricao_em(user, PIRANGI, situacao_taxa="paga")
    # A closed window and a result published long ago are not "next".
    agora = timezone.now()
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.RECURSO_RESULTADO,
                 inicio=agora - 10 * DIA, fim=agora - 9 * DIA)
    v = _versao(insc.cargo, [("AC", 3, insc, False)], {"AC": 8, "PP": 2})
    Publicacao.objects.create(versao=v, tipo="preliminar",
                              publicada_em=agora - (DIAS_NOVIDADE + 1) * DIA)
    assert proximos_passos(user.candidato, agora) == []
    client.force_login(user)
    html = client.get(reverse("portal:painel")).content.decode()
    assert "Nada para você fazer agora" in html
    assert 'class="passo' not in html


def test_classificacao_publicada_e_recurso_do_resultado(client):
    user = conta()
    agora = timezone.now()
    insc = inscricao_em(user, PIRANGI, situacao_taxa="paga", numero="000104")
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.RECURSO_RESULTADO, inicio=agora - DIA,
                 fim=agora + 2 * DIA)
    v = _versao(insc.cargo, [("AC", 3, insc, False)], {"AC": 8, "PP": 2})
    pub = Publicacao.objects.create(versao=v, tipo="preliminar", publicada_em=agora - DIA)
    status = reverse("portal:inscricao", args=[insc.pk])
    assert linhas(proximos_passos(user.candidato, agora)) == [
        ("recurso", "000104", "Prazo de recurso aberto: resultado preliminar da classificação",
         agora + 2 * DIA, status + "#t-recursos", True),
        ("resultado", "000104", "Resultado preliminar da classificação publicado",
         pub.publicada_em, status + "#t-classificacao", False)]


# --- one truth: the fee ----------------------------------------------------------------------


def test_isenta_sem_pedido_diz_o_mesmo_em_todas_as_paginas(client):
    user = conta()
    insc = inscricao_em(user, SEVERINIA, situacao_taxa="isenta")
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.PEDIDO_ISENCAO)
    origem = ("Isenção registrada pela organização do certame; você não precisa pedi-la nem "
              "pagar a taxa.")
    taxa = inscricao_portal.taxa_da_inscricao(insc)
    assert (taxa.situacao, taxa.rotulo, taxa.origem, taxa.pode_pedir_isencao) == (
        "isenta", "Isenta", origem, False)
    client.force_login(user)
    paginas = [reverse("portal:painel"), reverse("portal:inscricao", args=[insc.pk]),
               reverse("isencao:painel"), reverse("isencao:inscricao", args=[insc.pk])]
    for url in paginas:
        html = client.get(url).content.decode()
        assert "Isenta" in html, url
        assert origem in html, url
        assert "sem pedido de isenção" not in html, url
        assert "Pagamento pendente" not in html, url
    # Nothing to ask: no request form, no "what's next" step.
    assert "Enviar pedido" not in client.get(paginas[3]).content.decode()
    assert proximos_passos(user.candidato) == []


def test_pedido_em_analise_diz_o_mesmo_no_portal_e_na_isencao(client):
    user = conta()
    insc = inscricao_em(user, SEVERINIA, situacao_taxa="pendente")
    PedidoIsencao.objects.create(inscricao=insc, tipo=PedidoIsencao.Tipo.CADUNICO,
                                 nis="12345678901", solicitado_em=timezone.now())
    origem = ("Pedido de isenção (cadúnico) em análise: o resultado definitivo ainda não foi "
              "publicado.")
    tipo = PedidoIsencao.Tipo.CADUNICO.label.lower()
    origem = origem.replace("cadúnico", tipo)
    client.force_login(user)
    for url in (reverse("portal:painel"), reverse("portal:inscricao", args=[insc.pk]),
                reverse("isencao:painel"), reverse("isencao:inscricao", args=[insc.pk])):
        html = client.get(url).content.decode()
        assert "Pagamento pendente" in html, url
        assert origem in html, url


# --- documents card ----------------------------------------------------------------------------


def test_cartao_de_documentos_so_quando_a_inscricao_exige(client):
    user = conta()
    # PPI of a brown candidate: heteroidentification, no documents.
    parda = inscricao_em(user, SEVERINIA, listas=["PPI"], cor_raca="parda")
    # PPI of an indigenous candidate: documentary proof.
    indigena = inscricao_em(user, SEVERINIA, listas=["PPI"], cor_raca="indigena")
    assert situacao.situacao_da_inscricao(parda).url_documentos is None
    assert situacao.situacao_da_inscricao(indigena).url_documentos == reverse(
        "documentos:inscricao", args=[indigena.pk])
    client.force_login(user)
    assert "Meus documentos" not in client.get(
        reverse("portal:inscricao", args=[parda.pk])).content.decode()
    assert "Meus documentos" in client.get(
        reverse("portal:inscricao", args=[indigena.pk])).content.decode()


# --- plain words -----------------------------------------------------------------------------

JARGAO = ("padrão do produto", "texto não disponível", "padrão do sistema")


def test_templates_do_candidato_sem_jargao():
    raiz = Path(settings.BASE_DIR) / "templates" / "candidatos"
    achados = [(str(p.relative_to(raiz)), j) for p in sorted(raiz.rglob("*.html"))
               for j in JARGAO if j in p.read_text(encoding="utf-8")]
    assert achados == []


def test_citacoes_em_palavras_simples():
    assert inscricao_portal.linguagem_simples(
        "Lei 3.057/2026, art. 19 (Lei Municipal 2.082/2013, texto não disponível): regra do "
        "edital, padrão Decreto 9.508/2018, art. 1º, §3º") == (
        "Lei 3.057/2026, art. 19 (Lei Municipal 2.082/2013): regra do edital, que segue o "
        "Decreto 9.508/2018, art. 1º, §3º")
    assert inscricao_portal.linguagem_simples(
        "Lei 2.082/2013 (texto não disponível): padrão do produto, por cargo") == (
        "Lei 2.082/2013: regra geral do sistema, na falta de regra na lei, por cargo")


def test_paginas_do_candidato_de_severinia_sem_jargao(client):
    user = conta()
    insc = inscricao_em(user, SEVERINIA, listas=["PCD"], deficiencia=True,
                        tipo_deficiencia="fisica")
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.INSCRICOES)
    client.force_login(user)
    for url in (reverse("portal:painel"), reverse("portal:inscricao", args=[insc.pk]),
                reverse("portal:opcoes", args=[insc.pk]),
                reverse("portal:inscrever", args=[insc.certame.pk])):
        html = client.get(url).content.decode()
        for j in JARGAO:
            assert j not in html, (url, j)
    html = client.get(reverse("portal:inscricao", args=[insc.pk])).content.decode()
    # The law is still cited where the candidate reads the option.
    assert "Lei Municipal 2.082/2013" in html


def test_termos_juridicos_explicados(client):
    user = conta()
    insc = inscricao_em(user, PIRANGI, listas=["PP"], numero="000105")
    v = _versao(insc.cargo, [("AC", 12, insc, False), ("PP", 2, insc, True)], {"AC": 8, "PP": 2})
    Publicacao.objects.create(versao=v, tipo="final")
    client.force_login(user)
    html = client.get(reverse("portal:inscricao", args=[insc.pk])).content.decode()
    titulos = {texto: titulo for titulo, texto in re.findall(
        r'<abbr class="termo" title="([^"]+)">([^<]+)</abbr>', html)}
    assert {"sub judice", "homologado", "AC"} <= set(titulos)
    assert "pode mudar" in titulos["sub judice"]
    assert 'id="glossario"' in html


# --- position in each list -------------------------------------------------------------------


def _versao(cargo, posicoes, distribuicao, vagas=(), numero=1, exclusoes=()):
    # A version is append-only (no UPDATE for the application role): created whole.
    v = VersaoClassificacao.objects.create(
        cargo=cargo, numero=numero, geracao=numero, causa="teste", hash_entrada=f"h{numero}",
        regime=cargo.certame.regime, vagas=cargo.vagas, distribuicao=distribuicao,
        exclusoes=list(exclusoes))
    instantaneo_apoio.gravar(v, posicoes, vagas)
    return v


def test_posicao_e_vaga_em_cada_lista():
    user = conta()
    insc = inscricao_em(user, PIRANGI, listas=["PP"], numero="000200")
    cargo = insc.cargo
    outros = [InscricaoFactory(cargo=cargo, numero=f"0003{i:02d}") for i in range(5)]
    # AC: 1 and 2 hold vacancies, 3 and 4 do not, the candidate is 5th; in PP she is 1st and
    # holds the PP vacancy.
    v = _versao(cargo, [("AC", 1, outros[0], False), ("AC", 2, outros[1], False),
                        ("AC", 3, outros[2], False), ("AC", 4, outros[3], False),
                        ("AC", 5, insc, False), ("PP", 1, insc, False)],
                {"AC": 2, "PP": 1},
                vagas=[("AC", "AC", outros[0], "f-ac"), ("AC", "AC", outros[1], "f-ac"),
                       ("PP", "PP", insc, "Lei 3.056/2025, art. 2º")])
    Publicacao.objects.create(versao=v, tipo="preliminar")
    c = situacao.situacao_da_inscricao(insc).classificacao
    assert [(e.lista, e.posicao, e.texto, e.fundamento) for e in c.explicacoes] == [
        ("AC", 5, "Você está em 5º lugar nesta lista; sua vaga vem da lista pretos e pardos.",
         "Lei 3.056/2025, art. 2º"),
        ("PP", 1, "Você está em 1º lugar nesta lista e ocupa uma vaga de pretos e pardos, "
                  "alcançada por esta lista.", "Lei 3.056/2025, art. 2º")]


def test_fora_das_vagas_quantos_estao_a_frente_e_quem_e_o_proximo():
    user = conta()
    insc = inscricao_em(user, PIRANGI, numero="000201")
    cargo = insc.cargo
    outros = [InscricaoFactory(cargo=cargo, numero=f"0004{i:02d}") for i in range(4)]
    ordem = fundamento_ordem(cargo)
    vagas = [("AC", "AC", outros[0], "f"), ("AC", "AC", outros[1], "f")]
    posicoes = [("AC", 1, outros[0], False), ("AC", 2, outros[1], False),
                ("AC", 3, outros[2], False), ("AC", 4, outros[3], False)]
    # 5th: 3rd and 4th are ahead without a vacancy.
    v = _versao(cargo, [*posicoes, ("AC", 5, insc, False)], {"AC": 2}, vagas)
    Publicacao.objects.create(versao=v, tipo="preliminar")
    e = situacao.situacao_da_inscricao(insc).classificacao.explicacoes
    assert [(x.texto, x.fundamento) for x in e] == [
        ("Você está em 5º lugar nesta lista (que tem 2 vaga(s) neste cargo), fora "
         "do número de vagas: há 2 candidato(s) desta lista sem vaga à sua frente.",
         ordem)]
    # 3rd, right after the two holders: the next one called if a vacancy arises.
    v2 = _versao(cargo, [*posicoes[:2], ("AC", 3, insc, False)], {"AC": 2}, vagas, numero=2)
    Publicacao.objects.create(versao=v2, tipo="preliminar", publicada_em=timezone.now() + DIA)
    e = situacao.situacao_da_inscricao(insc).classificacao.explicacoes
    assert [x.texto for x in e] == [
        "Você está em 3º lugar nesta lista (que tem 2 vaga(s) neste cargo), fora "
        "do número de vagas: é o(a) próximo(a) desta lista a ser chamado(a) se surgir vaga."]


# --- the e-mail of a published classification ------------------------------------------------


def test_publicacao_da_classificacao_avisa_cada_candidato_por_email(
        rh, django_capture_on_commit_callbacks):
    user = conta(email="ana@exemplo.org")
    insc = inscricao_em(user, PIRANGI, numero="000300")
    sem_email = InscricaoFactory(cargo=insc.cargo, candidato=CandidatoFactory(email=""),
                                 numero="000301")
    excluida = InscricaoFactory(cargo=insc.cargo, numero="000302",
                                candidato=CandidatoFactory(email="bia@exemplo.org"))
    # Someone of another cargo is not told.
    InscricaoFactory(numero="000303", candidato=CandidatoFactory(email="x@exemplo.org"))
    v = _versao(insc.cargo, [("AC", 1, insc, False), ("AC", 2, sem_email, False)], {"AC": 2},
                exclusoes=[{"inscricao": "000302", "motivo": "nao_confirmada", "lista": "PP",
                            "descricao": "x", "fundamento": "y"}])
    with django_capture_on_commit_callbacks(execute=True):
        publicar(v, "preliminar", rh)
    assert sorted(m.to[0] for m in mail.outbox) == ["ana@exemplo.org", "bia@exemplo.org"]
    corpo = next(m.body for m in mail.outbox if m.to == ["ana@exemplo.org"])
    assert "Inscrição: 000300" in corpo
    assert "resultado preliminar da classificação do cargo Auxiliar Administrativo" in corpo
    assert "Inscrição: 000302" in next(m.body for m in mail.outbox
                                       if m.to == ["bia@exemplo.org"])
    assert excluida.candidato.email == "bia@exemplo.org"


# --- committee convocation: the published place and time -------------------------------------


def test_convocacao_publicada_mostra_local_e_horario_e_nao_promete_publicar():
    user = conta()
    agora = timezone.now()
    insc = inscricao_em(user, PIRANGI, listas=["PP"], situacao_taxa="paga", numero="000400")
    etapa = EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.HETEROIDENTIFICACAO,
                         inicio=agora + 5 * DIA, fim=agora + 6 * DIA)
    s = situacao.situacao_da_inscricao(insc, agora)
    assert (s.convocacoes, s.etapas_convocadas) == ([etapa], set())
    comissao = Comissao.objects.create(certame=insc.certame, nome="Comissão 1",
                                       tipo=Comissao.Tipo.HETEROIDENTIFICACAO)
    sessao = Sessao.objects.create(comissao=comissao, local="Sala 3 da Prefeitura",
                                   inicio=agora + 5 * DIA)
    Convocacao.objects.create(sessao=sessao, inscricao=insc, lista="PP", horario=sessao.inicio)
    s = situacao.situacao_da_inscricao(insc, agora)
    assert s.etapas_convocadas == {"heteroidentificacao"}
    horario = timezone.localtime(sessao.inicio)
    assert [(p.tipo, p.texto, p.data) for p in proximos_passos(user.candidato, agora)] == [
        ("convocacao", "Heteroidentificação (Pretos e pardos): Sala 3 da Prefeitura", horario)]


def test_pagina_da_convocacao_publicada(client):
    user = conta()
    agora = timezone.now()
    insc = inscricao_em(user, PIRANGI, listas=["PP"], situacao_taxa="paga")
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.HETEROIDENTIFICACAO,
                 inicio=agora + 5 * DIA, fim=agora + 6 * DIA)
    client.force_login(user)
    url = reverse("portal:inscricao", args=[insc.pk])
    assert "serão publicados na sua convocação" in client.get(url).content.decode()
    comissao = Comissao.objects.create(certame=insc.certame, nome="Comissão 1",
                                       tipo=Comissao.Tipo.HETEROIDENTIFICACAO)
    sessao = Sessao.objects.create(comissao=comissao, local="Sala 3 da Prefeitura",
                                   inicio=agora + 5 * DIA)
    Convocacao.objects.create(sessao=sessao, inscricao=insc, lista="PP", horario=sessao.inicio)
    html = client.get(url).content.decode()
    assert "Sala 3 da Prefeitura" in html
    assert "serão publicados" not in html
    assert "Sua convocação individual já foi publicada" in html
