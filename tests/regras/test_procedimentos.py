"""The procedures around the reservation as data of the regime: who each
committee calls, in person or not, the committee's composition, what a proven fraud or a false
statement does, the fee exemption and the option change — each value with the article it comes
from, read from the law texts (LC 22/2026 de Santa Maria da Boa Vista, Lei 3.057/2026 de
Severínia, Lei 3.056/2025 de Pirangi). Where the law is silent the value is the product's
default and says so."""

import json
from dataclasses import replace

import pytest

from certames.regras import REGIMES, obter_regime
from certames.regras.procedimentos import (
    ANULACAO,
    AVALIACAO_PCD,
    CADUNICO,
    CANCELAMENTO,
    DOADOR_SANGUE,
    DOCUMENTAL,
    EXCLUSAO_LISTA,
    HETEROIDENTIFICACAO,
    MINISTERIO_PUBLICO,
    PADRAO,
    PROCURADORIA,
    ModalidadeIsencao,
    RegraComposicao,
    RegraDocumental,
    RegraSancao,
)
from certames.regras.regimes import PERMANECE_AC

SMBV, SEV, PIR, FED = ("smbv-lc22-2026", "severinia-lei3057-2026", "pirangi-lei3056-2025",
                       "federal-lei15142-2025")
NEGRAS = ("preta", "parda")


def hetero(regime_id):
    return obter_regime(regime_id).procedimento(HETEROIDENTIFICACAO)


# --- who is called to heteroidentification -----------------------------------------------------


@pytest.mark.parametrize(
    ("regime", "listas", "habilitados", "facultativa", "fundamento"),
    [
        # LC 22/2026, art. 3º: "A verificação da veracidade da autodeclaração das pessoas
        # negras": PP optants; no "habilitadas" in the text.
        (SMBV, ("PP",), False, False,
         "LC 22/2026, art. 3º, caput e §1º (optantes negros, pretos e pardos, com a presença do "
         "candidato); indígenas: art. 4º (documental)"),
        # Lei 3.057/2026, art. 10, §2º: "poderão ser submetidos": the edital decides.
        (SEV, ("PPI",), False, True,
         "Lei 3.057/2026, art. 10, §2º (pretos e pardos optantes, conforme o edital); "
         "indígenas: art. 13 (documental)"),
        # Lei 3.056/2025, art. 6º, §1º: "todas as pessoas habilitadas ... ainda que tenham
        # obtido ... pontuação suficiente para aprovação na ampla concorrência".
        (PIR, ("PP",), True, False,
         "Lei 3.056/2025, art. 6º, §1º (todos os habilitados optantes, ainda que com pontuação "
         "suficiente para a ampla concorrência); art. 4º, I"),
        (FED, ("PP",), True, False, "Lei 15.142/2025, art. 3º, §1º (optantes PP habilitados)"),
    ],
)
def test_quem_e_chamado_a_heteroidentificacao(regime, listas, habilitados, facultativa,
                                              fundamento):
    regra = hetero(regime).convocacao
    assert (regra.listas, regra.cores, regra.somente_habilitados, regra.facultativa,
            regra.fundamento, regra.procedimento) == (
        listas, NEGRAS, habilitados, facultativa, fundamento, HETEROIDENTIFICACAO)


def test_so_severinia_deixa_a_heteroidentificacao_ao_edital():
    assert hetero(SEV).convocacao.fundamento_facultativa == "Lei 3.057/2026, art. 10, §2º"
    for regime in (SMBV, PIR, FED):
        assert hetero(regime).convocacao.fundamento_facultativa == ""


@pytest.mark.parametrize(
    ("regime", "listas", "cores", "habilitados", "fundamento"),
    [
        # LC 22/2026, art. 4º: the indigenous self-declaration, by TADII and documents.
        (SMBV, ("I",), ("indigena",), False,
         "LC 22/2026, art. 4º (optantes indígenas: TADII acompanhado de documento de "
         "pertencimento)"),
        # Lei 3.057/2026, art. 13: only the PPI optants self-declared indígenas.
        (SEV, ("PPI",), ("indigena",), False,
         "Lei 3.057/2026, art. 13 (optantes PPI autodeclarados indígenas, na forma do edital); "
         "pretos e pardos: art. 10, §2º (heteroidentificação)"),
        # Lei 3.056/2025, art. 4º, II and art. 6º, §1º.
        (PIR, ("I", "Q"), (), True,
         "Lei 3.056/2025, art. 4º, II (verificação documental complementar) e art. 6º, §1º "
         "(todas as pessoas habilitadas optantes)"),
        (FED, ("I", "Q"), (), True,
         "Lei 15.142/2025; Decreto 12.536/2025 (verificação documental de indígenas e "
         "quilombolas)"),
    ],
)
def test_quem_e_chamado_a_verificacao_documental(regime, listas, cores, habilitados,
                                                 fundamento):
    regra = obter_regime(regime).procedimento(DOCUMENTAL).convocacao
    assert (regra.listas, regra.cores, regra.somente_habilitados, regra.facultativa,
            regra.fundamento, regra.procedimento) == (
        listas, cores, habilitados, False, fundamento, DOCUMENTAL)


@pytest.mark.parametrize(("regime", "fundamento"), [
    (SMBV, "LC 22/2026, art. 7º, §§1º e 3º (avaliação biopsicossocial por comissão "
           "multiprofissional); Decreto 9.508/2018, art. 5º (parâmetro federal)"),
    (SEV, "Lei 3.057/2026, art. 19 (reserva PcD da Lei 2.082/2013); Decreto 9.508/2018, "
          "art. 5º (parâmetro federal)"),
    (PIR, "Decreto 9.508/2018, art. 5º (parâmetro federal); Lei 13.146/2015, art. 2º, §1º"),
    (FED, "Decreto 9.508/2018, art. 5º (parâmetro federal); Lei 13.146/2015, art. 2º, §1º"),
])
def test_avaliacao_pcd_chama_todo_optante_pcd(regime, fundamento):
    regra = obter_regime(regime).procedimento(AVALIACAO_PCD).convocacao
    assert (regra.listas, regra.cores, regra.somente_habilitados, regra.fundamento) == (
        ("PCD",), (), False, fundamento)


# --- in person or not, absence, where the law provides each procedure and its appeal -----------


def test_so_smbv_exige_a_presenca_na_heteroidentificacao():
    """LC 22/2026, art. 3º, §1º: "verificados obrigatoriamente com a presença do candidato,
    salvo em caso de impedimento por força de norma legal vigente"."""
    regra = hetero(SMBV)
    assert (regra.presencial_obrigatoria, regra.fundamento_presenca) == (
        True, "LC 22/2026, art. 3º, §1º")
    assert regra.fundamento_comparecimento == (
        "LC 22/2026, art. 3º, §1º (verificação obrigatoriamente com a presença do candidato)")
    assert regra.fundamento_ausencia == (
        "edital (padrão: sai da lista reservada, permanece na ampla concorrência; sem "
        "declaração falsa, não se aplica o art. 3º, §3º)")
    for regime in REGIMES.values():
        for tipo in (DOCUMENTAL, AVALIACAO_PCD):
            assert regime.procedimento(tipo).presencial_obrigatoria is False


@pytest.mark.parametrize(("regime", "presenca", "ausencia"), [
    # The laws are silent on the mode: the edital decides; an absence is a non-confirmation
    # without fraud (Lei 3.057/2026, art. 11, §1º; Lei 3.056/2025, art. 6º, §2º).
    (SEV, "Lei 3.057/2026, art. 10, §§2º a 4º, e edital", "edital; Lei 3.057/2026, art. 11, §1º"),
    (PIR, "Lei 3.056/2025, art. 6º, caput, e edital", "edital; Lei 3.056/2025, art. 6º, §2º"),
    (FED, "Lei 15.142/2025, art. 3º, e edital", "edital; Lei 15.142/2025, art. 3º, §2º"),
])
def test_fora_de_smbv_a_modalidade_e_do_edital(regime, presenca, ausencia):
    regra = hetero(regime)
    assert (regra.presencial_obrigatoria, regra.fundamento_presenca, regra.fundamento_ausencia,
            regra.fundamento_comparecimento) == (False, presenca, ausencia, presenca)


def test_ausencia_na_avaliacao_pcd_e_padrao_do_produto():
    for regime in REGIMES.values():
        regra = regime.procedimento(AVALIACAO_PCD)
        assert regra.fundamento_presenca == (
            "Decreto 9.508/2018, art. 5º (avaliação pela equipe multiprofissional), e edital")
        assert regra.fundamento_ausencia == (
            "edital (padrão: sai da lista PcD, permanece na ampla concorrência; a lei não prevê "
            "eliminação)")


@pytest.mark.parametrize(("regime", "tipo", "fundamento", "recurso"), [
    # LC 22/2026, art. 3º, §5º: "Da decisão da comissão de heteroidentificação caberá
    # recurso administrativo, na forma prevista em edital".
    (SMBV, HETEROIDENTIFICACAO, "LC 22/2026, art. 3º", "LC 22/2026, art. 3º, §5º"),
    # Art. 5º, II: contraditório for the procedures of arts. 3º and 4º.
    (SMBV, DOCUMENTAL, "LC 22/2026, art. 4º",
     "LC 22/2026, art. 5º, II (contraditório e ampla defesa)"),
    # Arts. 3º §5º and 5º do not reach the PcD evaluation (arts. 6º and 7º).
    (SMBV, AVALIACAO_PCD,
     "LC 22/2026, art. 6º, caput, e art. 7º, §§1º e 3º; Decreto 9.508/2018, art. 5º",
     "LC 22/2026 não disciplina o recurso da avaliação PcD: recurso na forma do edital "
     "(padrão do produto)"),
    # Lei 3.057/2026, art. 10, §3º, V: "possibilidade de recurso contra a decisão".
    (SEV, HETEROIDENTIFICACAO, "Lei 3.057/2026, art. 10, §§2º e 3º",
     "Lei 3.057/2026, art. 10, §3º, V"),
    # Art. 18, VII: the edital states "os procedimentos e prazos para interposição de recurso".
    (SEV, DOCUMENTAL, "Lei 3.057/2026, art. 13",
     "Lei 3.057/2026, art. 18, VII (recurso previsto no edital)"),
    (SEV, AVALIACAO_PCD,
     "Lei 3.057/2026, art. 19; Lei 13.146/2015, art. 2º, §1º; Decreto 9.508/2018, art. 5º",
     "Lei 3.057/2026, art. 18, VII (recurso previsto no edital)"),
    # Lei 3.056/2025, art. 4º, §1º, II: contraditório for the procedures of art. 4º.
    (PIR, HETEROIDENTIFICACAO, "Lei 3.056/2025, art. 4º, I, e art. 6º",
     "Lei 3.056/2025, art. 4º, §1º, II (contraditório e ampla defesa)"),
    (PIR, DOCUMENTAL, "Lei 3.056/2025, art. 4º, II",
     "Lei 3.056/2025, art. 4º, §1º, II (contraditório e ampla defesa)"),
    (PIR, AVALIACAO_PCD, "Lei 13.146/2015, art. 2º, §1º; Decreto 9.508/2018, art. 5º",
     "Lei 3.056/2025 não regula a reserva PcD: recurso na forma do edital (padrão do "
     "produto)"),
    (FED, HETEROIDENTIFICACAO, "Lei 15.142/2025, art. 3º, §1º",
     "Lei 15.142/2025, art. 3º (contraditório e ampla defesa)"),
])
def test_onde_a_lei_preve_o_procedimento_e_o_recurso(regime, tipo, fundamento, recurso):
    regra = obter_regime(regime).procedimento(tipo)
    assert (regra.tipo, regra.fundamento, regra.fundamento_recurso) == (tipo, fundamento,
                                                                         recurso)


def test_regime_sem_procedimentos_recebe_o_padrao_do_produto():
    """A regime that describes no procedure: its habilitated PP/PPI optants (pretos and
    pardos) to heteroidentification, I and Q to documents, PCD to the team, on its own
    texts; nothing in person by law."""
    r = replace(obter_regime(PIR), id="sem-procedimentos", procedimentos=())
    het, doc, pcd = (r.procedimento(t) for t in (HETEROIDENTIFICACAO, DOCUMENTAL, AVALIACAO_PCD))
    assert (het.convocacao.listas, het.convocacao.cores, het.convocacao.somente_habilitados,
            het.convocacao.fundamento, het.fundamento, het.presencial_obrigatoria) == (
        ("PP",), NEGRAS, True, r.heteroidentificacao, r.lei, False)
    assert (doc.convocacao.listas, doc.convocacao.somente_habilitados,
            doc.convocacao.fundamento) == (("I", "Q"), True, r.comprovacao_indigena)
    assert (pcd.convocacao.listas, pcd.convocacao.fundamento) == (
        ("PCD",), "Decreto 9.508/2018, art. 5º (parâmetro federal)")


def test_regime_derivado_com_menos_listas_so_chama_as_suas():
    r = replace(obter_regime(PIR), id="derivado", procedimentos=obter_regime(PIR).procedimentos,
                grupos=obter_regime(PIR).grupos[:1],
                nao_confirmacao=tuple(n for n in obter_regime(PIR).nao_confirmacao
                                      if n.lista in ("PP", "PCD")),
                reversoes=tuple(x for x in obter_regime(PIR).reversoes
                                if x.lista in ("PP", "PCD")))
    assert r.procedimento(DOCUMENTAL).convocacao.listas == ()
    assert r.procedimento(HETEROIDENTIFICACAO) == obter_regime(PIR).procedimento(
        HETEROIDENTIFICACAO)


def test_procedimento_repetido_e_recusado():
    r = obter_regime(PIR)
    with pytest.raises(ValueError, match="procedimentos inválidos"):
        replace(r, procedimentos=r.procedimentos + r.procedimentos[:1])


# --- committee composition ---------------------------------------------------------------------


def test_smbv_exige_distribuicao_por_genero_e_cor():
    """LC 22/2026, art. 3º, §2º: "deve ter seus membros distribuídos por gênero, cor e,
    preferencialmente, diversidade regional"."""
    regra = obter_regime(SMBV).composicao
    assert (regra.diversidade_exigida, regra.fundamento_diversidade) == (
        True, "LC 22/2026, art. 3º, §2º")
    assert regra.fundamento_equipe == (
        "LC 22/2026, art. 7º, §§1º e 3º; Decreto 9.508/2018, art. 5º (parâmetro federal)")


@pytest.mark.parametrize(("regime", "regulamento"), [
    # Lei 3.057/2026, art. 10, §4º: "A regulamentação estabelecerá a composição".
    (SEV, "Lei 3.057/2026, art. 10, §4º (composição por regulamento)"),
    # Lei 3.056/2025, art. 6º, caput: "nos termos do disposto em regulamento especifico".
    (PIR, "Lei 3.056/2025, art. 6º, caput (procedimento por regulamento)"),
    (FED, "Lei 15.142/2025, art. 3º (procedimento por regulamento)"),
])
def test_fora_de_smbv_a_diversidade_e_padrao_do_produto(regime, regulamento):
    """The Portaria once cited could not be verified; the criteria are the
    product's default, after the one law in hand that requires them."""
    regra = obter_regime(regime).composicao
    assert (regra.diversidade_exigida, regra.fundamento_diversidade) == (
        False, f"{regulamento}; padrão do produto: distribuição por gênero e cor (como na "
               "LC 22/2026, art. 3º, §2º)")
    assert "Portaria" not in regra.fundamento_diversidade
    assert regra.fundamento_equipe == "Decreto 9.508/2018, art. 5º (parâmetro federal)"


def test_tamanhos_da_comissao():
    """Severínia art. 10, §3º, III requires a collegiate committee; 3 titulares is the
    smallest collegiate body with a majority of 2; 5 is the product's default size."""
    for regime in REGIMES.values():
        assert (regime.composicao.tamanho_padrao, regime.composicao.tamanho_minimo,
                regime.composicao.fundamento_tamanho) == (
            5, 3, "padrão do produto: 5 titulares; o edital pode fixar tamanho_comissao")
    assert obter_regime(SEV).composicao.fundamento_minimo == "Lei 3.057/2026, art. 10, §3º, III"
    for regime in (SMBV, PIR, FED):
        assert obter_regime(regime).composicao.fundamento_minimo == PADRAO


def test_composicao_invalida_e_recusada():
    with pytest.raises(ValueError, match="tamanho mínimo"):
        RegraComposicao(tamanho_padrao=3, tamanho_minimo=5)


# --- fraud in the self-declaration -------------------------------------------------------------


FRAUDE = [
    # Lei 3.057/2026, art. 12, parágrafo único: I exclusão do certame; II exclusão da lista
    # de aprovados after the homologation; III anulação da nomeação.
    (SEV, {CANCELAMENTO: "Lei 3.057/2026, art. 12, parágrafo único, I",
           EXCLUSAO_LISTA: "Lei 3.057/2026, art. 12, parágrafo único, II",
           ANULACAO: "Lei 3.057/2026, art. 12, parágrafo único, III"}),
    # Lei 3.056/2025, art. 7º, §1º: I eliminated "caso o certame ainda esteja em andamento";
    # II "terá anulada a sua admissão ... caso já tenha sido nomeado" (corrected from the law:
    # not "I e II").
    (PIR, {CANCELAMENTO: "Lei 3.056/2025, art. 7º, §1º, I",
           EXCLUSAO_LISTA: "Lei 3.056/2025, art. 7º, §1º, I",
           ANULACAO: "Lei 3.056/2025, art. 7º, §1º, II"}),
    # LC 22/2026, art. 3º, §3º: eliminated and, if appointed, the investiture annulled.
    (SMBV, {c: "LC 22/2026, art. 3º, §3º" for c in (CANCELAMENTO, EXCLUSAO_LISTA, ANULACAO)}),
    (FED, {c: "Lei 15.142/2025, art. 3º (procedimento com contraditório e ampla defesa)"
           for c in (CANCELAMENTO, EXCLUSAO_LISTA, ANULACAO)}),
]


@pytest.mark.parametrize(("regime", "decisao"), FRAUDE)
def test_consequencias_da_fraude_por_fase(regime, decisao):
    assert obter_regime(regime).regra_fraude.decisao == decisao


@pytest.mark.parametrize(("regime", "procedimento", "garantia"), [
    (SEV, "Lei 3.057/2026, art. 12, caput (processo administrativo específico, contraditório e "
          "ampla defesa)", "Lei 3.057/2026, art. 12, caput"),
    (PIR, "Lei 3.056/2025, art. 7º, caput (procedimento administrativo, contraditório e ampla "
          "defesa)", "Lei 3.056/2025, art. 7º, caput"),
    (SMBV, "LC 22/2026, art. 3º, §3º (procedimento administrativo com contraditório e ampla "
           "defesa)", "LC 22/2026, art. 3º, §3º"),
])
def test_procedimento_da_fraude(regime, procedimento, garantia):
    regra = obter_regime(regime).regra_fraude
    assert (regra.procedimento, regra.garantia) == (procedimento, garantia)


def test_so_pirangi_exige_encaminhar_ao_mp_e_a_procuradoria():
    """Lei 3.056/2025, art. 7º, §2º: "será encaminhado ao Ministério Público ... e à
    Procuradoria Municipal"; the other laws only keep "outras sanções cabíveis"."""
    assert obter_regime(PIR).regra_fraude.encaminhamentos == (
        (MINISTERIO_PUBLICO, "Lei 3.056/2025, art. 7º, §2º (apuração de eventual ilícito penal)"),
        (PROCURADORIA,
         "Lei 3.056/2025, art. 7º, §2º (apuração da necessidade de ressarcimento ao erário)"),
    )
    assert obter_regime(SEV).regra_fraude.encaminhamento_facultativo == (
        "Lei 3.057/2026, art. 12, parágrafo único (sem prejuízo das demais sanções cabíveis)")
    assert obter_regime(SMBV).regra_fraude.encaminhamento_facultativo == (
        "LC 22/2026, art. 3º, §3º (sem prejuízo de outras sanções)")
    for regime in (SEV, SMBV, FED):
        assert obter_regime(regime).regra_fraude.encaminhamentos == ()


def test_regime_sem_regra_de_fraude_usa_o_seu_artigo_em_cada_passo():
    r = replace(obter_regime(PIR), fraude=None)
    assert set(r.regra_fraude.decisao.values()) == {"Lei 3.056/2025, art. 7º, §1º, I"}
    assert r.regra_fraude.procedimento == r.fundamento_fraude


def test_destino_desconhecido_e_recusado():
    with pytest.raises(ValueError, match="destino"):
        RegraSancao("a", "b", "c", "d", "e", encaminhamentos=(("tribunal", "x"),))


# --- fee exemption -----------------------------------------------------------------------------


def test_so_severinia_tem_isencao_e_de_dois_tipos():
    """Lei 3.057/2026, art. 2º (CadÚnico, renda per capita até meio salário mínimo) and
    art. 7º, parágrafo único (doadores de sangue, Lei 2.414/2019). LC 22/2026 and Lei
    3.056/2025 grant none."""
    isencao = obter_regime(SEV).isencao
    assert [(m.codigo, m.fundamento) for m in isencao.modalidades] == [
        (CADUNICO, "Lei 3.057/2026 de Severínia, art. 2º, caput e §§3º e 4º"),
        (DOADOR_SANGUE, "Lei Municipal 2.414/2019, mantida pela Lei 3.057/2026 de Severínia, "
                        "art. 7º, parágrafo único"),
    ]
    for regime in (SMBV, PIR, FED):
        assert obter_regime(regime).isencao is None


@pytest.mark.parametrize(("campo", "valor"), [
    # Art. 2º, §1º (requerimento no prazo do edital), §2º (prova no requerimento); art. 3º, I.
    ("fundamento_requerimento", "Lei 3.057/2026 de Severínia, art. 2º, §§1º e 2º; art. 3º, I"),
    # Art. 2º, §4º: "O edital poderá exigir a indicação do Número de Identificação Social".
    ("fundamento_nis", "Lei 3.057/2026, art. 2º, §4º"),
    ("fundamento_renda", "Lei 3.057/2026 de Severínia, art. 2º, caput"),
    ("fundamento_cadastro", "Lei 3.057/2026 de Severínia, art. 2º, caput e §4º"),
    # Art. 2º, §3º: "ativa e com os dados atualizados ... na data do requerimento".
    ("fundamento_atualizacao", "Lei 3.057/2026 de Severínia, art. 2º, §3º"),
    # Art. 3º, §2º: "O indeferimento do pedido de isenção deverá ser motivado".
    ("fundamento_motivacao", "Lei 3.057/2026, art. 3º, §2º"),
    ("fundamento_indeferimento",
     "Lei 3.057/2026 de Severínia, art. 3º, §2º (indeferimento motivado)"),
    # Art. 6º, I and II: personal, valid for this certame only.
    ("fundamento_deferimento",
     "Lei 3.057/2026 de Severínia, art. 2º; art. 6º (isenção pessoal, só para este certame)"),
    ("fundamento_resultado_preliminar", "Lei 3.057/2026 de Severínia, art. 3º, IV"),
    ("fundamento_recurso", "Lei 3.057/2026 de Severínia, art. 3º, V e §2º"),
    ("fundamento_prazo_recurso", "Lei 3.057/2026, art. 3º, V"),
    ("fundamento_resultado_definitivo", "Lei 3.057/2026 de Severínia, art. 3º, VI"),
    ("fundamento_pagamento", "Lei 3.057/2026 de Severínia, art. 3º, VII e §3º"),
    ("fundamento_prazo_pagamento", "Lei 3.057/2026, art. 3º, VII e §3º"),
    # Art. 6º, III: "não poderá ser convertida em restituição de valor já pago".
    ("fundamento_sem_restituicao", "Lei 3.057/2026 de Severínia, art. 6º, III"),
    ("fundamento_falsidade", "Lei 3.057/2026, art. 5º"),
    # Art. 5º, I: "ao indeferimento do pedido de isenção".
    ("fundamento_falsidade_indeferimento", "Lei 3.057/2026, art. 5º, I"),
])
def test_artigos_da_isencao_de_severinia(campo, valor):
    assert getattr(obter_regime(SEV).isencao, campo) == valor


def test_falsidade_na_isencao_por_fase():
    """Lei 3.057/2026, art. 5º: I always (the request rejected), with II before the
    homologation, III after it and before the appointment, IV after it."""
    falsidade = obter_regime(SEV).isencao.falsidade
    assert falsidade.decisao == {
        CANCELAMENTO: "Lei 3.057/2026 de Severínia, art. 5º, I e II",
        EXCLUSAO_LISTA: "Lei 3.057/2026 de Severínia, art. 5º, I e III",
        ANULACAO: "Lei 3.057/2026 de Severínia, art. 5º, I e IV",
    }
    assert (falsidade.procedimento, falsidade.garantia, falsidade.encaminhamentos) == (
        "Lei 3.057/2026 de Severínia, art. 5º, parágrafo único (contraditório e ampla defesa)",
        "Lei 3.057/2026, art. 5º, parágrafo único", ())


def test_modalidade_desconhecida_e_recusada():
    with pytest.raises(ValueError, match="modalidade"):
        ModalidadeIsencao("renda", "x", "y")
    isencao = obter_regime(SEV).isencao
    with pytest.raises(ValueError, match="modalidades"):
        replace(isencao, modalidades=isencao.modalidades[:1] * 2)


# --- option change, PcD non-confirmation, documents --------------------------------------------


def test_so_pirangi_disciplina_a_alteracao_da_opcao():
    """Lei 3.056/2025, art. 5º, §2º: "Até o fim do período de inscrição ... será facultado ao
    candidato optar por concorrer ou desistir de concorrer pelo sistema de reserva"."""
    assert obter_regime(PIR).fundamento_alteracao_opcao == "Lei 3.056/2025, art. 5º, §2º"
    for regime in (SMBV, SEV, FED):
        assert obter_regime(regime).fundamento_alteracao_opcao == ""


def test_nao_confirmacao_pcd_na_smbv_e_padrao_do_produto():
    """LC 22/2026, art. 6º, §3º is the concurrent competition, not a rule
    on a PcD non-confirmation; the law has none, so the effect is the product default."""
    regra = obter_regime(SMBV).regra_nao_confirmacao("PCD")
    assert (regra.efeito, regra.fundamento) == (
        PERMANECE_AC, "não enquadramento como PcD não elimina: o candidato segue na ampla "
                      "concorrência (padrão do produto: a lei não prevê eliminação)")


def test_regra_documental_valida_os_tipos():
    with pytest.raises(ValueError, match="desconhecido"):
        RegraDocumental("I", ("CARTEIRINHA",), (), "x")
    with pytest.raises(ValueError, match="delega"):
        RegraDocumental("I", ("RANI",), (), "x", padrao=True)
    r = obter_regime(PIR)
    with pytest.raises(ValueError, match="documentos repetidos"):
        replace(r, documentos=r.documentos + r.documentos[:1])


def test_como_dict_mostra_cada_regra_com_o_artigo():
    for regime in REGIMES.values():
        d = json.loads(json.dumps(regime.como_dict(), ensure_ascii=False))
        assert set(d["procedimentos"]) == {HETEROIDENTIFICACAO, DOCUMENTAL, AVALIACAO_PCD}
        assert all(p["fundamento"] and p["fundamento_recurso"]
                   for p in d["procedimentos"].values())
        assert d["composicao"]["fundamento_diversidade"]
        assert all(d["fraude"]["decisao"].values())
    sev = obter_regime(SEV).como_dict()
    assert [m["codigo"] for m in sev["isencao"]["modalidades"]] == [CADUNICO, DOADOR_SANGUE]
    assert sev["isencao"]["fundamento_pagamento"] == (
        "Lei 3.057/2026 de Severínia, art. 3º, VII e §3º")
    assert obter_regime(SMBV).como_dict()["isencao"] is None
    pir = obter_regime(PIR).como_dict()
    assert pir["procedimentos"][HETEROIDENTIFICACAO]["somente_habilitados"] is True
    assert pir["documentos"]["Q"] == {
        "obrigatorios": ["DECL_COMUNIDADE", "CERTIDAO_PALMARES"], "alternativos": [],
        "fundamento": "Lei 3.056/2025, art. 4º, II (documentos: padrão do produto)",
        "padrao": True, "delegacao": "Lei 3.056/2025, art. 4º, II"}
    assert pir["fundamento_alteracao_opcao"] == "Lei 3.056/2025, art. 5º, §2º"

