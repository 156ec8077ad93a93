"""The appeal of the procedimento administrativo, a plug-in of the procedure kernel (key
"procedimento_administrativo"): the candidate's one appeal (`nucleo.Recurso`) against a proven
case, within `RegraSancao.prazo_recurso_dias` of the decision's notice (Lei 9.784/1999, art. 59,
days counted as in its art. 66), addressed to the RH user who decided, who may reconsider
within five days, then judged by the certame's superior authority (art. 56, §1º:
`nucleo.autoridade`, tested in tests/nucleo/test_autoridade.py; here `rh2` is that authority
and the appeal reaches it after the period); a granted appeal undoes the decision's effects
(art. 64). Domain first, then the pages. Fixed datetimes are passed to the domain functions as
`agora`."""

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone

from candidatos import procedimentos
from candidatos.models import Inscricao, ProcedimentoAdministrativo, SituacaoLista
from certames.models import Ato, VersaoClassificacao
from certames.regras import obter_regime
from classificacao.listas import recalcular
from comum.formatos import data_hora_br
from nucleo import recursos as kernel_recursos
from nucleo.models import Recurso
from nucleo.registro import plugin
from tests import instantaneo_apoio
from tests.autoridade_apoio import MANTEM, designar
from tests.candidatos.test_procedimentos import (
    DEPOIS_PRAZO,
    FATOS,
    IMPROCEDENTE,
    MOTIVACAO,
    PIR,
    SEV,
    TZ,
    _abrir,
    _candidato_do,
    _cenario,
    _decidir,
    _mensagem,
)
from tests.comissoes.fabricas import PDF, arquivo
from tests.factories import CandidatoFactory, usuario

pytestmark = pytest.mark.django_db

#: The confirmation box every act-recording POST requires (`comum.confirmacao`).
CAIXA = {"confirmacao": "on"}


RAZOES = "Os registros citados na denúncia são de uma homônima; junto a minha certidão."
PROVIMENTO = ("A certidão juntada ao recurso prova que os registros são de pessoa homônima; "
              "não há má-fé na autodeclaração.")
DESPROVIMENTO = ("O recurso repete a defesa e a certidão não afasta os registros funcionais "
                 "da própria candidata.")
NO_PRAZO = dt.datetime(2026, 11, 25, 10, 0, tzinfo=TZ)
FIM_DO_PRAZO = dt.datetime(2026, 12, 1, 23, 59, 59, tzinfo=TZ)
DEPOIS_DO_PRAZO = dt.datetime(2026, 12, 2, 0, 0, tzinfo=TZ)
JULGAMENTO = dt.datetime(2026, 12, 3, 15, 0, tzinfo=TZ)
RECURSO_PIR = ("Lei 9.784/1999, art. 56, §1º (julgamento por autoridade diversa da que decidiu) "
               "e art. 59 (recurso em dez dias), aplicada subsidiariamente; Lei 3.056/2025, "
               "art. 7º, caput")
P = ProcedimentoAdministrativo


@pytest.fixture
def rh2(db):
    """Another RH user: designated the certame's superior authority by `_decidido`."""
    return usuario("rh_recurso", "RH", staff=True)


def _decidido(regime, rh, conclusao="procedente", motivacao=MOTIVACAO, superior=None):
    alvo = _cenario(regime)
    candidato = _candidato_do(alvo)
    superior = superior or get_user_model().objects.filter(username="rh_recurso").first()
    if superior is not None:
        designar(alvo.certame, superior, autor=rh)
    return _decidir(_abrir(alvo, rh), rh, conclusao=conclusao, motivacao=motivacao), candidato


def _recorrer(proc, candidato, agora=NO_PRAZO, **kw):
    return procedimentos.apresentar_recurso(proc, autor=candidato, texto=RAZOES, agora=agora, **kw)


def _julgar(proc, autor, provido=True, motivacao=PROVIMENTO, agora=JULGAMENTO):
    return procedimentos.julgar_recurso(proc, provido=provido, motivacao=motivacao,
                                        autor=autor, agora=agora)


def _posicoes(versao):
    return sorted((p.lista, p.posicao, p.inscricao.numero, p.sub_judice)
                  for p in instantaneo_apoio.linhas(versao))


# --- the plug-in -------------------------------------------------------------------------------


def test_plugin_registrado_decide_caso_a_caso(rh):
    proc, _c = _decidido(PIR, rh)
    p = plugin("procedimento_administrativo")
    assert (p.publica_em_lotes, p.certame_id(proc), p.inscricao_id(proc), p.rotulo(proc),
            p.desfavoravel(proc)) == (
        False, proc.inscricao.certame_id, proc.inscricao_id,
        "000010 (fraude na autodeclaração (lista PP))", True)
    assert [o.pk for o in p.objetos([proc.pk])] == [proc.pk]
    assert p.fundamento(obter_regime(PIR), "recurso") == RECURSO_PIR
    assert obter_regime(PIR).regra_fraude.prazo_recurso_dias == 10
    # Ten days from the notice, the day of the notice excluded, to the end of the last day.
    janela = p.janela_recurso(proc, NO_PRAZO)
    assert (janela.inicio, janela.fim, janela.aberta) == (DEPOIS_PRAZO, FIM_DO_PRAZO, True)
    assert p.janela_recurso(proc, DEPOIS_DO_PRAZO).aberta is False


# --- filing the appeal -------------------------------------------------------------------------


def test_recurso_no_prazo_com_anexo(rh, django_capture_on_commit_callbacks):
    proc, candidato = _decidido(PIR, rh)
    with django_capture_on_commit_callbacks(execute=True):
        recurso = _recorrer(proc, candidato,
                            arquivos=[arquivo("certidao.pdf", PDF, "application/pdf")])
    assert (recurso.procedimento, recurso.objeto_id, recurso.inscricao_id, recurso.texto) == (
        "procedimento_administrativo", proc.pk, proc.inscricao_id, RAZOES)
    assert [a.nome_original for a in recurso.anexos.all()] == ["certidao.pdf"]
    ato = Ato.objects.get(tipo="recurso_procedimento_administrativo")
    # Addressed to the decider, who may reconsider until the end of the fifth day after the
    # filing (25/11 -> 30/11 23:59:59: Lei 9.784/1999, arts. 56, §1º, and 66).
    assert (ato.autor, ato.objeto_id, ato.fundamento_legal, ato.motivacao, ato.descricao) == (
        candidato, str(recurso.pk), RECURSO_PIR, RAZOES,
        "Recurso contra a decisão do procedimento por fraude na autodeclaração (lista PP) da "
        "inscrição 000010. Dirigido a rh_teste, que proferiu a decisão e pode reconsiderá-la "
        "até 30/11/2026 23:59.")
    assert ato.depois == {"objeto": proc.pk, "anexos": ["certidao.pdf"],
                          "tipo": "fraude_autodeclaracao", "lista": "PP", "dirigido_a": rh.pk,
                          "prazo_reconsideracao": "2026-11-30T23:59:59-03:00"}
    assert [m.subject for m in mail.outbox] == ["Recurso recebido — inscrição 000010"]
    assert mail.outbox[0].body.startswith(
        "Recebemos o seu recurso contra a decisão da apuração de fraude ou falsidade.")
    # The last second of the window still counts.
    assert procedimentos.motivo_para_nao_recorrer(proc, FIM_DO_PRAZO) == (
        f"Você já apresentou recurso contra esta decisão em "
        f"{data_hora_br(recurso.apresentado_em)}; cabe um único recurso.")


def test_recurso_no_ultimo_instante_e_depois_do_prazo(rh):
    proc, candidato = _decidido(PIR, rh)
    assert procedimentos.motivo_para_nao_recorrer(proc, FIM_DO_PRAZO) is None
    with pytest.raises(ValidationError) as exc:
        _recorrer(proc, candidato, agora=DEPOIS_DO_PRAZO)
    assert _mensagem(exc) == ("O prazo de recurso terminou: recursos podiam ser apresentados "
                              "de 21/11/2026 09:00 a 01/12/2026 23:59.")
    assert (Recurso.objects.count(), Ato.objects.filter(tipo__startswith="recurso_").count()) \
        == (0, 0)


def test_recurso_contra_decisao_favoravel_ou_nao_decidida_e_recusado(rh):
    proc, candidato = _decidido(PIR, rh, conclusao="improcedente", motivacao=IMPROCEDENTE)
    with pytest.raises(ValidationError) as exc:
        _recorrer(proc, candidato)
    assert _mensagem(exc) == ("O procedimento foi arquivado (improcedente): não há decisão a "
                              "recorrer.")
    aberto = _abrir(Inscricao.objects.get(numero="000030"), rh)
    assert procedimentos.motivo_para_nao_recorrer(aberto, NO_PRAZO) == (
        "O procedimento ainda não foi decidido.")
    assert Recurso.objects.count() == 0


def test_um_unico_recurso_e_so_do_proprio_candidato(rh):
    proc, candidato = _decidido(PIR, rh)
    outra = usuario("outra_candidata", "Candidato")
    CandidatoFactory(usuario=outra)
    for autor in (outra, rh):
        with pytest.raises(PermissionDenied):
            _recorrer(proc, autor)
    recurso = _recorrer(proc, candidato)
    with pytest.raises(ValidationError) as exc:
        _recorrer(proc, candidato)
    assert _mensagem(exc) == (
        f"Você já apresentou recurso contra esta decisão em "
        f"{data_hora_br(recurso.apresentado_em)}; cabe um único recurso.")
    assert list(Recurso.objects.values_list("pk", flat=True)) == [recurso.pk]


# --- judging it ----------------------------------------------------------------------------------


def test_quem_decidiu_nao_julga_o_recurso(rh, rh2, membro_comissao):
    """Only the certame's superior authority (rh2) judges, after the reconsideration period:
    not the decider (rh), not a committee member (no longer "any other RH user";
    the whole matrix is in tests/nucleo/test_autoridade.py)."""
    proc, candidato = _decidido(PIR, rh)
    with pytest.raises(ValidationError) as exc:
        _julgar(proc, rh2)
    assert _mensagem(exc) == "Não há recurso a julgar neste procedimento."
    recurso = _recorrer(proc, candidato)
    assert [procedimentos.pode_julgar(u, proc, agora=JULGAMENTO)
            for u in (rh, rh2, membro_comissao)] == [False, True, False]
    assert kernel_recursos.pode_julgar(rh2, recurso, JULGAMENTO) is True
    # Within the decider's period nobody judges it, not even the superior authority.
    assert procedimentos.pode_julgar(rh2, proc, agora=NO_PRAZO) is False
    with pytest.raises(ValidationError) as exc:
        _julgar(proc, rh)
    assert _mensagem(exc) == (
        "Só a autoridade superior designada para este certame (rh_recurso) julga o recurso "
        "(Lei 9.784/1999, art. 56, §1º).")
    with pytest.raises(PermissionDenied):
        _julgar(proc, membro_comissao)
    proc.refresh_from_db()
    assert (proc.recurso_resultado, proc.recurso_julgado_por,
            Ato.objects.filter(tipo="procedimento_recurso_julgado").count()) == ("", None, 0)


def test_recurso_provido_desfaz_a_fraude_e_restaura_as_listas(
        rh, rh2, django_capture_on_commit_callbacks):
    alvo = _cenario(PIR)
    candidato = _candidato_do(alvo)
    designar(alvo.certame, rh2, autor=rh)
    antes = recalcular(alvo.cargo_id, causa="antes")
    proc = _decidir(_abrir(alvo, rh), rh)
    assert proc.efeitos == {"situacao_anterior": "habilitado",
                            "estado_lista_anterior": "pendente"}
    sem_alvo = recalcular(alvo.cargo_id, causa="fraude")
    assert [p[2] for p in _posicoes(sem_alvo) if p[2] == "000010"] == []
    _recorrer(proc, candidato)
    mail.outbox.clear()

    with django_capture_on_commit_callbacks() as callbacks:
        proc = _julgar(proc, rh2)
    # Nothing is sent inside the transaction: the e-mail task is queued on commit.
    assert mail.outbox == []
    # The task records the notice in the outbox, whose sending is queued on commit in turn.
    with django_capture_on_commit_callbacks(execute=True):
        for callback in callbacks:
            callback()
    assert (proc.recurso_resultado, proc.recurso_motivacao, proc.recurso_julgado_em,
            proc.recurso_julgado_por, proc.recurso_fundamento) == (
        "provido", PROVIMENTO, JULGAMENTO, rh2, RECURSO_PIR)
    # The decision is not rewritten: the ruling supersedes it.
    assert (proc.conclusao, proc.consequencia, proc.motivacao, proc.decidido_por) == (
        "procedente", "cancelamento", MOTIVACAO, rh)
    alvo.refresh_from_db()
    assert (alvo.situacao, SituacaoLista.objects.get(inscricao=alvo).estado) == (
        "habilitado", "pendente")
    # The recompute queued on commit gives back the lists of before the fraud, position by
    # position.
    depois = VersaoClassificacao.objects.filter(cargo_id=alvo.cargo_id).latest("numero")
    assert (depois.numero, _posicoes(depois)) == (sem_alvo.numero + 1, _posicoes(antes))
    assert [(p[0], p[1]) for p in _posicoes(depois) if p[2] == "000010"] == [("AC", 1),
                                                                            ("PP", 1)]
    assert list(Ato.objects.filter(objeto_tipo__model="inscricao", objeto_id=str(alvo.pk))
                .order_by("criado_em", "id").values_list("tipo", flat=True)) == [
        "situacao_lista", "eliminacao", "situacao_lista", "eliminacao_revogada"]
    ato = Ato.objects.get(tipo="procedimento_recurso_julgado")
    assert (ato.autor, ato.motivacao, ato.fundamento_legal, ato.descricao) == (
        rh2, PROVIMENTO, RECURSO_PIR,
        "Recurso no procedimento por fraude na autodeclaração (lista PP) da inscrição 000010: "
        "recurso provido (decisão reformada).")
    assert ato.depois["desfeitos"] == {"lista": {"lista": "PP", "estado": "pendente"},
                                       "situacao": "habilitado"}
    # Pirangi art. 7º, §2º: a reformed decision is not forwarded.
    assert procedimentos.encaminhamentos_pendentes(proc) == []
    # The candidate is told by e-mail, through the Celery task queued on commit.
    assert [m.subject for m in mail.outbox] == [
        "Julgamento do recurso no procedimento administrativo — inscrição 000010"]
    assert "recurso provido (decisão reformada)" in mail.outbox[0].body
    assert PROVIMENTO not in mail.outbox[0].body


def test_recurso_provido_volta_ao_estado_da_comissao(rh, rh2):
    """A non-confirmation is not fraud (Severínia art. 11, caput): a reformed fraud decision
    returns the list to the committee's state."""
    alvo = _cenario(SEV)
    candidato = _candidato_do(alvo)
    designar(alvo.certame, rh2, autor=rh)
    procedimentos.registrar_situacao_lista(alvo, "PPI", "nao_confirmada", autor=rh,
                                           motivacao="Parecer da comissão: não confirmada.")
    proc = _decidir(_abrir(alvo, rh), rh)
    assert SituacaoLista.objects.get(inscricao=alvo).estado == "fraude"
    _recorrer(proc, candidato)
    _julgar(proc, rh2)
    alvo.refresh_from_db()
    assert (alvo.situacao, SituacaoLista.objects.get(inscricao=alvo).estado) == (
        "habilitado", "nao_confirmada")


def test_recurso_nao_provido_mantem_a_decisao_e_e_unico(rh, rh2):
    proc, candidato = _decidido(PIR, rh)
    _recorrer(proc, candidato)
    with pytest.raises(ValidationError) as exc:
        _julgar(proc, rh2, provido=False, motivacao="Recurso não provido.")
    assert _mensagem(exc) == (
        "Uma decisão desfavorável ao(à) candidato(a) precisa de motivação específica (as "
        "razões do recurso e a sua apreciação) (ao menos 30 caracteres), não uma fórmula "
        "genérica.")
    proc = _julgar(proc, rh2, provido=False, motivacao=DESPROVIMENTO)
    alvo = proc.inscricao
    alvo.refresh_from_db()
    assert (proc.recurso_resultado, alvo.situacao,
            SituacaoLista.objects.get(inscricao=alvo).estado) == (
        "nao_provido", "eliminado", "fraude")
    assert procedimentos.encaminhamentos_pendentes(proc) == ["ministerio_publico",
                                                             "procuradoria_municipal"]
    with pytest.raises(ValidationError) as exc:
        _julgar(proc, usuario("rh_terceiro", "RH", staff=True))
    assert _mensagem(exc) == ("O recurso já foi julgado em 03/12/2026 15:00; o julgamento é "
                              "único.")
    assert Ato.objects.filter(tipo="procedimento_recurso_julgado").count() == 1


def test_lista_do_rh_mostra_recursos_a_julgar(rh, rh2):
    proc, candidato = _decidido(PIR, rh)
    certame = proc.inscricao.certame

    def a_julgar():
        return [p.pk for p in procedimentos.procedimentos_do_certame(certame,
                                                                    situacao="recurso")]

    assert a_julgar() == []
    _recorrer(proc, candidato)
    assert a_julgar() == [proc.pk]
    _julgar(proc, rh2)
    assert a_julgar() == []


# --- the pages -----------------------------------------------------------------------------------

DIA = dt.timedelta(days=1)


@pytest.fixture
def decidido(rh, candidato_user):
    """A Pirangi fraud procedure of `candidato_user`, decided by `rh` yesterday."""
    alvo = _cenario(PIR)
    alvo.candidato = candidato_user.candidato
    alvo.save()
    agora = timezone.now()
    proc = procedimentos.abrir_procedimento(
        alvo, tipo=P.Tipo.FRAUDE_AUTODECLARACAO, lista="PP", fatos=FATOS, autor=rh,
        prazo_defesa=agora - 2 * DIA, agora=agora - 5 * DIA)
    return procedimentos.decidir_procedimento(proc, conclusao="procedente",
                                              motivacao=MOTIVACAO, autor=rh,
                                              agora=agora - DIA)


def test_candidato_recorre_e_rh_julga_pelas_paginas(client, rh, rh2, candidato_user, decidido,
                                                    django_capture_on_commit_callbacks):
    proc = decidido
    designar(proc.inscricao.certame, rh2, autor=rh)
    detalhe = reverse("procedimentos:detalhe", args=[proc.pk])
    client.force_login(candidato_user)
    html = client.get(detalhe).content.decode()
    assert reverse("procedimentos:recurso", args=[proc.pk]) in html
    assert "Apresentar recurso" in html
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(reverse("procedimentos:recurso", args=[proc.pk]), {
            **CAIXA, "texto": RAZOES, "anexos": arquivo("certidao.pdf", PDF, "application/pdf")})
    assert (resposta.status_code, resposta["Location"]) == (302, detalhe)
    recurso = Recurso.objects.get()
    anexo = recurso.anexos.get()
    html = client.get(detalhe).content.decode()
    assert "Apresentar recurso" not in html and RAZOES in html
    assert reverse("recursos:anexo", args=[anexo.pk]) in html
    assert client.get(reverse("recursos:anexo", args=[anexo.pk])).status_code == 200

    # The decider sees it and may reconsider it (five days), not judge it; they keep the
    # decision, which forwards the appeal to the certame's superior authority (rh2).
    rh_url = reverse("painel:procedimentos_detalhe", args=[proc.pk])
    client.force_login(rh)
    html = client.get(rh_url).content.decode()
    assert RAZOES in html and reverse("recursos:anexo", args=[anexo.pk]) in html
    assert 'data-tramite="reconsideracao"' in html and 'data-form="reconsideracao"' in html
    assert "Julgar o recurso" not in html
    dados = {"acao": "julgar", "resultado_recurso": "provido", "motivacao_recurso": PROVIMENTO,
             "confirmacao": "on"}
    resposta = client.post(rh_url, dados)
    assert resposta.status_code == 400
    assert ("O recurso está com quem proferiu a decisão (rh_teste)"
            in resposta.content.decode())
    resposta = client.post(reverse("painel:reconsiderar_recurso", args=[recurso.pk]), {
        "reconsideracao-decisao": "mantem", "reconsideracao-motivacao": MANTEM,
        "reconsideracao-confirmacao": "on"})
    assert (resposta.status_code, resposta["Location"]) == (302, rh_url + "#recurso")
    html = client.get(rh_url).content.decode()
    assert 'data-tramite="autoridade_superior"' in html and "Julgar o recurso" not in html
    client.force_login(rh2)
    assert "Julgar o recurso" in client.get(rh_url).content.decode()
    assert client.get(reverse("recursos:anexo", args=[anexo.pk])).status_code == 200
    # Without the confirmation: 400 with the reason, nothing recorded.
    atos = Ato.objects.count()
    resposta = client.post(rh_url, {k: v for k, v in dados.items() if k != "confirmacao"})
    assert resposta.status_code == 400
    assert ("Marque a caixa de confirmação: o ato não pode ser desfeito e nada foi "
            "registrado.") in resposta.content.decode()
    assert Ato.objects.count() == atos
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(rh_url, dados)
    assert (resposta.status_code, resposta["Location"]) == (302, rh_url)
    proc.refresh_from_db()
    proc.inscricao.refresh_from_db()
    assert (proc.recurso_resultado, proc.recurso_julgado_por, proc.inscricao.situacao) == (
        "provido", rh2, "habilitado")
    assert Ato.objects.filter(tipo="recurso_mantido_encaminhado", autor=rh).count() == 1
    assert mail.outbox[-1].subject == (
        "Julgamento do recurso no procedimento administrativo — inscrição 000010")

    client.force_login(candidato_user)
    html = client.get(detalhe).content.decode()
    assert "Recurso provido (decisão reformada)" in html and PROVIMENTO in html


def test_atos_do_procedimento_no_rh_incluem_o_do_recurso(client, rh, candidato_user,
                                                        decidido):
    proc = decidido
    rh_url = reverse("painel:procedimentos_detalhe", args=[proc.pk])
    client.force_login(rh)
    antes = [a.pk for a in client.get(rh_url).context["atos"]]
    client.force_login(candidato_user)
    client.post(reverse("procedimentos:recurso", args=[proc.pk]),
                {**CAIXA, "texto": RAZOES})
    recurso = Recurso.objects.get()
    [ato_recurso] = Ato.objects.filter(objeto_tipo__model="recurso",
                                       objeto_id=str(recurso.pk))
    client.force_login(rh)
    depois = client.get(rh_url)
    assert [a.pk for a in depois.context["atos"]] == [*antes, ato_recurso.pk]
    assert ato_recurso.descricao in depois.content.decode()


def test_candidato_nao_recorre_depois_do_prazo(client, rh, candidato_user):
    alvo = _cenario(PIR)
    alvo.candidato = candidato_user.candidato
    alvo.save()
    agora = timezone.now()
    proc = procedimentos.abrir_procedimento(
        alvo, tipo=P.Tipo.FRAUDE_AUTODECLARACAO, lista="PP", fatos=FATOS, autor=rh,
        prazo_defesa=agora - 15 * DIA, agora=agora - 20 * DIA)
    proc = procedimentos.decidir_procedimento(proc, conclusao="procedente",
                                              motivacao=MOTIVACAO, autor=rh,
                                              agora=agora - 12 * DIA)
    client.force_login(candidato_user)
    html = client.get(reverse("procedimentos:detalhe", args=[proc.pk])).content.decode()
    assert "Apresentar recurso" not in html
    assert "O prazo de recurso terminou" in html
    resposta = client.post(reverse("procedimentos:recurso", args=[proc.pk]),
                           {**CAIXA, "texto": RAZOES})
    assert resposta.status_code == 400
    assert "O prazo de recurso terminou" in resposta.content.decode()
    assert Recurso.objects.count() == 0


def test_outro_candidato_recebe_404_e_nada_e_gravado(client, rh, decidido):
    outra = usuario("outra_candidata", "Candidato")
    CandidatoFactory(usuario=outra, nome="Joana Souza")
    client.force_login(outra)
    url = reverse("procedimentos:recurso", args=[decidido.pk])
    assert client.post(url, {**CAIXA, "texto": RAZOES}).status_code == 404
    assert client.get(url).status_code == 404
    assert client.get(reverse("procedimentos:detalhe", args=[decidido.pk])).status_code == 404
    assert (Recurso.objects.count(), Ato.objects.filter(tipo__startswith="recurso_").count()) \
        == (0, 0)
