"""Administrative procedures, the pages: RH opens a fraud procedure from the inscrição, lists
(filters), decides and records the forwardings; the candidate sees their own procedures and
files the defence; the permission matrix (RH / committee / candidate / stranger / anonymous)
and other people's ids (404, nothing written)."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from candidatos import isencao, procedimentos
from candidatos.models import Inscricao, ProcedimentoAdministrativo
from certames.models import Ato
from tests.candidatos.test_isencao_paginas import _indeferido_publicado, certame_recurso_aberto
from tests.candidatos.test_procedimentos import FATOS, IMPROCEDENTE, MOTIVACAO, PIR, _cenario
from tests.factories import CandidatoFactory, usuario

pytestmark = pytest.mark.django_db

#: The confirmation box every act-recording POST requires (`comum.confirmacao`).
CAIXA = {"confirmacao": "on"}


def caixa(prefixo: str) -> dict:
    """The box of a prefixed form."""
    return {f"{prefixo}-confirmacao": "on"}

DIA = dt.timedelta(days=1)
P = ProcedimentoAdministrativo


def _abrir(insc, rh, *, agora=None, prazo=None):
    agora = agora or timezone.now()
    return procedimentos.abrir_procedimento(
        insc, tipo=P.Tipo.FRAUDE_AUTODECLARACAO, lista="PP", fatos=FATOS, autor=rh,
        prazo_defesa=prazo or agora + 3 * DIA, agora=agora)


def _prazo_vencido(insc, rh):
    """A procedure whose defence deadline is over (opened in the past, `agora` explicit)."""
    agora = timezone.now()
    return _abrir(insc, rh, agora=agora - 12 * DIA, prazo=agora - 2 * DIA)


@pytest.fixture
def cenario(rh, candidato_user):
    """Pirangi cargo; the target inscrição (PP optant) belongs to `candidato_user`."""
    alvo = _cenario(PIR)
    alvo.candidato = candidato_user.candidato
    alvo.save()
    return alvo


@pytest.fixture
def outro_candidato(db):
    user = usuario("outra_candidata", "Candidato")
    CandidatoFactory(usuario=user, nome="Joana Souza")
    return user


# --- RH: opening from the inscrição, decision, forwardings -----------------------------------


def test_rh_abre_pela_pagina_da_inscricao(client, rh, cenario,
                                          django_capture_on_commit_callbacks):
    client.force_login(rh)
    html = client.get(reverse("painel:inscricao", args=[cenario.pk])).content.decode()
    url = reverse("painel:abrir", args=[cenario.pk])
    assert url in html and "Abrir procedimento por fraude na autodeclaração" in html
    html = client.get(url).content.decode()
    assert "por si só, não caracteriza fraude" in html
    prazo = timezone.localtime() + 5 * DIA
    dados = {"lista": "PP", "origem": "denuncia", "fatos": FATOS,
             "prazo_defesa": prazo.strftime("%Y-%m-%dT%H:%M"), "confirmacao": "on"}
    resposta = client.post(url, {**dados, "lista": "Q"})
    assert resposta.status_code == 400  # not an option of this inscrição
    assert P.objects.count() == 0
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(url, dados)
    proc = P.objects.get()
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("painel:procedimentos_detalhe", args=[proc.pk])
    assert (proc.tipo, proc.lista, proc.fatos, proc.aberto_por) == (
        "fraude_autodeclaracao", "PP", FATOS, rh)
    assert Ato.objects.get(tipo="procedimento_instaurado").depois["origem"] == "denuncia"
    html = client.get(reverse("painel:inscricao", args=[cenario.pk])).content.decode()
    assert reverse("painel:procedimentos_detalhe", args=[proc.pk]) in html


def test_rh_decide_e_encaminha_pela_pagina(client, rh, cenario):
    proc = _prazo_vencido(cenario, rh)
    client.force_login(rh)
    url = reverse("painel:procedimentos_detalhe", args=[proc.pk])
    html = client.get(url).content.decode()
    assert "cancelamento da inscrição / eliminação (Lei 3.056/2025, art. 7º, §1º, I)" in html
    resposta = client.post(url, {"acao": "decidir", "conclusao": "procedente",
                                 "motivacao": "Fraude comprovada", "confirmacao": "on"})
    assert resposta.status_code == 400
    assert "precisa de motivação específica (os fatos apurados" in resposta.content.decode()
    resposta = client.post(url, {"acao": "decidir", "conclusao": "procedente",
                                 "motivacao": MOTIVACAO, "confirmacao": "on"})
    assert resposta.status_code == 302
    proc.refresh_from_db()
    cenario.refresh_from_db()
    assert (proc.conclusao, proc.consequencia, cenario.situacao) == (
        "procedente", "cancelamento", "eliminado")

    # Forwardings due (Pirangi art. 7º, §2º): listed until recorded.
    lista = reverse("painel:procedimentos_lista", args=[cenario.certame_id])
    html = client.get(lista, {"pendentes": "on"}).content.decode()
    assert url in html and "Ministério Público" in html and "Procuradoria Municipal" in html
    assert client.get(url).content.decode().count("pendente</span>") == 2
    hoje = timezone.localdate().isoformat()
    # Without the confirmation box nothing is recorded.
    resposta = client.post(url, {"acao": "encaminhar", "destino": "ministerio_publico",
                                 "data": hoje, "referencia": "Ofício 12/2026"})
    assert resposta.status_code == 400
    assert "Marque a caixa de confirmação" in resposta.content.decode()
    proc.refresh_from_db()
    assert proc.encaminhamentos == []
    for destino, referencia in (("ministerio_publico", "Ofício 12/2026"),
                                ("procuradoria_municipal", "Ofício 13/2026")):
        resposta = client.post(url, {"acao": "encaminhar", "destino": destino, "data": hoje,
                                     "referencia": referencia, "confirmacao": "on"})
        assert resposta.status_code == 302
    proc.refresh_from_db()
    assert [(e["destino"], e["referencia"], e["registrado_por"]) for e in
            proc.encaminhamentos] == [("ministerio_publico", "Ofício 12/2026", rh.pk),
                                      ("procuradoria_municipal", "Ofício 13/2026", rh.pk)]
    html = client.get(lista, {"pendentes": "on"}).content.decode()
    assert url not in html
    html = client.get(url).content.decode()
    assert html.count("pendente</span>") == 0 and html.count("registrado</span>") == 2
    resposta = client.post(url, {"acao": "encaminhar", "destino": "ministerio_publico",
                                 "data": hoje, "referencia": "Ofício 14/2026",
                                 "confirmacao": "on"})
    assert resposta.status_code == 400
    assert "já foi registrado" in resposta.content.decode()
    # Both forwardings recorded, but the appeal window (ten days) is still open: not closed.
    assert "O prazo de recurso vai até" in html and 'name="acao" value="encerrar"' not in html
    resposta = client.post(url, {"acao": "encerrar", "confirmacao": "on"})
    assert resposta.status_code == 400
    assert "O prazo de recurso vai até" in resposta.content.decode()
    proc.refresh_from_db()
    assert proc.encerrado_em is None


def test_rh_nao_decide_antes_da_defesa_ou_do_prazo(client, rh, cenario):
    proc = _abrir(cenario, rh)
    client.force_login(rh)
    url = reverse("painel:procedimentos_detalhe", args=[proc.pk])
    resposta = client.post(url, {"acao": "decidir", "conclusao": "improcedente",
                                 "motivacao": IMPROCEDENTE, "confirmacao": "on"})
    assert resposta.status_code == 400
    assert "Aguarde a defesa ou o fim do prazo da defesa" in resposta.content.decode()
    proc.refresh_from_db()
    assert proc.conclusao == ""


def test_lista_do_rh_filtra(client, rh, cenario):
    outra = Inscricao.objects.get(numero="000030")
    decidido = _prazo_vencido(cenario, rh)
    procedimentos.decidir_procedimento(decidido, conclusao="improcedente",
                                       motivacao=IMPROCEDENTE, autor=rh)
    aberto = _abrir(outra, rh)
    client.force_login(rh)
    url = reverse("painel:procedimentos_lista", args=[cenario.certame_id])
    detalhe = {p.pk: reverse("painel:procedimentos_detalhe", args=[p.pk])
               for p in (decidido, aberto)}

    def mostrados(**filtros):
        html = client.get(url, filtros).content.decode()
        return sorted(pk for pk, link in detalhe.items() if link in html)

    assert mostrados() == sorted([decidido.pk, aberto.pk])
    assert mostrados(situacao="aberto") == [aberto.pk]
    assert mostrados(situacao="decidido") == [decidido.pk]
    assert mostrados(tipo="falsidade_isencao") == []
    assert mostrados(pendentes="on") == []  # improcedente: nothing to forward
    assert client.get(reverse("painel:procedimentos_painel")).status_code == 200


# --- candidate -------------------------------------------------------------------------------


def test_candidato_ve_notificacao_e_apresenta_defesa(client, rh, cenario, candidato_user):
    proc = _abrir(cenario, rh)
    client.force_login(candidato_user)
    html = client.get(reverse("procedimentos:lista")).content.decode()
    url = reverse("procedimentos:detalhe", args=[proc.pk])
    assert url in html and "Fraude na autodeclaração (lista PP)" in html
    html = client.get(url).content.decode()
    assert FATOS in html and "Apresentar defesa" in html
    assert timezone.localtime(proc.prazo_defesa).strftime("%d/%m/%Y %H:%M") in html
    resposta = client.post(url, {**caixa(f"defesa-{proc.pk}"),
                                 f"defesa-{proc.pk}-defesa": "Sou parda, junto certidões."})
    assert resposta.status_code == 302
    proc.refresh_from_db()
    assert proc.defesa == "Sou parda, junto certidões."
    # Decided: the candidate sees the decision and its motivation.
    procedimentos.decidir_procedimento(proc, conclusao="improcedente", motivacao=IMPROCEDENTE,
                                       autor=rh)
    html = client.get(url).content.decode()
    assert "Improcedente (arquivado)" in html and IMPROCEDENTE in html


def test_candidato_nao_defende_fora_do_prazo(client, rh, cenario, candidato_user):
    proc = _prazo_vencido(cenario, rh)
    client.force_login(candidato_user)
    url = reverse("procedimentos:detalhe", args=[proc.pk])
    assert "Apresentar defesa" not in client.get(url).content.decode()
    resposta = client.post(url, {**caixa(f"defesa-{proc.pk}"),
                                 f"defesa-{proc.pk}-defesa": "Minha defesa atrasada."})
    assert resposta.status_code == 400
    assert "O prazo da defesa terminou em" in resposta.content.decode()
    proc.refresh_from_db()
    assert (proc.defesa, Ato.objects.filter(tipo="procedimento_defesa").count()) == ("", 0)


def test_candidato_nao_ve_procedimento_alheio(client, rh, cenario, outro_candidato):
    proc = _abrir(cenario, rh)
    client.force_login(outro_candidato)
    url = reverse("procedimentos:detalhe", args=[proc.pk])
    assert client.get(url).status_code == 404
    assert client.post(url, {**caixa(f"defesa-{proc.pk}"),
                             f"defesa-{proc.pk}-defesa": "Defesa por outra pessoa."}
                       ).status_code == 404
    assert client.post(reverse("isencao:defesa", args=[proc.pk]),
                       {**caixa(f"defesa-{proc.pk}"),
                        f"defesa-{proc.pk}-defesa": "Defesa por outra pessoa."}
                       ).status_code == 404
    assert reverse("procedimentos:detalhe", args=[proc.pk]) not in client.get(
        reverse("procedimentos:lista")).content.decode()
    proc.refresh_from_db()
    assert (proc.defesa, Ato.objects.filter(tipo="procedimento_defesa").count()) == ("", 0)


# --- permissions -----------------------------------------------------------------------------


def _paginas_rh(proc):
    insc = proc.inscricao
    return [reverse("painel:procedimentos_painel"),
            reverse("painel:procedimentos_lista", args=[insc.certame_id]),
            reverse("painel:procedimentos_detalhe", args=[proc.pk]),
            reverse("painel:abrir", args=[insc.pk])]


@pytest.mark.parametrize(("fixture", "esperado"), [
    ("rh", 200), ("membro_comissao", 403), ("candidato_user", 403), ("estranho", 403),
    (None, 302)])
def test_matriz_de_acesso_das_paginas_do_rh(client, request, rh, cenario, fixture, esperado):
    proc = _abrir(cenario, rh)
    if fixture:
        client.force_login(request.getfixturevalue(fixture))
    for url in _paginas_rh(proc):
        assert (url, client.get(url).status_code) == (url, esperado)


@pytest.mark.parametrize("fixture", ["membro_comissao", "candidato_user", "estranho", None])
def test_acoes_do_rh_recusadas_a_quem_nao_e_rh(client, request, rh, cenario, fixture):
    decidido = _prazo_vencido(cenario, rh)
    procedimentos.decidir_procedimento(decidido, conclusao="procedente", motivacao=MOTIVACAO,
                                       autor=rh)
    outra = Inscricao.objects.get(numero="000030")
    aberto = _prazo_vencido(outra, rh)
    if fixture:
        client.force_login(request.getfixturevalue(fixture))
    antes = (Ato.objects.count(), P.objects.count())
    acoes = [
        (reverse("painel:abrir", args=[outra.pk]),
         {"lista": "PP", "origem": "indicios", "fatos": FATOS,
          "prazo_defesa": (timezone.localtime() + 5 * DIA).strftime("%Y-%m-%dT%H:%M"),
          "confirmacao": "on"}),
        (reverse("painel:procedimentos_detalhe", args=[aberto.pk]),
         {"acao": "decidir", "conclusao": "procedente", "motivacao": MOTIVACAO,
          "confirmacao": "on"}),
        (reverse("painel:procedimentos_detalhe", args=[decidido.pk]),
         {**CAIXA, "acao": "encaminhar", "destino": "ministerio_publico",
          "data": timezone.localdate().isoformat(), "referencia": "Ofício 1/2026"}),
    ]
    for url, dados in acoes:
        assert (url, client.post(url, dados).status_code) == (url, 403 if fixture else 302)
    aberto.refresh_from_db()
    decidido.refresh_from_db()
    assert (Ato.objects.count(), P.objects.count(), aberto.conclusao,
            decidido.encaminhamentos) == (*antes, "", [])


@pytest.mark.parametrize(("fixture", "esperado"), [
    ("rh", 403), ("membro_comissao", 403), ("estranho", 403), (None, 302)])
def test_paginas_do_candidato_recusam_quem_nao_e_candidato(client, request, rh, cenario,
                                                           fixture, esperado):
    proc = _abrir(cenario, rh)
    if fixture:
        client.force_login(request.getfixturevalue(fixture))
    for url in (reverse("procedimentos:lista"),
                reverse("procedimentos:detalhe", args=[proc.pk])):
        assert (url, client.get(url).status_code) == (url, esperado)
    resposta = client.post(reverse("procedimentos:detalhe", args=[proc.pk]),
                           {**caixa(f"defesa-{proc.pk}"),
                            f"defesa-{proc.pk}-defesa": "Defesa por outra pessoa."})
    assert resposta.status_code == esperado
    proc.refresh_from_db()
    assert proc.defesa == ""


# --- the exemption procedure uses the same pages ---------------------------------------------


def test_procedimento_da_isencao_nas_paginas_genericas(client, rh, candidato_user):
    pedido = _indeferido_publicado(certame_recurso_aberto(), candidato_user, rh)
    proc = isencao.abrir_procedimento_falsidade(pedido, fatos=FATOS, autor=rh,
                                                prazo_defesa=timezone.now() + 3 * DIA)
    client.force_login(rh)
    html = client.get(reverse("painel:procedimentos_lista", args=[pedido.inscricao.certame_id]),
                      {"tipo": "falsidade_isencao"}).content.decode()
    assert reverse("painel:procedimentos_detalhe", args=[proc.pk]) in html
    for url in (reverse("painel:procedimentos_detalhe", args=[proc.pk]),
                reverse("painel:procedimento", args=[proc.pk])):
        html = client.get(url).content.decode()
        assert "Procedimento por falsidade no pedido de isenção da taxa" in html
        assert reverse("painel:pedido", args=[pedido.pk]) in html
    client.force_login(candidato_user)
    html = client.get(reverse("isencao:inscricao", args=[pedido.inscricao_id])).content.decode()
    assert reverse("procedimentos:detalhe", args=[proc.pk]) in html
    resposta = client.post(reverse("isencao:defesa", args=[proc.pk]),
                           {**caixa(f"defesa-{proc.pk}"),
                            f"defesa-{proc.pk}-defesa": "A renda informada é a atual."})
    assert resposta["Location"] == reverse("isencao:inscricao", args=[pedido.inscricao_id])
    proc.refresh_from_db()
    assert proc.defesa == "A renda informada é a atual."


# --- confirmation of the irreversible acts -------------------------------

CONFIRME = "Marque a caixa de confirmação: o ato não pode ser desfeito e nada foi registrado."


def test_abrir_exige_confirmacao(client, rh, cenario):
    client.force_login(rh)
    url = reverse("painel:abrir", args=[cenario.pk])
    assert "o procedimento é instaurado e o candidato é notificado" in client.get(
        url).content.decode()
    dados = {"lista": "PP", "origem": "denuncia", "fatos": FATOS,
             "prazo_defesa": (timezone.localtime() + 5 * DIA).strftime("%Y-%m-%dT%H:%M")}
    atos = Ato.objects.count()
    resposta = client.post(url, dados)
    assert resposta.status_code == 400
    assert CONFIRME in resposta.content.decode()
    assert (Ato.objects.count(), P.objects.count()) == (atos, 0)
    assert client.post(url, {**dados, "confirmacao": "on"}).status_code == 302
    assert P.objects.count() == 1


def test_decidir_exige_confirmacao(client, rh, cenario):
    proc = _prazo_vencido(cenario, rh)
    client.force_login(rh)
    url = reverse("painel:procedimentos_detalhe", args=[proc.pk])
    assert "A decisão não pode ser desfeita — só pelo recurso." in client.get(
        url).content.decode()
    dados = {"acao": "decidir", "conclusao": "procedente", "motivacao": MOTIVACAO}
    atos = Ato.objects.count()
    resposta = client.post(url, dados)
    assert resposta.status_code == 400
    assert CONFIRME in resposta.content.decode()
    proc.refresh_from_db()
    assert (Ato.objects.count(), proc.conclusao) == (atos, "")
    assert client.post(url, {**dados, "confirmacao": "on"}).status_code == 302
    proc.refresh_from_db()
    assert proc.conclusao == "procedente"
