"""The procedures around a reservation, as data of the regime (spec section 3: "a regime is
data"): who each committee procedure calls and how it runs, how a committee is composed, what
a proven fraud or a false statement does and where the law says so, which fee exemption the
law grants, which documents prove a condition.

Each value travels with its citation. Where the law is silent the value is the product's
default and its citation says so ("padrão do produto"). ``regimes.Regime`` holds these rules;
the Django apps read them and never compare regime ids.

The string constants below are the values the Django models store (``Comissao.Tipo``,
``CorRaca``, ``ProcedimentoAdministrativo.Consequencia``, ``PedidoIsencao.Tipo``); this package
imports no Django, and ``tests/regras/test_procedimentos.py`` checks that they agree.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = [
    "HETEROIDENTIFICACAO",
    "DOCUMENTAL",
    "AVALIACAO_PCD",
    "TIPOS_PROCEDIMENTO",
    "PRETA",
    "PARDA",
    "INDIGENA",
    "NEGRAS",
    "CANCELAMENTO",
    "EXCLUSAO_LISTA",
    "ANULACAO",
    "CONSEQUENCIAS",
    "MINISTERIO_PUBLICO",
    "PROCURADORIA",
    "CADUNICO",
    "DOADOR_SANGUE",
    "PADRAO",
    "TIPOS_DOCUMENTO",
    "RegraConvocacao",
    "RegraProcedimento",
    "RegraComposicao",
    "RegraSancao",
    "ModalidadeIsencao",
    "RegraIsencao",
    "RegraDocumental",
    "faltantes",
    "procedimento_padrao",
    "sancao_padrao",
]

#: Committee procedures (``comissoes.models.Comissao.Tipo`` of the first instance).
HETEROIDENTIFICACAO = "heteroidentificacao"
DOCUMENTAL = "verificacao_documental"
AVALIACAO_PCD = "equipe_multiprofissional"
TIPOS_PROCEDIMENTO: tuple[str, ...] = (HETEROIDENTIFICACAO, DOCUMENTAL, AVALIACAO_PCD)

#: Self-declared colour (``candidatos.models.CorRaca``).
PRETA = "preta"
PARDA = "parda"
INDIGENA = "indigena"
NEGRAS: tuple[str, ...] = (PRETA, PARDA)

#: Consequences of a proven fraud or falsity, by the phase of the certame
#: (``candidatos.models.ProcedimentoAdministrativo.Consequencia``).
CANCELAMENTO = "cancelamento"
EXCLUSAO_LISTA = "exclusao_lista"
ANULACAO = "anulacao"
CONSEQUENCIAS: tuple[str, ...] = (CANCELAMENTO, EXCLUSAO_LISTA, ANULACAO)

#: Authorities a decision is forwarded to (``candidatos.procedimentos.Destino``).
MINISTERIO_PUBLICO = "ministerio_publico"
PROCURADORIA = "procuradoria_municipal"

#: Kinds of fee exemption the product implements (``candidatos.models.PedidoIsencao.Tipo``).
#: ``cadunico`` is the CadÚnico check of ``candidatos.isencao.cadunico`` (per-capita income at most
#: half the minimum wage); ``doador_sangue`` is a documentary request decided by RH.
CADUNICO = "cadunico"
DOADOR_SANGUE = "doador_sangue"

#: Marks a value the law does not fix.
PADRAO = "padrão do produto"


# ---------------------------------------------------------------------------------------
# Committee procedures: who is called, in person or not, where the law provides them.
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RegraConvocacao:
    """Who a regime sends to one committee procedure."""

    listas: tuple[str, ...]
    #: Self-declared colours called (empty: any, e.g. quilombolas, PcD).
    cores: tuple[str, ...]
    #: Only habilitated inscrições (Pirangi art. 6º, §1º: "todas as pessoas habilitadas").
    somente_habilitados: bool
    #: The edital decides whether the procedure happens at all (Severínia art. 10, §2º).
    facultativa: bool
    fundamento: str
    procedimento: str = HETEROIDENTIFICACAO
    #: The article that leaves the procedure to the edital (when ``facultativa``).
    fundamento_facultativa: str = ""
    #: Where the edital dispenses it, the articles by which the self-declaration stands (the
    #: optant's state is ``confirmada`` by it, spec section 3; Severínia art. 9º, I and
    #: art. 10, caput).
    fundamento_dispensa: str = ""


@dataclass(frozen=True)
class RegraProcedimento:
    """How one committee procedure runs under a regime."""

    convocacao: RegraConvocacao
    #: Where the law provides the procedure (acts, published results).
    fundamento: str
    #: Where the law provides the appeal against its decision.
    fundamento_recurso: str
    #: The candidate must be there in person: a remote session is refused unless a legal
    #: impediment is recorded (LC 22/2026, art. 3º, §1º).
    presencial_obrigatoria: bool = False
    #: Basis of the attendance rule (the law's, or the edital's).
    fundamento_presenca: str = "edital"
    #: Basis of what an absence does (leaves the reserved list, stays in AC).
    fundamento_ausencia: str = "edital"
    #: Where the law requires the evaluation criteria published before the sessions (Lei
    #: 3.057/2026, art. 10, §3º, IV); empty where it does not. A session of the procedure is
    #: refused while the certame has none (``Certame.criterios_heteroidentificacao``).
    fundamento_criterios: str = ""
    #: Where the law says the decision takes effect only after the appeal is judged (Lei
    #: 3.057/2026, art. 11, §2º); empty: the appeal's basis stands for it. The homologated
    #: list waits for it (spec section 9).
    fundamento_efeito_apos_recurso: str = ""

    @property
    def tipo(self) -> str:
        return self.convocacao.procedimento

    @property
    def criterios_previos(self) -> bool:
        """The criteria must be public before the sessions."""
        return bool(self.fundamento_criterios)

    @property
    def fundamento_comparecimento(self) -> str:
        """The attendance rule with its basis, for acts and pareceres."""
        if self.presencial_obrigatoria:
            return (f"{self.fundamento_presenca} (verificação obrigatoriamente com a presença "
                    "do candidato)")
        return self.fundamento_presenca

    def como_dict(self) -> dict[str, object]:
        c = self.convocacao
        return {
            "listas": list(c.listas),
            "cores": list(c.cores),
            "somente_habilitados": c.somente_habilitados,
            "facultativa": c.facultativa,
            "fundamento_facultativa": c.fundamento_facultativa,
            "fundamento_convocacao": c.fundamento,
            "fundamento": self.fundamento,
            "fundamento_recurso": self.fundamento_recurso,
            "presencial_obrigatoria": self.presencial_obrigatoria,
            "fundamento_presenca": self.fundamento_presenca,
            "fundamento_ausencia": self.fundamento_ausencia,
            "fundamento_criterios": self.fundamento_criterios,
            "fundamento_efeito_apos_recurso": self.fundamento_efeito_apos_recurso,
        }


_F_PCD = "Decreto 9.508/2018, art. 5º (parâmetro federal)"
_PRESENCA_PCD = "Decreto 9.508/2018, art. 5º (avaliação pela equipe multiprofissional), e edital"
_AUSENCIA_PCD = (
    "edital (padrão: sai da lista PcD, permanece na ampla concorrência; a lei não prevê "
    "eliminação)"
)


def procedimento_padrao(
    tipo: str,
    listas: Iterable[str],
    *,
    lei: str,
    heteroidentificacao: str = "",
    comprovacao: str = "",
) -> RegraProcedimento:
    """The product default of a procedure for a regime that does not describe it: every
    habilitated optant of the lists the procedure confirms (PP/PPI: heteroidentification of
    pretos and pardos; I and Q: documents; PCD: the multiprofessional team), on the regime's
    own texts."""
    listas = tuple(listas)
    if tipo == DOCUMENTAL:
        regra = RegraConvocacao(
            tuple(x for x in listas if x in ("I", "Q")), (), True, False, comprovacao or lei,
            DOCUMENTAL)
        return RegraProcedimento(regra, comprovacao or lei, lei, fundamento_presenca="",
                                 fundamento_ausencia="")
    if tipo == AVALIACAO_PCD:
        regra = RegraConvocacao(("PCD",), (), False, False, _F_PCD, AVALIACAO_PCD)
        return RegraProcedimento(regra, lei, lei, fundamento_presenca=_PRESENCA_PCD,
                                 fundamento_ausencia=_AUSENCIA_PCD)
    if tipo != HETEROIDENTIFICACAO:
        raise KeyError(tipo)
    regra = RegraConvocacao(tuple(x for x in listas if x in ("PP", "PPI")), NEGRAS, True, False,
                            heteroidentificacao)
    return RegraProcedimento(regra, lei, lei)


def avaliacao_pcd(fundamento_convocacao: str, fundamento: str,
                  fundamento_recurso: str) -> RegraProcedimento:
    """The multiprofessional team's evaluation: every PCD optant still in the certame; the
    candidate attends; the mode of the session is the edital's."""
    return RegraProcedimento(
        RegraConvocacao(("PCD",), (), False, False, fundamento_convocacao, AVALIACAO_PCD),
        fundamento, fundamento_recurso, fundamento_presenca=_PRESENCA_PCD,
        fundamento_ausencia=_AUSENCIA_PCD)


# ---------------------------------------------------------------------------------------
# Committee composition.
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RegraComposicao:
    """How the heteroidentification committee (and its appeal committee) is composed."""

    #: Members distributed by gender and colour is a legal requirement (LC 22/2026,
    #: art. 3º, §2º: "deve ter seus membros distribuídos por gênero, cor"): a committee that
    #: does not meet it may neither hold a session nor close an evaluation
    #: (``comissoes.dominio.composicao.motivo_composicao_irregular``). Otherwise it is shown
    #: as a recommendation.
    diversidade_exigida: bool = False
    fundamento_diversidade: str = (
        f"{PADRAO}: distribuição por gênero e cor (como na LC 22/2026, art. 3º, §2º)")
    #: Titulares when the edital does not set ``tamanho_comissao``.
    tamanho_padrao: int = 5
    fundamento_tamanho: str = f"{PADRAO}: 5 titulares; o edital pode fixar tamanho_comissao"
    #: A collegiate body: at least this many titulares.
    tamanho_minimo: int = 3
    fundamento_minimo: str = PADRAO
    #: Basis of the multiprofessional team's composition (PcD).
    fundamento_equipe: str = _F_PCD

    def __post_init__(self) -> None:
        if not 1 <= self.tamanho_minimo <= self.tamanho_padrao:
            raise ValueError("tamanho mínimo da comissão deve estar entre 1 e o tamanho padrão")

    def como_dict(self) -> dict[str, object]:
        return {
            "diversidade_exigida": self.diversidade_exigida,
            "fundamento_diversidade": self.fundamento_diversidade,
            "tamanho_padrao": self.tamanho_padrao,
            "fundamento_tamanho": self.fundamento_tamanho,
            "tamanho_minimo": self.tamanho_minimo,
            "fundamento_minimo": self.fundamento_minimo,
            "fundamento_equipe": self.fundamento_equipe,
        }


# ---------------------------------------------------------------------------------------
# Sanctions: fraud in the self-declaration, falsity to obtain the exemption.
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RegraSancao:
    """The legal basis of an administrative procedure that may sanction, and of each
    consequence by the phase in which the fraud or falsity is proven."""

    #: The procedure itself, with contraditório e ampla defesa (opening, defence, acquittal).
    procedimento: str
    #: Short citation shown to the candidate ("wait for the defence").
    garantia: str
    #: Before the homologation: cancellation / elimination.
    cancelamento: str
    #: After the homologation, before the appointment: out of the list of approved.
    exclusao_lista: str
    #: After the appointment: the appointment annulled.
    anulacao: str
    #: Forwardings the law requires once proven: (destination, basis).
    encaminhamentos: tuple[tuple[str, str], ...] = ()
    #: Basis of a forwarding the law allows but does not require.
    encaminhamento_facultativo: str = ""
    #: The appeal against the decision: filed within this many days of its notice, judged by
    #: an authority other than the one that decided. The municipal laws guarantee the
    #: contraditório e ampla defesa (LC 22/2026, art. 3º, §3º; Lei 3.056/2025, art. 7º;
    #: Lei 3.057/2026, arts. 5º and 12) without a procedure of their own: the federal law of
    #: the administrative process applies subsidiarily (its art. 59: ten days).
    prazo_recurso_dias: int = 10
    fundamento_recurso: str = (
        "Lei 9.784/1999, art. 56, §1º (julgamento por autoridade diversa da que decidiu) e "
        "art. 59 (recurso em dez dias), aplicada subsidiariamente")

    def __post_init__(self) -> None:
        if self.prazo_recurso_dias < 1:
            raise ValueError("prazo de recurso deve ser de ao menos um dia")
        for destino, _fundamento in self.encaminhamentos:
            if destino not in (MINISTERIO_PUBLICO, PROCURADORIA):
                raise ValueError(f"destino de encaminhamento desconhecido: {destino}")

    @property
    def decisao(self) -> dict[str, str]:
        """Consequence -> basis of a proven case."""
        return {CANCELAMENTO: self.cancelamento, EXCLUSAO_LISTA: self.exclusao_lista,
                ANULACAO: self.anulacao}

    def como_dict(self) -> dict[str, object]:
        return {
            "procedimento": self.procedimento,
            "garantia": self.garantia,
            "decisao": self.decisao,
            "encaminhamentos": [{"destino": d, "fundamento": f} for d, f in self.encaminhamentos],
            "encaminhamento_facultativo": self.encaminhamento_facultativo,
            "prazo_recurso_dias": self.prazo_recurso_dias,
            "fundamento_recurso": self.fundamento_recurso,
        }


def sancao_padrao(fundamento: str) -> RegraSancao:
    """One basis for every step: a regime that cites only the article on fraud."""
    return RegraSancao(procedimento=fundamento, garantia=fundamento, cancelamento=fundamento,
                       exclusao_lista=fundamento, anulacao=fundamento,
                       encaminhamento_facultativo=fundamento)


# ---------------------------------------------------------------------------------------
# Fee exemption.
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ModalidadeIsencao:
    """One kind of exemption a law grants (``CADUNICO`` or ``DOADOR_SANGUE``)."""

    codigo: str
    descricao: str
    fundamento: str

    def __post_init__(self) -> None:
        if self.codigo not in (CADUNICO, DOADOR_SANGUE):
            raise ValueError(f"modalidade de isenção desconhecida: {self.codigo}")


@dataclass(frozen=True)
class RegraIsencao:
    """The fee exemption of a law: its kinds and the article of each step of its procedure
    (request, automatic check, decision, preliminary result, appeal, final result, payment
    deadline) and of the falsity procedure. The ``fundamento_*`` fields cited in messages to
    the candidate are short ("Lei 3.057/2026, art. 3º, §2º"); those of the acts are full."""

    #: The law as the acts name it ("Lei 3.057/2026 de Severínia").
    lei: str
    modalidades: tuple[ModalidadeIsencao, ...]
    fundamento_requerimento: str
    #: CadÚnico check: the NIS asked, the income ceiling, the record found, the record active
    #: and updated on the request date.
    fundamento_nis: str
    fundamento_renda: str
    fundamento_cadastro: str
    fundamento_atualizacao: str
    #: A rejection is motivated: in the message, and in the act.
    fundamento_motivacao: str
    fundamento_indeferimento: str
    fundamento_deferimento: str
    fundamento_resultado_preliminar: str
    fundamento_recurso: str
    #: The schedule must hold the appeal window (message).
    fundamento_prazo_recurso: str
    fundamento_resultado_definitivo: str
    fundamento_pagamento: str
    #: The payment deadline (message).
    fundamento_prazo_pagamento: str
    fundamento_sem_restituicao: str
    #: False information to obtain the exemption: the procedure and its consequences.
    falsidade: RegraSancao
    #: The article on falsity (message: "no appeal, rejected for falsity").
    fundamento_falsidade: str
    #: The request rejected for a proven falsity.
    fundamento_falsidade_indeferimento: str
    #: The articles that grant the exemption (RH's overview of the regimes that have one).
    fundamento_isencao: str = ""
    #: The check against official databases and the data it may keep (the CadÚnico import,
    #: the privacy policy).
    fundamento_consulta: str = ""
    #: The requirements proved by the documents the edital defines (a CadÚnico family of
    #: another municipality).
    fundamento_comprovacao: str = ""

    def __post_init__(self) -> None:
        codigos = [m.codigo for m in self.modalidades]
        if not codigos or len(set(codigos)) != len(codigos):
            raise ValueError(f"modalidades de isenção inválidas: {codigos}")

    @property
    def codigos(self) -> tuple[str, ...]:
        return tuple(m.codigo for m in self.modalidades)

    def modalidade(self, codigo: str) -> ModalidadeIsencao:
        for m in self.modalidades:
            if m.codigo == codigo:
                return m
        raise KeyError(codigo)

    def como_dict(self) -> dict[str, object]:
        dados: dict[str, object] = {
            "lei": self.lei,
            "modalidades": [{"codigo": m.codigo, "descricao": m.descricao,
                             "fundamento": m.fundamento} for m in self.modalidades],
        }
        for nome in self.__dataclass_fields__:
            if nome.startswith("fundamento_"):
                dados[nome] = getattr(self, nome)
        dados["falsidade"] = self.falsidade.como_dict()
        return dados


# ---------------------------------------------------------------------------------------
# Documents that prove a condition (indigenous, quilombola, disability).
# ---------------------------------------------------------------------------------------

#: Document types the product knows, with their names as the laws write them.
TIPOS_DOCUMENTO: dict[str, str] = {
    "TADII": "Termo de Autodeclaração de Identidade Indígena (TADII)",
    "RANI": "Registro Administrativo de Nascimento Indígena (RANI)",
    "DECL_LIDERANCA": (
        "declaração de pertencimento étnico emitida por liderança, ancião ou personalidade "
        "indígena de reconhecida reputação pública"),
    "DECL_ORGANIZACAO": (
        "declaração expedida por órgão indigenista, associação indígena ou organização "
        "indígena de reconhecida atuação pública"),
    "DECL_COMUNIDADE": (
        "declaração da comunidade ou de sua associação, assinada por suas lideranças"),
    "CERTIDAO_PALMARES": (
        "certidão da Fundação Cultural Palmares de reconhecimento da comunidade quilombola"),
    "LAUDO": "laudo médico com a espécie e o grau da deficiência e o código CID",
    "DOC_EDITAL": "outro documento previsto no edital",
}


@dataclass(frozen=True)
class RegraDocumental:
    """The documents that prove the condition of one reserved list: every required document
    and at least one document of each group of alternatives."""

    lista: str
    obrigatorios: tuple[str, ...]
    alternativos: tuple[tuple[str, ...], ...]
    fundamento: str
    #: True where the law leaves the documents to the regulation or the edital and the rule
    #: is the product's default: the edital may replace it (``documentos.regra_documental``).
    padrao: bool = False
    #: The article that leaves the documents to the edital (cited when the edital replaces).
    delegacao: str = ""

    def __post_init__(self) -> None:
        desconhecidos = [t for t in self.tipos_aceitos if t not in TIPOS_DOCUMENTO]
        if desconhecidos:
            raise ValueError(f"tipo de documento desconhecido: {', '.join(desconhecidos)}")
        if any(not grupo for grupo in self.alternativos):
            raise ValueError("grupo de documentos alternativos vazio")
        if self.padrao and not self.delegacao:
            raise ValueError(f"{self.lista}: regra padrão sem o artigo que a delega ao edital")

    @property
    def tipos_aceitos(self) -> tuple[str, ...]:
        vistos: list[str] = []
        for tipo in (*self.obrigatorios, *(t for grupo in self.alternativos for t in grupo)):
            if tipo not in vistos:
                vistos.append(tipo)
        return tuple(vistos)

    def como_dict(self) -> dict[str, object]:
        return {
            "obrigatorios": list(self.obrigatorios),
            "alternativos": [list(g) for g in self.alternativos],
            "fundamento": self.fundamento,
            "padrao": self.padrao,
            "delegacao": self.delegacao,
        }


def faltantes(regra: RegraDocumental, enviados: Iterable[str]) -> list[str]:
    """What is still missing, in Portuguese, before the candidate submits."""
    tem = set(enviados)
    falta = [TIPOS_DOCUMENTO[t] for t in regra.obrigatorios if t not in tem]
    for grupo in regra.alternativos:
        if not tem.intersection(grupo):
            falta.append("um destes: " + "; ".join(TIPOS_DOCUMENTO[t] for t in grupo))
    return falta
