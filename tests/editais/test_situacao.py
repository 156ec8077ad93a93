"""Suspension, retomada and cancellation of a certame (`editais.situacao`) and the one answer
"is this certame stopped and why" (`certames.situacao.motivo_certame_parado`) that every act
moving the certame forward asks first."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from candidatos import chamadas, condicoes, inscricao_portal
from candidatos.importacao.importar import importar_inscricoes
from candidatos.isencao import pagamento
from candidatos.isencao.pedido import solicitar_isencao
from candidatos.models import CondicaoEspecial, Inscricao
from certames.models import Ato, AtoSituacaoCertame, Certame, Etapa
from certames.situacao import motivo_certame_parado
from classificacao import homologacao, listas
from comissoes.dominio import convocacao as convocacao_comissao
from comissoes.dominio import sessoes
from comum.models import Aviso
from comum.planilhas import ArquivoRejeitado
from editais import retificacao, servicos, situacao
from editais.models import AtoEdital
from nucleo import publicacao
from provas import servicos as provas
from provas.models import Fase
from tests.comissoes.fabricas import (
    PDF,
    ComissaoFactory,
    abrir_sessao,
    arquivo,
    comissao_completa,
    convocado,
    sessao,
)
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    CertameFactory,
    InscricaoFactory,
    usuario,
)
from tests.nucleo.test_autoridade import _mundo, _recorrer
from tests.provas.apoio import cargo_em_fases, planilha

pytestmark = pytest.mark.django_db

LIMINAR = ("Decisão liminar no mandado de segurança suspendeu o certame até o julgamento do "
           "mérito.")
PROCESSO = "Processo 0001234-56.2026.8.26.0000"
RETOMADA = "Liminar revogada pelo tribunal; o certame volta a correr com o novo cronograma."
ANULACAO = "Ilegalidade na reserva de vagas do edital apontada pelo Tribunal de Contas."


def _local(texto: str) -> dt.datetime:
    return timezone.make_aware(dt.datetime.strptime(texto, "%d/%m/%Y %H:%M"))


SUSPENSO_EM = _local("10/03/2026 12:00")
ESPERADO = f"Certame suspenso desde 10/03/2026: {LIMINAR}"


def _suspender(certame, rh):
    return situacao.suspender(certame, motivacao=LIMINAR, autor=rh,
                              origem=AtoSituacaoCertame.Origem.DECISAO_JUDICIAL,
                              documento=PROCESSO, agora=SUSPENSO_EM)


class W:
    """The world of the guards: a certame under way, a cargo, an inscrição, RH."""


@pytest.fixture
def w(rh):
    m = W()
    m.rh = rh
    m.certame = CertameFactory(status=Certame.Status.EM_ANDAMENTO)
    m.cargo = CargoFactory(certame=m.certame, vagas=4)
    m.insc = InscricaoFactory(cargo=m.cargo, situacao=Inscricao.Situacao.INSCRITO)
    return m


def _recusa(acao) -> list[str]:
    """What the action answers: a refusal's messages, or the reason it returns."""
    try:
        motivo = acao()
    except ValidationError as exc:
        return exc.messages
    except ArquivoRejeitado as exc:
        return [e.mensagem for e in exc.erros]
    return motivo if isinstance(motivo, list) else [motivo]


def _agora_mais(dias):
    return timezone.now() + dt.timedelta(days=dias)


def _fase(w):
    _cargo, p1, _p2 = cargo_em_fases(w.rh, certame=w.certame)
    return p1


def _recurso(w):
    """The appeal against an RH decision on special conditions (the kernel's filing)."""
    m = _mundo()
    w.certame = m.certame
    return lambda: _recorrer(m)


def _pedido_atendimento(w):
    """The candidate's own request for special conditions at the exam."""
    conta = usuario("candidata_atendimento", "Candidato")
    w.insc.candidato.usuario = conta
    w.insc.candidato.save(update_fields=["usuario"])
    return lambda: condicoes.solicitar(w.insc, autor=conta,
                                       condicoes={CondicaoEspecial.BRAILLE: ""},
                                       justificativa="Baixa visão severa, CID no laudo.",
                                       laudo=arquivo("laudo.pdf", PDF, "application/pdf"))


MOTIVO_VOTO = "Fenótipo compatível com pessoa parda."


def _em_sessao(w, *, aberta=True, presente=True, votos=0):
    """A session of the certame's heteroidentification committee already scheduled, one
    candidate called to it; the members' presence recorded (`aberta`), the candidate's
    (`presente`) and `votos` votes cast: (presidente, sessao, convocacao, avaliacao)."""
    comissao, presidente, outros = comissao_completa(w.certame)
    s = sessao(comissao, inicio=timezone.now() - dt.timedelta(minutes=30))
    conv, av = convocado(s)
    if aberta:
        abrir_sessao(s)
    if presente:
        sessoes.registrar_comparecimento(conv, "presente", presidente=presidente)
    for m in [presidente, *outros][:votos]:
        sessoes.votar(av, m, "confirma", MOTIVO_VOTO)
    return presidente, s, conv, av


def _voto(w):
    presidente, _s, _conv, av = _em_sessao(w)
    return lambda: sessoes.votar(av, presidente, "confirma", MOTIVO_VOTO)


def _encerramento(w):
    presidente, _s, _conv, av = _em_sessao(w, votos=3)
    return lambda: sessoes.encerrar(av, presidente, gravacao="sessao-1/0001.mp4")


def _comparecimento(w):
    presidente, _s, conv, _av = _em_sessao(w, presente=False)
    return lambda: sessoes.registrar_comparecimento(conv, "ausente", presidente=presidente,
                                                    agora=conv.horario)


def _presenca(w):
    presidente, s, _conv, _av = _em_sessao(w, aberta=False, presente=False)
    return lambda: sessoes.registrar_presenca(s, quem_registra=presidente,
                                              presentes=[presidente.pk])


# Every act that moves the certame forward, each set up (when it needs more than the world)
# before the certame is suspended, then tried.
ACOES = {
    "inscricao": lambda w: lambda: inscricao_portal.inscrever(
        CandidatoFactory(), w.cargo, cor_raca="parda", quilombola=False, deficiencia=False,
        tipo_deficiencia="", listas=[], autor=w.rh),
    "alterar_opcoes": lambda w: lambda: inscricao_portal.alterar_opcoes_pelo_candidato(
        w.insc, ["PP"], autor=w.rh),
    "pedido_atendimento": _pedido_atendimento,
    "pedido_isencao": lambda w: lambda: solicitar_isencao(w.insc, tipo="cadunico", autor=w.rh,
                                                          nis="12345678901"),
    "pagamento_taxa": lambda w: lambda: pagamento.registrar_pagamento(
        w.insc, autor=w.rh, referencia="Boleto 123"),
    "fim_do_prazo_de_pagamento": lambda w: lambda: pagamento.encerrar_prazo_pagamento(
        w.certame, autor=w.rh),
    "recurso": _recurso,
    "agendar_sessao": lambda w: (lambda c: lambda: sessoes.agendar_sessao(
        c, inicio=_agora_mais(7), local="Sala 1", modalidade="presencial", autor=w.rh))(
        ComissaoFactory(certame=w.certame)),
    "convocar_para_sessao": lambda w: (lambda s: lambda: convocacao_comissao.convocar(
        s, w.insc, "PP", s.inicio, autor=w.rh))(sessao(ComissaoFactory(certame=w.certame))),
    "distribuir_convocacoes": lambda w: (lambda e: lambda: (
        convocacao_comissao.distribuir_convocacoes(e, [], autor=w.rh)))(
        Etapa.objects.create(certame=w.certame, tipo=Etapa.Tipo.HETEROIDENTIFICACAO,
                             inicio=_agora_mais(5), fim=_agora_mais(6))),
    "importar_inscricoes": lambda w: lambda: importar_inscricoes(w.certame, b"numero;cpf\n"),
    "importar_notas": lambda w: (lambda f: lambda: provas.importar_notas(
        f, planilha({"1": "70"}), nome_arquivo="banca.csv", autor=w.rh))(_fase(w)),
    "publicar_resultado_de_fase": lambda w: (lambda f: lambda: provas.motivo_nao_publicar(
        Fase.objects.select_related("cargo__certame").get(pk=f.pk), "preliminar"))(_fase(w)),
    "publicar_classificacao": lambda w: lambda: listas.motivo_nao_publicar(
        None, "preliminar", cargo=w.cargo),
    "publicar_resultado_de_procedimento": lambda w: lambda: publicacao.pendencias_preliminar(
        w.certame, "isencao"),
    "homologar": lambda w: lambda: homologacao.homologar(
        w.certame, data=dt.date(2026, 3, 1), ato="Decreto 10/2026", autor=w.rh),
    "convocar_chamada": lambda w: lambda: chamadas.convocar(
        w.cargo, 1, prazo=dt.date(2099, 1, 10), autor=w.rh),
    # Inside a session scheduled before the suspension: the members' presence, the
    # candidate's attendance (an absence closes the evaluation), a vote, the closing.
    "presenca_na_sessao": _presenca,
    "comparecimento": _comparecimento,
    "voto_da_comissao": _voto,
    "encerramento_da_avaliacao": _encerramento,
}


@pytest.mark.parametrize("acao", list(ACOES))
def test_certame_suspenso_recusa_cada_acao_com_a_data_e_a_motivacao(w, acao):
    tentar = ACOES[acao](w)
    _suspender(w.certame, w.rh)
    w.certame.refresh_from_db()  # the rows a page reads, fresh (in place: cargo.certame too)
    antes = Ato.objects.count()
    assert _recusa(tentar) == [ESPERADO]
    assert Ato.objects.count() == antes


def test_suspensao_registra_o_ato_a_situacao_a_auditoria_e_avisa_cada_inscrito(
        client, rh, w, mailoutbox, django_capture_on_commit_callbacks):
    InscricaoFactory(cargo=CargoFactory(certame=w.certame),
                     candidato=w.insc.candidato)  # the same address: one mail
    InscricaoFactory(cargo=w.cargo)
    client.force_login(rh)
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(reverse("painel:suspender_certame", args=[w.certame.pk]), {
            "suspensao-origem": "decisao_judicial", "suspensao-documento": PROCESSO,
            "suspensao-motivacao": LIMINAR, "suspensao-confirmacao": "on"})
    assert resposta.status_code == 302
    w.certame.refresh_from_db()
    assert w.certame.status == Certame.Status.SUSPENSO
    ato = AtoSituacaoCertame.objects.get()
    assert (ato.tipo, ato.origem, ato.documento, ato.motivacao, ato.status_anterior) == (
        "suspensao", "decisao_judicial", PROCESSO, LIMINAR, "em_andamento")
    assert ato.fundamento == "Constituição Federal, art. 5º, XXXV (decisão judicial)"
    assert Ato.objects.get(tipo="certame_suspenso").descricao == (
        f"Certame do edital {w.certame.numero_edital} suspenso (decisão judicial: {PROCESSO}).")
    assert [m.subject for m in mailoutbox] == [
        f"Certame do edital {w.certame.numero_edital} suspenso"] * 2
    assert sorted(m.to[0] for m in mailoutbox) == sorted(
        {i.candidato.email for i in w.certame.inscricoes.all()})
    hoje = timezone.localdate().strftime("%d/%m/%Y")
    assert f"está suspenso desde {hoje}" in mailoutbox[0].body
    assert LIMINAR in mailoutbox[0].body
    # Each notice belongs to the act (RH's notice state) and to the inscrição it names.
    avisos = Aviso.objects.filter(nome="suspensao_certame").order_by("pk")
    assert [(a.ato, a.inscricao.candidato.email) for a in avisos] == [
        (Ato.objects.get(tipo="certame_suspenso"), m.to[0]) for m in mailoutbox]
    # The act cannot be edited: a later act supersedes it.
    with pytest.raises(ValidationError):
        ato.save()


def test_sem_caixa_sem_motivacao_ou_sem_documento_da_ordem_nada_e_gravado(client, rh, w):
    client.force_login(rh)
    url = reverse("painel:suspender_certame", args=[w.certame.pk])
    dados = {"suspensao-origem": "tribunal_contas", "suspensao-motivacao": LIMINAR}
    assert client.post(url, dados).status_code == 400
    resposta = client.post(url, {**dados, "suspensao-confirmacao": "on"})
    assert resposta.status_code == 400
    assert "informe o número da decisão ou do processo" in resposta.content.decode()
    resposta = client.post(url, {**dados, "suspensao-documento": "TC-1234/2026",
                                 "suspensao-motivacao": "curta",
                                 "suspensao-confirmacao": "on"})
    assert "Motive o ato" in resposta.content.decode()
    w.certame.refresh_from_db()
    assert (w.certame.status, AtoSituacaoCertame.objects.count()) == ("em_andamento", 0)


def test_exemplo_com_datas_a_retomada_refaz_o_cronograma_interrompido(rh):
    """Inscrições 01/03 08:00 to 20/03 18:00, heteroidentificação 01/04 to 10/04, both
    published; suspended on 10/03 12:00 (inscrições open, heteroidentificação ahead). On
    25/03 10:00 the inscrições' end lies in the past: the retomada is refused until it is
    moved (Lei 9.784/1999, art. 2º, parágrafo único, XIII); their start (before the
    suspension) does not move. With the inscrições to 04/04 18:00 and the
    heteroidentificação confirmed, the certame runs again, the act holding before and after."""
    certame = CertameFactory(status=Certame.Status.PUBLICADO, cronograma=False)
    antiga = Etapa.objects.create(certame=certame, tipo=Etapa.Tipo.RESULTADO_PRELIMINAR,
                                  inicio=_local("10/02/2026 00:00"),
                                  fim=_local("10/02/2026 23:59"))
    insc = Etapa.objects.create(certame=certame, tipo=Etapa.Tipo.INSCRICOES,
                                inicio=_local("01/03/2026 08:00"),
                                fim=_local("20/03/2026 18:00"))
    het = Etapa.objects.create(certame=certame, tipo=Etapa.Tipo.HETEROIDENTIFICACAO,
                               inicio=_local("01/04/2026 08:00"),
                               fim=_local("10/04/2026 18:00"))
    suspensao = _suspender(certame, rh)
    assert [e.pk for e in situacao.etapas_a_refazer(certame, suspensao)] == [insc.pk, het.pk]
    agora = _local("25/03/2026 10:00")

    with pytest.raises(ValidationError) as recusa:
        situacao.retomar(certame, motivacao=RETOMADA, autor=rh, agora=agora)
    assert recusa.value.messages == [
        "Etapa “Inscrições”: termina em 20/03/2026 18:00, antes de agora; o prazo que a "
        "suspensão interrompeu não se perde: dê uma nova data de fim."]
    with pytest.raises(ValidationError) as recusa:
        situacao.retomar(certame, motivacao=RETOMADA, autor=rh, agora=agora, cronograma={
            insc.pk: (_local("26/03/2026 08:00"), _local("04/04/2026 18:00"))})
    assert recusa.value.messages == [
        "Etapa “Inscrições”: começou em 01/03/2026 08:00, antes da suspensão; o início não "
        "muda, só o fim."]
    certame.refresh_from_db()
    assert certame.status == Certame.Status.SUSPENSO

    ato = situacao.retomar(certame, motivacao=RETOMADA, autor=rh, agora=agora, cronograma={
        insc.pk: (insc.inicio, _local("04/04/2026 18:00"))})
    certame.refresh_from_db()
    insc.refresh_from_db()
    antiga.refresh_from_db()
    assert certame.status == Certame.Status.PUBLICADO  # as the suspension found it
    assert motivo_certame_parado(certame) is None
    assert (insc.inicio, insc.fim) == (_local("01/03/2026 08:00"), _local("04/04/2026 18:00"))
    assert antiga.fim == _local("10/02/2026 23:59")  # ended before: untouched
    assert situacao.textos(ato)[1:3] == [
        "Etapa “Inscrições”: de 01/03/2026 08:00 a 20/03/2026 18:00 para 01/03/2026 08:00 a "
        "04/04/2026 18:00.",
        "Etapa “Heteroidentificação” confirmada: 01/04/2026 08:00 a 10/04/2026 18:00."]
    antes = Ato.objects.get(tipo="certame_retomado").antes["cronograma"]
    assert [(r["etapa"], dt.datetime.fromisoformat(r["inicio"]),
             dt.datetime.fromisoformat(r["fim"])) for r in antes] == [
        (insc.pk, _local("01/03/2026 08:00"), _local("20/03/2026 18:00")),
        (het.pk, _local("01/04/2026 08:00"), _local("10/04/2026 18:00"))]


def test_etapa_futura_que_comecaria_no_passado_precisa_de_novo_inicio(rh):
    certame = CertameFactory(status=Certame.Status.EM_ANDAMENTO, cronograma=False)
    het = Etapa.objects.create(certame=certame, tipo=Etapa.Tipo.HETEROIDENTIFICACAO,
                               inicio=_local("20/03/2026 08:00"),
                               fim=_local("10/04/2026 18:00"))
    _suspender(certame, rh)
    with pytest.raises(ValidationError) as recusa:
        situacao.retomar(certame, motivacao=RETOMADA, autor=rh,
                         agora=_local("25/03/2026 10:00"))
    assert recusa.value.messages == [
        "Etapa “Heteroidentificação”: não tinha começado quando o certame foi suspenso e "
        "começaria em 20/03/2026 08:00, antes de agora; dê um novo início."]
    situacao.retomar(certame, motivacao=RETOMADA, autor=rh, agora=_local("25/03/2026 10:00"),
                     cronograma={het.pk: (_local("30/03/2026 08:00"),
                                          _local("20/04/2026 18:00"))})
    het.refresh_from_db()
    assert (het.inicio, certame.status) == (_local("30/03/2026 08:00"), "em_andamento")


def test_retomada_pela_pagina_com_o_cronograma_e_o_historico_publico(
        client, rh, mailoutbox, django_capture_on_commit_callbacks):
    certame = CertameFactory(status=Certame.Status.EM_ANDAMENTO, cronograma=False)
    agora = timezone.now()
    etapa = Etapa.objects.create(certame=certame, tipo=Etapa.Tipo.INSCRICOES,
                                 inicio=agora - dt.timedelta(days=2),
                                 fim=agora + dt.timedelta(days=5))
    InscricaoFactory(cargo=CargoFactory(certame=certame))
    situacao.suspender(certame, motivacao=LIMINAR, autor=rh)
    client.force_login(rh)
    pagina = client.get(reverse("painel:certame", args=[certame.pk])).content.decode()
    assert 'data-form="retomada"' in pagina and 'data-form="suspensao"' not in pagina
    assert 'data-form="cancelamento"' in pagina
    fim = timezone.localtime(agora + dt.timedelta(days=9)).replace(second=0, microsecond=0)
    inicio = timezone.localtime(etapa.inicio).strftime("%Y-%m-%dT%H:%M")
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(reverse("painel:retomar_certame", args=[certame.pk]), {
            f"retomada-inicio_{etapa.pk}": inicio,
            f"retomada-fim_{etapa.pk}": fim.strftime("%Y-%m-%dT%H:%M"),
            "retomada-motivacao": RETOMADA, "retomada-confirmacao": "on"})
    assert resposta.status_code == 302
    certame.refresh_from_db()
    etapa.refresh_from_db()
    assert (certame.status, etapa.fim) == ("em_andamento", fim)
    assert [m.subject for m in mailoutbox] == [
        f"Certame do edital {certame.numero_edital} retomado"]
    assert "Etapa “Inscrições”: de " in mailoutbox[0].body
    client.logout()
    publica = client.get(reverse("certame_publico", args=[certame.pk])).content.decode()
    assert publica.count('data-ato="suspensao"') == 1
    assert publica.count('data-ato="retomada"') == 1
    assert RETOMADA in publica and "data-certame-parado" not in publica


def test_banner_na_pagina_publica_e_nas_paginas_do_candidato(client, rh, w):
    conta = usuario("candidata_suspensa", "Candidato")
    w.insc.candidato.usuario = conta
    w.insc.candidato.save(update_fields=["usuario"])
    _suspender(w.certame, rh)
    publica = client.get(reverse("certame_publico", args=[w.certame.pk])).content.decode()
    assert ESPERADO in publica
    client.force_login(conta)
    for url in (reverse("portal:painel"), reverse("portal:inscricao", args=[w.insc.pk])):
        assert ESPERADO in client.get(url).content.decode(), url
    # The act among the candidate's notices, with its motivation.
    avisos = client.get(reverse("portal:avisos")).content.decode()
    assert "Suspensão do certame" in avisos and LIMINAR in avisos


def test_cancelamento_e_definitivo(client, rh, w, mailoutbox,
                                   django_capture_on_commit_callbacks):
    client.force_login(rh)
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(reverse("painel:cancelar_certame", args=[w.certame.pk]), {
            "cancelamento-tipo": "anulacao", "cancelamento-origem": "tribunal_contas",
            "cancelamento-documento": "TC-001234/026/26", "cancelamento-motivacao": ANULACAO,
            "cancelamento-confirmacao": "on"})
    assert resposta.status_code == 302
    w.certame.refresh_from_db()
    hoje = timezone.localdate().strftime("%d/%m/%Y")
    anulado = f"Certame anulado em {hoje}: {ANULACAO}"
    assert (w.certame.status, motivo_certame_parado(w.certame)) == ("cancelado", anulado)
    assert AtoSituacaoCertame.objects.get().fundamento == (
        "Lei 9.784/1999, arts. 53 e 54; STF, Súmula 473 (anulação por ilegalidade)")
    # Nothing but reading after it: no suspension, retomada, second cancellation,
    # retificação, nor any act of the certame.
    for acao in (lambda: situacao.suspender(w.certame, motivacao=LIMINAR, autor=rh),
                 lambda: situacao.cancelar(w.certame, tipo="revogacao", motivacao=ANULACAO,
                                           autor=rh),
                 lambda: homologacao.homologar(w.certame, data=dt.date(2026, 3, 1),
                                               ato="Decreto 10/2026", autor=rh),
                 lambda: pagamento.registrar_pagamento(w.insc, autor=rh, referencia="B1")):
        assert _recusa(acao) == [anulado]
    assert _recusa(lambda: situacao.retomar(w.certame, motivacao=RETOMADA, autor=rh)) == [
        "O certame não está suspenso: não há o que retomar."]
    assert retificacao.motivo_nao_retificar(w.certame) == (
        "O certame foi cancelado: o edital não se retifica.")
    pagina = client.get(reverse("painel:certame", args=[w.certame.pk])).content.decode()
    assert 'data-form="suspensao"' not in pagina and 'data-form="cancelamento"' not in pagina
    client.logout()
    publica = client.get(reverse("certame_publico", args=[w.certame.pk])).content.decode()
    assert anulado in publica and 'data-ato="anulacao"' in publica
    assert "A devolução da taxa de inscrição segue o que o edital dispõe." in publica
    assert [m.subject for m in mailoutbox] == [
        f"Anulação do certame: edital {w.certame.numero_edital}"]
    assert "A devolução da taxa de inscrição segue o que o edital dispõe." in mailoutbox[0].body


def test_revogacao_so_pela_administracao(rh, w):
    with pytest.raises(ValidationError) as recusa:
        situacao.cancelar(w.certame, tipo="revogacao", motivacao=ANULACAO, autor=rh,
                          origem="decisao_judicial", documento=PROCESSO)
    assert recusa.value.message_dict == {"origem": [
        "A revogação é ato da própria Administração, por conveniência e oportunidade (Lei "
        "9.784/1999, art. 53); uma decisão judicial ou do Tribunal de Contas anula."]}
    ato = situacao.cancelar(w.certame, tipo="revogacao", motivacao=ANULACAO, autor=rh,
                            agora=_local("05/05/2026 09:00"))
    w.certame.refresh_from_db()
    assert motivo_certame_parado(w.certame) == f"Certame revogado em 05/05/2026: {ANULACAO}"
    assert ato.status_anterior == "em_andamento"


def test_so_se_suspende_o_publicado_e_nao_homologado(rh):
    rascunho = CertameFactory(status=Certame.Status.RASCUNHO)
    homologado = CertameFactory(status=Certame.Status.HOMOLOGADO,
                                homologado_em=dt.date(2026, 3, 1))
    for certame, situacao_texto in ((rascunho, "rascunho"), (homologado, "homologado")):
        assert _recusa(lambda c=certame: situacao.suspender(c, motivacao=LIMINAR, autor=rh)) \
            == [f"Só um certame com o edital publicado e ainda não homologado se suspende "
                f"(situação: {situacao_texto})."]
    assert _recusa(lambda: situacao.cancelar(rascunho, tipo="anulacao", motivacao=ANULACAO,
                                             autor=rh)) == [
        "O edital ainda é rascunho: não foi publicado, não há ato a anular ou revogar."]
    assert AtoSituacaoCertame.objects.count() == 0


def test_a_situacao_so_muda_por_ato_nunca_a_mao(rh, w):
    """The admin's form (and any `full_clean`) refuses a status the acts did not set."""
    w.certame.status = Certame.Status.SUSPENSO
    with pytest.raises(ValidationError) as recusa:
        w.certame.full_clean()
    assert recusa.value.message_dict["status"] == [
        "A suspensão e o cancelamento são atos: registre-os na página do certame, na gestão, "
        "com a motivação e a origem da ordem."]
    _suspender(w.certame, rh)
    w.certame.refresh_from_db()
    w.certame.full_clean()  # suspended by its act
    w.certame.status = Certame.Status.EM_ANDAMENTO
    with pytest.raises(ValidationError) as recusa:
        w.certame.full_clean()
    assert recusa.value.message_dict["status"] == [
        "O certame está suspenso por um ato (Suspensão do certame): a situação muda só por "
        "outro ato, na página do certame, na gestão."]


def test_retificacao_durante_a_suspensao_e_deliberada_e_a_retomada_parte_dela(client, rh):
    """A court suspends the certame until the edital is corrected: the retificação is allowed
    while it is suspended (editais.retificacao: it moves nothing forward and is how the
    defect is cured, Lei 9.784/1999, arts. 53 and 55), published as any retificação, and the
    certame stays suspended; the retomada then confirms the stage as the retificação left
    it (its record's "before" is the retified dates)."""
    certame = CertameFactory(status=Certame.Status.PUBLICADO, cronograma=False)
    inscricoes = Etapa.objects.create(certame=certame, tipo=Etapa.Tipo.INSCRICOES,
                                      inicio=_agora_mais(10), fim=_agora_mais(20))
    situacao.suspender(certame, motivacao=LIMINAR, autor=rh,
                       origem=AtoSituacaoCertame.Origem.DECISAO_JUDICIAL, documento=PROCESSO)
    certame.refresh_from_db()
    assert retificacao.motivo_nao_retificar(certame) is None
    inscricoes.inicio, inscricoes.fim = _agora_mais(15), _agora_mais(30)
    novas = (inscricoes.inicio, inscricoes.fim)
    servicos.salvar_etapa(inscricoes, autor=rh, retificacao=(
        "Retificação exigida pela decisão liminar: prazo de inscrições ampliado."))
    certame.titulo = "Concurso público 1/2026 (retificado)"
    servicos.salvar_certame(certame, autor=rh, campos=["titulo"], retificacao=(
        "Retificação exigida pela decisão liminar: título do edital corrigido."))
    certame.refresh_from_db()
    assert list(AtoEdital.objects.filter(certame=certame, tipo="retificacao")
                .values_list("numero", flat=True).order_by("numero")) == [1, 2]
    assert (certame.status, motivo_certame_parado(certame)) == (
        Certame.Status.SUSPENSO, f"Certame suspenso desde {timezone.localdate():%d/%m/%Y}: "
                                 f"{LIMINAR}")
    # RH's page still offers the retificação (and the retomada) while suspended.
    client.force_login(rh)
    pagina = client.get(reverse("painel:certame", args=[certame.pk])).content.decode()
    assert "retificar</a>" in pagina and 'data-form="retomada"' in pagina
    ato = situacao.retomar(certame, motivacao=RETOMADA, autor=rh)
    (registro,) = ato.cronograma
    assert registro["antes"] == registro["depois"] == {
        "inicio": novas[0].isoformat(), "fim": novas[1].isoformat()}
