"""Severínia-SP: Lei 3.057/2026 (published 09/09/2026)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from ..procedimentos import (
    CADUNICO,
    DOADOR_SANGUE,
    DOCUMENTAL,
    INDIGENA,
    NEGRAS,
    PADRAO,
    ModalidadeIsencao,
    RegraComposicao,
    RegraConvocacao,
    RegraDocumental,
    RegraIsencao,
    RegraProcedimento,
    RegraSancao,
    avaliacao_pcd,
)
from .base import (
    BASE_CARGO,
    PCD,
    PERMANECE_AC,
    Grupo,
    NaoConfirmacao,
    RegraPcd,
    Reversao,
)
from .comum import (
    F_EQUIPE,
    F_LAUDO,
    F_LBI,
    INDIGENA_ALTERNATIVOS,
    PCD_FEDERAL,
    PCD_NAO_CONFIRMADA,
    laudo,
)
from .regime import Regime

_SEV = "Lei 3.057/2026"
_SEV_ISENCAO = "Lei 3.057/2026 de Severínia"

SEVERINIA = Regime(
    id="severinia-lei3057-2026",
    nome="Severínia-SP (Lei 3.057/2026)",
    lei="Lei 3.057/2026 de Severínia-SP",
    vigencia_desde=date(2026, 9, 9),
    fundamento_vigencia=f"{_SEV}, art. 22 e art. 25 (vigência na publicação, 09/09/2026)",
    grupos=(
        Grupo("PPI", "pessoas pretas, pardas e indígenas", Fraction(30, 100), f"{_SEV}, art. 8º"),
    ),
    # The law is silent on rounding: edital setting, product default 0.5 (spec section 3).
    limiar_arredondamento=Fraction(1, 2),
    fundamento_arredondamento=(
        f"{_SEV} não fixa o arredondamento: definido no edital (padrão: fração igual ou "
        "maior que 0,5)"
    ),
    limiar_definido_em_lei=False,
    minimo_vagas=0,
    fundamento_minimo=f"{_SEV}: sem número mínimo de vagas; percentual por cargo (art. 8º, §3º)",
    pcd=RegraPcd(
        percentual=Fraction(5, 100),
        limite=Fraction(20, 100),
        fundamento=(
            f"{_SEV}, art. 19 (Lei Municipal 2.082/2013, texto não disponível): regra do "
            f"edital, padrão {PCD_FEDERAL}"
        ),
        definida_em_lei=False,
    ),
    nao_confirmacao=(
        NaoConfirmacao("PPI", PERMANECE_AC, f"{_SEV}, art. 11, §1º", (PERMANECE_AC,)),
        NaoConfirmacao(PCD, PERMANECE_AC, PCD_NAO_CONFIRMADA, (PERMANECE_AC,)),
    ),
    reversoes=(
        Reversao("PPI", f"{_SEV}, art. 15, §2º", (), f"{_SEV}, art. 16"),
        Reversao(
            PCD,
            f"{_SEV}, art. 19 (reserva PcD autônoma)",
            (),
            f"{_SEV}, art. 19; padrão Decreto 9.508/2018, art. 1º, §5º",
        ),
    ),
    fundamento_concorrencia=f"{_SEV}, art. 15, §§1º e 2º",
    fundamento_fraude=f"{_SEV}, art. 12, parágrafo único, I",
    # Art. 14, III: optants take part "em igualdade de condições ... quanto à pontuação
    # mínima exigida"; the law does not guarantee them every phase: the edital may.
    fundamento_todas_as_fases=(
        f"{_SEV}, art. 14, III (igualdade de condições quanto à pontuação mínima): a lei não "
        "garante a participação em todas as fases; o edital pode garanti-la"
    ),
    fundamento_convocacao=f"{_SEV}, art. 17, parágrafo único; art. 19, parágrafo único",
    # "... deverá manifestar expressamente essa opção no momento da inscrição, mediante
    # autodeclaração" (caput; §1º only limits the self-declaration to this certame).
    fundamento_opcoes_na_inscricao=f"{_SEV}, art. 10, caput",
    # "A Administração deverá estabelecer previamente no edital a ordem de convocação
    # decorrente da aplicação das reservas legais."
    fundamento_ordem_nomeacao=f"{_SEV} de Severínia-SP, art. 17, parágrafo único",
    fundamento_efeito_definitivo=f"{_SEV}, art. 11, §2º (só após o julgamento do recurso)",
    fundamento_multiplas_listas=f"{_SEV}, art. 15, III (concorre em todas)",
    fundamento_arredondamento_grupos=f"{_SEV}, art. 8º (grupo único PPI)",
    heteroidentificacao=f"facultativa, conforme o edital ({_SEV}, art. 10, §§2º a 4º)",
    comprovacao_indigena=f"na forma do regulamento e do edital ({_SEV}, art. 13)",
    comprovacao_quilombola="não se aplica (reserva só para pretos, pardos e indígenas)",
    isencao_taxa=(
        f"CadÚnico com renda per capita até meio salário mínimo ({_SEV}, art. 2º); "
        f"doadores de sangue (Lei 2.414/2019, {_SEV}, art. 7º, parágrafo único)"
    ),
    procedimentos=(
        RegraProcedimento(
            RegraConvocacao(
                ("PPI",), NEGRAS, False, True,
                f"{_SEV}, art. 10, §2º (pretos e pardos optantes, conforme o edital); "
                "indígenas: art. 13 (documental)",
                # "poderão ser submetidos": the edital decides (parameter
                # ``heteroidentificacao``, default true). Dispensed, the self-declaration
                # stands: "considera-se pessoa preta ou parda aquela que assim se
                # autodeclarar" (art. 9º, I), made at the inscrição (art. 10, caput).
                fundamento_facultativa=f"{_SEV}, art. 10, §2º",
                fundamento_dispensa=(
                    f"{_SEV}, art. 9º, I, e art. 10, caput (autodeclaração; o edital "
                    "dispensou a heteroidentificação, art. 10, §2º)")),
            fundamento=f"{_SEV}, art. 10, §§2º e 3º",
            fundamento_recurso=f"{_SEV}, art. 10, §3º, V",
            fundamento_presenca=f"{_SEV}, art. 10, §§2º a 4º, e edital",
            fundamento_ausencia=f"edital; {_SEV}, art. 11, §1º",
            # "publicidade prévia dos critérios de avaliação".
            fundamento_criterios=f"{_SEV}, art. 10, §3º, IV",
            # "somente será aplicada após o julgamento de eventual recurso".
            fundamento_efeito_apos_recurso=f"{_SEV}, art. 11, §2º",
        ),
        RegraProcedimento(
            RegraConvocacao(
                ("PPI",), (INDIGENA,), False, False,
                f"{_SEV}, art. 13 (optantes PPI autodeclarados indígenas, na forma do edital); "
                "pretos e pardos: art. 10, §2º (heteroidentificação)", DOCUMENTAL),
            fundamento=f"{_SEV}, art. 13",
            fundamento_recurso=f"{_SEV}, art. 18, VII (recurso previsto no edital)",
            fundamento_presenca="",
            fundamento_ausencia="",
        ),
        avaliacao_pcd(
            f"{_SEV}, art. 19 (reserva PcD da Lei 2.082/2013); {F_EQUIPE}",
            f"{_SEV}, art. 19; {F_LBI}; Decreto 9.508/2018, art. 5º",
            f"{_SEV}, art. 18, VII (recurso previsto no edital)",
        ),
    ),
    composicao=RegraComposicao(
        diversidade_exigida=False,
        fundamento_diversidade=(
            f"{_SEV}, art. 10, §4º (composição por regulamento); {PADRAO}: distribuição por "
            "gênero e cor (como na LC 22/2026, art. 3º, §2º)"),
        # "composição colegiada da comissão".
        fundamento_minimo=f"{_SEV}, art. 10, §3º, III",
    ),
    fraude=RegraSancao(
        procedimento=(
            f"{_SEV}, art. 12, caput (processo administrativo específico, contraditório e "
            "ampla defesa)"),
        garantia=f"{_SEV}, art. 12, caput",
        cancelamento=f"{_SEV}, art. 12, parágrafo único, I",
        exclusao_lista=f"{_SEV}, art. 12, parágrafo único, II",
        anulacao=f"{_SEV}, art. 12, parágrafo único, III",
        encaminhamento_facultativo=(
            f"{_SEV}, art. 12, parágrafo único (sem prejuízo das demais sanções cabíveis)"),
    ),
    isencao=RegraIsencao(
        lei=_SEV_ISENCAO,
        modalidades=(
            # "família inscrita no ... CadÚnico, cuja renda familiar mensal per capita seja
            # igual ou inferior a meio salário mínimo nacional" (candidatos.isencao.cadunico).
            ModalidadeIsencao(
                CADUNICO, "CadÚnico, renda familiar per capita até meio salário mínimo",
                f"{_SEV_ISENCAO}, art. 2º, caput e §§3º e 4º"),
            ModalidadeIsencao(
                DOADOR_SANGUE, "doador de sangue",
                f"Lei Municipal 2.414/2019, mantida pela {_SEV_ISENCAO}, art. 7º, parágrafo "
                "único"),
        ),
        fundamento_requerimento=f"{_SEV_ISENCAO}, art. 2º, §§1º e 2º; art. 3º, I",
        fundamento_nis=f"{_SEV}, art. 2º, §4º",
        fundamento_renda=f"{_SEV_ISENCAO}, art. 2º, caput",
        fundamento_cadastro=f"{_SEV_ISENCAO}, art. 2º, caput e §4º",
        fundamento_atualizacao=f"{_SEV_ISENCAO}, art. 2º, §3º",
        fundamento_motivacao=f"{_SEV}, art. 3º, §2º",
        fundamento_indeferimento=f"{_SEV_ISENCAO}, art. 3º, §2º (indeferimento motivado)",
        fundamento_deferimento=(
            f"{_SEV_ISENCAO}, art. 2º; art. 6º (isenção pessoal, só para este certame)"),
        fundamento_resultado_preliminar=f"{_SEV_ISENCAO}, art. 3º, IV",
        fundamento_recurso=f"{_SEV_ISENCAO}, art. 3º, V e §2º",
        fundamento_prazo_recurso=f"{_SEV}, art. 3º, V",
        fundamento_resultado_definitivo=f"{_SEV_ISENCAO}, art. 3º, VI",
        fundamento_pagamento=f"{_SEV_ISENCAO}, art. 3º, VII e §3º",
        fundamento_prazo_pagamento=f"{_SEV}, art. 3º, VII e §3º",
        fundamento_sem_restituicao=f"{_SEV_ISENCAO}, art. 6º, III",
        falsidade=RegraSancao(
            procedimento=(
                f"{_SEV_ISENCAO}, art. 5º, parágrafo único (contraditório e ampla defesa)"),
            garantia=f"{_SEV}, art. 5º, parágrafo único",
            # Art. 5º, I (the request rejected) always, with II, III or IV by the phase.
            cancelamento=f"{_SEV_ISENCAO}, art. 5º, I e II",
            exclusao_lista=f"{_SEV_ISENCAO}, art. 5º, I e III",
            anulacao=f"{_SEV_ISENCAO}, art. 5º, I e IV",
            encaminhamento_facultativo=(
                f"{_SEV_ISENCAO}, art. 5º, parágrafo único (comunicação do fato às autoridades "
                "competentes)"),
        ),
        fundamento_falsidade=f"{_SEV}, art. 5º",
        fundamento_falsidade_indeferimento=f"{_SEV}, art. 5º, I",
        fundamento_isencao=f"{_SEV_ISENCAO}, arts. 2º a 7º",
        # "poderá realizar consultas aos sistemas e bases de dados oficiais"; parágrafo
        # único: "limitar-se às informações necessárias à verificação dos requisitos".
        fundamento_consulta=(
            f"{_SEV_ISENCAO}, art. 4º (consulta a bases oficiais) e parágrafo único (só os "
            "dados necessários)"),
        # "mediante apresentação das informações e documentos definidos no edital".
        fundamento_comprovacao=f"{_SEV}, art. 2º, §2º",
    ),
    documentos=(
        # Art. 13: "na forma estabelecida em regulamento e no edital". Product default, the
        # instrument of LC 22/2026, art. 4º (TADII plus one proof of belonging), for the
        # indigenous optants of the PPI pool only; the edital may replace it.
        RegraDocumental(
            "PPI", ("TADII",), INDIGENA_ALTERNATIVOS,
            f"{_SEV}, art. 13 (forma definida no edital; {PADRAO}: TADII e uma prova de "
            "pertencimento, como na LC 22/2026, art. 4º)",
            padrao=True, delegacao=f"{_SEV}, art. 13"),
        laudo(f"{_SEV}, art. 19; {F_LAUDO}", f"{_SEV}, art. 19"),
    ),
    # Art. 8º, §3º: "O percentual será aplicado separadamente para cada cargo previsto no
    # edital": the whole-edital base is refused (spec section 4.1).
    base_reserva=BASE_CARGO,
    bases_reserva=(BASE_CARGO,),
    fundamento_base_reserva=(
        f'{_SEV}, art. 8º, §3º ("aplicado separadamente para cada cargo previsto no edital")'),
    base_reserva_pcd=BASE_CARGO,
    bases_reserva_pcd=(BASE_CARGO,),
    fundamento_base_reserva_pcd=(
        f"Lei 2.082/2013 (texto não disponível): {PADRAO}, por cargo, como a reserva racial "
        f"({_SEV}, art. 8º, §3º)"),
    # "A não confirmação da autodeclaração pela Comissão de Heteroidentificação, por si só,
    # não caracteriza fraude ou má-fé."
    fundamento_nao_confirmacao_nao_e_fraude=f"{_SEV}, art. 11, caput",
    # "A reserva incidirá sobre as vagas previstas no edital e sobre aquelas que surgirem
    # durante o prazo de validade do certame, inclusive em eventual prorrogação."
    fundamento_vaga_surgida=f"{_SEV}, art. 8º, §2º",
    fundamento_fracionamento=f"{_SEV}, art. 8º, §4º",
    # Art. 10, §3º lists the procedure's guarantees; the law says nothing of confidentiality.
    fundamento_sigilo=(
        f"{_SEV}, art. 10, §3º (contraditório, critérios exclusivamente fenotípicos, "
        f"composição colegiada); sigilo: LGPD (Lei 13.709/2018), art. 46 ({PADRAO})"),
)
