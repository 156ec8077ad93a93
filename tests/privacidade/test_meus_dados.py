"""The candidate's page "Meus dados (LGPD)" and the download of everything held about them."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Candidato
from certames import retencao
from certames.auditoria import registrar_ato
from comissoes.dominio.resultados import publicar_resultado_preliminar
from privacidade import expurgo
from tests.banco import como_dono
from tests.comissoes.fabricas import etapa_procedimento
from tests.factories import usuario
from tests.privacidade.cenario import MOTIVACAO, candidato_completo, certame_encerrado

pytestmark = pytest.mark.django_db

URLS = ("privacidade:meus_dados", "privacidade:json", "privacidade:imprimir")


def _candidato(username: str, **extra) -> tuple:
    user = usuario(username, "Candidato")
    candidato = Candidato.objects.create(usuario=user, **extra)
    return user, candidato


@pytest.fixture
def certame():
    return certame_encerrado(dt.date(2010, 3, 10))


@pytest.fixture
def maria(certame):
    user, candidato = _candidato("maria", cpf="52998224725", nome="Maria <b>Souza</b>",
                                 email="maria@example.com")
    return user, candidato_completo(certame, candidato=candidato, numero="2026000001")


@pytest.fixture
def joao(certame):
    user, candidato = _candidato("joao", cpf="11144477735", nome="João Pereira Outro",
                                 email="joao@example.com")
    return user, candidato_completo(certame, candidato=candidato, numero="2026000999")


def _json(client) -> dict:
    resposta = client.get(reverse("privacidade:json"))
    assert resposta.status_code == 200
    return json.loads(resposta.content.decode())


@pytest.mark.parametrize("nome", URLS)
def test_anonimo_vai_para_o_login(client, nome):
    resposta = client.get(reverse(nome))
    assert resposta.status_code == 302
    assert resposta["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("nome", URLS)
def test_quem_nao_e_candidato_recebe_403(client, rh, nome):
    client.force_login(rh)
    assert client.get(reverse(nome)).status_code == 403


def test_json_tem_tipo_e_anexo_com_nome(client, maria):
    client.force_login(maria[0])
    resposta = client.get(reverse("privacidade:json"))
    assert resposta["Content-Type"] == "application/json; charset=utf-8"
    assert resposta["Content-Disposition"] == (
        f'attachment; filename="meus-dados-{timezone.localdate():%Y-%m-%d}.json"')
    assert resposta["Cache-Control"] == "private, no-store"


def test_json_tem_os_dados_do_proprio_candidato_e_nunca_os_de_outro(client, maria, joao):
    user, d = maria
    client.force_login(user)
    dados = _json(client)
    cadastro = {"cpf": "52998224725", "nome": "Maria <b>Souza</b>", "nome_social": "",
                "data_nascimento": None, "email": "maria@example.com", "telefone": ""}
    historico = dados["cadastro"].pop("historico_de_alteracoes")
    assert dados["cadastro"] == cadastro
    assert [(h["tipo"], h["valores"]) for h in historico] == [("criação", cadastro)]
    assert dados["conta"]["usuario"] == "maria"
    numeros = sorted(i["numero"] for i in dados["inscricoes"])
    assert numeros == sorted([d.inscricao.numero, d.doador.inscricao.numero])
    insc = next(i for i in dados["inscricoes"] if i["numero"] == "2026000001")
    assert insc["autodeclaracao"] | {"expurgos": []} == {
        "cor_raca": "preta", "cor_raca_texto": "Preta", "quilombola": True,
        "deficiencia": True, "tipo_deficiencia": "fisica", "tipo_deficiencia_texto": "Física",
        "expurgos": []}
    assert insc["listas_reservadas"] == ["PP", "PCD"]
    # The change history: created, score set, receipt saved; the self-declaration in each.
    assert [(h["tipo"], h["valores"]["cor_raca"], h["valores"]["nota"])
            for h in insc["historico_de_alteracoes"]] == [
        ("criação", "preta", None), ("alteração", "preta", "81.5000"),
        ("alteração", "preta", "81.5000")]
    assert insc["isencao"]["nis"] == "12345678919"
    assert insc["isencao"]["cadunico"]["renda_per_capita"] == "400.00"
    assert [(doc["lista"], doc["url"]) for doc in insc["documentos"]] == [
        ("I", f"http://testserver/candidato/documentos/arquivos/{d.documento.pk}/"),
        ("PCD", f"http://testserver/candidato/documentos/arquivos/{d.laudo.pk}/")]
    assert [s["motivacao"] for s in insc["situacoes_nas_listas"]] == [MOTIVACAO]
    assert [a["tipo"] for a in dados["trilha_de_auditoria"]] == ["inscricao"]
    assert [r["codigo"] for r in dados["politica_de_retencao"]] == [
        r.codigo for r in retencao.REGRAS]
    # Nothing of João's: CPF, name, inscrição, NIS of another request.
    texto = json.dumps(dados, ensure_ascii=False)
    for alheio in ("11144477735", "João Pereira Outro", "2026000999", "joao@example.com"):
        assert alheio not in texto


def test_parecer_so_aparece_depois_de_publicado(client, maria, rh):
    user, d = maria
    client.force_login(user)
    antes = _json(client)
    insc = next(i for i in antes["inscricoes"] if i["numero"] == "2026000001")
    assert insc["resultados_comissoes"] == [
        {"procedimento": "Heteroidentificação", "resultado_preliminar_publicado_em": None,
         "resultado_definitivo_publicado_em": None, "aguardando_publicacao": True,
         "avaliacoes": []}]
    assert "Razões do recurso." not in json.dumps(antes, ensure_ascii=False)
    etapa_procedimento(d.inscricao.certame)  # the publication waits for its stage
    publicar_resultado_preliminar(d.inscricao.certame, autor=rh)
    insc = next(i for i in _json(client)["inscricoes"] if i["numero"] == "2026000001")
    avaliacoes = insc["resultados_comissoes"][0]["avaliacoes"]
    assert [(a["lista"], a["parecer"], a["recurso"]["texto"]) for a in avaliacoes] == [
        ("PP", MOTIVACAO, "Razões do recurso.")]
    assert avaliacoes[0]["recurso"]["anexos"][0]["url"] == (
        f"http://testserver/candidato/recursos/anexos/{d.anexo.pk}/")


def test_atos_de_outro_candidato_e_autores_nao_aparecem(client, maria, joao, rh):
    user, d = maria
    registrar_ato(tipo="desistencia", autor=rh, certame=d.inscricao.certame,
                  objeto=d.inscricao, descricao="Desistência registrada.")
    client.force_login(user)
    atos = _json(client)["trilha_de_auditoria"]
    assert [(a["tipo"], a["autor"]) for a in atos] == [
        ("inscricao", "administração"), ("desistencia", "administração")]
    assert "rh_teste" not in json.dumps(atos)


def test_marca_do_expurgo_aparece_para_o_candidato(client, maria,
                                                   django_capture_on_commit_callbacks):
    user, d = maria
    with como_dono(), django_capture_on_commit_callbacks(execute=True):
        expurgo.executar(dt.date(2017, 3, 11))
    client.force_login(user)
    insc = next(i for i in _json(client)["inscricoes"] if i["numero"] == "2026000001")
    assert insc["autodeclaracao"]["cor_raca"] == ""
    assert [(e["regra"], e["retido_ate"]) for e in insc["autodeclaracao"]["expurgos"]] == [
        ("autodeclaracao", "2017-03-10")]
    laudo = next(doc for doc in insc["documentos"] if doc["lista"] == "PCD")
    assert (laudo["url"], laudo["sha256"], [e["regra"] for e in laudo["expurgos"]]) == (
        None, "a" * 64, ["laudos"])
    assert insc["isencao"]["nis"] == "expurgado"


def test_pagina_explica_a_politica_e_painel_tem_o_link(client, maria):
    client.force_login(maria[0])
    pagina = client.get(reverse("privacidade:meus_dados")).content.decode()
    for regra in retencao.REGRAS:
        assert f'id="regra-{regra.codigo}"' in pagina
    assert "5 anos após o fim do certame" in pagina
    assert reverse("privacidade:json") in pagina
    painel = client.get(reverse("portal:painel")).content.decode()
    assert reverse("privacidade:meus_dados") in painel


def test_pagina_para_imprimir_escapa_tudo(client, maria, joao):
    client.force_login(maria[0])
    pagina = client.get(reverse("privacidade:imprimir")).content.decode()
    assert "Maria &lt;b&gt;Souza&lt;/b&gt;" in pagina
    assert "Maria <b>Souza</b>" not in pagina
    assert "2026000001" in pagina
    assert "2026000999" not in pagina and "11144477735" not in pagina


def test_nenhuma_url_aceita_id_de_outro_candidato(client, maria, joao):
    client.force_login(maria[0])
    outro = joao[1].inscricao.pk
    for caminho in (f"/candidato/meus-dados/{outro}/", f"/candidato/meus-dados/{outro}.json",
                    f"/candidato/meus-dados/imprimir/{outro}/"):
        assert client.get(caminho).status_code == 404
    # The links the data carry are the existing, permission-checked views: 404 for another's.
    assert client.get(reverse("documentos:arquivo", args=[joao[1].laudo.pk])).status_code == 404


# --- the portal's sign-up requests made with the candidate's CPF ------------------------------


def _pedido(cpf: str, **campos):
    from candidatos.models import PedidoCadastro

    dados = {"cpf": cpf, "via": PedidoCadastro.Via.NOVO,
             "situacao": PedidoCadastro.Situacao.CONCLUIDO, "nome": "Maria Souza",
             "data_nascimento": dt.date(1990, 4, 2), "email": "maria@example.com",
             "telefone": "(17) 99123-4567", "email_destino": "maria@example.com",
             "criado_em": timezone.make_aware(dt.datetime(2020, 1, 10, 9)),
             "concluido_em": timezone.make_aware(dt.datetime(2020, 1, 10, 12)), **campos}
    return PedidoCadastro.objects.create(**dados)


@pytest.fixture
def pedidos_maria(maria, joao, rh):
    from candidatos.models import PedidoCadastro

    user, d = maria
    proprio = _pedido("52998224725", usuario=user)
    # Someone else's claim on Maria's record, refused by RH.
    alheio = _pedido("52998224725", via=PedidoCadastro.Via.ANALISE_RH,
                     situacao=PedidoCadastro.Situacao.RECUSADO, candidato=d.inscricao.candidato,
                     nome="Maria Souza", email="intruso@example.com",
                     telefone="(11) 90000-1111", email_destino="maria@example.com",
                     explicacao="Sou eu, troquei de e-mail.", decidido_por=rh,
                     motivacao="Documento apresentado não confere.")
    registrar_ato(tipo="reivindicacao_cadastro_recusada", autor=rh, objeto=alheio,
                  descricao="Reivindicação de cadastro recusada.",
                  motivacao="Documento apresentado não confere.",
                  depois={"pedido": alheio.pk, "candidato": alheio.candidato_id})
    _pedido("11144477735", usuario=joao[0], nome="João Pereira Outro",
            email="joao@example.com")
    return proprio, alheio


def test_json_lista_os_pedidos_de_cadastro_do_cpf(client, maria, pedidos_maria):
    proprio, alheio = pedidos_maria
    client.force_login(maria[0])
    dados = _json(client)
    comum = {"criado_em": "2020-01-10T09:00:00-03:00", "encerrado_em": "2020-01-10T12:00:00-03:00",
             "expurgos": []}
    assert dados["pedidos_de_cadastro"] == [
        {"id": proprio.pk, "forma_de_comprovacao": "novo",
         "forma_de_comprovacao_texto": "Novo cadastro (link no e-mail informado)",
         "situacao": "concluido", "situacao_texto": "Concluído (conta ativa)",
         "criou_esta_conta": True, "decisao_da_organizadora": None,
         "dados_informados": {"nome": "Maria Souza", "nome_social": "",
                              "data_nascimento": "1990-04-02", "numero_inscricao": "",
                              "email": "maria@example.com", "telefone": "(17) 99123-4567",
                              "email_do_link": "maria@example.com", "explicacao": ""},
         "contato_mascarado": False, **comum},
        # Not proved to be hers: contact masked, explanation left out; RH's decision shown,
        # never who decided.
        {"id": alheio.pk, "forma_de_comprovacao": "analise_rh",
         "forma_de_comprovacao_texto": "Reivindicação analisada pela organizadora (RH)",
         "situacao": "recusado", "situacao_texto": "Recusado pela organizadora",
         "criou_esta_conta": False,
         "decisao_da_organizadora": {"decidida_em": "2020-01-10T12:00:00-03:00",
                                     "motivacao": "Documento apresentado não confere."},
         "dados_informados": {"nome": "Maria Souza", "nome_social": "",
                              "data_nascimento": "1990-04-02", "numero_inscricao": "",
                              "email": "i***@example.com", "telefone": "***1111",
                              "email_do_link": "m***@example.com", "explicacao": None},
         "contato_mascarado": True, **comum},
    ]
    assert [(a["tipo"], a["autor"]) for a in dados["trilha_de_auditoria"]] == [
        ("inscricao", "administração"), ("reivindicacao_cadastro_recusada", "administração")]
    texto = json.dumps(dados, ensure_ascii=False)
    for alheio_ in ("intruso@example.com", "90000-1111", "troquei de e-mail", "rh_teste",
                    "João Pereira Outro"):
        assert alheio_ not in texto


def test_pedido_expurgado_aparece_so_com_a_marca(client, maria, pedidos_maria,
                                                 django_capture_on_commit_callbacks):
    proprio, alheio = pedidos_maria
    with django_capture_on_commit_callbacks(execute=True):
        expurgo.executar(dt.date(2020, 4, 10))  # 90 days: the request; the claim stays
    client.force_login(maria[0])
    pedidos = _json(client)["pedidos_de_cadastro"]
    assert [(p["id"], [(e["regra"], e["retido_ate"]) for e in p["expurgos"]])
            for p in pedidos] == [(proprio.pk, [("pedidos_cadastro", "2020-04-09")]),
                                  (alheio.pk, [])]
    assert pedidos[0]["dados_informados"] is None
    assert pedidos[1]["dados_informados"]["email"] == "i***@example.com"


def test_pagina_para_imprimir_mostra_os_pedidos_mascarados(client, maria, pedidos_maria):
    client.force_login(maria[0])
    pagina = client.get(reverse("privacidade:imprimir")).content.decode()
    assert "Pedidos de cadastro no portal com o seu CPF" in pagina
    assert "i***@example.com" in pagina and "Documento apresentado não confere." in pagina
    assert "intruso@example.com" not in pagina and "troquei de e-mail" not in pagina
    assert "João Pereira Outro" not in pagina
