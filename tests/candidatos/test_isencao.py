"""Fee exemption, the domain: request, automatic check, preliminary decisions, appeal, final
result, payment deadline, no refund and the false-information procedure (Lei 3.057/2026 de
Severínia, art. 2º to 7º). Fixed datetimes are passed to the domain functions."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core import mail
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile

from candidatos import isencao
from candidatos import procedimentos as procedimentos_admin
from candidatos.models import (
    DecisaoIsencao,
    Inscricao,
    PedidoIsencao,
    ProcedimentoAdministrativo,
)
from certames import carreira
from certames.models import Ato, Certame, Chamada, EventoChamada
from classificacao.listas import recalcular
from comum.formatos import data_hora_br
from nucleo import autoridade
from nucleo.models import PublicacaoResultado, Recurso
from tests.autoridade_apoio import designar, manter
from tests.candidatos.test_isencao_apoio import (
    APOS_PAGAMENTO,
    APOS_PEDIDO,
    APOS_RECURSO,
    DURANTE_PEDIDO,
    DURANTE_RECURSO,
    EXE,
    NIS_A,
    NIS_B,
    NIS_C,
    NIS_D,
    NIS_E,
    PDF,
    PEDIDO,
    RECURSO,
    TZ,
    certame_severinia,
    extrato,
    inscricao,
    nis_invalido,
)
from tests.factories import CandidatoFactory, CertameFactory, InscricaoFactory, usuario

pytestmark = pytest.mark.django_db

V = PedidoIsencao.Verificacao
R = PedidoIsencao.Resultado
T = Inscricao.SituacaoTaxa
ATUALIZADO = dt.date(2025, 12, 1)


@pytest.fixture
def certame():
    return certame_severinia()


@pytest.fixture
def cadunico():
    """The extract: request date 2026-10-05, limit R$ 810,50 (R$ 1.621,00 / 2)."""
    return extrato([
        (NIS_A, "810.50", ATUALIZADO, "ativo"),            # apto (equal to the limit)
        (NIS_B, "810.51", ATUALIZADO, "ativo"),            # renda_acima
        (NIS_C, "100.00", dt.date(2024, 10, 4), "ativo"),  # desatualizado (> 24 months)
        (NIS_D, "100.00", ATUALIZADO, "inativo"),          # inativo
    ])


def _pedir(insc, nis, autor, agora=DURANTE_PEDIDO):
    return isencao.solicitar_isencao(insc, tipo="cadunico", nis=nis, autor=autor, agora=agora)


def _pdf(nome="doacao.pdf", conteudo=PDF):
    return SimpleUploadedFile(nome, conteudo, content_type="application/pdf")


def _mensagem(exc) -> str:
    return " ".join(exc.value.messages)


def _titular(pedido):
    """The user of the request's candidate: only they file the appeal (nucleo.recursos)."""
    candidato = pedido.inscricao.candidato
    if candidato.usuario_id is None:
        candidato.usuario = usuario(f"titular_{candidato.pk}", "Candidato")
        candidato.save(update_fields=["usuario"])
    return candidato.usuario


# --- request ---------------------------------------------------------------------------------


def test_pedido_no_prazo_e_verificado_na_hora(certame, cadunico, candidato_user):
    insc = inscricao(certame, candidato=candidato_user.candidato)
    pedido = _pedir(insc, NIS_A, candidato_user)
    assert (pedido.tipo, pedido.nis, pedido.solicitado_em, pedido.verificacao,
            pedido.renda_per_capita, pedido.limite_renda, pedido.extrato) == (
        "cadunico", NIS_A, DURANTE_PEDIDO, V.APTO, Decimal("810.50"), Decimal("810.50"),
        cadunico)
    ato = Ato.objects.get(tipo="isencao_pedido")
    assert (ato.autor, ato.objeto_id, ato.certame) == (candidato_user, str(pedido.pk), certame)
    assert ato.depois == {"tipo": "cadunico", "verificacao": "apto",
                          "solicitado_em": DURANTE_PEDIDO.isoformat()}
    # Neither the NIS nor the income goes to the audit trail.
    assert NIS_A not in str(ato.depois) + ato.descricao + ato.motivacao


@pytest.mark.parametrize(("nis", "esperado"), [
    (NIS_A, V.APTO), (NIS_B, V.RENDA_ACIMA), (NIS_C, V.DESATUALIZADO), (NIS_D, V.INATIVO),
    (NIS_E, V.NAO_ENCONTRADO)])
def test_cada_resultado_da_verificacao_no_pedido(certame, cadunico, rh, nis, esperado):
    assert _pedir(inscricao(certame), nis, rh).verificacao == esperado


def test_sem_extrato_o_pedido_aguarda(certame, rh):
    pedido = _pedir(inscricao(certame), NIS_A, rh)
    assert (pedido.verificacao, pedido.extrato, pedido.limite_renda) == (
        V.SEM_EXTRATO, None, Decimal("810.50"))


@pytest.mark.parametrize(("agora", "mensagem"), [
    (PEDIDO[0] - dt.timedelta(minutes=1),
     "O prazo para pedir isenção da taxa ainda não começou: vai de 01/10/2026 00:00 a "
     "10/10/2026 23:59."),
    (PEDIDO[1] + dt.timedelta(minutes=1),
     "O prazo para pedir isenção da taxa terminou em 10/10/2026 23:59."),
])
def test_pedido_fora_do_prazo_e_recusado(certame, rh, agora, mensagem):
    with pytest.raises(ValidationError) as exc:
        _pedir(inscricao(certame), NIS_A, rh, agora=agora)
    assert _mensagem(exc) == mensagem
    assert (PedidoIsencao.objects.count(), Ato.objects.count()) == (0, 0)


def test_limites_do_prazo_de_pedido_sao_inclusivos(certame, rh):
    assert _pedir(inscricao(certame), NIS_A, rh, agora=PEDIDO[0]).pk
    assert _pedir(inscricao(certame), NIS_B, rh, agora=PEDIDO[1]).pk


def test_certame_sem_isencao_na_lei(rh):
    insc = InscricaoFactory(cargo__certame=CertameFactory(regime="pirangi-lei3056-2025"))
    with pytest.raises(ValidationError) as exc:
        _pedir(insc, NIS_A, rh)
    assert _mensagem(exc) == "A lei deste certame não prevê isenção da taxa de inscrição."
    assert PedidoIsencao.objects.count() == 0


def test_cronograma_sem_prazo_de_pedido(rh):
    certame = certame_severinia(etapas={})
    with pytest.raises(ValidationError) as exc:
        _pedir(inscricao(certame), NIS_A, rh)
    assert _mensagem(exc) == ("O cronograma deste certame não prevê o prazo para pedir "
                              "isenção da taxa.")


def test_um_pedido_por_inscricao(certame, rh):
    insc = inscricao(certame)
    _pedir(insc, NIS_A, rh)
    with pytest.raises(ValidationError) as exc:
        _pedir(insc, NIS_B, rh)
    assert _mensagem(exc) == ("Já existe um pedido de isenção para esta inscrição (um pedido "
                              "por inscrição).")
    assert PedidoIsencao.objects.count() == 1


def test_nis_obrigatorio_e_validado(certame, rh):
    insc = inscricao(certame)
    for nis in ("", nis_invalido("1234567890")):
        with pytest.raises(ValidationError):
            _pedir(insc, nis, rh)
    assert PedidoIsencao.objects.count() == 0


def test_inscricao_eliminada_nao_pede(certame, rh):
    with pytest.raises(ValidationError) as exc:
        _pedir(inscricao(certame, situacao="eliminado"), NIS_A, rh)
    assert _mensagem(exc) == "A inscrição está eliminado."


def test_doador_de_sangue_com_comprovante_conferido_pelo_conteudo(certame, rh):
    pedido = isencao.solicitar_isencao(inscricao(certame), tipo="doador_sangue", autor=rh,
                                       comprovante=_pdf("Maria CPF 123.pdf"),
                                       agora=DURANTE_PEDIDO)
    assert pedido.verificacao == V.NAO_SE_APLICA
    assert pedido.comprovante_doacao.name.startswith("isencao/")
    assert pedido.comprovante_doacao.name.endswith(".pdf")
    assert "Maria" not in pedido.comprovante_doacao.name  # stored under a random name
    with pedido.comprovante_doacao.open("rb") as f:
        assert f.read() == PDF


@pytest.mark.parametrize(("arquivo", "mensagem"), [
    (None, "Anexe o comprovante de doação de sangue."),
    # Checked by content, not by the name (comum/arquivos.py).
    (SimpleUploadedFile("doacao.pdf", EXE, content_type="application/pdf"),
     "O arquivo “doacao.pdf” não é um PDF, JPEG ou PNG válido: o conteúdo do arquivo não "
     "corresponde a nenhum desses formatos, qualquer que seja a extensão do nome. Envie o "
     "documento em PDF ou a imagem em JPEG ou PNG."),
    (SimpleUploadedFile("doacao.pdf", b"", content_type="application/pdf"),
     "O arquivo “doacao.pdf” está vazio."),
    (SimpleUploadedFile("grande.pdf", PDF + b"0" * (5 * 1024 * 1024)),
     "O arquivo “grande.pdf” tem 5,0 MB; o limite é 5 MB por arquivo."),
])
def test_comprovante_recusado(certame, rh, arquivo, mensagem):
    with pytest.raises(ValidationError) as exc:
        isencao.solicitar_isencao(inscricao(certame), tipo="doador_sangue", autor=rh,
                                  comprovante=arquivo, agora=DURANTE_PEDIDO)
    assert _mensagem(exc) == mensagem
    assert PedidoIsencao.objects.count() == 0


# --- preliminary decisions -------------------------------------------------------------------


def test_confirmacao_da_verificacao_com_motivacao_automatica(certame, cadunico, rh):
    apto = _pedir(inscricao(certame), NIS_A, rh)
    acima = _pedir(inscricao(certame), NIS_B, rh)
    desatualizado = _pedir(inscricao(certame), NIS_C, rh)
    d1 = isencao.decidir_preliminar(apto, autor=rh, confirmar=True)
    d2 = isencao.decidir_preliminar(acima, autor=rh, confirmar=True)
    d3 = isencao.decidir_preliminar(desatualizado, autor=rh, confirmar=True)
    assert (d1.fase, d1.resultado, d1.confirma_verificacao, d1.autor) == (
        "preliminar", R.DEFERIDO, True, rh)
    assert d1.motivacao == (
        "Verificação no CadÚnico (extrato de referência 30/09/2026, o mais recente até a data "
        "do pedido, 05/10/2026): cadastro ativo e atualizado em 01/12/2025; renda familiar "
        "per capita de R$ 810,50, igual ou inferior ao limite de R$ 810,50 (meio salário "
        "mínimo em vigor na data do pedido). Lei 3.057/2026 de Severínia, art. 2º, caput e "
        "§§3º e 4º.")
    assert d2.resultado == R.INDEFERIDO
    assert d2.motivacao == (
        "Renda familiar per capita de R$ 810,51 no CadÚnico (extrato de referência 30/09/2026, "
        "o mais recente até a data do pedido, 05/10/2026), superior ao limite de R$ 810,50, "
        "meio salário mínimo em vigor na data do pedido. Lei 3.057/2026 de Severínia, art. 2º, "
        "caput.")
    assert d3.motivacao == (
        "Cadastro no CadÚnico atualizado pela última vez em 04/10/2024 (extrato de referência "
        "30/09/2026, o mais recente até a data do pedido), mais de 24 meses antes da data do "
        "pedido (05/10/2026): os dados devem estar atualizados na data do requerimento. "
        "Lei 3.057/2026 de Severínia, art. 2º, §3º.")
    apto.refresh_from_db()
    assert (apto.resultado_preliminar, apto.motivo_preliminar) == (R.DEFERIDO, d1.motivacao)
    assert Ato.objects.filter(tipo="isencao_decisao_preliminar").count() == 3


def test_indeferimento_exige_motivacao_especifica(certame, rh):
    pedido = _pedir(inscricao(certame), NIS_A, rh)
    for motivacao in ("", "   ", "Indeferido", "Não atende aos requisitos", "curto"):
        with pytest.raises(ValidationError):
            isencao.decidir_preliminar(pedido, autor=rh, resultado=R.INDEFERIDO,
                                       motivacao=motivacao)
    assert DecisaoIsencao.objects.count() == 0
    decisao = isencao.decidir_preliminar(
        pedido, autor=rh, resultado=R.INDEFERIDO,
        motivacao="O NIS informado pertence a outra família, conforme consulta ao CadÚnico.")
    assert (decisao.resultado, decisao.confirma_verificacao) == (R.INDEFERIDO, False)


def test_sem_extrato_e_doador_nao_se_confirmam_automaticamente(certame, rh):
    sem_extrato = _pedir(inscricao(certame), NIS_A, rh)
    doador = isencao.solicitar_isencao(inscricao(certame), tipo="doador_sangue", autor=rh,
                                       comprovante=_pdf(), agora=DURANTE_PEDIDO)
    for pedido in (sem_extrato, doador):
        with pytest.raises(ValidationError):
            isencao.decidir_preliminar(pedido, autor=rh, confirmar=True)
    decisao = isencao.decidir_preliminar(
        doador, autor=rh, resultado=R.DEFERIDO,
        motivacao="Comprovante do hemocentro com três doações nos últimos 12 meses.")
    assert decisao.resultado == R.DEFERIDO


def test_nova_decisao_preliminar_substitui_a_anterior(certame, cadunico, rh):
    pedido = _pedir(inscricao(certame), NIS_B, rh)
    isencao.decidir_preliminar(pedido, autor=rh, confirmar=True)
    isencao.decidir_preliminar(pedido, autor=rh, resultado=R.DEFERIDO,
                               motivacao="Renda comprovada pelo CadÚnico atualizado em "
                                         "outubro, abaixo do limite.")
    pedido.refresh_from_db()
    assert pedido.resultado_preliminar == R.DEFERIDO
    assert list(pedido.decisoes.values_list("resultado", flat=True)) == [R.INDEFERIDO,
                                                                         R.DEFERIDO]


def test_confirmacao_em_lote_uma_decisao_por_pedido(certame, cadunico, rh):
    pedidos = [_pedir(inscricao(certame), nis, rh) for nis in (NIS_A, NIS_B, NIS_D, NIS_E)]
    doador = isencao.solicitar_isencao(inscricao(certame), tipo="doador_sangue", autor=rh,
                                       comprovante=_pdf(), agora=DURANTE_PEDIDO)
    decisoes, ignorados = isencao.confirmar_em_lote([*pedidos, doador], autor=rh)
    assert [d.resultado for d in decisoes] == [R.DEFERIDO, R.INDEFERIDO, R.INDEFERIDO,
                                               R.INDEFERIDO]
    assert ignorados == [doador]
    assert DecisaoIsencao.objects.filter(confirma_verificacao=True).count() == 4
    assert Ato.objects.filter(tipo="isencao_decisao_preliminar").count() == 4


# --- publications and appeal -----------------------------------------------------------------


def _fase_preliminar(certame, rh, *nis):
    """Requests on these NIS, confirmed, with the preliminary result published."""
    pedidos = [_pedir(inscricao(certame), n, rh) for n in nis]
    isencao.confirmar_em_lote(pedidos, autor=rh)
    isencao.publicar_resultado(certame, "preliminar", autor=rh, agora=APOS_PEDIDO)
    for p in pedidos:
        p.refresh_from_db()
    return pedidos


def test_publicacao_preliminar_depois_do_prazo_e_com_tudo_decidido(certame, cadunico, rh):
    pedido = _pedir(inscricao(certame), NIS_A, rh)
    with pytest.raises(ValidationError) as exc:
        isencao.publicar_resultado(certame, "preliminar", autor=rh, agora=DURANTE_PEDIDO)
    # The schedule's guard (certames/cronograma.py): the stage "Resultado preliminar da
    # isenção" opens on 11/10/2026 00:00, after the request window (art. 3º, I and IV).
    assert _mensagem(exc) == ("O resultado preliminar da isenção da taxa só pode ser publicado "
                              "a partir de 11/10/2026 00:00 (etapa “Resultado preliminar da "
                              "isenção” do cronograma).")
    assert not PublicacaoResultado.objects.exists()
    with pytest.raises(ValidationError) as exc:
        isencao.publicar_resultado(certame, "preliminar", autor=rh, agora=APOS_PEDIDO)
    assert _mensagem(exc) == (f"Há pedidos sem análise preliminar (inscrições "
                              f"{pedido.inscricao.numero}). Decida todos antes de publicar.")
    isencao.decidir_preliminar(pedido, autor=rh, confirmar=True)
    pub = isencao.publicar_resultado(certame, "preliminar", autor=rh, agora=APOS_PEDIDO)
    assert (pub.fase, pub.publicada_por) == ("preliminar", rh)
    # The kernel's act of batch 1 (nucleo.publicacao): its requests, the rejected ones and
    # the batch's appeal window.
    assert Ato.objects.get(tipo="resultado_preliminar_isencao").depois == {
        "lote": 1, "pedidos": [pedido.pk], "indeferidos": [],
        "prazo_recurso": [RECURSO[0].astimezone(dt.UTC).isoformat(),
                          RECURSO[1].astimezone(dt.UTC).isoformat()]}
    with pytest.raises(ValidationError):
        isencao.publicar_resultado(certame, "preliminar", autor=rh, agora=APOS_PEDIDO)
    # After the publication the preliminary result is revised only by the appeal.
    with pytest.raises(ValidationError):
        isencao.decidir_preliminar(pedido, autor=rh, resultado=R.INDEFERIDO,
                                   motivacao="Renda acima do limite segundo nova consulta.")


def test_recurso_so_no_prazo_e_so_contra_indeferimento(certame, cadunico, rh):
    deferido, indeferido = _fase_preliminar(certame, rh, NIS_A, NIS_B)
    texto = "Minha renda mudou; o cadastro foi atualizado em setembro."
    with pytest.raises(ValidationError) as exc:
        isencao.apresentar_recurso(deferido, texto=texto, autor=_titular(deferido),
                                   agora=DURANTE_RECURSO)
    assert _mensagem(exc) == "Só cabe recurso contra o indeferimento do pedido."
    titular = _titular(indeferido)
    # The batch's appeal window (nucleo.lotes; the kernel's words).
    for agora, mensagem in (
            (RECURSO[0] - dt.timedelta(minutes=1),
             "O prazo de recurso ainda não começou: recursos podem ser apresentados de "
             "20/10/2026 00:00 a 22/10/2026 23:59."),
            (RECURSO[1] + dt.timedelta(minutes=1),
             "O prazo de recurso terminou: recursos podiam ser apresentados de 20/10/2026 "
             "00:00 a 22/10/2026 23:59.")):
        with pytest.raises(ValidationError) as exc:
            isencao.apresentar_recurso(indeferido, texto=texto, autor=titular, agora=agora)
        assert _mensagem(exc) == mensagem
    assert Recurso.objects.count() == 0
    recurso = isencao.apresentar_recurso(indeferido, texto=texto, autor=titular,
                                         agora=RECURSO[1], arquivos=[_pdf("extrato.pdf")])
    assert (recurso.procedimento, recurso.objeto_id) == ("isencao", indeferido.pk)
    assert recurso.anexos.get().arquivo.name.endswith(".pdf")
    with pytest.raises(ValidationError) as exc:
        isencao.apresentar_recurso(indeferido, texto=texto, autor=titular, agora=DURANTE_RECURSO)
    assert _mensagem(exc) == (f"Você já apresentou recurso contra esta decisão em "
                              f"{data_hora_br(recurso.apresentado_em)}; cabe um único "
                              f"recurso.")
    assert Ato.objects.filter(tipo="recurso_isencao").count() == 1


def test_recurso_antes_do_resultado_preliminar(certame, cadunico, rh):
    pedido = _pedir(inscricao(certame), NIS_B, rh)
    isencao.decidir_preliminar(pedido, autor=rh, confirmar=True)
    with pytest.raises(ValidationError) as exc:
        isencao.apresentar_recurso(pedido, texto="Discordo do indeferimento do pedido.",
                                   autor=_titular(pedido), agora=DURANTE_RECURSO)
    assert _mensagem(exc) == "O resultado desta decisão ainda não foi publicado."


def test_anexo_do_recurso_conferido(certame, cadunico, rh):
    (pedido,) = _fase_preliminar(certame, rh, NIS_B)
    with pytest.raises(ValidationError):
        isencao.apresentar_recurso(pedido, texto="Segue o comprovante de renda.",
                                   autor=_titular(pedido), agora=DURANTE_RECURSO,
                                   arquivos=[SimpleUploadedFile("a.pdf", EXE)])
    assert Recurso.objects.count() == 0


def test_recurso_deferido_e_negado_e_resultado_definitivo(certame, cadunico, rh):
    """The decider (rh) keeps both decisions at once, so the certame's superior authority
    judges them before the final result (Lei 9.784/1999, art. 56, §1º; before, the
    RH user who decided judged the appeal)."""
    superior = usuario("rh_superior", "RH", staff=True)
    designar(certame, superior, autor=rh)
    apto, acima, inativo, nao_recorreu = _fase_preliminar(certame, rh, NIS_A, NIS_B, NIS_D,
                                                          NIS_E)
    for pedido in (acima, inativo):
        recurso = isencao.apresentar_recurso(pedido, texto="Peço a revisão do indeferimento.",
                                             autor=_titular(pedido), agora=DURANTE_RECURSO)
        manter(recurso, rh, agora=DURANTE_RECURSO)
    with pytest.raises(ValidationError):
        isencao.julgar_recurso(acima, resultado=R.INDEFERIDO, motivacao="Negado",
                               autor=superior, agora=DURANTE_RECURSO)
    with pytest.raises(ValidationError):  # the decider does not judge
        isencao.julgar_recurso(acima, resultado=R.DEFERIDO, autor=rh, agora=DURANTE_RECURSO,
                               motivacao="Extrato atualizado juntado ao recurso mostra renda "
                                         "de R$ 700,00.")
    isencao.julgar_recurso(acima, resultado=R.DEFERIDO, autor=superior, agora=DURANTE_RECURSO,
                           motivacao="Extrato atualizado juntado ao recurso mostra renda de "
                                     "R$ 700,00.")
    negado = isencao.julgar_recurso(
        inativo, resultado=R.INDEFERIDO, autor=superior, agora=DURANTE_RECURSO,
        motivacao="O cadastro continuava inativo na data do pedido; o recurso não traz prova "
                  "em contrário.")
    assert (negado.fase, negado.resultado) == ("recurso", R.INDEFERIDO)
    acima.refresh_from_db()
    assert (acima.resultado_preliminar, acima.resultado_final) == (R.INDEFERIDO, R.DEFERIDO)

    # Final result: only after the appeal window.
    with pytest.raises(ValidationError) as exc:
        isencao.publicar_resultado(certame, "final", autor=rh, agora=DURANTE_RECURSO)
    assert _mensagem(exc) == ("O prazo de recurso ainda não terminou (de 20/10/2026 00:00 a "
                              "22/10/2026 23:59).")
    isencao.publicar_resultado(certame, "final", autor=rh, agora=APOS_RECURSO)
    finais = {p.nis: (p.resultado_final, p.inscricao.situacao_taxa)
              for p in PedidoIsencao.objects.select_related("inscricao")}
    assert finais == {
        NIS_A: (R.DEFERIDO, T.ISENTA),
        NIS_B: (R.DEFERIDO, T.ISENTA),       # appeal granted
        NIS_D: (R.INDEFERIDO, T.PENDENTE),   # appeal denied: may pay until the deadline
        NIS_E: (R.INDEFERIDO, T.PENDENTE),   # no appeal: the preliminary result stands
    }
    nao_recorreu.refresh_from_db()
    assert nao_recorreu.motivo_final == nao_recorreu.motivo_preliminar
    assert Ato.objects.get(tipo="resultado_definitivo_isencao").depois == {
        "lote": 1, "deferido": 2, "indeferido": 2}
    assert Ato.objects.filter(tipo="isencao_taxa").count() == 2
    # Nothing changes after the final publication.
    with pytest.raises(ValidationError):
        isencao.julgar_recurso(inativo, resultado=R.DEFERIDO, autor=rh,
                               motivacao="Revisão tardia do recurso.")


def test_reconsideracao_por_quem_decidiu_e_o_resultado_definitivo(certame, cadunico, rh):
    """Filed 21/10 10:00, the decider (rh, who confirmed the preliminary result) may
    reconsider until 26/10 23:59:59 (Lei 9.784/1999, art. 56, §1º, and art. 66): the
    reconsideration is the request's final result, published with the batch; the candidate
    learns the outcome from the publication, not from the appeal's status."""
    (acima,) = _fase_preliminar(certame, rh, NIS_B)
    recurso = isencao.apresentar_recurso(acima, texto="Peço a revisão do indeferimento.",
                                         autor=_titular(acima), agora=DURANTE_RECURSO)
    assert autoridade.tramite(recurso, DURANTE_RECURSO).decisor == rh
    autoridade.reconsiderar(recurso, autor=rh, reconsidera=True, agora=DURANTE_RECURSO,
                            motivacao="O extrato juntado ao recurso mostra renda de R$ 700,00.")
    decisao = DecisaoIsencao.objects.get(pedido=acima, fase="reconsideracao")
    assert (decisao.resultado, decisao.autor) == (R.DEFERIDO, rh)
    atual = autoridade.tramite(recurso, APOS_RECURSO)
    assert (atual.estado, atual.texto) == (
        "reconsiderado", "Seu recurso já foi decidido. O resultado é o do resultado definitivo "
                         "da isenção da taxa, quando publicado.")
    isencao.publicar_resultado(certame, "final", autor=rh, agora=APOS_RECURSO)
    acima.refresh_from_db()
    assert (acima.resultado_final, acima.inscricao.situacao_taxa) == (R.DEFERIDO, T.ISENTA)
    assert Ato.objects.get(tipo="recurso_reconsiderado").descricao == (
        f"Indeferimento da isenção da inscrição {acima.inscricao.numero} reconsiderado por "
        f"quem o proferiu: pedido deferido (recurso atendido).")


def test_resultado_definitivo_exige_recursos_julgados(certame, cadunico, rh):
    (pedido,) = _fase_preliminar(certame, rh, NIS_B)
    isencao.apresentar_recurso(pedido, texto="Peço a revisão do indeferimento.",
                               autor=_titular(pedido), agora=DURANTE_RECURSO)
    with pytest.raises(ValidationError) as exc:
        isencao.publicar_resultado(certame, "final", autor=rh, agora=APOS_RECURSO)
    assert _mensagem(exc) == f"Recursos ainda não julgados: {pedido.inscricao.numero}."
    assert not PublicacaoResultado.objects.filter(fase="final").exists()


def test_resultado_definitivo_antes_do_preliminar(certame, rh):
    with pytest.raises(ValidationError) as exc:
        isencao.publicar_resultado(certame, "final", autor=rh, agora=APOS_RECURSO)
    assert _mensagem(exc) == "Publique antes o resultado preliminar da isenção da taxa."


# --- no refund (art. 6º, III) ----------------------------------------------------------------


def test_taxa_ja_paga_nao_e_restituida(certame, cadunico, rh):
    insc = inscricao(certame, situacao_taxa=T.PAGA)
    pedido = _pedir(insc, NIS_A, rh)
    decisao = isencao.decidir_preliminar(pedido, autor=rh, confirmar=True)
    assert decisao.resultado == R.DEFERIDO
    assert decisao.motivacao.endswith(
        " A taxa já foi paga: a isenção não gera restituição do valor pago (Lei 3.057/2026 "
        "de Severínia, art. 6º, III).")
    isencao.publicar_resultado(certame, "preliminar", autor=rh, agora=APOS_PEDIDO)
    isencao.publicar_resultado(certame, "final", autor=rh, agora=APOS_RECURSO)
    insc.refresh_from_db()
    pedido.refresh_from_db()
    assert (pedido.resultado_final, insc.situacao_taxa) == (R.DEFERIDO, T.PAGA)
    ato = Ato.objects.get(tipo="isencao_taxa")
    assert (ato.fundamento_legal, ato.antes, ato.depois) == (
        "Lei 3.057/2026 de Severínia, art. 6º, III", {"situacao_taxa": "paga"},
        {"situacao_taxa": "paga"})


# --- payment deadline ------------------------------------------------------------------------


@pytest.fixture
def indeferido_final(certame, cadunico, rh):
    (pedido,) = _fase_preliminar(certame, rh, NIS_B)
    isencao.publicar_resultado(certame, "final", autor=rh, agora=APOS_RECURSO)
    return pedido.inscricao


def test_pagamento_apos_indeferimento_definitivo_no_prazo(indeferido_final, rh):
    insc = indeferido_final
    assert isencao.situacao_taxa_efetiva(insc, APOS_RECURSO) == T.PENDENTE
    isencao.registrar_pagamento(insc, autor=rh, referencia="Boleto 123 pago em 01/11/2026",
                                agora=dt.datetime(2026, 11, 5, 23, 59, tzinfo=TZ))
    insc.refresh_from_db()
    assert insc.situacao_taxa == T.PAGA
    assert isencao.situacao_taxa_efetiva(insc, APOS_PAGAMENTO) == T.PAGA
    ato = Ato.objects.get(tipo="pagamento_taxa")
    assert (ato.motivacao, ato.antes, ato.depois["situacao_taxa"]) == (
        "Boleto 123 pago em 01/11/2026", {"situacao_taxa": "pendente"}, "paga")
    with pytest.raises(ValidationError):
        isencao.registrar_pagamento(insc, autor=rh, referencia="Boleto 124",
                                    agora=APOS_RECURSO)


def test_pagamento_depois_do_prazo_e_recusado(indeferido_final, rh):
    insc = indeferido_final
    with pytest.raises(ValidationError) as exc:
        isencao.registrar_pagamento(insc, autor=rh, referencia="Boleto 123",
                                    agora=APOS_PAGAMENTO)
    assert _mensagem(exc) == ("O prazo de pagamento da taxa terminou em 05/11/2026 23:59 "
                              "(Lei 3.057/2026, art. 3º, VII e §3º).")
    insc.refresh_from_db()
    assert insc.situacao_taxa == T.PENDENTE
    # Derived from the clock, even before RH closes the deadline.
    assert isencao.situacao_taxa_efetiva(insc, APOS_PAGAMENTO) == T.NAO_CONFIRMADA


def test_isenta_nao_paga(certame, cadunico, rh):
    (pedido,) = _fase_preliminar(certame, rh, NIS_A)
    isencao.publicar_resultado(certame, "final", autor=rh, agora=APOS_RECURSO)
    with pytest.raises(ValidationError) as exc:
        isencao.registrar_pagamento(pedido.inscricao, autor=rh, referencia="Boleto 1",
                                    agora=APOS_RECURSO)
    assert _mensagem(exc) == "A inscrição está isenta da taxa."


def test_encerrar_prazo_de_pagamento(certame, indeferido_final, rh):
    paga = inscricao(certame, situacao_taxa=T.PAGA)
    sem_pedido = inscricao(certame)
    desistente = inscricao(certame, situacao="desistente")
    geracao = certame.cargos.get().geracao_classificacao
    with pytest.raises(ValidationError) as exc:
        isencao.encerrar_prazo_pagamento(certame, autor=rh, agora=APOS_RECURSO)
    assert _mensagem(exc) == "O prazo de pagamento termina em 05/11/2026 23:59."
    marcadas = isencao.encerrar_prazo_pagamento(certame, autor=rh, agora=APOS_PAGAMENTO)
    assert sorted(i.numero for i in marcadas) == sorted([indeferido_final.numero,
                                                         sem_pedido.numero])
    situacoes = dict(Inscricao.objects.values_list("numero", "situacao_taxa"))
    assert (situacoes[indeferido_final.numero], situacoes[sem_pedido.numero],
            situacoes[paga.numero], situacoes[desistente.numero]) == (
        T.NAO_CONFIRMADA, T.NAO_CONFIRMADA, T.PAGA, T.PENDENTE)
    ato = Ato.objects.get(tipo="encerramento_prazo_pagamento")
    assert ato.depois == {"situacao_taxa": "nao_confirmada",
                          "inscricoes": sorted([indeferido_final.numero, sem_pedido.numero])}
    assert certame.cargos.get().geracao_classificacao == geracao + 1  # recompute queued
    # Idempotent: nothing left to mark, no new act.
    assert isencao.encerrar_prazo_pagamento(certame, autor=rh, agora=APOS_PAGAMENTO) == []
    assert Ato.objects.filter(tipo="encerramento_prazo_pagamento").count() == 1


def test_pedido_sem_resultado_definitivo_nao_e_inadimplente(certame, cadunico, rh):
    (pedido,) = _fase_preliminar(certame, rh, NIS_B)
    insc = pedido.inscricao
    assert isencao.situacao_taxa_efetiva(insc, APOS_PAGAMENTO) == T.PENDENTE
    assert isencao.encerrar_prazo_pagamento(certame, autor=rh, agora=APOS_PAGAMENTO) == []


# --- false information (art. 5º) -------------------------------------------------------------

NOTIFICACAO = dt.datetime(2026, 11, 10, 9, 0, tzinfo=TZ)
PRAZO_DEFESA = dt.datetime(2026, 11, 20, 23, 59, tzinfo=TZ)
DEPOIS_DEFESA = dt.datetime(2026, 11, 21, 9, 0, tzinfo=TZ)
FATOS = "Denúncia: a renda declarada ao CadÚnico omite o salário do cônjuge."
MOTIVACAO = ("A declaração ao CadÚnico omitiu renda formal do cônjuge comprovada pela RAIS; "
             "a defesa não a contestou.")


def _procedimento(pedido, rh):
    return isencao.abrir_procedimento_falsidade(pedido, fatos=FATOS, prazo_defesa=PRAZO_DEFESA,
                                                autor=rh, agora=NOTIFICACAO)


@pytest.fixture
def deferido(certame, cadunico, rh, candidato_user):
    insc = inscricao(certame, candidato=candidato_user.candidato)
    candidato_user.candidato.email = "maria@example.com"
    candidato_user.candidato.save()
    pedido = _pedir(insc, NIS_A, rh)
    isencao.confirmar_em_lote([pedido], autor=rh)
    isencao.publicar_resultado(certame, "preliminar", autor=rh, agora=APOS_PEDIDO)
    isencao.publicar_resultado(certame, "final", autor=rh, agora=APOS_RECURSO)
    pedido.refresh_from_db()
    return pedido


def test_procedimento_notifica_e_recebe_defesa_no_prazo(deferido, rh, candidato_user,
                                                       django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        proc = _procedimento(deferido, rh)
    assert (proc.tipo, proc.notificado_em, proc.prazo_defesa) == (
        "falsidade_isencao", NOTIFICACAO, PRAZO_DEFESA)
    assert [m.to for m in mail.outbox] == [["maria@example.com"]]
    assert "20/11/2026 23:59" in mail.outbox[0].body
    with pytest.raises(ValidationError):
        isencao.apresentar_defesa(proc, defesa="Minha defesa fora do prazo.",
                                  autor=candidato_user, agora=DEPOIS_DEFESA)
    isencao.apresentar_defesa(proc, defesa="O cônjuge não mora mais na casa desde 2025.",
                              autor=candidato_user, agora=PRAZO_DEFESA)
    proc.refresh_from_db()
    assert proc.defesa_em == PRAZO_DEFESA
    assert list(Ato.objects.filter(objeto_id=str(proc.pk), objeto_tipo__model=
                                   "procedimentoadministrativo")
                .order_by("criado_em", "id").values_list("tipo", flat=True)) == [
        "procedimento_instaurado", "procedimento_defesa"]


def test_decisao_antes_do_fim_do_prazo_sem_defesa_e_recusada(deferido, rh):
    proc = _procedimento(deferido, rh)
    with pytest.raises(ValidationError) as exc:
        isencao.decidir_procedimento(proc, conclusao="procedente", motivacao=MOTIVACAO,
                                     autor=rh, agora=PRAZO_DEFESA)
    assert _mensagem(exc) == (
        "Aguarde a defesa ou o fim do prazo da defesa (20/11/2026 23:59): contraditório e "
        "ampla defesa (Lei 3.057/2026, art. 5º, parágrafo único).")
    proc.refresh_from_db()
    assert proc.conclusao == ""


def test_decisao_com_defesa_pode_vir_antes_do_fim_do_prazo(deferido, rh, candidato_user):
    proc = _procedimento(deferido, rh)
    isencao.apresentar_defesa(proc, defesa="Os dados do CadÚnico estão corretos.",
                              autor=candidato_user, agora=NOTIFICACAO)
    proc = isencao.decidir_procedimento(
        proc, conclusao="improcedente", autor=rh, agora=NOTIFICACAO,
        motivacao="A defesa comprovou a separação do casal antes do pedido; sem falsidade.")
    assert (proc.conclusao, proc.consequencia) == ("improcedente", "nenhuma")
    deferido.refresh_from_db()
    deferido.inscricao.refresh_from_db()
    assert (deferido.resultado_final, deferido.inscricao.situacao,
            deferido.inscricao.situacao_taxa) == (R.DEFERIDO, "habilitado", T.ISENTA)


@pytest.mark.parametrize(("status", "convocada", "consequencia", "fundamento"), [
    (Certame.Status.EM_ANDAMENTO, False, "cancelamento",
     "Lei 3.057/2026 de Severínia, art. 5º, I e II"),
    (Certame.Status.HOMOLOGADO, False, "exclusao_lista",
     "Lei 3.057/2026 de Severínia, art. 5º, I e III"),
    (Certame.Status.HOMOLOGADO, True, "anulacao",
     "Lei 3.057/2026 de Severínia, art. 5º, I e IV"),
])
def test_falsidade_comprovada_consequencia_pela_fase(deferido, rh, status, convocada,
                                                     consequencia, fundamento):
    insc = deferido.inscricao
    Certame.objects.filter(pk=insc.certame_id).update(status=status)
    if convocada:
        Inscricao.objects.filter(pk=insc.pk).update(convocada_em=NOTIFICACAO)
    geracao = insc.cargo.geracao_classificacao
    proc = _procedimento(deferido, rh)
    proc = isencao.decidir_procedimento(proc, conclusao="procedente", motivacao=MOTIVACAO,
                                        autor=rh, agora=DEPOIS_DEFESA)
    assert (proc.conclusao, proc.consequencia, proc.fundamento, proc.decidido_por,
            proc.decidido_em) == ("procedente", consequencia, fundamento, rh, DEPOIS_DEFESA)
    insc.refresh_from_db()
    deferido.refresh_from_db()
    # Always: the request is rejected (art. 5º, I) and the inscrição eliminated.
    assert (deferido.resultado_final, insc.situacao, insc.situacao_taxa) == (
        R.INDEFERIDO, "eliminado", T.PENDENTE)
    assert deferido.motivo_final == (
        "Indeferido por declaração, informação ou documento falso, apurado em procedimento "
        f"administrativo (Lei 3.057/2026, art. 5º, I): {MOTIVACAO}")
    assert set(Ato.objects.values_list("tipo", flat=True)) >= {
        "procedimento_instaurado", "procedimento_decidido", "isencao_indeferida_falsidade",
        "eliminacao"}
    assert Ato.objects.get(tipo="eliminacao").fundamento_legal == fundamento
    insc.cargo.refresh_from_db()
    assert insc.cargo.geracao_classificacao == geracao + 1  # recompute queued


def test_falsidade_depois_da_convocacao_anula_a_chamada(deferido, rh):
    """Lei 3.057/2026, art. 5º, IV: a falsity found after the call annuls it ("anulação da
    nomeação, contratação ou convocação"): the decision records the annulment on the call the
    inscrição holds, with the regime's article, and every order shows it as annulled."""
    insc = deferido.inscricao
    Certame.objects.filter(pk=insc.certame_id).update(status=Certame.Status.HOMOLOGADO)
    versao = recalcular(insc.cargo_id)
    Inscricao.objects.filter(pk=insc.pk).update(convocada_em=NOTIFICACAO)
    chamada = Chamada.objects.create(cargo_id=insc.cargo_id, posicao=1, inscricao=insc,
                                     vaga="AC", lista="AC", versao=versao,
                                     prazo=NOTIFICACAO.date())
    proc = isencao.decidir_procedimento(_procedimento(deferido, rh), conclusao="procedente",
                                        motivacao=MOTIVACAO, autor=rh, agora=DEPOIS_DEFESA)
    fundamento = "Lei 3.057/2026 de Severínia, art. 5º, I e IV"
    assert (proc.consequencia, proc.fundamento) == ("anulacao", fundamento)
    evento = EventoChamada.objects.get(chamada=chamada)
    assert (evento.tipo, evento.data, evento.fundamento) == (
        "anulada", DEPOIS_DEFESA.date(), fundamento)
    (s,) = carreira.historico(insc.cargo_id)
    assert (s.codigo, s.descricao) == (
        "anulada", f"Anulada ({DEPOIS_DEFESA.strftime('%d/%m/%Y')}; {fundamento})")


def test_recurso_provido_desfaz_o_indeferimento_por_falsidade(deferido, rh, candidato_user):
    """A granted appeal in the falsity procedure (Lei 9.784/1999, art. 64, subsidiarily):
    art. 5º, I no longer applies, so the request is deferido again, the fee isenta again and
    the elimination lifted; each undo is an act, the decision stays recorded."""
    insc = deferido.inscricao
    proc = isencao.decidir_procedimento(_procedimento(deferido, rh), conclusao="procedente",
                                        motivacao=MOTIVACAO, autor=rh, agora=DEPOIS_DEFESA)
    procedimentos_admin.apresentar_recurso(proc, autor=candidato_user, agora=DEPOIS_DEFESA,
                           texto="O cônjuge saiu de casa antes do pedido; junto a certidão.")
    superior = usuario("rh_segunda_instancia", "RH", staff=True)
    designar(insc.certame, superior, autor=rh)
    procedimentos_admin.julgar_recurso(  # after the decider's five days (21/11 -> 26/11)
        proc, provido=True, autor=superior, agora=DEPOIS_DEFESA + dt.timedelta(days=6),
        motivacao="A certidão de separação juntada ao recurso afasta a omissão de renda.")
    deferido.refresh_from_db()
    insc.refresh_from_db()
    assert (deferido.resultado_final, insc.situacao, insc.situacao_taxa) == (
        R.DEFERIDO, "habilitado", T.ISENTA)
    assert isencao.procedimento_procedente(insc.pk) is False
    ato = Ato.objects.get(tipo="isencao_falsidade_revogada")
    assert (ato.antes, ato.depois) == (
        {"resultado_preliminar": R.DEFERIDO, "resultado_final": R.INDEFERIDO,
         "situacao_taxa": T.PENDENTE},
        {"resultado_preliminar": R.DEFERIDO, "resultado_final": R.DEFERIDO,
         "situacao_taxa": T.ISENTA, "procedimento": proc.pk})
    proc.refresh_from_db()
    assert (proc.conclusao, proc.recurso_resultado) == ("procedente", "provido")


def test_procedimento_exige_fatos_e_prazo_futuro(deferido, rh):
    with pytest.raises(ValidationError):
        isencao.abrir_procedimento_falsidade(deferido, fatos="curto", prazo_defesa=PRAZO_DEFESA,
                                             autor=rh, agora=NOTIFICACAO)
    with pytest.raises(ValidationError):
        isencao.abrir_procedimento_falsidade(deferido, fatos=FATOS, prazo_defesa=NOTIFICACAO,
                                             autor=rh, agora=NOTIFICACAO)
    _procedimento(deferido, rh)
    with pytest.raises(ValidationError):  # one open procedure at a time
        _procedimento(deferido, rh)
    assert ProcedimentoAdministrativo.objects.count() == 1


# --- personal exemption and the RH filters ---------------------------------------------------


def test_so_o_proprio_candidato_pede_e_recorre(certame, cadunico, rh, candidato_user):
    outra = usuario("outra_teste", "Candidato")
    CandidatoFactory(usuario=outra)
    insc = inscricao(certame, candidato=candidato_user.candidato)
    with pytest.raises(PermissionDenied):
        _pedir(insc, NIS_B, outra)
    pedido = _pedir(insc, NIS_B, candidato_user)
    isencao.decidir_preliminar(pedido, autor=rh, confirmar=True)
    isencao.publicar_resultado(certame, "preliminar", autor=rh, agora=APOS_PEDIDO)
    with pytest.raises(PermissionDenied):
        isencao.apresentar_recurso(pedido, texto="Recurso apresentado por outra pessoa.",
                                   autor=outra, agora=DURANTE_RECURSO)
    with pytest.raises(PermissionDenied):  # nor RH on the candidate's behalf
        isencao.apresentar_recurso(pedido, texto="Recurso apresentado pelo RH.", autor=rh,
                                   agora=DURANTE_RECURSO)
    assert isencao.apresentar_recurso(pedido, texto="Meu próprio recurso contra o indeferimento.",
                                      autor=candidato_user, agora=DURANTE_RECURSO).pk


def test_filtros_da_lista_do_rh(certame, cadunico, rh):
    apto, acima, inativo = _fase_preliminar(certame, rh, NIS_A, NIS_B, NIS_D)
    doador = PedidoIsencao.objects.create(inscricao=inscricao(certame), tipo="doador_sangue",
                                          solicitado_em=DURANTE_PEDIDO,
                                          verificacao=V.NAO_SE_APLICA)
    isencao.apresentar_recurso(acima, texto="Peço a revisão do indeferimento.",
                               autor=_titular(acima), agora=DURANTE_RECURSO)
    recurso = isencao.apresentar_recurso(inativo, texto="Peço a revisão do indeferimento.",
                                         autor=_titular(inativo), agora=DURANTE_RECURSO)
    superior = usuario("rh_superior", "RH", staff=True)
    designar(certame, superior, autor=rh)
    manter(recurso, rh, agora=DURANTE_RECURSO)
    isencao.julgar_recurso(inativo, resultado=R.DEFERIDO, autor=superior,
                           agora=DURANTE_RECURSO,
                           motivacao="Cadastro reativado antes do pedido, segundo o CRAS.")

    def filtrar(**kw):
        return {p.pk for p in isencao.pedidos_do_certame(certame, **kw)}

    assert filtrar(tipo="doador_sangue") == {doador.pk}
    assert filtrar(verificacao="renda_acima") == {acima.pk}
    assert filtrar(status="aguardando") == {doador.pk}
    assert filtrar(status="deferido_preliminar") == {apto.pk}
    assert filtrar(status="indeferido_preliminar") == {acima.pk, inativo.pk}
    assert filtrar(status="recurso_pendente") == {acima.pk}
    assert filtrar(status="deferido_final") == {inativo.pk}
    assert filtrar(status="qualquer") == {apto.pk, acima.pk, inativo.pk, doador.pk}
