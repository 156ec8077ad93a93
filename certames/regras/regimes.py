"""Legal regimes as data (spec section 3).

A ``Regime`` holds every number the engine needs for one law, each with the citation of the
article it comes from, and the rules of the procedures around the reservation
(``procedimentos``: who each committee calls and whether in person, the committee's
composition, what a proven fraud does, the fee exemption, the documents that prove a
condition). Adding a municipality's law is adding one ``Regime`` to ``REGIMES``; no new code
path: nothing outside this package compares regime ids. Where the law is silent, the value is
the product's default and its citation says so. Citations follow Brazilian usage:
"LC 22/2026, art. 1º, §2º".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction
from typing import Any

from .aritmetica import formatar_decimal, formatar_percentual
from .procedimentos import (
    CADUNICO,
    DOADOR_SANGUE,
    DOCUMENTAL,
    HETEROIDENTIFICACAO,
    INDIGENA,
    MINISTERIO_PUBLICO,
    NEGRAS,
    PADRAO,
    PROCURADORIA,
    TIPOS_PROCEDIMENTO,
    ModalidadeIsencao,
    RegraComposicao,
    RegraConvocacao,
    RegraDocumental,
    RegraIsencao,
    RegraProcedimento,
    RegraSancao,
    avaliacao_pcd,
    procedimento_padrao,
    sancao_padrao,
)

__all__ = [
    "AC",
    "PCD",
    "CODIGOS_RESERVA",
    "ELIMINA",
    "PERMANECE_AC",
    "EFEITOS",
    "BASE_CARGO",
    "BASE_EDITAL",
    "BASES_RESERVA",
    "Grupo",
    "RegraPcd",
    "PassoCadeia",
    "Reversao",
    "NaoConfirmacao",
    "Regime",
    "RegimeDesconhecido",
    "REGIMES",
    "obter_regime",
    "regime_ou_none",
    "fundamentos_dos_regimes",
    "FUNDAMENTO_DESISTENCIA_AC",
]

AC = "AC"
PCD = "PCD"
#: Every reserved list code the product knows (spec section 2).
CODIGOS_RESERVA: tuple[str, ...] = ("PP", "I", "Q", "PPI", PCD)

#: Effects of a final non-confirmation (without fraud) of a self-declaration.
ELIMINA = "elimina"
PERMANECE_AC = "permanece_ac"
EFEITOS: tuple[str, ...] = (ELIMINA, PERMANECE_AC)

#: Base of a reserve (spec section 4.1, edital settings ``base_reserva`` and
#: ``base_reserva_pcd``): each cargo's own vacancies, or the whole edital's (with the public
#: draw of ``edital.distribuir_edital``).
BASE_CARGO = "cargo"
BASE_EDITAL = "edital"
BASES_RESERVA: tuple[str, ...] = (BASE_CARGO, BASE_EDITAL)

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
    #: Where the law sets ``percentual`` as a floor ("no mínimo"), the highest percentage an
    #: edital may reserve instead (LC 22/2026, art. 6º, caput and §1º: 5% to 10%; federal:
    #: Decreto 9.508/2018, art. 1º, §1º, and Lei 8.112/1990, art. 5º, §2º: 5% to 20%). None:
    #: the law fixes the percentage itself. The cap ``limite`` stays the law's.
    percentual_maximo: Fraction | None = None
    #: Where the law sets the floor and the ceiling (cited when the edital chooses).
    fundamento_faixa: str = ""

    def __post_init__(self) -> None:
        if self.percentual_maximo is not None and not (
            self.percentual <= self.percentual_maximo <= 1 and self.fundamento_faixa
        ):
            raise ValueError("faixa PcD inválida: máximo abaixo do mínimo ou sem fundamento")


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
    #: Basis of the other effect when the edital chooses it (empty: "edital, within the
    #: limits of ``fundamento``").
    fundamento_opcao: str = ""


@dataclass(frozen=True)
class Regime:
    """One legal regime of vacancy reservation (spec section 3)."""

    id: str
    nome: str
    lei: str
    #: The regime applies to editais published on or after this date (None: any); an
    #: edital published before keeps its own terms (vinculação ao edital). Enforced by
    #: `certames.models.Certame.clean`.
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
    #: How `vigencia_desde` was established where the text in hand does not say it.
    nota_vigencia: str = ""
    #: The committee procedures (heteroidentification, documentary verification, PcD
    #: evaluation) as the law describes them; one missing gets ``procedimento_padrao``.
    procedimentos: tuple[RegraProcedimento, ...] = ()
    #: The heteroidentification committee's composition.
    composicao: RegraComposicao = RegraComposicao()
    #: Fraud in the self-declaration: the procedure and each consequence by phase (None:
    #: every step on ``fundamento_fraude``).
    fraude: RegraSancao | None = None
    #: The fee exemption the law grants (None: the law grants none).
    isencao: RegraIsencao | None = None
    #: The documents that prove the condition of a list (none: no documents asked).
    documentos: tuple[RegraDocumental, ...] = ()
    #: Where the law lets the candidate change the option until the end of the inscrições
    #: (empty: the law is silent, the product's default is the edital's rule).
    fundamento_alteracao_opcao: str = ""
    #: Where the law fixes the reserved-list options and the self-declaration at the
    #: inscrição: after the inscrições window only a procedure's decision changes a
    #: candidate's state in a list, and RH corrects a data error by a motivated act
    #: (candidatos.retificacao). Cited in every refusal of a change after the window.
    fundamento_opcoes_na_inscricao: str = ""
    #: Where the law makes the order of the calls (order of nomeação) fixed: the public and
    #: RH order pages, its exports and PDF cite it (certames.carreira.fundamento_ordem).
    fundamento_ordem_nomeacao: str = ""
    #: Base of the racial reserve (spec section 4.1): the default and the bases an edital
    #: may choose (``BASE_CARGO``, ``BASE_EDITAL``), with the article that decides them.
    base_reserva: str = BASE_CARGO
    bases_reserva: tuple[str, ...] = (BASE_CARGO,)
    fundamento_base_reserva: str = ""
    #: Base of the PcD reserve (spec section 4.1, ``base_reserva_pcd``, default per cargo).
    base_reserva_pcd: str = BASE_CARGO
    bases_reserva_pcd: tuple[str, ...] = (BASE_CARGO,)
    fundamento_base_reserva_pcd: str = ""
    #: Where the law makes a fraud a matter of its own procedure, so that a non-confirmation
    #: of the self-declaration is not, by itself, fraud: shown where RH may open a fraud
    #: procedure (inscrição page, the opening form). Empty: the page says nothing.
    fundamento_nao_confirmacao_nao_e_fraude: str = ""
    #: Where the reserve reaches the vacancies that arise while the certame is valid (spec
    #: sections 4 and 9): recorded in the act of an arising vacancy.
    fundamento_vaga_surgida: str = ""
    #: The principles a committee member commits to in the confidentiality term (dignity,
    #: equal treatment, confidentiality): shown on the term and recorded in its act.
    fundamento_sigilo: str = ""

    def __post_init__(self) -> None:
        for base, bases in (
            (self.base_reserva, self.bases_reserva),
            (self.base_reserva_pcd, self.bases_reserva_pcd),
        ):
            if not bases or not set(bases) <= set(BASES_RESERVA) or base not in bases:
                raise ValueError(f"{self.id}: base da reserva inválida {base!r} {bases!r}")
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
        tipos = [p.tipo for p in self.procedimentos]
        if len(set(tipos)) != len(tipos) or not set(tipos) <= set(TIPOS_PROCEDIMENTO):
            raise ValueError(f"{self.id}: procedimentos inválidos {tipos}")
        docs = [d.lista for d in self.documentos]
        if len(set(docs)) != len(docs):
            raise ValueError(f"{self.id}: documentos repetidos para uma lista {docs}")

    # -- derived views -------------------------------------------------------------------

    @property
    def listas(self) -> tuple[str, ...]:
        """Reserved list codes in the regime's order: racial groups, then ``"PCD"``."""
        return tuple(g.codigo for g in self.grupos) + (PCD,)

    @property
    def fundamento_anulacao(self) -> str:
        """Where the regime annuls a nomeação after a fraud in the self-declaration or a
        falsity in the exemption (spec section 9): ``regra_fraude.anulacao`` and, where the
        law grants an exemption, ``isencao.falsidade.anulacao``."""
        textos = [self.regra_fraude.anulacao]
        if self.isencao is not None:
            textos.append(self.isencao.falsidade.anulacao)
        return "; ".join(dict.fromkeys(textos))

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

    def procedimento(self, tipo: str) -> RegraProcedimento:
        """The rule of a committee procedure (``procedimentos.HETEROIDENTIFICACAO``,
        ``DOCUMENTAL`` or ``AVALIACAO_PCD``); the product default where the regime does not
        describe it."""
        for p in self.procedimentos:
            if p.tipo == tipo:
                # A regime derived from another (``dataclasses.replace``) may have fewer
                # lists: only its own lists are called.
                listas = tuple(x for x in p.convocacao.listas if x in self.listas)
                if listas == p.convocacao.listas:
                    return p
                return replace(p, convocacao=replace(p.convocacao, listas=listas))
        return procedimento_padrao(tipo, self.listas, lei=self.lei,
                                   heteroidentificacao=self.heteroidentificacao,
                                   comprovacao=self.comprovacao_indigena)

    def heteroidentificacao_prevista(self, parametros: dict | None) -> bool:
        """Whether the edital holds heteroidentification: mandatory where the law says so;
        where the law leaves it to the edital (``RegraConvocacao.facultativa``), the edital
        parameter ``heteroidentificacao`` (default true)."""
        regra = self.procedimento(HETEROIDENTIFICACAO).convocacao
        return not regra.facultativa or bool((parametros or {}).get("heteroidentificacao", True))

    def confirmacao_pela_autodeclaracao(self, parametros: dict | None, lista: str,
                                        cor_raca: str) -> str:
        """The basis by which the self-declaration alone confirms this optant in ``lista``
        (spec section 5, "Who sets a state": the edital dispensed the procedure the regime
        leaves to it), or "" when a procedure must decide. Only the self-declared colours the
        dispensed procedure would have called: an indigenous PPI optant still goes to the
        documentary check."""
        regra = self.procedimento(HETEROIDENTIFICACAO).convocacao
        if self.heteroidentificacao_prevista(parametros) or lista not in regra.listas:
            return ""
        if regra.cores and cor_raca not in regra.cores:
            return ""
        return regra.fundamento_dispensa or regra.fundamento_facultativa

    @property
    def regra_fraude(self) -> RegraSancao:
        """Fraud in the self-declaration: the regime's rule, else ``fundamento_fraude`` for
        every step."""
        return self.fraude or sancao_padrao(self.fundamento_fraude)

    def fundamento_desistencia(self, lista: str) -> str:
        """Basis of a desistência from a seat of ``lista``: the seat goes to the next candidate
        of the same list (spec section 6; section 7, step 2), that list's own article (SMBV:
        PP/I art. 1º, §6º, PcD art. 6º, §5º; Severínia art. 15, §2º; Pirangi art. 10, §3º). A
        general-list seat: the product rule, no municipal law."""
        if lista == AC:
            return FUNDAMENTO_DESISTENCIA_AC
        return self.reversao(lista).fundamento_mesma_lista

    def documento(self, lista: str) -> RegraDocumental | None:
        """The documents of a list under the law or the product default (no edital)."""
        for d in self.documentos:
            if d.lista == lista:
                return d
        return None

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
            "nota_vigencia": self.nota_vigencia,
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
                "percentual_maximo": (pct(self.pcd.percentual_maximo)
                                      if self.pcd.percentual_maximo is not None else None),
                "fundamento": self.pcd.fundamento,
            },
            "nao_confirmacao": {
                n.lista: {
                    "efeito": n.efeito,
                    "efeitos_permitidos": list(n.efeitos_permitidos),
                    "fundamento": n.fundamento,
                    "fundamento_opcao": n.fundamento_opcao,
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
            "procedimentos": {
                t: self.procedimento(t).como_dict() for t in TIPOS_PROCEDIMENTO
            },
            "composicao": self.composicao.como_dict(),
            "fraude": self.regra_fraude.como_dict(),
            "isencao": self.isencao.como_dict() if self.isencao else None,
            "documentos": {d.lista: d.como_dict() for d in self.documentos},
            "fundamento_alteracao_opcao": self.fundamento_alteracao_opcao,
            "fundamento_opcoes_na_inscricao": self.fundamento_opcoes_na_inscricao,
            "fundamento_ordem_nomeacao": self.fundamento_ordem_nomeacao,
            "fundamento_nao_confirmacao_nao_e_fraude":
                self.fundamento_nao_confirmacao_nao_e_fraude,
            "fundamento_vaga_surgida": self.fundamento_vaga_surgida,
            "fundamento_sigilo": self.fundamento_sigilo,
            "fundamento_desistencia": {lista: self.fundamento_desistencia(lista)
                                       for lista in self.listas_com_ac},
            "base_reserva": {
                "padrao": self.base_reserva,
                "permitidas": list(self.bases_reserva),
                "fundamento": self.fundamento_base_reserva,
            },
            "base_reserva_pcd": {
                "padrao": self.base_reserva_pcd,
                "permitidas": list(self.bases_reserva_pcd),
                "fundamento": self.fundamento_base_reserva_pcd,
            },
        }


#: A desistência from a general-list seat: no law has a rule of its own (spec section 7: the
#: freed AC call is filled in the order of the general list).
FUNDAMENTO_DESISTENCIA_AC = (
    f"vaga da ampla concorrência: preenchida na ordem de classificação da lista geral ({PADRAO}, "
    "regras de reserva, seção 7)")


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
#: The federal parameter of the PcD evaluation (LC 22/2026, art. 7º, §3º points to it; the
#: product default elsewhere).
_F_EQUIPE = "Decreto 9.508/2018, art. 5º (parâmetro federal)"
_F_LBI = "Lei 13.146/2015, art. 2º, §1º"

# Documents (certames.regras.documentos): a medical report for PcD, by default everywhere
# (the federal parameter; no seed law names the document). The edital may replace it.
_LAUDO = ("LAUDO",)
_F_LAUDO = "Decreto 9.508/2018, art. 5º (parâmetro federal)"
_INDIGENA_ALTERNATIVOS = (("RANI", "DECL_LIDERANCA", "DECL_ORGANIZACAO"),)


def _laudo(fundamento: str, delegacao: str) -> RegraDocumental:
    """The PcD medical report: no seed law names the document (product default)."""
    return RegraDocumental(PCD, _LAUDO, (), fundamento, padrao=True, delegacao=delegacao)

# ---------------------------------------------------------------------------------------
# Santa Maria da Boa Vista-PE: LC 22/2026 (DOM-PE 10/06/2026).
# ---------------------------------------------------------------------------------------

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
        NaoConfirmacao(PCD, PERMANECE_AC, _PCD_NAO_CONFIRMADA, (PERMANECE_AC,)),
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
            f"multiprofissional); {_F_EQUIPE}",
            f"{_SMBV}, art. 6º, caput, e art. 7º, §§1º e 3º; Decreto 9.508/2018, art. 5º",
            # Art. 3º, §5º and art. 5º are about heteroidentification and indigenous proof.
            f"{_SMBV} não disciplina o recurso da avaliação PcD: recurso na forma do edital "
            f"({PADRAO})",
        ),
    ),
    composicao=RegraComposicao(
        diversidade_exigida=True,
        fundamento_diversidade=f"{_SMBV}, art. 3º, §2º",
        fundamento_equipe=f"{_SMBV}, art. 7º, §§1º e 3º; {_F_EQUIPE}",
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
        RegraDocumental("I", ("TADII",), _INDIGENA_ALTERNATIVOS, f"{_SMBV}, art. 4º"),
        _laudo(f"{_SMBV}, art. 7º, §§1º e 3º; {_F_LAUDO}", f"{_SMBV}, art. 7º, §§1º e 3º"),
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

# ---------------------------------------------------------------------------------------
# Severínia-SP: Lei 3.057/2026 (published 09/09/2026).
# ---------------------------------------------------------------------------------------

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
            f"{_SEV}, art. 19 (reserva PcD da Lei 2.082/2013); {_F_EQUIPE}",
            f"{_SEV}, art. 19; {_F_LBI}; Decreto 9.508/2018, art. 5º",
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
            "PPI", ("TADII",), _INDIGENA_ALTERNATIVOS,
            f"{_SEV}, art. 13 (forma definida no edital; {PADRAO}: TADII e uma prova de "
            "pertencimento, como na LC 22/2026, art. 4º)",
            padrao=True, delegacao=f"{_SEV}, art. 13"),
        _laudo(f"{_SEV}, art. 19; {_F_LAUDO}", f"{_SEV}, art. 19"),
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
    # Art. 10, §3º lists the procedure's guarantees; the law says nothing of confidentiality.
    fundamento_sigilo=(
        f"{_SEV}, art. 10, §3º (contraditório, critérios exclusivamente fenotípicos, "
        f"composição colegiada); sigilo: LGPD (Lei 13.709/2018), art. 46 ({PADRAO})"),
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
            f"{_F_EQUIPE}; {_F_LBI}",
            f"{_F_LBI}; Decreto 9.508/2018, art. 5º",
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
        _laudo(_F_LAUDO, _F_LAUDO),
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
        f"{_PIR} não regula a reserva PcD: {PADRAO}, por cargo ({_PCD_FEDERAL}); o edital "
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
            f"{_F_EQUIPE}; {_F_LBI}",
            f"{_F_LBI}; Decreto 9.508/2018, art. 5º",
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
        RegraDocumental("I", ("TADII",), _INDIGENA_ALTERNATIVOS,
                        f"{_FED}; {_DEC} (comissão de verificação documental)",
                        padrao=True, delegacao=f"{_FED}; {_DEC}"),
        RegraDocumental("Q", ("DECL_COMUNIDADE", "CERTIDAO_PALMARES"), (),
                        f"{_FED}; {_DEC} (comissão de verificação documental)",
                        padrao=True, delegacao=f"{_FED}; {_DEC}"),
        _laudo(_F_LAUDO, _F_LAUDO),
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
        f"{PADRAO}: reserva PcD por cargo ({_PCD_FEDERAL}, sobre as vagas de cada cargo); o "
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

#: Built-in regimes by id, in a stable order.
REGIMES: dict[str, Regime] = {r.id: r for r in (SMBV, SEVERINIA, PIRANGI, FEDERAL)}


def obter_regime(regime_id: str) -> Regime:
    """The built-in regime ``regime_id``; raises ``RegimeDesconhecido`` (a ``KeyError``)."""
    try:
        return REGIMES[regime_id]
    except (KeyError, TypeError):
        raise RegimeDesconhecido(regime_id) from None


def regime_ou_none(regime: Regime | str | None) -> Regime | None:
    """A ``Regime`` as given, or the registered regime of that id; None if unknown."""
    if isinstance(regime, Regime):
        return regime
    try:
        return REGIMES.get(regime) if regime is not None else None
    except TypeError:
        return None


def fundamentos_dos_regimes(ler: Callable[[Regime], str]) -> str:
    """The citations ``ler`` reads from every registered regime, in ``REGIMES`` order, joined
    by "; ", each part once (empty ones skipped): for the texts that belong to no certame
    (RH's exemption overview, the CadÚnico import, the privacy policy)."""
    partes = (p for r in REGIMES.values() for p in (ler(r) or "").split("; "))
    return "; ".join(dict.fromkeys(p for p in partes if p))
