"""The candidate's appeal is one view for every procedure (`nucleo.views.RecursoCandidatoView`):
each procedure's appeal address behaves the same way. For each of the fee exemption, the
special conditions, the administrative procedure and a committee's evaluation: another
person's decision is a 404 and nothing is written; an unconfirmed POST is refused before
anything else; several attachments are accepted; a refusal (by the form or by the kernel) is
the same page, status 400, with the form's errors and the typed reasons kept."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from candidatos import condicoes, procedimentos
from candidatos.models import ProcedimentoAdministrativo
from certames.models import Ato, Etapa
from comum.confirmacao import ERRO
from comum.papeis import GRUPO_CANDIDATO, GRUPO_RH
from nucleo.models import AnexoRecurso, Recurso
from tests.candidatos.test_isencao_paginas import _indeferido_publicado, certame_recurso_aberto
from tests.candidatos.test_procedimentos import FATOS, MOTIVACAO, PIR, _cenario
from tests.comissoes.fabricas import PDF, PNG, cenario
from tests.factories import CandidatoFactory, CargoFactory, EtapaFactory, InscricaoFactory, usuario

pytestmark = pytest.mark.django_db

DIA = dt.timedelta(days=1)
RAZOES = "A decisão desconsiderou os documentos juntados; peço a sua revisão integral."


def _isencao() -> tuple:
    """A rejected exemption request, its preliminary result published, the window open."""
    dono = _candidato("dono_isencao")
    pedido = _indeferido_publicado(certame_recurso_aberto(), dono, usuario("rh_i", GRUPO_RH))
    return (dono, reverse("isencao:recurso", args=[pedido.inscricao_id]),
            reverse("isencao:inscricao", args=[pedido.inscricao_id]), "recurso")


def _condicoes() -> tuple:
    """A request for Braille rejected by RH yesterday (ten days to appeal)."""
    agora = timezone.now()
    cargo = CargoFactory()
    EtapaFactory(certame=cargo.certame, tipo=Etapa.Tipo.INSCRICOES, inicio=agora - 30 * DIA,
                 fim=agora - 10 * DIA)
    EtapaFactory(certame=cargo.certame, tipo=Etapa.Tipo.ANALISE_ATENDIMENTO,
                 inicio=agora - 30 * DIA, fim=agora + 5 * DIA)
    dono = _candidato("dono_condicoes")
    insc = InscricaoFactory(cargo=cargo, candidato=dono.candidato)
    pedido = condicoes.solicitar(
        insc, autor=dono, condicoes={"braille": ""}, justificativa="Baixa visão severa.",
        laudo=SimpleUploadedFile("laudo.pdf", PDF, content_type="application/pdf"),
        agora=agora - 20 * DIA)
    condicoes.decidir(pedido, autor=usuario("rh_c", GRUPO_RH), agora=agora - DIA,
                      motivacao="Laudo analisado pelo RH.", resultados={
                          "braille": condicoes.ResultadoCondicao(
                              "indeferido", "O laudo não descreve deficiência visual que exija "
                                            "a prova em Braille.")})
    return (dono, reverse("condicoes:recurso", args=[insc.pk]),
            reverse("condicoes:inscricao", args=[insc.pk]), "recurso")


def _procedimento() -> tuple:
    """A fraud procedure decided (proven) yesterday."""
    dono = _candidato("dono_procedimento")
    alvo = _cenario(PIR)
    alvo.candidato = dono.candidato
    alvo.save()
    rh = usuario("rh_p", GRUPO_RH)
    agora = timezone.now()
    proc = procedimentos.abrir_procedimento(
        alvo, tipo=ProcedimentoAdministrativo.Tipo.FRAUDE_AUTODECLARACAO, lista="PP",
        fatos=FATOS, autor=rh, prazo_defesa=agora - 2 * DIA, agora=agora - 5 * DIA)
    proc = procedimentos.decidir_procedimento(proc, conclusao="procedente", motivacao=MOTIVACAO,
                                              autor=rh, agora=agora - DIA)
    return (dono, reverse("procedimentos:recurso", args=[proc.pk]),
            reverse("procedimentos:detalhe", args=[proc.pk]), "recurso")


def _comissao() -> tuple:
    """A heteroidentification not confirmed, published, the window open."""
    c = cenario()
    return (c.user, reverse("recursos:apresentar", args=[c.avaliacao.pk]),
            reverse("recursos:inscricao", args=[c.inscricao.pk]), f"t-av-{c.avaliacao.pk}")


CASOS = {"isencao": _isencao, "condicoes": _condicoes, "procedimentos": _procedimento,
         "comissoes": _comissao}


def _candidato(nome: str):
    user = usuario(nome, GRUPO_CANDIDATO)
    CandidatoFactory(usuario=user)
    return user


def _arquivos():
    return [SimpleUploadedFile("certidao.pdf", PDF, content_type="application/pdf"),
            SimpleUploadedFile("foto.png", PNG, content_type="image/png")]


def _atos_de_recurso() -> int:
    return Ato.objects.filter(tipo__startswith="recurso_").count()


@pytest.fixture(params=sorted(CASOS))
def caso(request):
    return CASOS[request.param]()


def test_a_decisao_de_outra_pessoa_e_404_e_nada_e_gravado(client, caso):
    _dono, url, _pagina, _ancora = caso
    client.force_login(_candidato("outra_pessoa"))
    assert client.get(url).status_code == 404
    resposta = client.post(url, {"texto": RAZOES, "confirmacao": "on",
                                 "anexos": _arquivos()})
    assert resposta.status_code == 404
    assert (Recurso.objects.count(), AnexoRecurso.objects.count(), _atos_de_recurso()) == (
        0, 0, 0)


def test_sem_a_caixa_de_confirmacao_nada_e_gravado(client, caso):
    dono, url, _pagina, _ancora = caso
    client.force_login(dono)
    resposta = client.post(url, {"texto": RAZOES, "anexos": _arquivos()})
    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert str(ERRO) in html and 'id="confirmacao-necessaria"' in html
    assert (Recurso.objects.count(), _atos_de_recurso()) == (0, 0)


def test_varios_anexos_e_volta_a_pagina_da_decisao(client, caso):
    dono, url, pagina, ancora = caso
    client.force_login(dono)
    # A GET (the links of the status page and the notices) goes to the form on the page.
    assert client.get(url)["Location"] == f"{pagina}#{ancora}"
    resposta = client.post(url, {"texto": RAZOES, "confirmacao": "on", "anexos": _arquivos()})
    assert (resposta.status_code, resposta["Location"]) == (302, pagina)
    recurso = Recurso.objects.get()
    assert recurso.texto == RAZOES
    assert sorted(recurso.anexos.values_list("nome_original", flat=True)) == [
        "certidao.pdf", "foto.png"]
    assert "Recurso apresentado." in client.get(pagina).content.decode()


def _recusa(resposta, campo: str | None) -> str:
    """The one way a refused appeal is answered: 400, the appeal page with the form, its
    error (on the field, or the form's own) and the reasons as typed."""
    assert resposta.status_code == 400
    assert [t.name for t in resposta.templates][0] == "nucleo/recurso.html"
    form = resposta.context["form"]
    assert (form.errors[campo] if campo else form.non_field_errors())
    return resposta.content.decode()


def test_a_recusa_e_a_mesma_pagina_com_o_texto_mantido(client, caso):
    dono, url, pagina, _ancora = caso
    client.force_login(dono)
    # Refused by the form: reasons too short (the kernel's rule).
    html = _recusa(client.post(url, {"texto": "Discordo.", "confirmacao": "on"}), "texto")
    assert "Escreva as razões do recurso (ao menos 20 caracteres)." in html
    assert "Discordo.</textarea>" in html and f'href="{pagina}"' in html
    # Refused by the kernel: one appeal per decision.
    assert client.post(url, {"texto": RAZOES, "confirmacao": "on"}).status_code == 302
    segundo = "Um segundo recurso contra a mesma decisão, que não deve caber."
    html = _recusa(client.post(url, {"texto": segundo, "confirmacao": "on"}), None)
    assert "cabe um único recurso" in html and segundo in html
    assert Recurso.objects.count() == 1
