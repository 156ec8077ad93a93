"""Pirangi-SP: Lei 3.056/2025 (published 03/11/2025)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from ..procedimentos import (
    DOCUMENTAL,
    MINISTERIO_PUBLICO,
    NEGRAS,
    PADRAO,
    PROCURADORIA,
    RegraComposicao,
    RegraConvocacao,
    RegraDocumental,
    RegraProcedimento,
    RegraSancao,
    avaliacao_pcd,
)
from .base import (
    BASE_CARGO,
    BASE_EDITAL,
    PCD,
    PERMANECE_AC,
    Grupo,
    NaoConfirmacao,
    PassoCadeia,
    RegraPcd,
    Reversao,
)
from .comum import (
    F_EQUIPE,
    F_LAUDO,
    F_LBI,
    PCD_FEDERAL,
    PCD_NAO_CONFIRMADA,
    laudo,
)
from .regime import Regime

_PIR = "Lei 3.056/2025"

PIRANGI = Regime(
    id="pirangi-lei3056-2025",
    nome="Pirangi-SP (Lei 3.056/2025)",
    lei="Lei 3.056/2025 de Pirangi-SP",
    vigencia_desde=date(2025, 11, 3),
    fundamento_vigencia=f"{_PIR}, art. 14 e art. 15 (vigência na publicação, 03/11/2025)",
    grupos=(
        Grupo("PP", "pessoas pretas e pardas", Fraction(15, 100), f"{_PIR}, art. 3º, I"),
        Grupo("I", "pessoas indígenas", Fraction(3, 100), f"{_PIR}, art. 3º, II"),
        Grupo("Q", "pessoas quilombolas", Fraction(2, 100), f"{_PIR}, art. 3º, III"),
    ),
    limiar_arredondamento=Fraction(1, 2),
    fundamento_arredondamento=f"{_PIR}, art. 8º, §1º",
    limiar_definido_em_lei=True,
    minimo_vagas=2,
    fundamento_minimo=f"{_PIR}, art. 8º",
    pcd=RegraPcd(
        percentual=Fraction(5, 100),
        limite=Fraction(20, 100),
        fundamento=f"{_PIR} não regula a reserva PcD: regra do edital, padrão {PCD_FEDERAL}",
        definida_em_lei=False,
    ),
    nao_confirmacao=(
        NaoConfirmacao("PP", PERMANECE_AC, f"{_PIR}, art. 6º, §2º", (PERMANECE_AC,)),
        NaoConfirmacao("I", PERMANECE_AC, f"{_PIR}, art. 6º, §2º", (PERMANECE_AC,)),
        NaoConfirmacao("Q", PERMANECE_AC, f"{_PIR}, art. 6º, §2º", (PERMANECE_AC,)),
        NaoConfirmacao(PCD, PERMANECE_AC, PCD_NAO_CONFIRMADA, (PERMANECE_AC,)),
    ),
    reversoes=(
        Reversao("PP", f"{_PIR}, art. 10, §3º", (), f"{_PIR}, art. 3º, §3º; art. 11"),
        Reversao(
            "I",
            f"{_PIR}, art. 10, §3º",
            (
                PassoCadeia("Q", f"{_PIR}, art. 3º, §2º"),
                PassoCadeia("PP", f"{_PIR}, art. 3º, §3º"),
            ),
            f'{_PIR}, art. 3º, §3º ("por último"); art. 11',
        ),
        Reversao(
            "Q",
            f"{_PIR}, art. 10, §3º",
            (
                PassoCadeia("I", f"{_PIR}, art. 3º, §1º"),
                PassoCadeia("PP", f"{_PIR}, art. 3º, §3º"),
            ),
            f'{_PIR}, art. 3º, §3º ("por último"); art. 11',
        ),
        Reversao(
            PCD,
            "reserva PcD: próximo da lista PcD (regra do edital)",
            (),
            "reserva PcD: reversão à ampla concorrência, padrão Decreto 9.508/2018, art. 1º, §5º",
        ),
    ),
    fundamento_concorrencia=f"{_PIR}, art. 10, §§1º e 2º",
    fundamento_fraude=f"{_PIR}, art. 7º, §1º, I",
    optantes_todas_as_fases=True,
    todas_as_fases_em_lei=True,
    # "Os editais ... garantirão a participação de pessoas pretas e pardas, indígenas e
    # quilombolas optantes pela reserva de vagas em todas as etapas do certame, sempre que
    # atingida a nota ou a pontuação mínima exigida em cada fase."
    fundamento_todas_as_fases=f"{_PIR}, art. 9º",
    fundamento_convocacao=f"{_PIR}, art. 12 (ordem mantida na vida funcional, §2º)",
    # The option may change "até o fim do período de inscrição" (§2º), not after; the
    # self-declaration is made "ao se inscrever" (caput).
    fundamento_opcoes_na_inscricao=f"{_PIR}, art. 5º, §2º",
    # "A ordem classificatória obtida a partir da aplicação dos critérios de alternância e
    # proporcionalidade na nomeação ... será utilizada durante a vida funcional do servidor".
    fundamento_ordem_nomeacao=f"{_PIR} de Pirangi-SP, art. 12, §2º",
    fundamento_efeito_definitivo=(
        f"{_PIR}, art. 4º, §1º, II e art. 6º, §2º: só após decisão definitiva"
    ),
    fundamento_multiplas_listas="concorre em todas as listas para as quais optou",
    fundamento_arredondamento_grupos=(
        f'{_PIR}, art. 3º, I a III ("do total de vagas"); art. 8º, §1º'
    ),
    heteroidentificacao=(
        f"obrigatória para todo optante PP habilitado, mesmo aprovado na ampla concorrência "
        f"({_PIR}, art. 6º, §1º)"
    ),
    comprovacao_indigena=f"verificação documental complementar ({_PIR}, art. 4º, II)",
    comprovacao_quilombola=f"verificação documental complementar ({_PIR}, art. 4º, II)",
    isencao_taxa="não prevista",
    observacoes=(
        f"{_PIR}, art. 3º, §4º (vagas de AC sem aprovados revertem às reservas) não tem "
        "efeito no motor: a lista geral contém todos os habilitados, optantes inclusive",
    ),
    procedimentos=(
        RegraProcedimento(
            RegraConvocacao(
                ("PP",), NEGRAS, True, False,
                f"{_PIR}, art. 6º, §1º (todos os habilitados optantes, ainda que com "
                "pontuação suficiente para a ampla concorrência); art. 4º, I"),
            fundamento=f"{_PIR}, art. 4º, I, e art. 6º",
            fundamento_recurso=f"{_PIR}, art. 4º, §1º, II (contraditório e ampla defesa)",
            fundamento_presenca=f"{_PIR}, art. 6º, caput, e edital",
            fundamento_ausencia=f"edital; {_PIR}, art. 6º, §2º",
        ),
        RegraProcedimento(
            RegraConvocacao(
                ("I", "Q"), (), True, False,
                f"{_PIR}, art. 4º, II (verificação documental complementar) e art. 6º, §1º "
                "(todas as pessoas habilitadas optantes)", DOCUMENTAL),
            fundamento=f"{_PIR}, art. 4º, II",
            fundamento_recurso=f"{_PIR}, art. 4º, §1º, II (contraditório e ampla defesa)",
            fundamento_presenca="",
            fundamento_ausencia="",
        ),
        avaliacao_pcd(
            f"{F_EQUIPE}; {F_LBI}",
            f"{F_LBI}; Decreto 9.508/2018, art. 5º",
            f"{_PIR} não regula a reserva PcD: recurso na forma do edital ({PADRAO})",
        ),
    ),
    composicao=RegraComposicao(
        diversidade_exigida=False,
        fundamento_diversidade=(
            f"{_PIR}, art. 6º, caput (procedimento por regulamento); {PADRAO}: distribuição "
            "por gênero e cor (como na LC 22/2026, art. 3º, §2º)"),
    ),
    fraude=RegraSancao(
        procedimento=(
            f"{_PIR}, art. 7º, caput (procedimento administrativo, contraditório e ampla "
            "defesa)"),
        garantia=f"{_PIR}, art. 7º, caput",
        # §1º, I: eliminated while the certame runs (before the call, homologated or not);
        # §1º, II: the admission annulled once appointed.
        cancelamento=f"{_PIR}, art. 7º, §1º, I",
        exclusao_lista=f"{_PIR}, art. 7º, §1º, I",
        anulacao=f"{_PIR}, art. 7º, §1º, II",
        # §2º: "o resultado do procedimento será encaminhado ao Ministério Público ... e à
        # Procuradoria Municipal".
        encaminhamentos=(
            (MINISTERIO_PUBLICO, f"{_PIR}, art. 7º, §2º (apuração de eventual ilícito penal)"),
            (PROCURADORIA,
             f"{_PIR}, art. 7º, §2º (apuração da necessidade de ressarcimento ao erário)"),
        ),
    ),
    isencao=None,
    documentos=(
        # Art. 4º, II: "verificação documental complementar", documents not named: product
        # default, the edital may replace it.
        RegraDocumental("I", ("DECL_COMUNIDADE",), (),
                        f"{_PIR}, art. 4º, II (documentos: {PADRAO})",
                        padrao=True, delegacao=f"{_PIR}, art. 4º, II"),
        RegraDocumental("Q", ("DECL_COMUNIDADE", "CERTIDAO_PALMARES"), (),
                        f"{_PIR}, art. 4º, II (documentos: {PADRAO})",
                        padrao=True, delegacao=f"{_PIR}, art. 4º, II"),
        laudo(F_LAUDO, F_LAUDO),
    ),
    # "Até o fim do período de inscrição ... será facultado ao candidato optar por concorrer
    # ou desistir de concorrer pelo sistema de reserva de vagas."
    fundamento_alteracao_opcao=f"{_PIR}, art. 5º, §2º",
    # Art. 1º, §1º: "sobre a totalidade das vagas expressamente previstas no edital";
    # art. 8º: "o número de vagas oferecido no concurso" (spec section 4.1).
    base_reserva=BASE_EDITAL,
    bases_reserva=(BASE_EDITAL, BASE_CARGO),
    fundamento_base_reserva=(
        f'{_PIR}, art. 1º, §1º ("sobre a totalidade das vagas expressamente previstas no '
        'edital") e art. 8º ("o número de vagas oferecido no concurso")'),
    base_reserva_pcd=BASE_CARGO,
    bases_reserva_pcd=(BASE_CARGO, BASE_EDITAL),
    fundamento_base_reserva_pcd=(
        f"{_PIR} não regula a reserva PcD: {PADRAO}, por cargo ({PCD_FEDERAL}); o edital "
        "pode adotar a totalidade das vagas, com sorteio"),
    # Art. 6º, §2º: the rejected self-declaration goes on in AC; art. 7º: fraud is found by
    # an administrative procedure of its own.
    fundamento_nao_confirmacao_nao_e_fraude=f"{_PIR}, art. 6º, §2º, e art. 7º, caput",
    # Art. 1º, §1º: "e sobre as demais vagas que surgirem durante a validade do certame";
    # art. 8º, §4º: "caso surjam novas vagas durante o prazo de validade".
    fundamento_vaga_surgida=f"{_PIR}, art. 1º, §1º, e art. 8º, §4º",
    # Art. 4º, §1º: dignity (I), equal treatment (IV), "resguardadas as hipóteses de sigilo
    # previstas na legislação" (V).
    fundamento_sigilo=(
        f"{_PIR}, art. 4º, §1º, I, IV e V (dignidade, igualdade de tratamento, hipóteses de "
        "sigilo); LGPD (Lei 13.709/2018), art. 46"),
)
