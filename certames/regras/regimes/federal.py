"""Federal: Lei 15.142/2025 and Decreto 12.536/2025 (the law was published 04/06/2025)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from ..procedimentos import (
    DOCUMENTAL,
    NEGRAS,
    PADRAO,
    RegraComposicao,
    RegraConvocacao,
    RegraDocumental,
    RegraProcedimento,
    avaliacao_pcd,
    sancao_padrao,
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
    INDIGENA_ALTERNATIVOS,
    PCD_FEDERAL,
    PCD_NAO_CONFIRMADA,
    laudo,
)
from .regime import Regime

_FED = "Lei 15.142/2025"
_DEC = "Decreto 12.536/2025"

FEDERAL = Regime(
    id="federal-lei15142-2025",
    nome="Federal (Lei 15.142/2025; Decreto 12.536/2025)",
    lei="Lei 15.142/2025 (federal), regulamentada pelo Decreto 12.536/2025",
    vigencia_desde=date(2025, 6, 4),
    fundamento_vigencia=f"{_FED}, art. 11",
    grupos=(
        Grupo("PP", "pessoas pretas e pardas", Fraction(25, 100), f"{_FED}, art. 1º; {_DEC}"),
        Grupo("I", "pessoas indígenas", Fraction(3, 100), f"{_FED}, art. 1º; {_DEC}"),
        Grupo("Q", "pessoas quilombolas", Fraction(2, 100), f"{_FED}, art. 1º; {_DEC}"),
    ),
    limiar_arredondamento=Fraction(1, 2),
    fundamento_arredondamento=f"{_FED}, art. 5º, §2º",
    limiar_definido_em_lei=True,
    minimo_vagas=2,
    fundamento_minimo=f"{_FED}, art. 5º",
    pcd=RegraPcd(
        percentual=Fraction(5, 100),
        limite=Fraction(20, 100),
        fundamento=PCD_FEDERAL,
        definida_em_lei=True,
        # Decreto 9.508/2018, art. 1º, §1º: "no mínimo, cinco por cento"; Lei 8.112/1990,
        # art. 5º, §2º: "até 20%".
        percentual_maximo=Fraction(20, 100),
        fundamento_faixa=(
            "Decreto 9.508/2018, art. 1º, §1º (no mínimo 5%); Lei 8.112/1990, art. 5º, §2º "
            "(até 20% das vagas)"),
    ),
    nao_confirmacao=(
        NaoConfirmacao("PP", PERMANECE_AC, f"{_FED}, art. 3º, §2º", (PERMANECE_AC,)),
        NaoConfirmacao("I", PERMANECE_AC, f"{_FED}, art. 3º, §2º", (PERMANECE_AC,)),
        NaoConfirmacao("Q", PERMANECE_AC, f"{_FED}, art. 3º, §2º", (PERMANECE_AC,)),
        NaoConfirmacao(PCD, PERMANECE_AC, PCD_NAO_CONFIRMADA, (PERMANECE_AC,)),
    ),
    reversoes=(
        Reversao("PP", f"{_FED}, art. 7º; {_DEC}", (), f"{_DEC} (reversão à ampla concorrência)"),
        Reversao(
            "I",
            f"{_FED}, art. 7º; {_DEC}",
            (
                PassoCadeia("Q", f"{_DEC} (vagas indígenas remanescentes a quilombolas)"),
                PassoCadeia("PP", f"{_DEC} (remanescentes a pretos e pardos)"),
            ),
            f'{_DEC} ("por último", ampla concorrência)',
        ),
        Reversao(
            "Q",
            f"{_FED}, art. 7º; {_DEC}",
            (
                PassoCadeia("I", f"{_DEC} (vagas quilombolas remanescentes a indígenas)"),
                PassoCadeia("PP", f"{_DEC} (remanescentes a pretos e pardos)"),
            ),
            f'{_DEC} ("por último", ampla concorrência)',
        ),
        Reversao(PCD, "Decreto 9.508/2018, art. 1º", (), "Decreto 9.508/2018, art. 1º, §5º"),
    ),
    fundamento_concorrencia=f"{_FED}, art. 7º, §2º",
    fundamento_fraude=f"{_FED}, art. 3º (procedimento com contraditório e ampla defesa)",
    optantes_todas_as_fases=True,
    todas_as_fases_em_lei=True,
    fundamento_todas_as_fases=f"{_FED}, art. 6º",
    fundamento_convocacao=f"{_FED}: alternância e proporcionalidade na nomeação",
    # The text of Lei 15.142/2025 is not in docs/leis: the product's default, as the
    # municipal laws (LC 22/2026, art. 2º) fix it.
    fundamento_opcoes_na_inscricao=(
        f"{PADRAO} (como na LC 22/2026, art. 2º): opção e autodeclaração feitas na inscrição"),
    # The text of Lei 15.142/2025 is not in docs/leis: it names alternância e
    # proporcionalidade na nomeação; that the order stays is the product's default (section 7).
    fundamento_ordem_nomeacao=(
        f"{_FED} (federal): alternância e proporcionalidade na nomeação; cada convocação "
        f"mantém sua posição ({PADRAO}, regras de reserva, seção 7)"),
    fundamento_efeito_definitivo=f"{_FED}, art. 3º, §2º: só após decisão definitiva",
    apenas_maior_percentual=True,
    fundamento_multiplas_listas=(
        f"{_DEC}: classificado apenas na reserva de maior percentual; PcD à parte"
    ),
    fundamento_arredondamento_grupos=f'{_DEC} (cada percentual "do total das vagas")',
    heteroidentificacao=f"obrigatória para optantes PP ({_FED}, art. 3º, §1º)",
    comprovacao_indigena=f"verificação documental por comissão ({_DEC})",
    comprovacao_quilombola=f"verificação documental por comissão ({_DEC})",
    isencao_taxa="não se aplica",
    observacoes=(
        "cadeia de reversão do Decreto 12.536/2025 (igual à de Pirangi): Q -> I -> PP -> AC, "
        "I -> Q -> PP -> AC",
    ),
    procedimentos=(
        RegraProcedimento(
            RegraConvocacao(("PP",), NEGRAS, True, False,
                            f"{_FED}, art. 3º, §1º (optantes PP habilitados)"),
            fundamento=f"{_FED}, art. 3º, §1º",
            fundamento_recurso=f"{_FED}, art. 3º (contraditório e ampla defesa)",
            fundamento_presenca=f"{_FED}, art. 3º, e edital",
            fundamento_ausencia=f"edital; {_FED}, art. 3º, §2º",
        ),
        RegraProcedimento(
            RegraConvocacao(
                ("I", "Q"), (), True, False,
                f"{_FED}; {_DEC} (verificação documental de indígenas e quilombolas)",
                DOCUMENTAL),
            fundamento=f"{_FED}; {_DEC} (verificação documental)",
            fundamento_recurso=f"{_FED} (contraditório e ampla defesa)",
            fundamento_presenca="",
            fundamento_ausencia="",
        ),
        avaliacao_pcd(
            f"{F_EQUIPE}; {F_LBI}",
            f"{F_LBI}; Decreto 9.508/2018, art. 5º",
            f"recurso na forma do edital ({PADRAO})",
        ),
    ),
    composicao=RegraComposicao(
        diversidade_exigida=False,
        fundamento_diversidade=(
            f"{_FED}, art. 3º (procedimento por regulamento); {PADRAO}: distribuição por "
            "gênero e cor (como na LC 22/2026, art. 3º, §2º)"),
    ),
    fraude=sancao_padrao(f"{_FED}, art. 3º (procedimento com contraditório e ampla defesa)"),
    isencao=None,
    documentos=(
        # The documents are not in the texts in hand: product default (the instrument of
        # LC 22/2026, art. 4º for indigenous people), the edital may replace it.
        RegraDocumental("I", ("TADII",), INDIGENA_ALTERNATIVOS,
                        f"{_FED}; {_DEC} (comissão de verificação documental)",
                        padrao=True, delegacao=f"{_FED}; {_DEC}"),
        RegraDocumental("Q", ("DECL_COMUNIDADE", "CERTIDAO_PALMARES"), (),
                        f"{_FED}; {_DEC} (comissão de verificação documental)",
                        padrao=True, delegacao=f"{_FED}; {_DEC}"),
        laudo(F_LAUDO, F_LAUDO),
    ),
    # Spec section 4.1: the percentage on the whole edital (Lei 15.142/2025, art. 1º: "das
    # vagas oferecidas nos concursos públicos"), the public draw placing the fractions.
    base_reserva=BASE_EDITAL,
    bases_reserva=(BASE_EDITAL, BASE_CARGO),
    fundamento_base_reserva=(
        f'{_FED}, art. 1º ("das vagas oferecidas nos concursos"): percentual sobre a '
        "totalidade das vagas do edital, por padrão; o edital pode adotar a base por cargo"),
    base_reserva_pcd=BASE_CARGO,
    bases_reserva_pcd=(BASE_CARGO, BASE_EDITAL),
    fundamento_base_reserva_pcd=(
        f"{PADRAO}: reserva PcD por cargo ({PCD_FEDERAL}, sobre as vagas de cada cargo); o "
        "edital pode adotar a totalidade das vagas, com sorteio"),
    # The text of Lei 15.142/2025 is not in docs/leis: the citations the regime already
    # makes (non-confirmation, art. 3º, §2º; fraud by a procedure with contraditório, art. 3º).
    fundamento_nao_confirmacao_nao_e_fraude=f"{_FED}, art. 3º, caput e §2º",
    # Spec section 4.1, item 5: a vacancy that arises takes its group by the public draw.
    fundamento_vaga_surgida=(
        f'{_FED}, art. 1º ("das vagas oferecidas nos concursos"); vagas surgidas na validade: '
        f"{PADRAO} (regras de reserva, seção 4.1, item 5)"),
    fundamento_sigilo=(
        f"{_FED}, art. 3º (procedimento por regulamento); sigilo: LGPD (Lei 13.709/2018), "
        f"art. 46 ({PADRAO})"),
)
