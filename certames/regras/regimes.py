"""Legal regimes as data (spec section 3).

A ``Regime`` holds every number the engine needs for one law, each with the citation of the
article it comes from. Adding a municipality's law is adding one ``Regime`` to ``REGIMES``;
no new code path. Citations follow Brazilian usage: "LC 22/2026, art. 1º, §2º".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Any

from .aritmetica import formatar_decimal, formatar_percentual

__all__ = [
    "AC",
    "PCD",
    "CODIGOS_RESERVA",
    "ELIMINA",
    "PERMANECE_AC",
    "EFEITOS",
    "Grupo",
    "RegraPcd",
    "PassoCadeia",
    "Reversao",
    "NaoConfirmacao",
    "Regime",
    "RegimeDesconhecido",
    "REGIMES",
    "obter_regime",
]

AC = "AC"
PCD = "PCD"
#: Every reserved list code the product knows (spec section 2).
CODIGOS_RESERVA: tuple[str, ...] = ("PP", "I", "Q", "PPI", PCD)

#: Effects of a final non-confirmation (without fraud) of a self-declaration.
ELIMINA = "elimina"
PERMANECE_AC = "permanece_ac"
EFEITOS: tuple[str, ...] = (ELIMINA, PERMANECE_AC)

NOMES_LISTAS: dict[str, str] = {
    AC: "ampla concorrência",
    "PP": "pessoas pretas e pardas",
    "I": "pessoas indígenas",
    "Q": "pessoas quilombolas",
    "PPI": "pessoas pretas, pardas e indígenas",
    PCD: "pessoas com deficiência",
}


@dataclass(frozen=True)
class Grupo:
    """A racial/ethnic reserved group: its list code, percentage and legal basis."""

    codigo: str
    nome: str
    percentual: Fraction
    fundamento: str


@dataclass(frozen=True)
class RegraPcd:
    """PcD reservation: ``teto(N * percentual)``, but if that exceeds ``limite * N``,
    ``floor(N * percentual)`` (LC 22/2026, art. 6º, §1º; Decreto 9.508/2018, art. 1º, §3º
    with Lei 8.112/1990, art. 5º, §2º). ``limite`` None means no cap.
    """

    percentual: Fraction
    limite: Fraction | None
    fundamento: str = ""
    #: True when the law fixes the rule; False when it is an edital setting.
    definida_em_lei: bool = True


@dataclass(frozen=True)
class PassoCadeia:
    """One step of a reversion chain: the list that gives candidates, and why."""

    lista: str
    fundamento: str


@dataclass(frozen=True)
class Reversao:
    """What happens to an unfilled slot of ``lista`` (spec section 6, steps 2-4)."""

    lista: str
    #: Basis for "next of the same list" (desistência / not counted in AC).
    fundamento_mesma_lista: str
    #: Other reserved lists walked in order before AC (Pirangi: Q -> I -> PP).
    cadeia: tuple[PassoCadeia, ...]
    #: Basis for the last resort: the slot reverts to the general list.
    fundamento_ampla: str


@dataclass(frozen=True)
class NaoConfirmacao:
    """Effect of a final non-confirmation in one reserved list."""

    lista: str
    efeito: str
    fundamento: str
    #: Effects an edital may choose; a single value means the law fixes it.
    efeitos_permitidos: tuple[str, ...]


@dataclass(frozen=True)
class Regime:
    """One legal regime of vacancy reservation (spec section 3)."""

    id: str
    nome: str
    lei: str
    vigencia_desde: date | None
    fundamento_vigencia: str
    grupos: tuple[Grupo, ...]
    limiar_arredondamento: Fraction
    fundamento_arredondamento: str
    #: False where the law is silent and the edital fixes the threshold (Severínia).
    limiar_definido_em_lei: bool
    minimo_vagas: int
    fundamento_minimo: str
    pcd: RegraPcd
    nao_confirmacao: tuple[NaoConfirmacao, ...]
    reversoes: tuple[Reversao, ...]
    fundamento_concorrencia: str
    fundamento_fraude: str
    fundamento_convocacao: str
    fundamento_efeito_definitivo: str
    #: Federal: a candidate in several racial lists stays only in the highest percentage.
    apenas_maior_percentual: bool = False
    fundamento_multiplas_listas: str = ""
    #: Round the total percentage once and split it (edital setting, default off).
    arredondamento_conjunto: bool = False
    fundamento_arredondamento_grupos: str = ""
    heteroidentificacao: str = ""
    comprovacao_indigena: str = ""
    comprovacao_quilombola: str = ""
    isencao_taxa: str = ""
    observacoes: tuple[str, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        codigos = [g.codigo for g in self.grupos]
        if len(set(codigos)) != len(codigos) or PCD in codigos or AC in codigos:
            raise ValueError(f"{self.id}: códigos de grupo inválidos {codigos}")
        listas = set(self.listas)
        if {n.lista for n in self.nao_confirmacao} != listas:
            raise ValueError(f"{self.id}: não confirmação deve cobrir {sorted(listas)}")
        if {r.lista for r in self.reversoes} != listas:
            raise ValueError(f"{self.id}: reversão deve cobrir {sorted(listas)}")
        for r in self.reversoes:
            for passo in r.cadeia:
                if passo.lista not in listas or passo.lista == r.lista:
                    raise ValueError(f"{self.id}: cadeia de {r.lista} inválida")
        for n in self.nao_confirmacao:
            if n.efeito not in n.efeitos_permitidos or not set(n.efeitos_permitidos) <= set(
                EFEITOS
            ):
                raise ValueError(f"{self.id}: efeito de não confirmação inválido em {n.lista}")
        if sum((g.percentual for g in self.grupos), Fraction(0)) + self.pcd.percentual > 1:
            raise ValueError(f"{self.id}: percentuais somam mais de 100%")

    # -- derived views -------------------------------------------------------------------

    @property
    def listas(self) -> tuple[str, ...]:
        """Reserved list codes in the regime's order: racial groups, then ``"PCD"``."""
        return tuple(g.codigo for g in self.grupos) + (PCD,)

    @property
    def listas_com_ac(self) -> tuple[str, ...]:
        """``("AC",) + listas``: the keys of a split and of the published lists."""
        return (AC,) + self.listas

    @property
    def percentual_total(self) -> Fraction:
        """Sum of the racial groups' percentages (PcD excluded)."""
        return sum((g.percentual for g in self.grupos), Fraction(0))

    def grupo(self, codigo: str) -> Grupo:
        for g in self.grupos:
            if g.codigo == codigo:
                return g
        raise KeyError(codigo)

    def regra_nao_confirmacao(self, lista: str) -> NaoConfirmacao:
        for n in self.nao_confirmacao:
            if n.lista == lista:
                return n
        raise KeyError(lista)

    def reversao(self, lista: str) -> Reversao:
        for r in self.reversoes:
            if r.lista == lista:
                return r
        raise KeyError(lista)

    def como_dict(self) -> dict[str, Any]:
        """JSON-friendly description of every parameter with its citation.

        Percentages are percent numbers as decimal strings ("25" = 25%), thresholds
        decimal strings ("0.7"), the same conventions ``json_io`` reads.
        """

        def pct(p: Fraction) -> str:
            return formatar_decimal(p * 100).replace(",", ".")

        def dec(x: Fraction) -> str:
            return formatar_decimal(x).replace(",", ".")

        return {
            "id": self.id,
            "nome": self.nome,
            "lei": self.lei,
            "vigencia_desde": self.vigencia_desde.isoformat() if self.vigencia_desde else None,
            "fundamento_vigencia": self.fundamento_vigencia,
            "listas": list(self.listas),
            "grupos": [
                {
                    "codigo": g.codigo,
                    "nome": g.nome,
                    "percentual": pct(g.percentual),
                    "percentual_texto": formatar_percentual(g.percentual),
                    "fundamento": g.fundamento,
                }
                for g in self.grupos
            ],
            "arredondamento": {
                "limiar": dec(self.limiar_arredondamento),
                "definido_em_lei": self.limiar_definido_em_lei,
                "fundamento": self.fundamento_arredondamento,
                "conjunto": self.arredondamento_conjunto,
                "fundamento_grupos": self.fundamento_arredondamento_grupos,
            },
            "minimo_vagas": self.minimo_vagas,
            "fundamento_minimo": self.fundamento_minimo,
            "pcd": {
                "percentual": pct(self.pcd.percentual),
                "arredondamento": "teto",
                "limite": pct(self.pcd.limite) if self.pcd.limite is not None else None,
                "definida_em_lei": self.pcd.definida_em_lei,
                "fundamento": self.pcd.fundamento,
            },
            "nao_confirmacao": {
                n.lista: {
                    "efeito": n.efeito,
                    "efeitos_permitidos": list(n.efeitos_permitidos),
                    "fundamento": n.fundamento,
                }
                for n in self.nao_confirmacao
            },
            "fundamento_efeito_definitivo": self.fundamento_efeito_definitivo,
            "reversao": {
                r.lista: {
                    "mesma_lista": r.fundamento_mesma_lista,
                    "cadeia": [{"lista": p.lista, "fundamento": p.fundamento} for p in r.cadeia],
                    "ampla_concorrencia": r.fundamento_ampla,
                }
                for r in self.reversoes
            },
            "apenas_maior_percentual": self.apenas_maior_percentual,
            "fundamento_multiplas_listas": self.fundamento_multiplas_listas,
            "fundamento_concorrencia": self.fundamento_concorrencia,
            "fundamento_fraude": self.fundamento_fraude,
            "fundamento_convocacao": self.fundamento_convocacao,
            "heteroidentificacao": self.heteroidentificacao,
            "comprovacao_indigena": self.comprovacao_indigena,
            "comprovacao_quilombola": self.comprovacao_quilombola,
            "isencao_taxa": self.isencao_taxa,
            "observacoes": list(self.observacoes),
        }


class RegimeDesconhecido(KeyError):
    """Raised by ``obter_regime`` for an id not in ``REGIMES``."""

    def __init__(self, regime_id: object) -> None:
        super().__init__(regime_id)
        self.regime_id = regime_id

    def __str__(self) -> str:
        return f"regime desconhecido “{self.regime_id}” (disponíveis: {', '.join(sorted(REGIMES))})"


# ---------------------------------------------------------------------------------------
# Shared federal PcD rule: the product default where a municipal law is silent.
# ---------------------------------------------------------------------------------------

_PCD_FEDERAL = "Decreto 9.508/2018, art. 1º, §3º; Lei 8.112/1990, art. 5º, §2º"
_PCD_NAO_CONFIRMADA = (
    "não enquadramento como PcD não elimina: o candidato segue na ampla concorrência "
    "(padrão do produto: a lei não prevê eliminação)"
)

# ---------------------------------------------------------------------------------------
# Santa Maria da Boa Vista-PE: LC 22/2026 (DOM-PE 10/06/2026).
# ---------------------------------------------------------------------------------------

_SMBV = "LC 22/2026"

SMBV = Regime(
    id="smbv-lc22-2026",
    nome="Santa Maria da Boa Vista-PE (LC 22/2026)",
    lei="LC 22/2026 de Santa Maria da Boa Vista-PE",
    # The law has no transitional rule (spec section 3).
    vigencia_desde=None,
    fundamento_vigencia=f"{_SMBV}: sem regra de transição no texto",
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
    ),
    nao_confirmacao=(
        # Spec section 3: eliminated, edital may choose "stays in AC".
        NaoConfirmacao("PP", ELIMINA, f"{_SMBV}, art. 3º, §3º", (ELIMINA, PERMANECE_AC)),
        NaoConfirmacao(
            "I",
            PERMANECE_AC,
            f"{_SMBV}, art. 4º (verificação documental; sem previsão de eliminação)",
            (PERMANECE_AC,),
        ),
        NaoConfirmacao(
            PCD, PERMANECE_AC, f"{_SMBV}, art. 6º, §3º; {_PCD_NAO_CONFIRMADA}", (PERMANECE_AC,)
        ),
    ),
    reversoes=(
        Reversao("PP", f"{_SMBV}, art. 1º, §6º", (), f"{_SMBV}, art. 1º, §7º"),
        Reversao("I", f"{_SMBV}, art. 1º, §6º", (), f"{_SMBV}, art. 1º, §7º"),
        Reversao(PCD, f"{_SMBV}, art. 6º, §5º", (), f"{_SMBV}, art. 6º, §6º"),
    ),
    fundamento_concorrencia=f"{_SMBV}, art. 1º, §§4º e 5º; art. 6º, §§3º e 4º",
    fundamento_fraude=f"{_SMBV}, art. 3º, §3º",
    fundamento_convocacao=(
        f"{_SMBV}: ordem de convocação não disciplinada; alternância e proporcionalidade "
        "(padrão do produto, como na Lei 3.056/2025, art. 12)"
    ),
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
)

# ---------------------------------------------------------------------------------------
# Severínia-SP: Lei 3.057/2026 (published 09/09/2026).
# ---------------------------------------------------------------------------------------

_SEV = "Lei 3.057/2026"

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
            f"edital, padrão {_PCD_FEDERAL}"
        ),
        definida_em_lei=False,
    ),
    nao_confirmacao=(
        NaoConfirmacao("PPI", PERMANECE_AC, f"{_SEV}, art. 11, §1º", (PERMANECE_AC,)),
        NaoConfirmacao(PCD, PERMANECE_AC, _PCD_NAO_CONFIRMADA, (PERMANECE_AC,)),
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
    fundamento_convocacao=f"{_SEV}, art. 17, parágrafo único; art. 19, parágrafo único",
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
)

# ---------------------------------------------------------------------------------------
# Pirangi-SP: Lei 3.056/2025 (published 03/11/2025).
# ---------------------------------------------------------------------------------------

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
        fundamento=f"{_PIR} não regula a reserva PcD: regra do edital, padrão {_PCD_FEDERAL}",
        definida_em_lei=False,
    ),
    nao_confirmacao=(
        NaoConfirmacao("PP", PERMANECE_AC, f"{_PIR}, art. 6º, §2º", (PERMANECE_AC,)),
        NaoConfirmacao("I", PERMANECE_AC, f"{_PIR}, art. 6º, §2º", (PERMANECE_AC,)),
        NaoConfirmacao("Q", PERMANECE_AC, f"{_PIR}, art. 6º, §2º", (PERMANECE_AC,)),
        NaoConfirmacao(PCD, PERMANECE_AC, _PCD_NAO_CONFIRMADA, (PERMANECE_AC,)),
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
    fundamento_convocacao=f"{_PIR}, art. 12 (ordem mantida na vida funcional, §2º)",
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
)

# ---------------------------------------------------------------------------------------
# Federal: Lei 15.142/2025 and Decreto 12.536/2025 (the law was published 04/06/2025).
# ---------------------------------------------------------------------------------------

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
        fundamento=_PCD_FEDERAL,
        definida_em_lei=True,
    ),
    nao_confirmacao=(
        NaoConfirmacao("PP", PERMANECE_AC, f"{_FED}, art. 3º, §2º", (PERMANECE_AC,)),
        NaoConfirmacao("I", PERMANECE_AC, f"{_FED}, art. 3º, §2º", (PERMANECE_AC,)),
        NaoConfirmacao("Q", PERMANECE_AC, f"{_FED}, art. 3º, §2º", (PERMANECE_AC,)),
        NaoConfirmacao(PCD, PERMANECE_AC, _PCD_NAO_CONFIRMADA, (PERMANECE_AC,)),
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
    fundamento_convocacao=f"{_FED}: alternância e proporcionalidade na nomeação",
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
)

#: Built-in regimes by id, in a stable order.
REGIMES: dict[str, Regime] = {r.id: r for r in (SMBV, SEVERINIA, PIRANGI, FEDERAL)}


def obter_regime(regime_id: str) -> Regime:
    """The built-in regime ``regime_id``; raises ``RegimeDesconhecido`` (a ``KeyError``)."""
    try:
        return REGIMES[regime_id]
    except (KeyError, TypeError):
        raise RegimeDesconhecido(regime_id) from None
