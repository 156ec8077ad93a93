"""``Regime``: one legal regime of vacancy reservation (spec section 3), every number the
engine needs for one law with the citation of its article, and its derived views.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction
from typing import Any

from ..aritmetica import formatar_decimal, formatar_percentual
from ..procedimentos import (
    HETEROIDENTIFICACAO,
    TIPOS_PROCEDIMENTO,
    RegraComposicao,
    RegraDocumental,
    RegraIsencao,
    RegraProcedimento,
    RegraSancao,
    procedimento_padrao,
    sancao_padrao,
)
from .base import (
    AC,
    BASE_CARGO,
    BASES_RESERVA,
    EFEITOS,
    FUNDAMENTO_DESISTENCIA_AC,
    PCD,
    Grupo,
    NaoConfirmacao,
    OrdemGrupo,
    RegraPcd,
    Reversao,
)


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
    #: Where the law forbids fractioning the vacancies (by editais, specialities, units or
    #: areas) to escape the reserve: cargos of one denomination that each reserve nothing
    #: but together would are shown with a warning, and publishing them asks for a recorded
    #: justification (`editais.fracionamento`). Empty: the law has no such rule.
    fundamento_fracionamento: str = ""
    #: The principles a committee member commits to in the confidentiality term (dignity,
    #: equal treatment, confidentiality): shown on the term and recorded in its act.
    fundamento_sigilo: str = ""
    #: Optants of a racial reserved list take every phase on reaching its minimum score,
    #: whatever the cut-off (spec section 10; Lei 3.056/2025, art. 9º; Lei 15.142/2025,
    #: art. 6º). ``todas_as_fases_em_lei``: the law gives it, the edital cannot take it away.
    optantes_todas_as_fases: bool = False
    todas_as_fases_em_lei: bool = False
    fundamento_todas_as_fases: str = ""
    #: The call order the edital states (spec section 7, ``ordem_convocacao``): per reserved
    #: group, the positions of its calls; empty = section 4's rule for every group.
    ordem_edital: tuple[OrdemGrupo, ...] = ()

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
        return {
            "id": self.id,
            "nome": self.nome,
            "lei": self.lei,
            "vigencia_desde": self.vigencia_desde.isoformat() if self.vigencia_desde else None,
            "fundamento_vigencia": self.fundamento_vigencia,
            "nota_vigencia": self.nota_vigencia,
            "listas": list(self.listas),
            "grupos": [_grupo_como_dict(g) for g in self.grupos],
            "arredondamento": {
                "limiar": _decimal(self.limiar_arredondamento),
                "definido_em_lei": self.limiar_definido_em_lei,
                "fundamento": self.fundamento_arredondamento,
                "conjunto": self.arredondamento_conjunto,
                "fundamento_grupos": self.fundamento_arredondamento_grupos,
            },
            "minimo_vagas": self.minimo_vagas,
            "fundamento_minimo": self.fundamento_minimo,
            "pcd": _pcd_como_dict(self.pcd),
            "nao_confirmacao": {
                n.lista: _nao_confirmacao_como_dict(n) for n in self.nao_confirmacao
            },
            "fundamento_efeito_definitivo": self.fundamento_efeito_definitivo,
            "reversao": {r.lista: _reversao_como_dict(r) for r in self.reversoes},
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
            "fundamento_fracionamento": self.fundamento_fracionamento,
            "fundamento_sigilo": self.fundamento_sigilo,
            "optantes_todas_as_fases": {
                "padrao": self.optantes_todas_as_fases,
                "definido_em_lei": self.todas_as_fases_em_lei,
                "fundamento": self.fundamento_todas_as_fases,
            },
            "ordem_convocacao": {o.grupo: o.como_dict() for o in self.ordem_edital},
            "fundamento_desistencia": {lista: self.fundamento_desistencia(lista)
                                       for lista in self.listas_com_ac},
            "base_reserva": _base_como_dict(
                self.base_reserva, self.bases_reserva, self.fundamento_base_reserva),
            "base_reserva_pcd": _base_como_dict(
                self.base_reserva_pcd, self.bases_reserva_pcd, self.fundamento_base_reserva_pcd),
        }


# -- ``Regime.como_dict``'s parts --------------------------------------------------------


def _percentual(p: Fraction) -> str:
    """A percentage as a percent number in a decimal string ("25" = 25%)."""
    return formatar_decimal(p * 100).replace(",", ".")


def _decimal(x: Fraction) -> str:
    """A fraction as a decimal string with a point ("0.7")."""
    return formatar_decimal(x).replace(",", ".")


def _grupo_como_dict(g: Grupo) -> dict[str, Any]:
    """A racial/ethnic group: code, name, percentage and its basis."""
    return {
        "codigo": g.codigo,
        "nome": g.nome,
        "percentual": _percentual(g.percentual),
        "percentual_texto": formatar_percentual(g.percentual),
        "fundamento": g.fundamento,
    }


def _pcd_como_dict(pcd: RegraPcd) -> dict[str, Any]:
    """The PcD rule: percentage (rounded up), cap, range and basis."""
    return {
        "percentual": _percentual(pcd.percentual),
        "arredondamento": "teto",
        "limite": _percentual(pcd.limite) if pcd.limite is not None else None,
        "definida_em_lei": pcd.definida_em_lei,
        "percentual_maximo": (_percentual(pcd.percentual_maximo)
                              if pcd.percentual_maximo is not None else None),
        "fundamento": pcd.fundamento,
    }


def _nao_confirmacao_como_dict(n: NaoConfirmacao) -> dict[str, Any]:
    """The effect of a final non-confirmation in one list, and the effects allowed."""
    return {
        "efeito": n.efeito,
        "efeitos_permitidos": list(n.efeitos_permitidos),
        "fundamento": n.fundamento,
        "fundamento_opcao": n.fundamento_opcao,
    }


def _reversao_como_dict(r: Reversao) -> dict[str, Any]:
    """Where an unfilled slot of one list goes: same list, the chain, then AC."""
    return {
        "mesma_lista": r.fundamento_mesma_lista,
        "cadeia": [{"lista": p.lista, "fundamento": p.fundamento} for p in r.cadeia],
        "ampla_concorrencia": r.fundamento_ampla,
    }


def _base_como_dict(padrao: str, permitidas: tuple[str, ...], fundamento: str) -> dict[str, Any]:
    """The base of a reserve: the default, the bases an edital may choose, the basis."""
    return {"padrao": padrao, "permitidas": list(permitidas), "fundamento": fundamento}
