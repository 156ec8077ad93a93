"""Candidate portal: the status pages (only published results, never who judged) and the
permission matrix (owner / other candidate / RH / committee member / anonymous)."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from candidatos.models import (
    Candidato,
    EstadoLista,
    PedidoIsencao,
    SituacaoLista,
)
from candidatos.rules import e_dono_da_inscricao
from certames.models import (
    Etapa,
    Publicacao,
    VersaoClassificacao,
)
from nucleo.models import ItemPublicado, PublicacaoResultado
from portal import situacao
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


def conta_candidato(username, **kwargs):
    user = usuario(username, "Candidato")
    CandidatoFactory(usuario=user, **kwargs)
    return user


@pytest.fixture
def dono(db):
    return conta_candidato("dona_da_inscricao")


@pytest.fixture
def inscricao(dono):
    certame = CertameFactory(regime="pirangi-lei3056-2025")
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.INSCRICOES)
    cargo = CargoFactory(certame=certame, vagas=10)
    return InscricaoFactory(cargo=cargo, candidato=dono.candidato, listas=["PP"],
                            numero="00000042")


def versao(cargo, numero, posicoes, vagas=(), publicar=None, exclusoes=()):
    v = VersaoClassificacao.objects.create(
        cargo=cargo, numero=numero, geracao=numero, causa="teste", hash_entrada=f"h{numero}",
        regime=cargo.certame.regime, vagas=cargo.vagas, distribuicao={},
        exclusoes=list(exclusoes))
    instantaneo_apoio.gravar(v, posicoes, [(vaga, lista, insc, "teste")
                                           for vaga, lista, insc in vagas])
    if publicar:
        Publicacao.objects.create(versao=v, tipo=publicar)
    return v


# --- published vs unpublished positions ------------------------------------------------------


def test_mostra_posicoes_da_ultima_versao_publicada_e_nao_da_nao_publicada(client, dono,
                                                                          inscricao):
    cargo = inscricao.cargo
    versao(cargo, 1, [("AC", 12, inscricao, False), ("PP", 2, inscricao, True)],
           vagas=[("PP", "PP", inscricao)], publicar=Publicacao.Tipo.PRELIMINAR)
    versao(cargo, 2, [("AC", 99, inscricao, False), ("PP", 77, inscricao, False)])
    client.force_login(dono)
    resposta = client.get(reverse("portal:inscricao", args=[inscricao.pk]))
    c = resposta.context["s"].classificacao
    assert c.versao.numero == 1
    assert [(p.lista, p.posicao, p.sub_judice) for p in c.posicoes] == [
        ("AC", 12, False), ("PP", 2, True)]
    assert (c.vaga.vaga, c.vaga.lista) == ("PP", "PP")
    html = resposta.content.decode()
    assert "<td>12º</td>" in html
    assert "<td>2º</td>" in html
    assert "sub judice" in html
    assert "Dentro do número de vagas: vaga PP, pela lista PP." in html
    assert "99º" not in html
    assert "77º" not in html


def test_sem_publicacao_nada_de_classificacao(client, dono, inscricao):
    versao(inscricao.cargo, 1, [("AC", 5, inscricao, False)])
    client.force_login(dono)
    resposta = client.get(reverse("portal:inscricao", args=[inscricao.pk]))
    assert resposta.context["s"].classificacao is None
    html = resposta.content.decode()
    assert "Nenhuma classificação publicada para este cargo." in html
    assert "<td>5º</td>" not in html


def test_exclusao_publicada_com_motivo(client, dono, inscricao):
    versao(inscricao.cargo, 1, [("AC", 3, inscricao, False)], publicar=Publicacao.Tipo.FINAL,
           exclusoes=[{"inscricao": "00000042", "motivo": "nao_confirmada", "lista": "PP",
                       "descricao": "autodeclaração não confirmada",
                       "fundamento": "Lei 3.056/2025, art. 6º, §2º", "permanece_ac": True},
                      {"inscricao": "00000099", "motivo": "desistente", "lista": None,
                       "descricao": "desistente", "fundamento": "x"}])
    client.force_login(dono)
    html = client.get(reverse("portal:inscricao", args=[inscricao.pk])).content.decode()
    assert ("Removido(a) da lista PP, de pessoas pretas e pardas: autodeclaração não "
            "confirmada; permanece na ampla concorrência (Lei 3.056/2025, art. 6º, §2º).") in html
    assert "Fora do número de vagas nesta publicação." in html
    assert "desistente" not in html


# --- decisions -------------------------------------------------------------------------------


def test_decisoes_com_motivacao_e_fundamento_sem_pendentes(client, dono, inscricao, rh):
    inscricao.listas = ["PP", "PCD"]
    inscricao.deficiencia, inscricao.tipo_deficiencia = True, "fisica"
    inscricao.save()
    SituacaoLista.objects.create(
        inscricao=inscricao, lista="PP", estado=EstadoLista.NAO_CONFIRMADA,
        motivacao="Fenótipo não confirmado por unanimidade.",
        fundamento="Lei 3.056/2025, art. 6º, §2º")
    SituacaoLista.objects.create(inscricao=inscricao, lista="PCD", estado=EstadoLista.PENDENTE,
                                 motivacao="Aguardando recurso.")
    client.force_login(dono)
    resposta = client.get(reverse("portal:inscricao", args=[inscricao.pk]))
    assert [(d.lista, d.estado) for d in resposta.context["s"].decisoes] == [
        ("PP", "nao_confirmada")]
    html = resposta.content.decode()
    assert "Fenótipo não confirmado por unanimidade." in html
    assert "Lei 3.056/2025, art. 6º, §2º" in html
    assert "Aguardando recurso." not in html
    # Who judged is never shown (the RH user standing in for a committee member here).
    assert rh.username not in html


# --- fee exemption results ------------------------------------------------------------------


def _pedido(inscricao):
    return PedidoIsencao.objects.create(
        inscricao=inscricao, tipo=PedidoIsencao.Tipo.CADUNICO, nis="12345678901",
        solicitado_em=timezone.now(), resultado_preliminar=PedidoIsencao.Resultado.INDEFERIDO,
        motivo_preliminar="Renda per capita acima de meio salário mínimo.",
        resultado_final=PedidoIsencao.Resultado.DEFERIDO,
        motivo_final="Recurso provido: cadastro atualizado.")


def _publicar(certame, fase, rh, *pedidos):
    """A batch-1 publication of the exemption in the procedure kernel (with its content, for
    the preliminary one)."""
    pub = PublicacaoResultado.objects.create(certame=certame, procedimento="isencao", fase=fase,
                                             lote=1, publicada_por=rh)
    ItemPublicado.objects.bulk_create([
        ItemPublicado(publicacao=pub, procedimento="isencao", objeto_id=p.pk,
                      inscricao_id=p.inscricao_id) for p in pedidos])
    return pub


def test_resultado_da_isencao_so_depois_de_publicado(client, dono, inscricao, rh):
    pedido = _pedido(inscricao)
    client.force_login(dono)
    url = reverse("portal:inscricao", args=[inscricao.pk])

    s = client.get(url).context["s"]
    assert (s.isencao_preliminar, s.isencao_final) == (None, None)
    html = client.get(url).content.decode()
    assert "Renda per capita acima" not in html
    assert "Indeferido" not in html

    _publicar(inscricao.certame, "preliminar", rh, pedido)
    s = client.get(url).context["s"]
    assert (s.isencao_preliminar.resultado, s.isencao_preliminar.motivo, s.isencao_final) == (
        "indeferido", "Renda per capita acima de meio salário mínimo.", None)
    html = client.get(url).content.decode()
    assert "Indeferido" in html
    assert "Recurso provido" not in html

    _publicar(inscricao.certame, "final", rh)
    s = client.get(url).context["s"]
    assert (s.isencao_final.resultado, s.isencao_final.motivo) == (
        "deferido", "Recurso provido: cadastro atualizado.")


def test_publicacao_de_outro_certame_nao_revela(client, dono, inscricao, rh):
    _pedido(inscricao)
    _publicar(CertameFactory(), "preliminar", rh)
    client.force_login(dono)
    s = client.get(reverse("portal:inscricao", args=[inscricao.pk])).context["s"]
    assert s.isencao_preliminar is None


# --- schedule and appeal windows -------------------------------------------------------------


def test_convocacoes_do_cronograma_conforme_as_opcoes(dono, inscricao):
    certame = inscricao.certame
    base = timezone.now() + dt.timedelta(days=60)
    for tipo in (Etapa.Tipo.HETEROIDENTIFICACAO, Etapa.Tipo.VERIFICACAO_DOCUMENTAL,
                 Etapa.Tipo.AVALIACAO_PCD):
        EtapaFactory(certame=certame, tipo=tipo, inicio=base, fim=base + dt.timedelta(days=2))
    s = situacao.situacao_da_inscricao(inscricao)
    assert [e.tipo for e in s.convocacoes] == ["heteroidentificacao"]
    inscricao.listas = ["PCD"]
    assert [e.tipo for e in situacao.situacao_da_inscricao(inscricao).convocacoes] == [
        "avaliacao_pcd"]
    inscricao.listas = []
    assert situacao.situacao_da_inscricao(inscricao).convocacoes == []


def test_prazos_de_recurso_abertos(client, dono, inscricao, rh):
    """Only the windows this inscrição can act in (`candidatos.janelas`): an open appeal stage
    of the schedule about nothing of the candidate's is not one of them."""
    certame = inscricao.certame
    agora = timezone.now()
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.RECURSO_HETEROIDENTIFICACAO)
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.RECURSO_RESULTADO,
                 inicio=agora + dt.timedelta(days=5), fim=agora + dt.timedelta(days=6))
    etapa = EtapaFactory(certame=certame, tipo=Etapa.Tipo.RECURSO_ISENCAO)
    assert situacao.situacao_da_inscricao(inscricao).janelas == []
    client.force_login(dono)
    html = client.get(reverse("portal:inscricao", args=[inscricao.pk])).content.decode()
    assert "Nenhum prazo de recurso ou de defesa aberto agora para esta inscrição." in html
    assert "Apresentar recurso" not in html

    # A request not yet published: still nothing to appeal.
    pedido = _pedido(inscricao)
    inscricao.refresh_from_db()
    assert situacao.situacao_da_inscricao(inscricao).janelas == []
    # Rejected in the published preliminary result: the appeal page is offered, until the
    # stage's end.
    _publicar(certame, "preliminar", rh, pedido)
    url = reverse("isencao:recurso", args=[inscricao.pk])
    assert [(j.tipo, j.procedimento, j.fim, j.url)
            for j in situacao.situacao_da_inscricao(inscricao).janelas] == [
        ("recurso", "isencao", etapa.fim, url)]
    html = client.get(reverse("portal:inscricao", args=[inscricao.pk])).content.decode()
    assert f'href="{url}"' in html
    assert "Prazo de recurso aberto: isenção da taxa de inscrição" in html
    # Once the final result is out there is nothing left to appeal.
    _publicar(certame, "final", rh)
    assert situacao.situacao_da_inscricao(inscricao).janelas == []


def test_taxa_efetiva_e_link_para_a_isencao(client):
    dono = conta_candidato("dona_severinia")
    certame = CertameFactory(regime="severinia-lei3057-2026",
                             data_publicacao_edital=dt.date(2026, 10, 1))
    ontem = timezone.now() - dt.timedelta(days=1)
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.PAGAMENTO_TAXA,
                 inicio=ontem - dt.timedelta(days=20), fim=ontem)
    insc = InscricaoFactory(cargo=CargoFactory(certame=certame), candidato=dono.candidato,
                            situacao_taxa="pendente")
    s = situacao.situacao_da_inscricao(insc)
    # Unpaid after the payment deadline: not confirmed (derived from the clock).
    assert (s.situacao_taxa, s.url_isencao) == (
        "nao_confirmada", reverse("isencao:inscricao", args=[insc.pk]))
    client.force_login(dono)
    html = client.get(reverse("portal:inscricao", args=[insc.pk])).content.decode()
    assert "Não confirmada (taxa não paga)" in html
    assert reverse("isencao:inscricao", args=[insc.pk]) in html
    painel = client.get(reverse("portal:painel")).content.decode()
    assert "Não confirmada (taxa não paga)" in painel


def test_sem_link_de_isencao_onde_a_lei_nao_preve(dono, inscricao):
    assert situacao.situacao_da_inscricao(inscricao).url_isencao is None


# --- painel ----------------------------------------------------------------------------------


def test_painel_lista_so_as_minhas_inscricoes(client, dono, inscricao):
    alheia = InscricaoFactory(numero="00000043")
    client.force_login(dono)
    resposta = client.get(reverse("portal:painel"))
    assert list(resposta.context["inscricoes"]) == [inscricao]
    html = resposta.content.decode()
    assert reverse("portal:inscricao", args=[inscricao.pk]) in html
    assert alheia.numero not in html
    assert 'name="viewport"' in html


# --- permission matrix -----------------------------------------------------------------------

PAGINAS = ("portal:inscricao", "portal:opcoes", "portal:comprovante")


@pytest.fixture
def perfis(dono, rh, membro_comissao):
    from django.contrib.auth.models import User

    admin = User.objects.create_superuser("admin_teste", password="senha-teste-123")
    return {"dono": dono, "outro": conta_candidato("outra_candidata"), "rh": rh,
            "comissao": membro_comissao, "superusuario": admin, "anonimo": None}


ESPERADO = {
    # Other candidates get 404 (existence is not revealed); non-candidates 403 on the portal
    # pages; the receipt is also RH's; anonymous users go to the login page.
    "dono": {"portal:inscricao": 200, "portal:opcoes": 200, "portal:comprovante": 200},
    "outro": {"portal:inscricao": 404, "portal:opcoes": 404, "portal:comprovante": 404},
    "rh": {"portal:inscricao": 403, "portal:opcoes": 403, "portal:comprovante": 200},
    # A superuser is RH (receipt) but not a candidate: `user.has_perm` would say yes to all.
    "superusuario": {"portal:inscricao": 403, "portal:opcoes": 403,
                     "portal:comprovante": 200},
    "comissao": {"portal:inscricao": 403, "portal:opcoes": 403, "portal:comprovante": 404},
    "anonimo": {"portal:inscricao": 302, "portal:opcoes": 302, "portal:comprovante": 302},
}


@pytest.mark.parametrize("perfil", list(ESPERADO))
def test_matriz_de_acesso_as_paginas_da_inscricao(client, perfis, inscricao, perfil):
    user = perfis[perfil]
    if user is not None:
        client.force_login(user)
    obtido = {nome: client.get(reverse(nome, args=[inscricao.pk])).status_code
              for nome in PAGINAS}
    assert obtido == ESPERADO[perfil]


@pytest.mark.parametrize("perfil", ["outro", "rh", "comissao", "superusuario", "anonimo"])
def test_ninguem_mais_altera_as_opcoes(client, perfis, inscricao, perfil):
    user = perfis[perfil]
    if user is not None:
        client.force_login(user)
    resposta = client.post(reverse("portal:opcoes", args=[inscricao.pk]), {"confirmacao": "on"})
    assert resposta.status_code in (302, 403, 404)
    if perfil == "anonimo":
        assert resposta["Location"].startswith(reverse("login"))
    inscricao.refresh_from_db()
    assert inscricao.listas == ["PP"]
    from certames.models import Ato

    assert not Ato.objects.filter(tipo="opcao_listas").exists()


def test_superusuario_nao_usa_o_painel_do_candidato(client, perfis):
    client.force_login(perfis["superusuario"])
    assert client.get(reverse("portal:painel")).status_code == 403


def test_id_inexistente_e_404_como_o_de_outro(client, dono):
    client.force_login(dono)
    assert client.get(reverse("portal:inscricao", args=[987654])).status_code == 404
    assert client.get(reverse("portal:comprovante", args=[987654])).status_code == 404


def test_outro_candidato_nao_gera_nem_baixa_o_comprovante(client, perfis, inscricao):
    client.force_login(perfis["outro"])
    assert client.get(reverse("portal:comprovante", args=[inscricao.pk])).status_code == 404
    inscricao.refresh_from_db()
    assert not inscricao.comprovante


@pytest.mark.parametrize(
    ("perfil", "esperado"),
    [("dono", True), ("outro", False), ("rh", False), ("comissao", False), ("anonimo", False)],
)
def test_predicado_e_dono_da_inscricao(perfis, inscricao, perfil, esperado):
    from django.contrib.auth.models import AnonymousUser

    user = perfis[perfil] or AnonymousUser()
    assert e_dono_da_inscricao(user, inscricao) is esperado


@pytest.mark.parametrize(
    ("perfil", "ver", "comprovante", "inscrever"),
    [("dono", True, True, True), ("outro", False, False, True), ("rh", False, True, False),
     ("comissao", False, False, False), ("anonimo", False, False, False)],
)
def test_matriz_das_permissoes(perfis, inscricao, perfil, ver, comprovante, inscrever):
    from django.contrib.auth.models import AnonymousUser

    user = perfis[perfil] or AnonymousUser()
    assert (user.has_perm("candidatos.ver_inscricao", inscricao),
            user.has_perm("candidatos.alterar_opcoes", inscricao),
            user.has_perm("candidatos.ver_comprovante", inscricao),
            user.has_perm("candidatos.inscrever", inscricao.certame)) == (
        ver, ver, comprovante, inscrever)


def test_candidato_desvinculado_perde_o_acesso(client, dono, inscricao):
    # RH unlinks the account from the Candidato: the inscrição stays, the access goes.
    Candidato.objects.filter(usuario=dono).update(usuario=None)
    client.force_login(dono)
    assert client.get(reverse("portal:inscricao", args=[inscricao.pk])).status_code == 403
