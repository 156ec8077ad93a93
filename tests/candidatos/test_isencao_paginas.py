"""Fee exemption, the pages: candidate portal (own inscrições only), RH pages (permission
matrix), the CadÚnico import page, file viewing, the public published results and admin."""

import datetime as dt
import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from candidatos import isencao
from candidatos.models import (
    DecisaoIsencao,
    ExtratoCadUnico,
    PedidoIsencao,
    ProcedimentoAdministrativo,
    RegistroCadUnico,
    SalarioMinimo,
)
from certames.models import Ato, Etapa
from comum.formatos import data_hora_br
from nucleo.models import PublicacaoResultado, Recurso
from tests.autoridade_apoio import MANTEM, designar
from tests.candidatos.test_isencao_apoio import (
    EXE,
    NIS_A,
    NIS_B,
    PDF,
    certame_severinia,
    extrato,
    inscricao,
    nis_invalido,
)
from tests.factories import CandidatoFactory, CertameFactory, InscricaoFactory, usuario

pytestmark = pytest.mark.django_db

DIA = dt.timedelta(days=1)


def _agora():
    return timezone.now()


def certame_pedidos_abertos():
    agora = _agora()
    return certame_severinia(etapas={
        Etapa.Tipo.PEDIDO_ISENCAO: (agora - DIA, agora + DIA),
        Etapa.Tipo.RESULTADO_PRELIMINAR_ISENCAO: (agora + 2 * DIA, agora + 3 * DIA),
        Etapa.Tipo.RECURSO_ISENCAO: (agora + 5 * DIA, agora + 6 * DIA),
        Etapa.Tipo.RESULTADO_DEFINITIVO_ISENCAO: (agora + 7 * DIA, agora + 8 * DIA),
        Etapa.Tipo.PAGAMENTO_TAXA: (agora - DIA, agora + 20 * DIA)})


def certame_recurso_aberto():
    agora = _agora()
    return certame_severinia(etapas={
        Etapa.Tipo.PEDIDO_ISENCAO: (agora - 10 * DIA, agora - 5 * DIA),
        Etapa.Tipo.RESULTADO_PRELIMINAR_ISENCAO: (agora - 4 * DIA, agora - 3 * DIA),
        Etapa.Tipo.RECURSO_ISENCAO: (agora - DIA, agora + DIA),
        Etapa.Tipo.RESULTADO_DEFINITIVO_ISENCAO: (agora + 2 * DIA, agora + 3 * DIA),
        Etapa.Tipo.PAGAMENTO_TAXA: (agora - 10 * DIA, agora + 20 * DIA)})


@pytest.fixture
def outro_candidato(db):
    user = usuario("outra_candidata", "Candidato")
    CandidatoFactory(usuario=user, nome="Joana Souza")
    return user


def _pdf(nome="doacao.pdf", conteudo=PDF):
    return SimpleUploadedFile(nome, conteudo, content_type="application/pdf")


# --- candidate: request ----------------------------------------------------------------------


def test_candidato_pede_isencao_cadunico_pelo_portal(client, candidato_user):
    certame = certame_pedidos_abertos()
    hoje = timezone.localdate()
    extrato([(NIS_A, "100.00", hoje - 30 * DIA, "ativo")], referencia=hoje - DIA)
    insc = inscricao(certame, candidato=candidato_user.candidato)
    client.force_login(candidato_user)
    url = reverse("isencao:inscricao", args=[insc.pk])
    assert client.get(url).status_code == 200
    resposta = client.post(url, {"tipo": "cadunico", "nis": NIS_A, "declaracao": "on"})
    assert resposta.status_code == 302
    pedido = PedidoIsencao.objects.get()
    assert (pedido.inscricao, pedido.nis, pedido.verificacao) == (insc, NIS_A, "apto")
    assert Ato.objects.get(tipo="isencao_pedido").autor == candidato_user
    html = client.get(url).content.decode()
    assert "Seu pedido" in html
    assert "ainda não publicado" in html  # results only once published


def test_formulario_exige_nis_valido_e_declaracao(client, candidato_user):
    certame = certame_pedidos_abertos()
    insc = inscricao(certame, candidato=candidato_user.candidato)
    client.force_login(candidato_user)
    url = reverse("isencao:inscricao", args=[insc.pk])
    ruim = nis_invalido("1234567890")
    resposta = client.post(url, {"tipo": "cadunico", "nis": ruim})
    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert f"NIS inválido “{ruim}”" in html
    assert "Este campo é obrigatório." in html  # the declaration (art. 5º)
    resposta = client.post(url, {"tipo": "doador_sangue", "declaracao": "on",
                                 "comprovante": SimpleUploadedFile("x.pdf", EXE)})
    assert resposta.status_code == 400
    assert "não é um PDF, JPEG ou PNG válido" in resposta.content.decode()
    assert PedidoIsencao.objects.count() == 0


def test_pedido_fora_do_prazo_pelo_portal(client, candidato_user):
    agora = _agora()
    certame = certame_severinia(etapas={
        Etapa.Tipo.PEDIDO_ISENCAO: (agora + 2 * DIA, agora + 5 * DIA)})
    insc = inscricao(certame, candidato=candidato_user.candidato)
    client.force_login(candidato_user)
    url = reverse("isencao:inscricao", args=[insc.pk])
    assert "O prazo para pedir isenção não está aberto." in client.get(url).content.decode()
    resposta = client.post(url, {"tipo": "cadunico", "nis": NIS_A, "declaracao": "on"})
    assert resposta.status_code == 400
    assert "O prazo para pedir isenção da taxa ainda não começou" in resposta.content.decode()
    assert PedidoIsencao.objects.count() == 0


def test_certame_sem_isencao_diz_que_a_lei_nao_preve(client, candidato_user):
    insc = InscricaoFactory(candidato=candidato_user.candidato,
                            cargo__certame=CertameFactory(regime="pirangi-lei3056-2025"))
    client.force_login(candidato_user)
    html = client.get(reverse("isencao:inscricao", args=[insc.pk])).content.decode()
    assert "A lei deste certame não prevê isenção da taxa de inscrição." in html
    html = client.get(reverse("isencao:painel")).content.decode()
    # The same sentence on both pages (candidatos.inscricao_portal.taxa_da_inscricao: one truth).
    assert "A lei deste certame não prevê isenção da taxa de inscrição." in html


def test_inscricao_de_outra_pessoa_e_404_e_nada_grava(client, candidato_user,
                                                      outro_candidato):
    certame = certame_pedidos_abertos()
    alheia = inscricao(certame, candidato=outro_candidato.candidato)
    client.force_login(candidato_user)
    assert client.get(reverse("isencao:inscricao", args=[alheia.pk])).status_code == 404
    resposta = client.post(reverse("isencao:inscricao", args=[alheia.pk]),
                           {"tipo": "cadunico", "nis": NIS_A, "declaracao": "on"})
    assert resposta.status_code == 404
    resposta = client.post(reverse("isencao:recurso", args=[alheia.pk]),
                           {"texto": "Recurso em nome de outra pessoa.", "confirmacao": "on"})
    assert resposta.status_code == 404
    assert (PedidoIsencao.objects.count(), Recurso.objects.count(),
            Ato.objects.count()) == (0, 0, 0)
    # Only their own inscrições are listed.
    propria = inscricao(certame, candidato=candidato_user.candidato)
    html = client.get(reverse("isencao:painel")).content.decode()
    assert propria.numero in html and alheia.numero not in html


@pytest.mark.parametrize("fixture", ["rh", "membro_comissao", "estranho"])
def test_paginas_do_candidato_recusam_quem_nao_e_candidato(client, request, fixture):
    client.force_login(request.getfixturevalue(fixture))
    insc = inscricao(certame_pedidos_abertos())
    assert client.get(reverse("isencao:painel")).status_code == 403
    assert client.get(reverse("isencao:inscricao", args=[insc.pk])).status_code == 403


def test_anonimo_vai_ao_login_nas_paginas_do_candidato(client):
    insc = inscricao(certame_pedidos_abertos())
    for url in (reverse("isencao:painel"), reverse("isencao:inscricao", args=[insc.pk])):
        resposta = client.get(url)
        assert resposta.status_code == 302
        assert resposta["Location"].startswith(reverse("login"))


# --- files -----------------------------------------------------------------------------------


def test_comprovante_so_para_o_dono_e_o_rh(client, candidato_user, outro_candidato, rh,
                                           membro_comissao):
    certame = certame_pedidos_abertos()
    insc = inscricao(certame, candidato=candidato_user.candidato)
    client.force_login(candidato_user)
    resposta = client.post(reverse("isencao:inscricao", args=[insc.pk]),
                           {"tipo": "doador_sangue", "declaracao": "on",
                            "comprovante": _pdf()})
    assert resposta.status_code == 302
    pedido = PedidoIsencao.objects.get()
    meu = reverse("isencao:arquivo", args=[insc.pk, "comprovante"])
    do_rh = reverse("painel:arquivo", args=[pedido.pk, "comprovante"])
    resposta = client.get(meu)
    assert (resposta.status_code, resposta["Content-Type"]) == (200, "application/pdf")
    assert b"".join(resposta.streaming_content) == PDF
    assert client.get(reverse("isencao:arquivo", args=[insc.pk, "outro"])).status_code == 404
    client.force_login(outro_candidato)
    assert client.get(meu).status_code == 404
    assert client.get(do_rh).status_code == 403
    client.force_login(membro_comissao)
    assert client.get(do_rh).status_code == 403
    client.logout()
    assert client.get(do_rh).status_code == 302
    client.force_login(rh)
    resposta = client.get(do_rh)
    assert (resposta.status_code, resposta["Content-Type"]) == (200, "application/pdf")
    assert resposta["Cache-Control"] == "private, no-store"


# --- candidate: appeal and defence -----------------------------------------------------------


def _indeferido_publicado(certame, candidato_user, rh):
    insc = inscricao(certame, candidato=candidato_user.candidato)
    pedido = isencao.solicitar_isencao(insc, tipo="cadunico", nis=NIS_B,
                                       autor=candidato_user, agora=_agora() - 7 * DIA)
    isencao.decidir_preliminar(pedido, autor=rh, resultado="indeferido",
                               motivacao="Renda per capita acima de meio salário mínimo.")
    isencao.publicar_resultado(certame, "preliminar", autor=rh)
    return pedido


def test_candidato_recorre_pelo_portal(client, candidato_user, rh):
    certame = certame_recurso_aberto()
    pedido = _indeferido_publicado(certame, candidato_user, rh)
    client.force_login(candidato_user)
    url = reverse("isencao:inscricao", args=[pedido.inscricao_id])
    html = client.get(url).content.decode()
    assert "Renda per capita acima de meio salário mínimo." in html
    assert "Recorrer do indeferimento" in html
    # The portal's status page links here: a GET goes to the form.
    assert client.get(reverse("isencao:recurso", args=[pedido.inscricao_id]))["Location"] == \
        url + "#recurso"
    resposta = client.post(reverse("isencao:recurso", args=[pedido.inscricao_id]),
                           {"texto": "Minha renda caiu; anexo o extrato atualizado.",
                            "anexos": _pdf("extrato.pdf"), "confirmacao": "on"})
    assert resposta.status_code == 302
    recurso = Recurso.objects.get()
    assert (recurso.procedimento, recurso.objeto_id) == ("isencao", pedido.pk)
    assert client.get(reverse("isencao:arquivo", args=[pedido.inscricao_id, "anexo"])
                      ).status_code == 200
    resposta = client.post(reverse("isencao:recurso", args=[pedido.inscricao_id]),
                           {"texto": "Segundo recurso sobre o mesmo pedido.", "confirmacao": "on"})
    assert resposta.status_code == 400
    assert "cabe um único recurso" in resposta.content.decode()
    assert Recurso.objects.count() == 1


def test_candidato_apresenta_defesa_no_prazo(client, candidato_user, outro_candidato, rh):
    certame = certame_recurso_aberto()
    pedido = _indeferido_publicado(certame, candidato_user, rh)
    proc = isencao.abrir_procedimento_falsidade(
        pedido, fatos="Indícios de renda omitida no cadastro.", autor=rh,
        prazo_defesa=_agora() + 3 * DIA)
    url = reverse("isencao:defesa", args=[proc.pk])
    client.force_login(outro_candidato)
    assert client.post(url, {f"defesa-{proc.pk}-defesa": "Defesa alheia.",
                             f"defesa-{proc.pk}-confirmacao": "on"}).status_code == 404
    client.force_login(candidato_user)
    assert "Apresentar defesa" in client.get(
        reverse("isencao:inscricao", args=[pedido.inscricao_id])).content.decode()
    resposta = client.post(url, {f"defesa-{proc.pk}-defesa": "A renda informada é a atual.",
                                 f"defesa-{proc.pk}-confirmacao": "on"})
    assert resposta.status_code == 302
    proc.refresh_from_db()
    assert proc.defesa == "A renda informada é a atual."


# --- public results --------------------------------------------------------------------------


def test_resultado_publico_so_numero_nome_e_resultado(client, candidato_user, rh):
    certame = certame_recurso_aberto()
    url = reverse("isencao:resultado", args=[certame.pk, "preliminar"])
    assert client.get(url).status_code == 404  # not published yet
    pedido = _indeferido_publicado(certame, candidato_user, rh)
    PedidoIsencao.objects.filter(pk=pedido.pk).update(renda_per_capita=Decimal("987.65"))
    resposta = client.get(url)  # anonymous
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert pedido.inscricao.numero in html
    assert "Maria da Silva" in html and "Indeferido" in html
    for segredo in (NIS_B, "987,65", "987.65", "Renda per capita acima",
                    candidato_user.candidato.cpf):
        assert segredo not in html
    assert client.get(reverse("isencao:resultado", args=[certame.pk, "final"])
                      ).status_code == 404
    assert client.get(reverse("isencao:resultado", args=[certame.pk, "outra"])
                      ).status_code == 404


def _decidido_sem_publicar(certame, rh, nis, resultado="deferido"):
    """A request of a new candidate decided after the earlier batches were published."""
    pedido = isencao.solicitar_isencao(inscricao(certame), tipo="cadunico", nis=nis,
                                       autor=rh, agora=_agora() - 6 * DIA)
    motivo = ("Renda per capita abaixo de meio salário mínimo." if resultado == "deferido"
              else "Renda per capita acima de meio salário mínimo.")
    isencao.decidir_preliminar(pedido, autor=rh, resultado=resultado, motivacao=motivo)
    return pedido


def test_resultado_publico_mostra_cada_lote_e_nunca_decisao_nao_publicada(
        client, candidato_user, rh):
    certame = certame_recurso_aberto()
    primeiro = _indeferido_publicado(certame, candidato_user, rh)
    segundo = _decidido_sem_publicar(certame, rh, NIS_A)
    url = reverse("isencao:resultado", args=[certame.pk, "preliminar"])

    def linhas():
        html = client.get(url).content.decode()
        return re.findall(r"<tr><td>(\d+)</td><td>(\d+)</td><td>[^<]*</td><td>([^<]*)</td>",
                          html)

    # Batch 2 decided but not published: not on the public page (publicity is the act).
    assert linhas() == [("1", primeiro.inscricao.numero, "Indeferido")]
    isencao.publicar_resultado(certame, "preliminar", autor=rh)
    assert linhas() == [("1", primeiro.inscricao.numero, "Indeferido"),
                        ("2", segundo.inscricao.numero, "Deferido")]
    html = client.get(url).content.decode()
    assert "Lote 1: publicado em" in html and "Lote 2: publicado em" in html


def test_rh_publica_o_lote_seguinte_pela_pagina(client, candidato_user, rh):
    certame = certame_recurso_aberto()
    _indeferido_publicado(certame, candidato_user, rh)
    client.force_login(rh)
    pagina = reverse("painel:pedidos", args=[certame.pk])
    html = client.get(pagina).content.decode()
    # Batch 1 published; nothing decided waits: no preliminary form, batch 1 awaits its final.
    assert "Lote 1: resultado preliminar publicado em" in html
    assert 'data-form="publicar-preliminar"' not in html
    assert "Publicar resultado definitivo (lote 1)" in html

    _decidido_sem_publicar(certame, rh, NIS_A)
    html = client.get(pagina).content.decode()
    assert "Publicar resultado preliminar (lote 2)" in html
    resposta = client.post(reverse("painel:isencao_publicar", args=[certame.pk, "preliminar"]),
                           {"confirmacao": "on"})
    assert resposta.status_code == 302
    assert sorted(PublicacaoResultado.objects.filter(certame=certame).values_list(
        "fase", "lote")) == [("preliminar", 1), ("preliminar", 2)]
    assert "Lote 2: resultado preliminar publicado em" in client.get(pagina).content.decode()


# --- RH pages --------------------------------------------------------------------------------


@pytest.fixture
def cenario_rh(candidato_user, rh):
    certame = certame_recurso_aberto()
    pedido = _indeferido_publicado(certame, candidato_user, rh)
    isencao.apresentar_recurso(pedido, texto="Peço a revisão do indeferimento.",
                               autor=candidato_user, arquivos=[_pdf()])
    proc = isencao.abrir_procedimento_falsidade(
        pedido, fatos="Indícios de renda omitida no cadastro.", autor=rh,
        prazo_defesa=_agora() + 3 * DIA)
    return certame, pedido, proc


def _paginas_rh(certame, pedido, proc):
    return [reverse("painel:isencao_painel"), reverse("painel:cadunico"),
            reverse("painel:pedidos", args=[certame.pk]),
            reverse("painel:pedido", args=[pedido.pk]),
            reverse("painel:procedimento", args=[proc.pk]),
            reverse("painel:arquivo", args=[pedido.pk, "anexo"])]


def _acoes_rh(certame, pedido):
    return [
        (reverse("painel:confirmar_lote", args=[certame.pk]),
         {"todos": "1", "confirmacao": "on"}),
        (reverse("painel:isencao_publicar", args=[certame.pk, "final"]), {"confirmacao": "on"}),
        (reverse("painel:encerrar_prazo", args=[certame.pk]), {"confirmacao": "on"}),
        (reverse("painel:pedido", args=[pedido.pk]),
         {"acao": "julgar", "julgar-resultado": "deferido",
          "julgar-motivacao": "Recurso procedente pela prova juntada."}),
        (reverse("painel:cadunico"), {}),
    ]


@pytest.mark.parametrize(("fixture", "esperado"), [
    ("rh", 200), ("membro_comissao", 403), ("candidato_user", 403), ("estranho", 403),
    (None, 302)])
def test_matriz_de_acesso_das_paginas_do_rh(client, request, cenario_rh, fixture, esperado):
    if fixture:
        client.force_login(request.getfixturevalue(fixture))
    for url in _paginas_rh(*cenario_rh):
        assert (url, client.get(url).status_code) == (url, esperado)


@pytest.mark.parametrize("fixture", ["membro_comissao", "candidato_user", "estranho", None])
def test_acoes_do_rh_recusadas_a_quem_nao_e_rh(client, request, cenario_rh, fixture):
    certame, pedido, _proc = cenario_rh
    if fixture:
        client.force_login(request.getfixturevalue(fixture))
    antes = (Ato.objects.count(), DecisaoIsencao.objects.count())
    for url, dados in _acoes_rh(certame, pedido):
        assert (url, client.post(url, dados).status_code) == (url, 403 if fixture else 302)
    assert (Ato.objects.count(), DecisaoIsencao.objects.count()) == antes


def test_rh_ve_dados_da_verificacao_e_julga_o_recurso(client, rh, cenario_rh):
    """The decider (rh) keeps the decision from the page; then only the certame's superior
    authority judges it, with the confirmation box (before, any RH user did)."""
    certame, pedido, _proc = cenario_rh
    superior = usuario("rh_superior", "RH", staff=True)
    designar(certame, superior, autor=rh)
    client.force_login(rh)
    url = reverse("painel:pedido", args=[pedido.pk])
    html = client.get(url).content.decode()
    assert NIS_B in html and "Peço a revisão do indeferimento." in html
    assert 'data-form="reconsideracao"' in html and 'data-form="julgar"' not in html
    recurso = isencao.recurso_do_pedido(pedido)
    resposta = client.post(reverse("painel:reconsiderar_recurso", args=[recurso.pk]), {
        "reconsideracao-decisao": "mantem", "reconsideracao-motivacao": MANTEM,
        "reconsideracao-confirmacao": "on"})
    assert (resposta.status_code, resposta["Location"]) == (302, url + "#recurso")
    julgar = {"acao": "julgar", "julgar-resultado": "deferido", "julgar-confirmacao": "on",
              "julgar-motivacao": "O extrato juntado prova renda menor."}
    assert client.post(url, julgar).status_code == 400  # the decider does not judge
    client.force_login(superior)
    assert 'data-form="julgar"' in client.get(url).content.decode()
    resposta = client.post(url, {"acao": "julgar", "julgar-resultado": "indeferido",
                                 "julgar-motivacao": "Indeferido", "julgar-confirmacao": "on"})
    assert resposta.status_code == 400
    assert "O indeferimento exige motivação específica" in resposta.content.decode()
    resposta = client.post(url, {k: v for k, v in julgar.items() if k != "julgar-confirmacao"})
    assert resposta.status_code == 400 and "Marque a caixa de confirmação" in (
        resposta.content.decode())
    resposta = client.post(url, julgar)
    assert resposta.status_code == 302
    pedido.refresh_from_db()
    assert pedido.resultado_final == "deferido"
    assert DecisaoIsencao.objects.get(pedido=pedido, fase="recurso").autor == superior


def test_rh_confirma_em_lote_os_filtrados(client, rh, candidato_user):
    certame = certame_pedidos_abertos()
    hoje = timezone.localdate()
    extrato([(NIS_A, "100.00", hoje - 30 * DIA, "ativo")], referencia=hoje - DIA)
    apto = isencao.solicitar_isencao(inscricao(certame), tipo="cadunico", nis=NIS_A, autor=rh)
    fora = isencao.solicitar_isencao(inscricao(certame), tipo="cadunico", nis=NIS_B, autor=rh)
    doador = isencao.solicitar_isencao(inscricao(certame), tipo="doador_sangue", autor=rh,
                                       comprovante=_pdf())
    client.force_login(rh)
    html = client.get(reverse("painel:pedidos", args=[certame.pk]),
                      {"verificacao": "apto"}).content.decode()
    assert apto.inscricao.numero in html and fora.inscricao.numero not in html
    resposta = client.post(reverse("painel:confirmar_lote", args=[certame.pk]),
                           {"todos": "1", "verificacao": "apto", "confirmacao": "on"})
    assert resposta.status_code == 302
    assert list(DecisaoIsencao.objects.values_list("pedido", "resultado")) == [
        (apto.pk, "deferido")]
    resposta = client.post(reverse("painel:confirmar_lote", args=[certame.pk]),
                           {"pedidos": [str(fora.pk), str(doador.pk)], "confirmacao": "on"},
                           follow=True)
    assert "1 pedidos não podem ser confirmados em lote" in resposta.content.decode()
    assert DecisaoIsencao.objects.filter(pedido=fora).get().resultado == "indeferido"
    assert not DecisaoIsencao.objects.filter(pedido=doador).exists()


def test_rh_publica_pela_pagina_e_publicacao_invalida_mostra_o_motivo(client, rh,
                                                                      candidato_user):
    certame = certame_pedidos_abertos()
    isencao.solicitar_isencao(inscricao(certame), tipo="cadunico", nis=NIS_A, autor=rh)
    client.force_login(rh)
    atos = Ato.objects.count()
    resposta = client.post(reverse("painel:isencao_publicar", args=[certame.pk, "preliminar"]),
                           {"confirmacao": "on"}, follow=True)
    abre = certame.etapas.get(tipo=Etapa.Tipo.RESULTADO_PRELIMINAR_ISENCAO).inicio
    assert (f"O resultado preliminar da isenção da taxa só pode ser publicado a partir de "
            f"{data_hora_br(abre)} (etapa “Resultado preliminar da isenção” do cronograma)."
            ) in resposta.content.decode()
    resposta = client.post(reverse("painel:encerrar_prazo", args=[certame.pk]),
                           {"confirmacao": "on"}, follow=True)
    assert "O prazo de pagamento termina em" in resposta.content.decode()
    assert (Ato.objects.count(), PublicacaoResultado.objects.count()) == (atos, 0)


def test_pagina_do_rh_em_certame_sem_isencao(client, rh):
    certame = CertameFactory(regime="pirangi-lei3056-2025")
    client.force_login(rh)
    html = client.get(reverse("painel:pedidos", args=[certame.pk])).content.decode()
    assert "A lei deste certame não prevê isenção da taxa de inscrição." in html


def test_rh_decide_procedimento_pela_pagina(client, rh, cenario_rh):
    _certame, pedido, proc = cenario_rh
    client.force_login(rh)
    url = reverse("painel:procedimento", args=[proc.pk])
    resposta = client.post(url, {"conclusao": "procedente",
                                 "motivacao": "A omissão de renda ficou comprovada.",
                                 "confirmacao": "on"})
    assert resposta.status_code == 400
    assert "Aguarde a defesa ou o fim do prazo da defesa" in resposta.content.decode()
    assert ProcedimentoAdministrativo.objects.get().conclusao == ""


# --- CadÚnico import page --------------------------------------------------------------------


def test_rh_importa_extrato_pela_pagina(client, rh):
    client.force_login(rh)
    conteudo = (f"NIS;Renda per capita;Data de atualização;Situação\n"
                f"{NIS_A};810,50;01/12/2025;ativo\n").encode("latin-1")
    resposta = client.post(reverse("painel:cadunico"), {
        "arquivo": SimpleUploadedFile("extrato.csv", conteudo, content_type="text/csv"),
        "data_referencia": timezone.localdate().isoformat(), "confirmacao": "on"}, follow=True)
    assert "Extrato importado: 1 registros" in resposta.content.decode()
    assert RegistroCadUnico.objects.get().nis == NIS_A
    assert ExtratoCadUnico.objects.get().importado_por == rh


def test_extrato_rejeitado_lista_os_erros_e_nada_grava(client, rh):
    client.force_login(rh)
    conteudo = f"nis;renda;data_atualizacao;situacao\n{NIS_A};abc;01/12/2025;ativo\n".encode()
    resposta = client.post(reverse("painel:cadunico"), {
        "arquivo": SimpleUploadedFile("extrato.csv", conteudo, content_type="text/csv"),
        "data_referencia": timezone.localdate().isoformat(), "confirmacao": "on"})
    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert "Arquivo rejeitado: nada foi gravado." in html
    assert "Linha 2, coluna “renda_per_capita”: número inválido “abc”" in html
    assert (ExtratoCadUnico.objects.count(), RegistroCadUnico.objects.count()) == (0, 0)


# --- admin -----------------------------------------------------------------------------------


def test_admin_dos_modelos_da_isencao(client, cenario_rh):
    admin = User.objects.create_superuser("admin_teste", "admin@example.com", "senha-123-teste")
    client.force_login(admin)
    for modelo in ("salariominimo", "extratocadunico", "registrocadunico", "pedidoisencao",
                   "decisaoisencao", "procedimentoadministrativo"):
        url = reverse(f"admin:candidatos_{modelo}_changelist")
        assert (modelo, client.get(url).status_code) == (modelo, 200)
    # The appeal and the publications are the procedure kernel's records.
    for modelo in ("recurso", "publicacaoresultado"):
        url = reverse(f"admin:nucleo_{modelo}_changelist")
        assert (modelo, client.get(url).status_code) == (modelo, 200)
    _certame, pedido, _proc = cenario_rh
    html = client.get(reverse("admin:candidatos_pedidoisencao_change",
                              args=[pedido.pk])).content.decode()
    assert reverse("painel:pedido", args=[pedido.pk]) in html
    assert 'name="resultado_final"' not in html  # acts are read-only
    assert client.get(reverse("admin:candidatos_decisaoisencao_add")).status_code == 403
    resposta = client.post(reverse("admin:candidatos_salariominimo_add"), {
        "vigencia_inicio": "2027-01-01", "valor": "1700.00", "ato": "Decreto de 2026"})
    assert resposta.status_code == 302
    assert SalarioMinimo.em_vigor(dt.date(2027, 2, 1)).valor == Decimal("1700.00")


# --- confirmation of the irreversible acts -------------------------------

CONFIRME = "Marque a caixa de confirmação: o ato não pode ser desfeito e nada foi registrado."


def test_publicar_pela_pagina_exige_confirmacao(client, rh, candidato_user):
    certame = certame_recurso_aberto()
    insc = inscricao(certame, candidato=candidato_user.candidato)
    pedido = isencao.solicitar_isencao(insc, tipo="cadunico", nis=NIS_B, autor=candidato_user,
                                       agora=_agora() - 7 * DIA)
    isencao.decidir_preliminar(pedido, autor=rh, resultado="indeferido",
                               motivacao="Renda per capita acima de meio salário mínimo.")
    client.force_login(rh)
    html = client.get(reverse("painel:pedidos", args=[certame.pk])).content.decode()
    assert ("o resultado preliminar do lote 1 (1 pedido decidido e ainda não publicado) é "
            "publicado") in html
    url = reverse("painel:isencao_publicar", args=[certame.pk, "preliminar"])
    atos = Ato.objects.count()
    resposta = client.post(url)
    assert resposta.status_code == 400
    assert CONFIRME in resposta.content.decode()
    assert (Ato.objects.count(), PublicacaoResultado.objects.count()) == (atos, 0)
    resposta = client.post(url, {"confirmacao": "on"})
    assert resposta.status_code == 302
    assert list(PublicacaoResultado.objects.values_list("fase", flat=True)) == ["preliminar"]


def test_lote_e_prazo_exigem_confirmacao(client, rh):
    certame = certame_pedidos_abertos()
    extrato([(NIS_A, "100.00", _agora() - 30 * DIA, "ativo")], referencia=_agora() - DIA)
    apto = isencao.solicitar_isencao(inscricao(certame), tipo="cadunico", nis=NIS_A, autor=rh)
    client.force_login(rh)
    html = client.get(reverse("painel:pedidos", args=[certame.pk])).content.decode()
    assert "o prazo de pagamento é encerrado" in html
    assert "recebe a decisão preliminar da verificação automática" in html
    atos = (Ato.objects.count(), DecisaoIsencao.objects.count())
    for url, dados in ((reverse("painel:confirmar_lote", args=[certame.pk]), {"todos": "1"}),
                       (reverse("painel:encerrar_prazo", args=[certame.pk]), {})):
        resposta = client.post(url, dados)
        assert (url, resposta.status_code) == (url, 400)
        assert CONFIRME in resposta.content.decode()
    assert (Ato.objects.count(), DecisaoIsencao.objects.count()) == atos
    resposta = client.post(reverse("painel:confirmar_lote", args=[certame.pk]),
                           {"todos": "1", "confirmacao": "on"})
    assert resposta.status_code == 302
    assert list(DecisaoIsencao.objects.values_list("pedido", "resultado")) == [
        (apto.pk, "deferido")]


def test_instaurar_falsidade_exige_confirmacao(client, rh, candidato_user):
    pedido = _indeferido_publicado(certame_recurso_aberto(), candidato_user, rh)
    client.force_login(rh)
    url = reverse("painel:pedido", args=[pedido.pk])
    dados = {"acao": "procedimento", "procedimento-fatos": "Indícios de renda omitida de novo.",
             "procedimento-prazo_defesa": (timezone.localtime() + 5 * DIA).strftime(
                 "%Y-%m-%dT%H:%M")}
    antes = (Ato.objects.count(), ProcedimentoAdministrativo.objects.count())
    resposta = client.post(url, dados)
    assert resposta.status_code == 400
    assert CONFIRME in resposta.content.decode()
    assert (Ato.objects.count(), ProcedimentoAdministrativo.objects.count()) == antes
    resposta = client.post(url, {**dados, "procedimento-confirmacao": "on"})
    assert resposta.status_code == 302
    assert ProcedimentoAdministrativo.objects.count() == antes[1] + 1
