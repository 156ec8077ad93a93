"""The candidate's documents: which lists need them under each regime, what is missing before
submitting, the window, content and size checks, superseding, submission, and who may see a
file (candidate, RH, the committee evaluating it — nobody else)."""

import hashlib
import os

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from candidatos.models import Inscricao
from certames.models import Ato
from certames.regras.documentos import TIPOS
from comissoes.dominio.composicao import registrar_impedimento
from comissoes.dominio.documental import (
    listas_com_documentos,
    pode_ver_documento,
    situacao_documental,
    submeter_documentos,
)
from comissoes.models import Avaliacao, Comissao, DocumentoEnviado
from tests.comissoes.fabricas import JPEG, PDF, PNG, arquivo, candidato_com_conta, membro
from tests.comissoes.fabricas_documentos import (
    PIR,
    SEV,
    SMBV,
    certame_,
    comissao_documental,
    enviar,
    janela_documental,
    janela_pcd,
    optante,
)
from tests.factories import usuario

pytestmark = pytest.mark.django_db

UM_DESTES = ("um destes: " + TIPOS["RANI"] + "; " + TIPOS["DECL_LIDERANCA"] + "; "
             + TIPOS["DECL_ORGANIZACAO"])


def _arquivos_em(raiz) -> set[str]:
    return {os.path.join(d, f) for d, _s, fs in os.walk(raiz) for f in fs}


@pytest.fixture
def smbv():
    certame = certame_(SMBV)
    janela_documental(certame)
    return certame, optante(certame, listas=("I",))


# --- which lists need documents -------------------------------------------------------------


def test_listas_com_documentos_por_regime():
    smbv, sev, pir = certame_(SMBV), certame_(SEV), certame_(PIR)
    assert listas_com_documentos(optante(smbv, listas=("I", "PCD"))) == ["I", "PCD"]
    assert listas_com_documentos(optante(smbv, listas=("PP",), cor="parda")) == []
    # Severínia: PPI by documents only for indígenas (Lei 3.057/2026, art. 13).
    assert listas_com_documentos(optante(sev, listas=("PPI",))) == ["PPI"]
    assert listas_com_documentos(optante(sev, listas=("PPI",), cor="preta")) == []
    # Pirangi: indígenas and quilombolas (Lei 3.056/2025, art. 4º, II).
    assert listas_com_documentos(optante(pir, listas=("Q",), cor="parda",
                                         quilombola=True)) == ["Q"]
    assert listas_com_documentos(optante(pir, listas=("I",))) == ["I"]


# --- what is missing before submitting ------------------------------------------------------


def test_smbv_diz_o_que_falta_a_cada_envio(smbv):
    certame, insc = smbv
    s = situacao_documental(insc, "I")
    assert s.regra.fundamento == "LC 22/2026, art. 4º"
    assert s.faltantes == [TIPOS["TADII"], UM_DESTES]
    assert (s.pode_enviar, s.pode_submeter) == (True, False)
    enviar(insc, "I", "TADII")
    assert situacao_documental(insc, "I").faltantes == [UM_DESTES]
    enviar(insc, "I", "DECL_LIDERANCA")
    s = situacao_documental(insc, "I")
    assert (s.faltantes, s.pode_submeter) == ([], True)
    assert [(i.tipo, i.documento is not None) for i in s.itens] == [
        ("TADII", True), ("RANI", False), ("DECL_LIDERANCA", True), ("DECL_ORGANIZACAO", False)]


def test_pirangi_quilombola_precisa_da_certidao_palmares():
    certame = certame_(PIR)
    janela_documental(certame)
    insc = optante(certame, listas=("Q",), cor="preta", quilombola=True)
    enviar(insc, "Q", "DECL_COMUNIDADE")
    assert situacao_documental(insc, "Q").faltantes == [TIPOS["CERTIDAO_PALMARES"]]
    with pytest.raises(ValidationError, match="Ainda falta: certidão da Fundação Cultural "
                                              "Palmares"):
        submeter_documentos(insc, "Q", autor=insc.candidato.usuario)
    enviar(insc, "Q", "CERTIDAO_PALMARES", JPEG, "certidao.jpg")
    ato = submeter_documentos(insc, "Q", autor=insc.candidato.usuario)
    assert [d["tipo"] for d in ato.depois["documentos"]] == ["DECL_COMUNIDADE",
                                                             "CERTIDAO_PALMARES"]


def test_documento_ampliado_pelo_edital_completa_o_conjunto():
    certame = certame_(SMBV, parametros={"documentos": {"I": {
        "alternativos_adicionais": ["DOC_EDITAL"]}}})
    janela_documental(certame)
    insc = optante(certame)
    enviar(insc, "I", "TADII")
    enviar(insc, "I", "DOC_EDITAL")
    s = situacao_documental(insc, "I")
    assert s.faltantes == [] and s.regra.fundamento == "LC 22/2026, art. 4º; ampliado pelo edital"


def test_documento_fora_da_regra_e_recusado(smbv):
    _c, insc = smbv
    with pytest.raises(ValidationError) as exc:
        enviar(insc, "I", "CERTIDAO_PALMARES")
    assert "tipo" in exc.value.message_dict
    assert not DocumentoEnviado.objects.exists()


def test_lista_sem_documentos_nao_recebe_nada():
    certame = certame_(SMBV)
    janela_documental(certame)
    insc = optante(certame, listas=("PP",), cor="parda")
    with pytest.raises(ValidationError, match="não exige documentos"):
        enviar(insc, "PP", "TADII")


# --- the window ---------------------------------------------------------------------------


@pytest.mark.parametrize(("janela", "mensagem"), [
    (None, "O cronograma deste certame ainda não prevê o prazo de envio dos documentos."),
    ((1, 3), "O prazo de envio ainda não começou"),
    ((-3, -1), "O prazo de envio terminou"),
])
def test_envio_so_no_prazo_da_etapa(janela, mensagem, settings):
    certame = certame_(SMBV)
    if janela:
        janela_documental(certame, *janela)
    insc = optante(certame)
    antes = _arquivos_em(settings.MEDIA_ROOT)
    with pytest.raises(ValidationError) as exc:
        enviar(insc, "I", "TADII")
    assert exc.value.messages[0].startswith(mensagem)
    assert not DocumentoEnviado.objects.exists()
    assert _arquivos_em(settings.MEDIA_ROOT) == antes


def test_laudo_pcd_no_prazo_da_avaliacao_pcd():
    certame = certame_(SMBV)
    janela_documental(certame)  # not the PcD stage
    insc = optante(certame, listas=("PCD",), cor="branca")
    with pytest.raises(ValidationError, match="ainda não prevê o prazo de envio"):
        enviar(insc, "PCD", "LAUDO")
    janela_pcd(certame)
    doc = enviar(insc, "PCD", "LAUDO")
    assert (doc.lista, doc.tipo) == ("PCD", "LAUDO")


# --- content, size, storage ---------------------------------------------------------------


def test_tipo_disfarcado_pela_extensao_e_recusado(smbv, settings):
    _c, insc = smbv
    antes = _arquivos_em(settings.MEDIA_ROOT)
    for nome, conteudo in (("tadii.pdf", b"<html>nao sou pdf</html>"),
                           ("tadii.png", b"MZ\x90\x00executavel"),
                           ("tadii.jpg", b"%PD quase")):
        with pytest.raises(ValidationError) as exc:
            enviar(insc, "I", "TADII", conteudo, nome)
        assert exc.value.messages[0].startswith(f"O arquivo “{nome}” não é um PDF, JPEG ou PNG")
    assert not DocumentoEnviado.objects.exists()
    assert not Ato.objects.filter(tipo="documento_enviado").exists()
    assert _arquivos_em(settings.MEDIA_ROOT) == antes


def test_limite_de_tamanho_de_10_mb(smbv):
    _c, insc = smbv
    grande = PDF + b"0" * (10 * 1024 * 1024)
    with pytest.raises(ValidationError) as exc:
        enviar(insc, "I", "TADII", grande)
    assert exc.value.messages == ["O arquivo “tadii.pdf” tem 10,0 MB; o limite é 10 MB por "
                                  "arquivo."]
    # Larger than an appeal's attachment (5 MB), within the document limit.
    doc = enviar(insc, "I", "TADII", PDF + b"0" * (6 * 1024 * 1024))
    assert doc.tamanho == len(PDF) + 6 * 1024 * 1024


def test_armazenado_fora_da_area_publica_com_nome_aleatorio_e_sha256(smbv, settings, client):
    _c, insc = smbv
    doc = enviar(insc, "I", "TADII", PNG, "meu tadii.png")
    assert (doc.nome_original, doc.tipo_conteudo, doc.tamanho) == (
        "meu tadii.png", "image/png", len(PNG))
    assert doc.sha256 == hashlib.sha256(PNG).hexdigest()
    assert doc.arquivo.path.startswith(str(settings.MEDIA_ROOT))
    assert "tadii" not in os.path.basename(doc.arquivo.name)
    assert doc.arquivo.name.endswith(".png")
    client.force_login(insc.candidato.usuario)
    assert client.get(doc.arquivo.url).status_code == 404  # no public media URL
    ato = Ato.objects.get(tipo="documento_enviado")
    assert (ato.autor, ato.certame, ato.fundamento_legal) == (
        insc.candidato.usuario, insc.certame, "LC 22/2026, art. 4º")
    assert ato.depois == {"lista": "I", "tipo": "TADII", "sha256": doc.sha256,
                          "tamanho": len(PNG), "tipo_conteudo": "image/png", "substitui": None}


def test_reenvio_do_mesmo_tipo_substitui_o_anterior(smbv):
    _c, insc = smbv
    primeiro = enviar(insc, "I", "TADII", PDF, "v1.pdf")
    segundo = enviar(insc, "I", "TADII", JPEG, "v2.jpg")
    primeiro.refresh_from_db()
    assert primeiro.substituido_em is not None and segundo.substituido_em is None
    s = situacao_documental(insc, "I")
    assert [d.nome_original for d in s.documentos] == ["v2.jpg"]
    assert [d.nome_original for d in s.historico] == ["v1.pdf"]
    ato = Ato.objects.get(tipo="documento_substituido")
    assert ato.depois["substitui"] == primeiro.pk
    # Both files stay (acts are never erased).
    assert os.path.exists(primeiro.arquivo.path) and os.path.exists(segundo.arquivo.path)


def test_so_o_proprio_candidato_envia_e_confirma(smbv):
    _c, insc = smbv
    outro = candidato_com_conta("intruso")
    from comissoes.dominio.documental import enviar_documento

    with pytest.raises(PermissionDenied):
        enviar_documento(insc, "I", "TADII", arquivo("t.pdf", PDF), autor=outro.usuario)
    with pytest.raises(PermissionDenied):
        submeter_documentos(insc, "I", autor=outro.usuario)
    assert not DocumentoEnviado.objects.exists()


def test_confirmacao_so_completa_e_depois_o_conjunto_nao_muda(smbv):
    _c, insc = smbv
    user = insc.candidato.usuario
    enviar(insc, "I", "TADII")
    with pytest.raises(ValidationError) as exc:
        submeter_documentos(insc, "I", autor=user)
    assert exc.value.messages == [f"Ainda falta: {UM_DESTES}."]
    rani = enviar(insc, "I", "RANI")
    ato = submeter_documentos(insc, "I", autor=user)
    assert (ato.tipo, ato.objeto_tipo, ato.objeto_id) == (
        "documentos_submetidos", ContentType.objects.get_for_model(Inscricao), str(insc.pk))
    assert ato.depois["lista"] == "I"
    assert ato.depois["documentos"][1] == {"id": rani.pk, "tipo": "RANI",
                                           "sha256": rani.sha256}
    s = situacao_documental(insc, "I")
    assert s.submetido == ato and not s.pode_enviar and not s.pode_submeter
    with pytest.raises(ValidationError, match="já confirmou o envio"):
        enviar(insc, "I", "DECL_LIDERANCA")
    with pytest.raises(ValidationError, match="já confirmou o envio"):
        submeter_documentos(insc, "I", autor=user)


def test_inscricao_eliminada_nao_envia(smbv):
    _c, insc = smbv
    Inscricao.objects.filter(pk=insc.pk).update(situacao="eliminado")
    insc.refresh_from_db()
    with pytest.raises(ValidationError, match="A inscrição está eliminado"):
        enviar(insc, "I", "TADII")


# --- the candidate's pages ----------------------------------------------------------------


def _pagina(client, insc):
    return client.get(reverse("documentos:inscricao", args=[insc.pk])).content.decode()


def _upload(client, insc, lista, tipo, conteudo=PDF, nome="doc.pdf"):
    return client.post(reverse("documentos:enviar", args=[insc.pk, lista]), {
        f"doc-{lista}-tipo": tipo, f"doc-{lista}-arquivo": arquivo(nome, conteudo)})


def test_pagina_mostra_o_exigido_e_o_que_falta_antes_de_enviar(client, smbv):
    _c, insc = smbv
    client.force_login(insc.candidato.usuario)
    html = _pagina(client, insc)
    assert "LC 22/2026, art. 4º" in html
    assert 'id="faltantes-I"' in html and TIPOS["TADII"] in html
    assert "Confirmar o envio" not in html
    painel = client.get(reverse("documentos:painel")).content.decode()
    assert reverse("documentos:inscricao", args=[insc.pk]) in painel


def test_envio_e_confirmacao_pela_pagina(client, smbv):
    _c, insc = smbv
    client.force_login(insc.candidato.usuario)
    resposta = _upload(client, insc, "I", "TADII")
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("documentos:inscricao", args=[insc.pk]) + "#lista-I"
    assert _upload(client, insc, "I", "DECL_ORGANIZACAO", PNG, "decl.png").status_code == 302
    html = _pagina(client, insc)
    assert 'id="completo-I"' in html and "Confirmar o envio à comissão" in html
    # Without the confirmation box: 400, nothing recorded.
    resposta = client.post(reverse("documentos:submeter", args=[insc.pk, "I"]))
    assert resposta.status_code == 400
    assert "Marque a caixa de confirmação" in resposta.content.decode()
    assert not Ato.objects.filter(tipo="documentos_submetidos").exists()
    assert 'id="confirmacao-envio-I"' in html
    resposta = client.post(reverse("documentos:submeter", args=[insc.pk, "I"]),
                           {"confirmacao": "on"})
    assert resposta.status_code == 302
    html = _pagina(client, insc)
    assert 'id="submetido-I"' in html and "Enviar documento" not in html
    assert Ato.objects.filter(tipo="documentos_submetidos").count() == 1


def test_pagina_recusa_pdf_disfarcado_e_arquivo_grande(client, smbv, settings):
    _c, insc = smbv
    client.force_login(insc.candidato.usuario)
    antes = _arquivos_em(settings.MEDIA_ROOT)
    resposta = _upload(client, insc, "I", "TADII", b"GIF89a disfarcado", "tadii.pdf")
    assert resposta.status_code == 400
    assert "“tadii.pdf” não é um PDF, JPEG ou PNG válido" in resposta.content.decode()
    resposta = _upload(client, insc, "I", "TADII", PDF + b"0" * (10 * 1024 * 1024))
    assert resposta.status_code == 400
    assert "o limite é 10 MB por arquivo" in resposta.content.decode()
    assert not DocumentoEnviado.objects.exists()
    assert _arquivos_em(settings.MEDIA_ROOT) == antes


def test_confirmar_incompleto_pela_pagina_diz_o_que_falta(client, smbv):
    _c, insc = smbv
    client.force_login(insc.candidato.usuario)
    _upload(client, insc, "I", "TADII")
    resposta = client.post(reverse("documentos:submeter", args=[insc.pk, "I"]),
                           {"confirmacao": "on"}, follow=True)
    assert f"Ainda falta: {UM_DESTES}." in resposta.content.decode()
    assert not Ato.objects.filter(tipo="documentos_submetidos").exists()


def test_arquivo_de_outro_candidato_pela_url_e_404(client, smbv):
    certame, insc = smbv
    doc = enviar(insc, "I", "TADII")
    url = reverse("documentos:arquivo", args=[doc.pk])
    client.force_login(insc.candidato.usuario)
    resposta = client.get(url)
    assert resposta.status_code == 200
    assert resposta["Content-Type"] == "application/pdf"
    assert resposta["Cache-Control"] == "private, no-store"
    assert resposta["X-Content-Type-Options"] == "nosniff"
    assert b"".join(resposta.streaming_content) == PDF

    vizinho = optante(certame)
    client.force_login(vizinho.candidato.usuario)
    assert client.get(url).status_code == 404
    assert client.get(reverse("documentos:inscricao", args=[insc.pk])).status_code == 404
    assert _upload(client, insc, "I", "RANI").status_code == 404
    assert client.post(reverse("documentos:submeter", args=[insc.pk, "I"]),
                       {"confirmacao": "on"}).status_code == 404
    assert DocumentoEnviado.objects.count() == 1
    client.force_login(usuario("rh_docs", "RH", staff=True))
    assert client.get(url).status_code == 200
    client.force_login(usuario("sem_papel"))
    assert client.get(url).status_code == 404
    client.logout()
    resposta = client.get(url)
    assert resposta.status_code == 302 and resposta["Location"].startswith(reverse("login"))


def test_so_membros_da_comissao_que_avalia_veem_o_documento(client, smbv):
    certame, insc = smbv
    doc = enviar(insc, "I", "TADII")
    comissao, membros = comissao_documental(certame)
    Avaliacao.objects.create(comissao=comissao, inscricao=insc, lista="I")
    sem_termo = membro(comissao, assinado=False)
    impedida = membros[2]
    registrar_impedimento(impedida, insc, motivo="Prima do(a) candidato(a).",
                          autor=impedida.usuario)
    outra, outros = comissao_documental(certame)
    hetero, heteros = comissao_documental(certame)
    Comissao.objects.filter(pk=hetero.pk).update(tipo=Comissao.Tipo.HETEROIDENTIFICACAO)
    assert pode_ver_documento(membros[0].usuario, doc)
    assert pode_ver_documento(membros[1].usuario, doc)
    for quem in (impedida, sem_termo, outros[0], heteros[0]):
        assert not pode_ver_documento(quem.usuario, doc), quem
    url = reverse("documentos:arquivo", args=[doc.pk])
    for quem, status in ((membros[1], 200), (impedida, 404), (sem_termo, 404),
                         (outros[0], 404)):
        client.force_login(quem.usuario)
        assert client.get(url).status_code == status


def test_paginas_do_candidato_recusam_quem_nao_e_candidato(client, smbv):
    _c, insc = smbv
    for user in (usuario("rh_x", "RH", staff=True), usuario("membro_x", "Comissao")):
        client.force_login(user)
        assert client.get(reverse("documentos:painel")).status_code == 403
        assert client.get(reverse("documentos:inscricao", args=[insc.pk])).status_code == 403
        assert _upload(client, insc, "I", "TADII").status_code == 403
    assert not DocumentoEnviado.objects.exists()


def test_pagina_de_recursos_leva_aos_documentos(client, smbv):
    _c, insc = smbv
    client.force_login(insc.candidato.usuario)
    html = client.get(reverse("recursos:inscricao", args=[insc.pk])).content.decode()
    assert reverse("documentos:inscricao", args=[insc.pk]) in html
