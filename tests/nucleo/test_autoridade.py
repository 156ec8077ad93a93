"""Appeals against RH's decisions (`nucleo.autoridade`): "O recurso será
dirigido à autoridade que proferiu a decisão, a qual, se não a reconsiderar no prazo de cinco
dias, o encaminhará à autoridade superior" (Lei 9.784/1999, art. 56, §1º).

Worked from the article, days counted as its art. 66 (the first day excluded, continuously, to
the end of the last day, a last day without office hours moved to the next working day): an
appeal filed on Thursday 10/12/2026 may be
reconsidered by the decider until 15/12/2026 23:59:59; from 16/12/2026 00:00 it is with the
certame's superior authority, a role RH assigns per certame. Nobody else judges it.

The scenario is the special conditions at the exam (decided by RH, case by case); the same
kernel serves the exemption and the procedimento administrativo (tests at the end).
Fixed datetimes are passed to the domain functions as `agora`."""

from __future__ import annotations

import datetime as dt
import importlib
from zoneinfo import ZoneInfo

import pytest
from django.apps import apps
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from candidatos import condicoes, procedimentos
from candidatos.models import CondicaoEspecial, DecisaoAtendimento, SituacaoLista
from certames.models import Ato, Etapa
from comum.papeis import GRUPO_CANDIDATO, GRUPO_COMISSAO, GRUPO_RH
from comum.somente_insercao import TABELAS_PROTEGIDAS
from nucleo import autoridade
from nucleo import recursos as kernel
from nucleo.models import AutoridadeRecursal, Recurso, TramiteRecurso
from tests.autoridade_apoio import ATO, MANTEM, MOTIVO_DESIGNACAO, designar, manter
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    EtapaFactory,
    InscricaoFactory,
    OrgaoFactory,
    usuario,
)

pytestmark = pytest.mark.django_db

TZ = ZoneInfo("America/Sao_Paulo")
PEDIDO = dt.datetime(2026, 12, 2, 10, 0, tzinfo=TZ)
DECISAO = dt.datetime(2026, 12, 8, 15, 0, tzinfo=TZ)
FILING = dt.datetime(2026, 12, 10, 10, 0, tzinfo=TZ)
DENTRO = dt.datetime(2026, 12, 12, 9, 0, tzinfo=TZ)
ULTIMO_INSTANTE = dt.datetime(2026, 12, 15, 23, 59, 59, tzinfo=TZ)
ENCAMINHADO = dt.datetime(2026, 12, 16, 0, 0, tzinfo=TZ)
DEPOIS = dt.datetime(2026, 12, 17, 14, 0, tzinfo=TZ)
C = CondicaoEspecial
R = condicoes.ResultadoCondicao
DEF = condicoes.Resultado.DEFERIDO
IND = condicoes.Resultado.INDEFERIDO
RAZOES = "Tenho baixa visão severa: o laudo novo mostra que preciso de tempo adicional."
MOTIVO_IND = "O laudo não descreve limitação que exija tempo adicional na prova objetiva."
RECONSIDERA = "O laudo juntado ao recurso comprova a baixa visão severa: concedo o tempo."
JULGA = "Recurso provido: o laudo novo comprova a necessidade de tempo adicional na prova."
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def _conta(username, grupo, nome, sobrenome):
    user = usuario(username, grupo)
    user.first_name, user.last_name = nome, sobrenome
    user.save(update_fields=["first_name", "last_name"])
    return user


class Mundo:
    pass


def _mundo(pedido_em=PEDIDO, decisao_em=DECISAO) -> Mundo:
    """A certame with a special-conditions request decided by `decisor` (Braille granted,
    extra time denied), the candidate's account and the other roles."""
    m = Mundo()
    cargo = CargoFactory()
    m.certame = cargo.certame
    EtapaFactory(certame=m.certame, tipo=Etapa.Tipo.INSCRICOES,
                 inicio=pedido_em - dt.timedelta(days=1), fim=pedido_em + dt.timedelta(days=1))
    EtapaFactory(certame=m.certame, tipo=Etapa.Tipo.ANALISE_ATENDIMENTO,
                 inicio=pedido_em - dt.timedelta(days=1),
                 fim=decisao_em + dt.timedelta(days=30))
    m.decisor = _conta("rh_decisor", GRUPO_RH, "Diana", "Decisora")
    m.superior = _conta("rh_superior", GRUPO_RH, "Sofia", "Superior")
    m.outro_rh = _conta("rh_outro", GRUPO_RH, "Otto", "Outro")
    m.membro = _conta("membro", GRUPO_COMISSAO, "Mário", "Membro")
    m.candidato = usuario("candidata", GRUPO_CANDIDATO)
    m.insc = InscricaoFactory(cargo=cargo, candidato=CandidatoFactory(usuario=m.candidato))
    m.pedido = condicoes.solicitar(
        m.insc, autor=m.candidato, condicoes={C.BRAILLE: "", C.TEMPO_ADICIONAL: ""},
        justificativa="Baixa visão severa, CID no laudo.", agora=pedido_em,
        laudo=SimpleUploadedFile("laudo.pdf", PDF, content_type="application/pdf"))
    condicoes.decidir(m.pedido, autor=m.decisor, agora=decisao_em,
                      motivacao="Laudo oftalmológico analisado pelo RH.",
                      resultados={C.BRAILLE: R(DEF), C.TEMPO_ADICIONAL: R(IND, MOTIVO_IND)})
    return m


@pytest.fixture
def w():
    """Decided on 08/12/2026 15:00; the appeal is filed on 10/12 (`_recorrer`)."""
    return _mundo()


def _recorrer(w, agora=FILING):
    return condicoes.apresentar_recurso(w.pedido, autor=w.candidato, texto=RAZOES, agora=agora)


def _julgar(w, autor, agora):
    return condicoes.julgar_recurso(
        w.pedido, autor=autor, motivacao=JULGA, agora=agora,
        resultados={C.BRAILLE: R(DEF), C.TEMPO_ADICIONAL: R(DEF, minutos=45)})


def _reconsiderar(recurso, autor, agora, minutos=30):
    return autoridade.reconsiderar(recurso, autor=autor, reconsidera=True, motivacao=RECONSIDERA,
                                   dados={"minutos": minutos}, agora=agora)


def _msg(exc) -> str:
    return " ".join(exc.value.messages)


# --- five days from the filing (art. 56, §1º; art. 66) ------------------------------------------


def test_cinco_dias_corridos_excluido_o_dia_da_apresentacao():
    orgao = OrgaoFactory(uf="SP")
    fim = dt.datetime(2026, 12, 15, 23, 59, 59, tzinfo=TZ)  # Tuesday: a working day
    assert [autoridade.fim_do_prazo(dt.datetime(2026, 12, 10, h, m, tzinfo=TZ), 5, orgao)
            for h, m in ((0, 0), (10, 0), (23, 59))] == [fim, fim, fim]
    # Across the year: counted continuously, 1 January included (§2º), to Saturday 2/1/2027,
    # a day without office hours: extended to Monday 4/1/2027 (§1º).
    assert autoridade.fim_do_prazo(dt.datetime(2026, 12, 28, 9, 0, tzinfo=TZ), 5, orgao) == (
        dt.datetime(2027, 1, 4, 23, 59, 59, tzinfo=TZ))
    assert autoridade.PRAZO_RECONSIDERACAO_DIAS == 5


def test_apresentado_em_10_12_reconsidera_ate_15_12_e_vai_ao_superior_em_16_12(w):
    designar(w.certame, w.superior, autor=w.outro_rh)
    recurso = _recorrer(w)
    dirigido = TramiteRecurso.objects.get(recurso=recurso)
    assert (dirigido.etapa, dirigido.usuario, dirigido.prazo, dirigido.registrado_em) == (
        "dirigido", w.decisor, ULTIMO_INSTANTE, FILING)
    ato = Ato.objects.get(tipo="recurso_atendimento_especializado")
    assert ato.descricao.endswith("Dirigido a Diana Decisora, que proferiu a decisão e pode "
                                  "reconsiderá-la até 15/12/2026 23:59.")
    assert (ato.depois["dirigido_a"], ato.depois["prazo_reconsideracao"]) == (
        w.decisor.pk, "2026-12-15T23:59:59-03:00")
    estados = {agora: autoridade.tramite(recurso, agora).estado
               for agora in (FILING, DENTRO, ULTIMO_INSTANTE, ENCAMINHADO, DEPOIS)}
    assert estados == {FILING: "reconsideracao", DENTRO: "reconsideracao",
                       ULTIMO_INSTANTE: "reconsideracao", ENCAMINHADO: "autoridade_superior",
                       DEPOIS: "autoridade_superior"}
    # The decider may act through the last second, not after it.
    assert autoridade.motivo_para_nao_reconsiderar(recurso, w.decisor, ULTIMO_INSTANTE) is None
    assert autoridade.motivo_para_nao_reconsiderar(recurso, w.decisor, ENCAMINHADO) == (
        "O prazo de reconsideração terminou em 15/12/2026 23:59: o recurso foi encaminhado à "
        "autoridade superior do certame (Lei 9.784/1999, art. 56, §1º, e art. 66).")
    with pytest.raises(ValidationError):
        _reconsiderar(recurso, w.decisor, ENCAMINHADO)
    # The superior authority judges only from 16/12 00:00.
    assert [kernel.pode_julgar(w.superior, recurso, agora)
            for agora in (ULTIMO_INSTANTE, ENCAMINHADO)] == [False, True]
    # What the candidate reads, before and after.
    assert autoridade.tramite(recurso, DENTRO).texto == (
        "Seu recurso está com a autoridade que proferiu a decisão (Diana Decisora), que pode "
        "reconsiderá-la até 15/12/2026 23:59. Se não a reconsiderar, o recurso vai à "
        "autoridade superior do certame, que o julga (Lei 9.784/1999, art. 56, §1º).")
    assert autoridade.tramite(recurso, ENCAMINHADO).texto == (
        "A autoridade que proferiu a decisão (Diana Decisora) não a reconsiderou no prazo, que "
        "terminou em 15/12/2026 23:59: o recurso foi encaminhado à autoridade superior do "
        "certame (Sofia Superior), que o julgará.")
    assert TramiteRecurso.objects.filter(recurso=recurso).count() == 1  # derived, no job


# --- who may act: the matrix --------------------------------------------------------------------

PAPEIS = ("decisor", "superior", "outro_rh", "membro", "candidato")


@pytest.mark.parametrize(("momento", "pode"), [
    (DENTRO, {"decisor": False, "superior": False, "outro_rh": False, "membro": False,
              "candidato": False}),
    (ENCAMINHADO, {"decisor": False, "superior": True, "outro_rh": False, "membro": False,
                   "candidato": False}),
])
def test_so_a_autoridade_superior_julga_e_so_depois_do_encaminhamento(w, momento, pode):
    designar(w.certame, w.superior, autor=w.outro_rh)
    recurso = _recorrer(w)
    assert {p: kernel.pode_julgar(getattr(w, p), recurso, momento) for p in PAPEIS} == pode
    for papel in PAPEIS:
        if pode[papel]:
            continue
        with pytest.raises((ValidationError, PermissionDenied)):
            _julgar(w, getattr(w, papel), momento)
    assert DecisaoAtendimento.objects.filter(fase="recurso").count() == 0
    if pode["superior"]:
        _julgar(w, w.superior, momento)
        assert DecisaoAtendimento.objects.get(fase="recurso").autor == w.superior


def test_mensagens_de_quem_nao_julga(w):
    designar(w.certame, w.superior, autor=w.outro_rh)
    recurso = _recorrer(w)
    assert autoridade.motivo_para_nao_julgar(recurso, w.superior, DENTRO) == (
        "O recurso está com quem proferiu a decisão (Diana Decisora), que pode reconsiderá-la "
        "até 15/12/2026 23:59; só depois vai à autoridade superior do certame (Lei 9.784/1999, "
        "art. 56, §1º).")
    fora = ("Só a autoridade superior designada para este certame (Sofia Superior) julga o "
            "recurso (Lei 9.784/1999, art. 56, §1º).")
    assert [autoridade.motivo_para_nao_julgar(recurso, getattr(w, p), ENCAMINHADO)
            for p in ("decisor", "outro_rh", "membro", "candidato")] == [fora] * 4


@pytest.mark.parametrize("papel", ["superior", "outro_rh", "membro", "candidato"])
def test_so_quem_decidiu_reconsidera(w, papel):
    designar(w.certame, w.superior, autor=w.outro_rh)
    recurso = _recorrer(w)
    assert autoridade.motivo_para_nao_reconsiderar(recurso, getattr(w, papel), DENTRO) == (
        "Só quem proferiu a decisão (Diana Decisora) pode reconsiderá-la (Lei 9.784/1999, "
        "art. 56, §1º).")
    atos = Ato.objects.count()
    for reconsidera in (True, False):
        with pytest.raises(ValidationError):
            autoridade.reconsiderar(recurso, autor=getattr(w, papel), reconsidera=reconsidera,
                                    motivacao=MANTEM, dados={"minutos": 30}, agora=DENTRO)
    assert (TramiteRecurso.objects.filter(recurso=recurso).count(), Ato.objects.count()) == (
        1, atos)


# --- the decider's act


def test_quem_decidiu_mantem_e_o_recurso_vai_ao_superior_na_hora(w):
    designar(w.certame, w.superior, autor=w.outro_rh)
    recurso = _recorrer(w)
    with pytest.raises(ValidationError) as exc:  # keeping it is against the candidate
        autoridade.reconsiderar(recurso, autor=w.decisor, reconsidera=False,
                                motivacao="Mantida.", agora=DENTRO)
    assert "motivação específica" in _msg(exc)
    passo = manter(recurso, w.decisor, agora=DENTRO)
    assert (passo.etapa, passo.usuario, passo.motivacao, passo.registrado_em) == (
        "mantido", w.decisor, MANTEM, DENTRO)
    ato = Ato.objects.get(tipo="recurso_mantido_encaminhado")
    assert (ato.autor, ato.motivacao, ato.fundamento_legal, ato.objeto_id, ato.descricao) == (
        w.decisor, MANTEM, "Lei 9.784/1999, art. 56, §1º", str(recurso.pk),
        f"Decisão mantida por quem a proferiu; recurso encaminhado à autoridade superior do "
        f"certame, Sofia Superior (decisão sobre o atendimento especializado, "
        f"{w.insc.numero}).")
    assert ato.depois == {"objeto": w.pedido.pk, "etapa": "mantido", "tramite": passo.pk,
                          "autoridade": w.superior.pk}
    atual = autoridade.tramite(recurso, DENTRO)
    assert (atual.estado, atual.por_decurso, atual.texto) == (
        "autoridade_superior", False,
        "A autoridade que proferiu a decisão (Diana Decisora) a manteve em 12/12/2026 09:00 e "
        "encaminhou o recurso à autoridade superior do certame (Sofia Superior), que o julgará.")
    # Once: neither a second keeping nor a reconsideration afterwards.
    with pytest.raises(ValidationError) as exc:
        _reconsiderar(recurso, w.decisor, DENTRO)
    assert _msg(exc) == ("A decisão já foi mantida e o recurso encaminhado à autoridade "
                         "superior.")
    # The superior judges before the five days end: the appeal is already forwarded.
    julgamento = _julgar(w, w.superior, DENTRO)
    assert julgamento.autor == w.superior
    assert autoridade.tramite(recurso, DEPOIS).texto == (
        "Seu recurso foi julgado pela autoridade superior do certame.")


def test_quem_decidiu_reconsidera_e_o_recurso_e_atendido(w, mailoutbox,
                                                        django_capture_on_commit_callbacks):
    designar(w.certame, w.superior, autor=w.outro_rh)
    recurso = _recorrer(w)
    with pytest.raises(ValidationError) as exc:  # the denied extra time needs its minutes
        _reconsiderar(recurso, w.decisor, DENTRO, minutos=None)
    assert _msg(exc) == "Informe os minutos de tempo adicional concedidos (de 1 a 240)."
    assert TramiteRecurso.objects.filter(recurso=recurso).count() == 1
    w.insc.candidato.email = "candidata@example.com"
    w.insc.candidato.save(update_fields=["email"])
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        passo = _reconsiderar(recurso, w.decisor, DENTRO)
    assert (passo.etapa, passo.usuario, passo.motivacao) == ("reconsiderado", w.decisor,
                                                             RECONSIDERA)
    decisao = condicoes.decisao_vigente(w.pedido)
    assert (decisao.fase, decisao.autor, decisao.motivacao) == (
        "reconsideracao", w.decisor, RECONSIDERA)
    assert sorted((i.condicao, i.resultado, i.minutos_adicionais)
                  for i in decisao.itens.all()) == [
        (C.BRAILLE, DEF, None), (C.TEMPO_ADICIONAL, DEF, 30)]
    ato = Ato.objects.get(tipo="recurso_reconsiderado")
    assert (ato.autor, ato.motivacao, ato.fundamento_legal, ato.descricao) == (
        w.decisor, RECONSIDERA, "Lei 9.784/1999, art. 56, §1º",
        f"Decisão sobre o atendimento especializado da inscrição {w.insc.numero} reconsiderada "
        f"por quem a proferiu: Prova em Braille: deferido; Tempo adicional: deferido (recurso "
        f"atendido).")
    assert ato.depois["itens"] == {C.BRAILLE: DEF, C.TEMPO_ADICIONAL: DEF}
    assert "reconsiderada por quem a proferiu" in mailoutbox[-1].body
    # The candidate's page and RH's read the same answer.
    sit = condicoes.situacao(w.pedido, DEPOIS)
    assert (sit.estado, sit.tramite.estado, sit.tramite.texto) == (
        "decidido", "reconsiderado",
        "A autoridade que proferiu a decisão (Diana Decisora) a reconsiderou em 12/12/2026 "
        "09:00: seu recurso foi atendido.")
    # Nothing is left to judge, nor to reconsider again.
    assert autoridade.motivo_para_nao_julgar(recurso, w.superior, DEPOIS) == (
        "A decisão foi reconsiderada por quem a proferiu: não há recurso a julgar.")
    with pytest.raises(ValidationError):
        _julgar(w, w.superior, DEPOIS)
    with pytest.raises(ValidationError):
        manter(recurso, w.decisor, agora=DENTRO)
    # The exam venue's list has the reconsidered conditions.
    assert [[i.condicao for i in itens] for _p, itens in condicoes.concedidas(w.certame)] == [
        [C.BRAILLE, C.TEMPO_ADICIONAL]]


# --- no superior authority: the appeal waits; designations


def test_sem_autoridade_designada_o_recurso_aguarda_e_nenhum_rh_julga(w):
    recurso = _recorrer(w)
    atual = autoridade.tramite(recurso, ENCAMINHADO)
    assert atual.estado == "sem_autoridade"
    assert atual.texto_rh == (
        "A autoridade que proferiu a decisão (Diana Decisora) não a reconsiderou no prazo, que "
        "terminou em 15/12/2026 23:59: o recurso foi encaminhado à autoridade superior do "
        "certame, mas aguarda. Este certame não tem autoridade superior designada: "
        "designe-a na página do certame (seção “Autoridade superior”). Nenhum outro usuário do "
        "RH julga o recurso.")
    assert atual.texto == (
        "A autoridade que proferiu a decisão (Diana Decisora) não a reconsiderou no prazo, que "
        "terminou em 15/12/2026 23:59: o recurso foi encaminhado à autoridade superior do "
        "certame. O recurso aguarda o julgamento pela autoridade superior, que o RH ainda vai "
        "designar.")
    # Within the period RH is told already.
    assert autoridade.tramite(recurso, DENTRO).texto_rh.endswith(
        "Nenhum outro usuário do RH julga o recurso.")
    assert [kernel.pode_julgar(getattr(w, p), recurso, ENCAMINHADO) for p in PAPEIS] == [
        False] * 5
    for papel in ("decisor", "superior", "outro_rh"):
        with pytest.raises(ValidationError):
            _julgar(w, getattr(w, papel), ENCAMINHADO)
    assert [t.recurso.pk for t in autoridade.aguardando_autoridade(w.certame, ENCAMINHADO)
            ] == [recurso.pk]
    designar(w.certame, w.superior, autor=w.outro_rh)
    assert autoridade.aguardando_autoridade(w.certame, ENCAMINHADO) == []
    assert autoridade.tramite(recurso, ENCAMINHADO).estado == "autoridade_superior"
    _julgar(w, w.superior, ENCAMINHADO)


def test_designacao_e_um_ato_e_a_nova_substitui_a_anterior(w):
    primeira = designar(w.certame, w.superior, autor=w.outro_rh, agora=FILING)
    ato = Ato.objects.get(tipo="autoridade_recursal_designada")
    assert (ato.autor, ato.certame, ato.motivacao, ato.fundamento_legal, ato.descricao,
            ato.depois) == (
        w.outro_rh, w.certame, MOTIVO_DESIGNACAO, "Lei 9.784/1999, art. 56, §1º",
        f"Designação de Sofia Superior como autoridade superior do certame, que julga os "
        f"recursos contra decisões do RH não reconsideradas ({ATO}).",
        {"autoridade": w.superior.pk, "designacao": primeira.pk, "ato": ATO})
    recurso = _recorrer(w)
    segunda = designar(w.certame, w.outro_rh, autor=w.decisor, agora=DENTRO)
    assert autoridade.autoridade_em_vigor(w.certame) == segunda
    assert [d.pk for d in autoridade.designacoes(w.certame)] == [primeira.pk, segunda.pk]
    ato = Ato.objects.filter(tipo="autoridade_recursal_designada").latest("id")
    assert ato.antes == {"autoridade": w.superior.pk, "designacao": primeira.pk}
    assert ato.descricao.endswith(", em substituição a Sofia Superior.")
    # The authority in force judges; the superseded one no longer does.
    assert [kernel.pode_julgar(u, recurso, ENCAMINHADO) for u in (w.superior, w.outro_rh)] == [
        False, True]
    primeira.refresh_from_db()
    assert primeira.usuario == w.superior  # the earlier act is not rewritten
    assert {"nucleo_autoridaderecursal", "nucleo_tramiterecurso"} <= set(TABELAS_PROTEGIDAS)


def test_designacao_recusada(w):
    for usuario_, erro in ((w.membro, "A autoridade superior é uma conta ativa do RH"),
                           (w.candidato, "A autoridade superior é uma conta ativa do RH")):
        with pytest.raises(ValidationError) as exc:
            designar(w.certame, usuario_, autor=w.outro_rh)
        assert erro in _msg(exc)
    with pytest.raises(ValidationError) as exc:
        autoridade.designar(w.certame, usuario=w.superior, ato="  ", motivacao=MOTIVO_DESIGNACAO,
                            autor=w.outro_rh)
    assert "Informe o ato de designação" in _msg(exc)
    with pytest.raises(ValidationError):
        autoridade.designar(w.certame, usuario=w.superior, ato=ATO, motivacao="", autor=w.outro_rh)
    with pytest.raises(PermissionDenied):
        designar(w.certame, w.superior, autor=w.membro)
    assert (AutoridadeRecursal.objects.count(),
            Ato.objects.filter(tipo="autoridade_recursal_designada").count()) == (0, 0)


def test_quem_decidiu_designado_superior_nao_julga_o_proprio_recurso(w):
    designar(w.certame, w.decisor, autor=w.outro_rh)
    recurso = _recorrer(w)
    atual = autoridade.tramite(recurso, ENCAMINHADO)
    assert atual.estado == "sem_autoridade"
    assert atual.impedimento == (
        "A autoridade superior designada (Diana Decisora) proferiu a decisão recorrida e não "
        "julga o recurso contra ela (Lei 9.784/1999, art. 56, §1º): designe outra autoridade "
        "na página do certame.")
    with pytest.raises(ValidationError):
        _julgar(w, w.decisor, ENCAMINHADO)


# --- the other RH procedures share the mechanism


def test_procedimento_administrativo_reconsiderado_desfaz_os_efeitos(w):
    from tests.candidatos.test_procedimentos import PIR, _abrir, _candidato_do, _cenario, _decidir

    alvo = _cenario(PIR)
    candidato = _candidato_do(alvo)
    rh = w.decisor
    proc = _decidir(_abrir(alvo, rh), rh)
    alvo.refresh_from_db()
    assert (alvo.situacao, SituacaoLista.objects.get(inscricao=alvo).estado) == (
        "eliminado", "fraude")
    agora = proc.decidido_em + dt.timedelta(days=1)
    recurso = procedimentos.apresentar_recurso(proc, autor=candidato, agora=agora,
                                               texto="Os registros citados são de uma homônima.")
    assert autoridade.tramite(recurso, agora).decisor == rh
    assert procedimentos.pode_julgar(w.outro_rh, proc, agora=agora) is False
    autoridade.reconsiderar(recurso, autor=rh, reconsidera=True, motivacao=RECONSIDERA,
                            agora=agora)
    proc.refresh_from_db()
    alvo.refresh_from_db()
    assert (proc.recurso_resultado, proc.recurso_julgado_por, alvo.situacao,
            SituacaoLista.objects.get(inscricao=alvo).estado) == (
        "provido", rh, "habilitado", "pendente")
    assert procedimentos.encaminhamentos_pendentes(proc) == []
    assert autoridade.tramite(recurso, agora).estado == "reconsiderado"
    assert procedimentos.motivo_para_nao_julgar(proc, w.superior, agora=agora) == (
        "A decisão foi reconsiderada por quem a proferiu: não há recurso a julgar.")
    assert list(Ato.objects.filter(objeto_tipo__model="inscricao", objeto_id=str(alvo.pk))
                .order_by("id").values_list("tipo", flat=True))[-1] == "eliminacao_revogada"


def test_comissao_nao_segue_este_rito():
    from nucleo.registro import plugin

    chaves = ("heteroidentificacao", "verificacao_documental", "equipe_multiprofissional",
              "isencao", "atendimento_especializado", "procedimento_administrativo")
    assert [plugin(c).decisao_do_rh for c in chaves] == [False, False, False, True, True, True]


# --- appeals filed before: the data migration


def test_migracao_dirige_os_pendentes_a_quem_decidiu_e_deixa_os_julgados(w):
    """candidatos/0018_i21_autoridade: an appeal filed before the reconsideration existed
    (a `Recurso` without steps) and not judged gets the decider's five days counted from the
    migration; one already judged (by another RH user, the old rule) stays as it was."""
    migracao = importlib.import_module("candidatos.migrations.0018_i21_autoridade")
    pendente = Recurso.objects.create(procedimento=condicoes.CHAVE, objeto_id=w.pedido.pk,
                                      inscricao=w.insc, texto=RAZOES)
    outro_user = usuario("outra", GRUPO_CANDIDATO)
    outra = InscricaoFactory(cargo=w.insc.cargo, candidato=CandidatoFactory(usuario=outro_user))
    pedido2 = condicoes.solicitar(
        outra, autor=outro_user, condicoes={C.BRAILLE: ""}, agora=PEDIDO,
        justificativa="Cegueira, laudo anexo.",
        laudo=SimpleUploadedFile("laudo.pdf", PDF, content_type="application/pdf"))
    condicoes.decidir(pedido2, autor=w.decisor, agora=DECISAO, motivacao="Laudo analisado.",
                      resultados={C.BRAILLE: R(IND, MOTIVO_IND)})
    julgado = Recurso.objects.create(procedimento=condicoes.CHAVE, objeto_id=pedido2.pk,
                                     inscricao=outra, texto=RAZOES)
    DecisaoAtendimento.objects.create(pedido=pedido2, fase="recurso", autor=w.outro_rh,
                                      motivacao="Julgado pela regra antiga.")
    migracao.dirigir_pendentes(apps, None)
    (novo,) = TramiteRecurso.objects.all()
    assert (novo.recurso_id, novo.etapa, novo.usuario) == (pendente.pk, "dirigido", w.decisor)
    # The migration's own count, frozen when it ran (before the órgão's calendar existed).
    assert novo.prazo == timezone.make_aware(dt.datetime.combine(
        timezone.localdate(novo.registrado_em) + dt.timedelta(days=5), dt.time(23, 59, 59)))
    assert autoridade.tramite(julgado).estado == "julgado"
    migracao.dirigir_pendentes(apps, None)  # idempotent
    assert TramiteRecurso.objects.count() == 1


# --- the pages ----------------------------------------------------------------------------------


def test_paginas_do_rh_e_do_candidato(client):
    """The pages read the clock: the scenario is dated from now (decided 3 days ago, appealed
    an hour ago)."""
    agora = timezone.now()
    w = _mundo(pedido_em=agora - dt.timedelta(days=7), decisao_em=agora - dt.timedelta(days=3))
    recurso = _recorrer(w, agora=agora - dt.timedelta(hours=1))
    certame_url = reverse("painel:certame", args=[w.certame.pk])
    client.force_login(w.outro_rh)
    html = client.get(certame_url).content.decode()
    assert 'id="autoridade"' in html and 'data-autoridade="nenhuma"' in html
    dados = {"autoridade-usuario": w.superior.pk, "autoridade-ato": ATO,
             "autoridade-motivacao": MOTIVO_DESIGNACAO}
    url = reverse("painel:autoridade_recursal", args=[w.certame.pk])
    resposta = client.post(url, dados)
    assert resposta.status_code == 400 and "Marque a caixa de confirmação" in (
        resposta.content.decode())
    assert AutoridadeRecursal.objects.count() == 0
    resposta = client.post(url, {**dados, "autoridade-usuario": w.membro.pk,
                                 "autoridade-confirmacao": "on"})
    assert resposta.status_code == 400 and AutoridadeRecursal.objects.count() == 0
    resposta = client.post(url, {**dados, "autoridade-confirmacao": "on"})
    assert (resposta.status_code, resposta["Location"]) == (302, certame_url)
    assert 'data-autoridade="rh_superior"' in client.get(certame_url).content.decode()

    # The decider's page offers the reconsideration; another RH user's does not.
    pagina = reverse("painel:atendimento_pedido", args=[w.pedido.pk])
    reconsiderar = reverse("painel:reconsiderar_recurso", args=[recurso.pk])
    client.force_login(w.decisor)
    html = client.get(pagina).content.decode()
    assert 'data-tramite="reconsideracao"' in html and 'data-form="reconsideracao"' in html
    assert "reconsideracao-minutos" in html  # the denied extra time needs its minutes
    client.force_login(w.outro_rh)
    html = client.get(pagina).content.decode()
    assert 'data-tramite="reconsideracao"' in html and 'data-form="reconsideracao"' not in html
    resposta = client.post(reconsiderar, {
        "reconsideracao-decisao": "mantem", "reconsideracao-motivacao": MANTEM,
        "reconsideracao-confirmacao": "on"})
    assert resposta.status_code == 400 and "Só quem proferiu a decisão" in (
        resposta.content.decode())
    assert TramiteRecurso.objects.count() == 1

    client.force_login(w.candidato)
    html = client.get(reverse("condicoes:inscricao", args=[w.insc.pk])).content.decode()
    assert 'data-tramite="reconsideracao"' in html
    assert "Seu recurso está com a autoridade que proferiu a decisão (Diana Decisora)" in html
