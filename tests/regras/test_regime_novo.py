"""A fifth municipality's law defined only as data (one `Regime`, registered in `REGIMES`)
flows through every path that used to compare regime ids: who is called to
each committee, the in-person rule, the committee's composition, the fraud consequence and its
forwarding, the fee exemption, the documents, the option change and the appeal's basis. No
code is changed for it."""

import datetime as dt
from decimal import Decimal
from fractions import Fraction
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from candidatos import inscricao_portal, isencao, procedimentos
from candidatos.models import CorRaca, PedidoIsencao, ProcedimentoAdministrativo
from certames.models import Ato
from certames.regras import REGIMES
from certames.regras.documentos import regra_documental
from certames.regras.procedimentos import (
    AVALIACAO_PCD,
    CADUNICO,
    DOADOR_SANGUE,
    DOCUMENTAL,
    HETEROIDENTIFICACAO,
    INDIGENA,
    MINISTERIO_PUBLICO,
    NEGRAS,
    PARDA,
    PRETA,
    ModalidadeIsencao,
    RegraComposicao,
    RegraConvocacao,
    RegraDocumental,
    RegraIsencao,
    RegraProcedimento,
    RegraSancao,
)
from certames.regras.regimes import (
    PCD,
    PERMANECE_AC,
    Grupo,
    NaoConfirmacao,
    Regime,
    RegraPcd,
    Reversao,
)
from comissoes.dominio import composicao, resultados, sessoes
from comissoes.dominio.convocacao import candidatos_a_convocar, convocar
from comissoes.models import Comissao
from tests.candidatos.test_isencao_apoio import DURANTE_PEDIDO, certame_severinia, inscricao
from tests.comissoes.fabricas import comissao_completa, sessao
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory

pytestmark = pytest.mark.django_db

TZ = ZoneInfo("America/Sao_Paulo")
LEI = "Lei 100/2027"

#: Every value differs from the seed regimes', so that a path still reading a seed law fails.
QUINTO = Regime(
    id="teste-lei100-2027",
    nome="Município Teste (Lei 100/2027)",
    lei=f"{LEI} do Município Teste",
    vigencia_desde=None,
    fundamento_vigencia=f"{LEI}: sem regra de transição",
    grupos=(Grupo("PP", "pessoas pretas e pardas", Fraction(20, 100), f"{LEI}, art. 1º, I"),
            Grupo("I", "pessoas indígenas", Fraction(5, 100), f"{LEI}, art. 1º, II")),
    limiar_arredondamento=Fraction(1, 2),
    fundamento_arredondamento=f"{LEI}, art. 1º, §1º",
    limiar_definido_em_lei=True,
    minimo_vagas=0,
    fundamento_minimo=f"{LEI}, art. 1º, §2º",
    pcd=RegraPcd(Fraction(5, 100), Fraction(20, 100), f"{LEI}, art. 9º"),
    nao_confirmacao=(
        NaoConfirmacao("PP", PERMANECE_AC, f"{LEI}, art. 4º", (PERMANECE_AC,)),
        NaoConfirmacao("I", PERMANECE_AC, f"{LEI}, art. 5º, §1º", (PERMANECE_AC,)),
        NaoConfirmacao(PCD, PERMANECE_AC, f"{LEI}, art. 9º, §1º", (PERMANECE_AC,)),
    ),
    reversoes=(Reversao("PP", f"{LEI}, art. 1º, §3º", (), f"{LEI}, art. 1º, §4º"),
               Reversao("I", f"{LEI}, art. 1º, §3º", (), f"{LEI}, art. 1º, §4º"),
               Reversao(PCD, f"{LEI}, art. 9º, §2º", (), f"{LEI}, art. 9º, §3º")),
    fundamento_concorrencia=f"{LEI}, art. 1º, §5º",
    fundamento_fraude=f"{LEI}, art. 6º",
    fundamento_convocacao=f"{LEI}, art. 10",
    fundamento_efeito_definitivo=f"{LEI}, art. 4º, parágrafo único",
    heteroidentificacao=f"comissão de heteroidentificação ({LEI}, art. 3º)",
    comprovacao_indigena=f"verificação documental ({LEI}, art. 5º)",
    procedimentos=(
        RegraProcedimento(
            RegraConvocacao(("PP",), NEGRAS, True, False,
                            f"{LEI}, art. 3º, §1º (optantes PP habilitados)"),
            fundamento=f"{LEI}, art. 3º",
            fundamento_recurso=f"{LEI}, art. 3º, §4º",
            presencial_obrigatoria=True,
            fundamento_presenca=f"{LEI}, art. 3º, §2º",
            fundamento_ausencia=f"edital; {LEI}, art. 4º",
        ),
        # No documentary nor PcD rule: the product's default applies.
    ),
    composicao=RegraComposicao(
        diversidade_exigida=True, fundamento_diversidade=f"{LEI}, art. 3º, §3º",
        tamanho_padrao=7, fundamento_tamanho=f"{LEI}, art. 3º, §5º",
        tamanho_minimo=5, fundamento_minimo=f"{LEI}, art. 3º, §5º"),
    fraude=RegraSancao(
        procedimento=f"{LEI}, art. 6º, caput", garantia=f"{LEI}, art. 6º",
        cancelamento=f"{LEI}, art. 6º, I", exclusao_lista=f"{LEI}, art. 6º, II",
        anulacao=f"{LEI}, art. 6º, III",
        encaminhamentos=((MINISTERIO_PUBLICO, f"{LEI}, art. 6º, §1º"),)),
    isencao=RegraIsencao(
        lei=LEI,
        modalidades=(ModalidadeIsencao(DOADOR_SANGUE, "doador de sangue", f"{LEI}, art. 8º"),),
        fundamento_requerimento=f"{LEI}, art. 8º, §1º",
        fundamento_nis=f"{LEI}, art. 8º, §2º",
        fundamento_renda=f"{LEI}, art. 8º, §3º",
        fundamento_cadastro=f"{LEI}, art. 8º, §4º",
        fundamento_atualizacao=f"{LEI}, art. 8º, §5º",
        fundamento_motivacao=f"{LEI}, art. 8º, §6º",
        fundamento_indeferimento=f"{LEI}, art. 8º, §6º (motivado)",
        fundamento_deferimento=f"{LEI}, art. 8º, caput",
        fundamento_resultado_preliminar=f"{LEI}, art. 8º, §7º",
        fundamento_recurso=f"{LEI}, art. 8º, §8º",
        fundamento_prazo_recurso=f"{LEI}, art. 8º, §8º",
        fundamento_resultado_definitivo=f"{LEI}, art. 8º, §9º",
        fundamento_pagamento=f"{LEI}, art. 8º, §10",
        fundamento_prazo_pagamento=f"{LEI}, art. 8º, §10",
        fundamento_sem_restituicao=f"{LEI}, art. 8º, §11",
        falsidade=RegraSancao(f"{LEI}, art. 8º-A", f"{LEI}, art. 8º-A", f"{LEI}, art. 8º-A, I",
                              f"{LEI}, art. 8º-A, II", f"{LEI}, art. 8º-A, III"),
        fundamento_falsidade=f"{LEI}, art. 8º-A",
        fundamento_falsidade_indeferimento=f"{LEI}, art. 8º-A, I",
    ),
    documentos=(RegraDocumental("I", ("RANI",), (), f"{LEI}, art. 5º"),),
    fundamento_alteracao_opcao=f"{LEI}, art. 2º, §1º",
)


@pytest.fixture(autouse=True)
def quinto(monkeypatch):
    monkeypatch.setitem(REGIMES, QUINTO.id, QUINTO)
    return QUINTO


def _certame(**extra):
    return CertameFactory(regime=QUINTO.id, data_publicacao_edital=dt.date(2027, 3, 1), **extra)


def test_as_constantes_puras_sao_os_valores_dos_modelos():
    """certames/regras imports no Django: its constants must be the models' values."""
    assert (PRETA, PARDA, INDIGENA) == (CorRaca.PRETA, CorRaca.PARDA, CorRaca.INDIGENA)
    assert (HETEROIDENTIFICACAO, DOCUMENTAL, AVALIACAO_PCD) == (
        Comissao.Tipo.HETEROIDENTIFICACAO, Comissao.Tipo.VERIFICACAO_DOCUMENTAL,
        Comissao.Tipo.EQUIPE_MULTIPROFISSIONAL)
    assert (CADUNICO, DOADOR_SANGUE) == (PedidoIsencao.Tipo.CADUNICO,
                                         PedidoIsencao.Tipo.DOADOR_SANGUE)
    C = ProcedimentoAdministrativo.Consequencia
    assert set(QUINTO.regra_fraude.decisao) == {C.CANCELAMENTO, C.EXCLUSAO_LISTA, C.ANULACAO}
    assert MINISTERIO_PUBLICO in procedimentos.Destino.values


def test_o_edital_do_novo_regime_e_valido():
    certame = _certame()
    certame.full_clean()


def test_quem_e_chamado_segue_os_dados(rh):
    """Heteroidentification: the habilitated PP optants, pretos and pardos; the act cites the
    new law. Documents: its I optants, by the product default (no documentary rule)."""
    certame = _certame()
    cargo = CargoFactory(certame=certame)
    a = InscricaoFactory(cargo=cargo, numero="001", cor_raca="parda", listas=["PP"],
                         situacao="habilitado")
    InscricaoFactory(cargo=cargo, numero="002", cor_raca="preta", listas=["PP"],
                     situacao="inscrito")
    InscricaoFactory(cargo=cargo, numero="003", cor_raca="indigena", listas=["I"],
                     situacao="habilitado")
    assert [(c.inscricao.numero, c.lista) for c in candidatos_a_convocar(certame)] == [
        ("001", "PP")]
    assert [(c.inscricao.numero, c.lista)
            for c in candidatos_a_convocar(certame, DOCUMENTAL)] == [("003", "I")]
    comissao, *_ = comissao_completa(certame, titulares=7, tamanho=7)
    convocar(sessao(comissao), a, "PP", timezone.now() + dt.timedelta(days=7), autor=rh)
    assert Ato.objects.get(tipo="convocacao_heteroidentificacao").fundamento_legal == (
        f"{LEI}, art. 3º, §1º (optantes PP habilitados)")


def test_a_sessao_presencial_segue_os_dados(rh):
    certame = _certame()
    comissao, *_ = comissao_completa(certame, titulares=7, tamanho=7)
    inicio = timezone.now() + dt.timedelta(days=3)
    erros = sessoes.erros_agendamento(comissao, inicio=inicio, local="Sala virtual",
                                      modalidade="remota")
    assert erros == {"modalidade": (
        f"A verificação é obrigatoriamente presencial, salvo impedimento por força de norma "
        f"legal vigente ({LEI}, art. 3º, §2º): informe o impedimento legal para agendar uma "
        f"sessão remota.")}
    sessoes.agendar_sessao(comissao, inicio=inicio, local="Sala virtual", modalidade="remota",
                           impedimento_legal="Decisão judicial no processo 123", autor=rh)
    assert Ato.objects.get(tipo="sessao_agendada").fundamento_legal == (
        f"{LEI}, art. 3º, §2º (verificação obrigatoriamente com a presença do candidato)")
    # The documentary committee's mode is the edital's (no rule of the new law on it).
    documental = Comissao.objects.create(certame=certame, tipo=DOCUMENTAL, nome="Doc",
                                         tamanho=7)
    assert sessoes.motivo_recusa_modalidade(QUINTO.id, "remota", "", documental.tipo) is None


def test_composicao_segue_os_dados(rh):
    certame = _certame()
    assert composicao.tamanho_padrao(certame) == 7
    with pytest.raises(ValidationError) as exc:
        composicao.criar_comissao(certame, tipo=HETEROIDENTIFICACAO, nome="Comissão",
                                  autor=rh, tamanho=4)
    assert exc.value.message_dict["tamanho"] == [
        f"A comissão é colegiada: ao menos 5 titulares ({LEI}, art. 3º, §5º)."]
    cores, regioes = ["preta", "parda", "branca"], ["sul", "norte", "sudeste"]
    membros = [SimpleNamespace(genero="feminino", cor_raca=cores[i % 3], regiao=regioes[i % 3],
                               papel="titular", presidente=(i == 0), ativo=True)
               for i in range(7)]
    [pendencia] = [p for p in composicao.verificar_composicao(membros, 7, regime=QUINTO.id)
                   if p.codigo == "mesmo_genero"]
    assert (pendencia.nivel, pendencia.fundamento) == (composicao.EXIGENCIA,
                                                       f"{LEI}, art. 3º, §3º")


def test_consequencia_da_fraude_e_encaminhamento_seguem_os_dados(rh):
    certame = _certame()
    alvo = InscricaoFactory(cargo=CargoFactory(certame=certame), numero="010",
                            nota=Decimal("90"), cor_raca="parda", listas=["PP"])
    notificacao = dt.datetime(2027, 4, 1, 9, 0, tzinfo=TZ)
    proc = procedimentos.abrir_procedimento(
        alvo, tipo=ProcedimentoAdministrativo.Tipo.FRAUDE_AUTODECLARACAO, lista="PP",
        fatos="Denúncia com documentos de autodeclaração diversa em outro certame.",
        prazo_defesa=notificacao + dt.timedelta(days=10), autor=rh, agora=notificacao)
    assert Ato.objects.get(tipo="procedimento_instaurado").fundamento_legal == (
        f"{LEI}, art. 6º, caput")
    proc = procedimentos.decidir_procedimento(
        proc, conclusao="procedente", autor=rh, agora=notificacao + dt.timedelta(days=11),
        motivacao="Os documentos juntados comprovam a má-fé; a defesa não os contestou.")
    assert (proc.consequencia, proc.fundamento) == ("cancelamento", f"{LEI}, art. 6º, I")
    assert procedimentos.encaminhamentos_exigidos(proc) == [
        (MINISTERIO_PUBLICO, f"{LEI}, art. 6º, §1º")]
    assert procedimentos.encaminhamentos_pendentes(proc) == [MINISTERIO_PUBLICO]


def test_isencao_disponivel_e_do_tipo_da_lei(rh):
    """The new law grants only the blood donors' exemption: a CadÚnico request is refused,
    a donor's request is accepted with the new law's articles."""
    certame = certame_severinia(regime=QUINTO.id, data_publicacao_edital=dt.date(2027, 3, 1))
    assert isencao.oferece_isencao(certame) is True
    assert QUINTO.id in isencao.regimes_com_isencao()
    with pytest.raises(ValidationError) as exc:
        isencao.solicitar_isencao(inscricao(certame), tipo="cadunico", nis="12345678900",
                                  autor=rh, agora=DURANTE_PEDIDO)
    assert exc.value.messages == ["Tipo de isenção inválido."]
    pedido = isencao.solicitar_isencao(
        inscricao(certame), tipo="doador_sangue", autor=rh, agora=DURANTE_PEDIDO,
        comprovante=SimpleUploadedFile("doacao.pdf", b"%PDF-1.4\n%%EOF\n",
                                       content_type="application/pdf"))
    assert Ato.objects.get(tipo="isencao_pedido", objeto_id=str(pedido.pk)).fundamento_legal == (
        f"{LEI}, art. 8º, §1º; {LEI}, art. 8º")


def test_regime_sem_isencao_recusa_o_pedido(rh):
    certame = certame_severinia(regime="pirangi-lei3056-2025")
    assert isencao.oferece_isencao(certame) is False
    assert "pirangi-lei3056-2025" not in isencao.regimes_com_isencao()
    with pytest.raises(ValidationError) as exc:
        isencao.solicitar_isencao(inscricao(certame), tipo="doador_sangue", autor=rh,
                                  agora=DURANTE_PEDIDO)
    assert exc.value.messages == ["A lei deste certame não prevê isenção da taxa de inscrição."]


def test_documentos_alteracao_da_opcao_e_recurso_seguem_os_dados():
    certame = _certame()
    regra = regra_documental(QUINTO.id, "I")
    assert (regra.obrigatorios, regra.fundamento) == (("RANI",), f"{LEI}, art. 5º")
    assert regra_documental(QUINTO.id, "PCD") is None  # the new law asks no document
    assert inscricao_portal.fundamento_alteracao_opcao(certame) == f"{LEI}, art. 2º, §1º"
    assert resultados.fundamento_do_procedimento(QUINTO, HETEROIDENTIFICACAO, "recurso") == (
        f"{LEI}, art. 3º, §4º")
    assert resultados.fundamento_do_procedimento(QUINTO, HETEROIDENTIFICACAO) == (
        f"{LEI}, art. 3º")

