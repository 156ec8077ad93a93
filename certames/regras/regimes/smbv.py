"""Santa Maria da Boa Vista-PE: LC 22/2026 (DOM-PE 10/06/2026)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from ..procedimentos import (
    DOCUMENTAL,
    INDIGENA,
    NEGRAS,
    PADRAO,
    RegraComposicao,
    RegraConvocacao,
    RegraDocumental,
    RegraProcedimento,
    RegraSancao,
    avaliacao_pcd,
)
from .base import (
    BASE_CARGO,
    ELIMINA,
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
    INDIGENA_ALTERNATIVOS,
    PCD_NAO_CONFIRMADA,
    laudo,
)
from .regime import Regime

_SMBV = "LC 22/2026"

SMBV = Regime(
    id="smbv-lc22-2026",
    nome="Santa Maria da Boa Vista-PE (LC 22/2026)",
    lei="LC 22/2026 de Santa Maria da Boa Vista-PE",
    # Spec section 3: editais published on or after the law's publication, 10/06/2026
    # (Diário Oficial dos Municípios do Estado de Pernambuco nº 4114). The text in hand is cut
    # after "Disposições finais": the usual entry into force on publication is assumed.
    vigencia_desde=date(2026, 6, 10),
    fundamento_vigencia=(f"{_SMBV}, publicada em 10/06/2026 no Diário Oficial dos Municípios "
                         "do Estado de Pernambuco nº 4114, vigência na publicação presumida"),
    nota_vigencia=(
        "O texto disponível termina no título “Disposições finais”, sem o artigo de vigência: "
        "presume-se a entrada em vigor na data da publicação (10/06/2026, Diário Oficial dos "
        "Municípios do Estado de Pernambuco nº 4114). Edital publicado antes mantém as suas "
        "próprias regras (vinculação ao edital)."),
    grupos=(
        Grupo("PP", "pessoas negras (pretas e pardas)", Fraction(25, 100), f"{_SMBV}, art. 1º, I"),
        Grupo("I", "pessoas indígenas", Fraction(5, 100), f"{_SMBV}, art. 1º, II"),
    ),
    limiar_arredondamento=Fraction(7, 10),
    fundamento_arredondamento=f"{_SMBV}, art. 1º, §2º",
    limiar_definido_em_lei=True,
    # "aplicada sempre que o número de vagas ... for igual ou superior ao quantitativo mínimo
    # necessário para aplicação dos percentuais": no minimum beyond rounding.
    minimo_vagas=0,
    fundamento_minimo=f"{_SMBV}, art. 1º, §1º (sem mínimo além do arredondamento)",
    pcd=RegraPcd(
        percentual=Fraction(5, 100),
        limite=Fraction(10, 100),
        fundamento=f"{_SMBV}, art. 6º, §1º",
        definida_em_lei=True,
        # Art. 6º, caput: "no mínimo, 5%"; §1º: never above 10% of the cargo's vacancies.
        percentual_maximo=Fraction(10, 100),
        fundamento_faixa=(
            f"{_SMBV}, art. 6º, caput (no mínimo 5%) e §1º (limite de 10% das vagas)"),
    ),
    nao_confirmacao=(
        # Spec section 3: art. 3º, §3º eliminates only on "constatação de declaração falsa"
        # after an administrative procedure with contraditório e ampla defesa, i.e. the fraud
        # procedure (state ``fraude``). A non-confirmation without it: out of the PP list,
        # still in AC. The edital may choose elimination (the Lei 12.990/2014 practice,
        # Portaria Normativa MPDG 4/2018, art. 11).
        NaoConfirmacao(
            "PP",
            PERMANECE_AC,
            f"{_SMBV}, art. 3º, §3º (elimina só a declaração falsa apurada em procedimento "
            "administrativo com contraditório e ampla defesa; sem ela, sai da lista reservada "
            "e segue na ampla concorrência)",
            (PERMANECE_AC, ELIMINA),
            fundamento_opcao=(
                "edital: a não confirmação definitiva elimina do certame (prática da Lei "
                "12.990/2014, Portaria Normativa MPDG 4/2018, art. 11)"
            ),
        ),
        NaoConfirmacao(
            "I",
            PERMANECE_AC,
            f"{_SMBV}, art. 4º (verificação documental; sem previsão de eliminação)",
            (PERMANECE_AC,),
        ),
        # The law says nothing about a PcD non-confirmation (art. 6º, §3º is the concurrent
        # competition): product default.
        NaoConfirmacao(PCD, PERMANECE_AC, PCD_NAO_CONFIRMADA, (PERMANECE_AC,)),
    ),
    reversoes=(
        # Art. 1º, §6º: a reserved vacancy goes to the next "candidato negro ou indígena";
        # §7º reverts to AC only when "negros ou indígenas" run out. So PP -> I -> AC and
        # I -> PP -> AC (spec sections 3 and 6).
        Reversao(
            "PP",
            f"{_SMBV}, art. 1º, §6º",
            (PassoCadeia("I", f'{_SMBV}, art. 1º, §6º ("candidato negro ou indígena")'),),
            f"{_SMBV}, art. 1º, §7º",
        ),
        Reversao(
            "I",
            f"{_SMBV}, art. 1º, §6º",
            (PassoCadeia("PP", f'{_SMBV}, art. 1º, §6º ("candidato negro ou indígena")'),),
            f"{_SMBV}, art. 1º, §7º",
        ),
        Reversao(PCD, f"{_SMBV}, art. 6º, §5º", (), f"{_SMBV}, art. 6º, §6º"),
    ),
    fundamento_concorrencia=f"{_SMBV}, art. 1º, §§4º e 5º; art. 6º, §§3º e 4º",
    fundamento_fraude=f"{_SMBV}, art. 3º, §3º",
    # The LC is silent on phases: the edital may guarantee optants every phase.
    fundamento_todas_as_fases=(
        f"{_SMBV}: não disciplina as fases do certame; o edital pode garantir a participação "
        "dos optantes em todas as fases"
    ),
    fundamento_convocacao=(
        f"{_SMBV}: ordem de convocação não disciplinada; alternância e proporcionalidade "
        "(padrão do produto, como na Lei 3.056/2025, art. 12)"
    ),
    # "Podem concorrer às vagas reservadas ... aqueles que se autodeclararem ... no ato da
    # inscrição no concurso público."
    fundamento_opcoes_na_inscricao=f"{_SMBV}, art. 2º",
    # The LC has no article on the order of the calls: the product's default (regras de
    # reserva, section 7): each call keeps its position once made.
    fundamento_ordem_nomeacao=(
        f"{_SMBV} de Santa Maria da Boa Vista-PE: ordem de nomeação não disciplinada; cada "
        f"convocação mantém sua posição ({PADRAO}, regras de reserva, seção 7)"),
    fundamento_efeito_definitivo=(
        f"{_SMBV}, art. 5º, II; art. 3º, §5º (recurso): só após decisão definitiva"
    ),
    fundamento_multiplas_listas="concorre em todas as listas para as quais optou",
    fundamento_arredondamento_grupos=f'{_SMBV}, art. 1º, I e II ("do total das vagas")',
    heteroidentificacao=(
        f"comissão de heteroidentificação deliberativa, apenas aspectos fenotípicos, "
        f"presença obrigatória do candidato ({_SMBV}, art. 3º, caput e §1º); "
        f"recurso na forma do edital ({_SMBV}, art. 3º, §5º)"
    ),
    comprovacao_indigena=(
        "TADII acompanhado de um dos documentos: RANI; declaração de pertencimento étnico "
        "de liderança, ancião ou personalidade indígena; declaração de órgão indigenista, "
        f"associação ou organização indígena ({_SMBV}, art. 4º)"
    ),
    comprovacao_quilombola="não se aplica (sem reserva para quilombolas)",
    isencao_taxa="não prevista",
    observacoes=("o texto publicado intercala a lei de IPTU; só as partes de reserva se aplicam",),
    procedimentos=(
        RegraProcedimento(
            RegraConvocacao(
                ("PP",), NEGRAS, False, False,
                f"{_SMBV}, art. 3º, caput e §1º (optantes negros, pretos e pardos, com a "
                f"presença do candidato); indígenas: art. 4º (documental)"),
            fundamento=f"{_SMBV}, art. 3º",
            fundamento_recurso=f"{_SMBV}, art. 3º, §5º",
            # "verificados obrigatoriamente com a presença do candidato, salvo em caso de
            # impedimento por força de norma legal vigente".
            presencial_obrigatoria=True,
            fundamento_presenca=f"{_SMBV}, art. 3º, §1º",
            fundamento_ausencia=(
                "edital (padrão: sai da lista reservada, permanece na ampla concorrência; sem "
                "declaração falsa, não se aplica o art. 3º, §3º)"),
        ),
        RegraProcedimento(
            RegraConvocacao(
                ("I",), (INDIGENA,), False, False,
                f"{_SMBV}, art. 4º (optantes indígenas: TADII acompanhado de documento de "
                "pertencimento)", DOCUMENTAL),
            fundamento=f"{_SMBV}, art. 4º",
            # Art. 5º, II: the principles of arts. 3º and 4º.
            fundamento_recurso=f"{_SMBV}, art. 5º, II (contraditório e ampla defesa)",
            fundamento_presenca="",
            fundamento_ausencia="",
        ),
        avaliacao_pcd(
            f"{_SMBV}, art. 7º, §§1º e 3º (avaliação biopsicossocial por comissão "
            f"multiprofissional); {F_EQUIPE}",
            f"{_SMBV}, art. 6º, caput, e art. 7º, §§1º e 3º; Decreto 9.508/2018, art. 5º",
            # Art. 3º, §5º and art. 5º are about heteroidentification and indigenous proof.
            f"{_SMBV} não disciplina o recurso da avaliação PcD: recurso na forma do edital "
            f"({PADRAO})",
        ),
    ),
    composicao=RegraComposicao(
        diversidade_exigida=True,
        fundamento_diversidade=f"{_SMBV}, art. 3º, §2º",
        fundamento_equipe=f"{_SMBV}, art. 7º, §§1º e 3º; {F_EQUIPE}",
    ),
    fraude=RegraSancao(
        procedimento=(
            f"{_SMBV}, art. 3º, §3º (procedimento administrativo com contraditório e ampla "
            "defesa)"),
        garantia=f"{_SMBV}, art. 3º, §3º",
        # Eliminated; if appointed, the investiture annulled: one paragraph for every phase.
        cancelamento=f"{_SMBV}, art. 3º, §3º",
        exclusao_lista=f"{_SMBV}, art. 3º, §3º",
        anulacao=f"{_SMBV}, art. 3º, §3º",
        encaminhamento_facultativo=f"{_SMBV}, art. 3º, §3º (sem prejuízo de outras sanções)",
    ),
    isencao=None,
    documentos=(
        # Art. 4º: the TADII "acompanhado por um dos seguintes documentos" (fixed by law).
        RegraDocumental("I", ("TADII",), INDIGENA_ALTERNATIVOS, f"{_SMBV}, art. 4º"),
        laudo(f"{_SMBV}, art. 7º, §§1º e 3º; {F_LAUDO}", f"{_SMBV}, art. 7º, §§1º e 3º"),
    ),
    # Art. 1º, §3º and art. 6º, §2º: the edital states "o total de vagas correspondentes à
    # reserva para cada cargo"; art. 6º, §1º caps PcD at 10% "das vagas oferecidas para o
    # cargo". The whole-edital base is refused (spec section 4.1).
    base_reserva=BASE_CARGO,
    bases_reserva=(BASE_CARGO,),
    fundamento_base_reserva=(
        f'{_SMBV}, art. 1º, §3º ("o total de vagas correspondentes à reserva para cada '
        'cargo")'),
    base_reserva_pcd=BASE_CARGO,
    bases_reserva_pcd=(BASE_CARGO,),
    fundamento_base_reserva_pcd=(
        f'{_SMBV}, art. 6º, §2º ("o total de vagas correspondentes à reserva para cada '
        'cargo") e §1º (limite de 10% "das vagas oferecidas para o cargo")'),
    # Art. 3º, §3º: only a "declaração falsa" found in an administrative procedure with
    # contraditório e ampla defesa eliminates as fraud.
    fundamento_nao_confirmacao_nao_e_fraude=f"{_SMBV}, art. 3º, §3º",
    # The LC speaks of "as vagas oferecidas" and has the edital state the reserve per cargo
    # (art. 1º, §3º; art. 6º, §2º); it is silent on vacancies that arise later: the product
    # applies the reserve to them (spec section 4, item 4).
    fundamento_vaga_surgida=(
        f"{_SMBV}, art. 1º, §3º, e art. 6º, §2º (reserva por cargo); vagas surgidas na "
        f"validade: {PADRAO} (regras de reserva, seção 4)"),
    # Art. 5º: "respeito à dignidade da pessoa humana" (I), "igualdade de tratamento" (III),
    # "publicidade e controle social, resguardadas as hipóteses de sigilo" (IV).
    fundamento_sigilo=(
        f"{_SMBV}, art. 5º, I, III e IV (dignidade, igualdade de tratamento, hipóteses de "
        "sigilo); LGPD (Lei 13.709/2018), art. 46"),
)
