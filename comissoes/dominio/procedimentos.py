"""The three committee procedures that confirm a reserved-list option, as data: the same
mechanism (convocation, votes, parecer, preliminary result, appeal, final result) with what
tells them apart — the schedule's stages, who judges the appeal, whether the candidate
attends, and the words.

Which procedure a list goes through (decided here, with the article):
- PP, and PPI for pretos and pardos: heteroidentification (LC 22/2026, art. 3º; Lei 3.056/2025,
  art. 4º, I; Lei 3.057/2026, art. 10, §2º);
- I and Q, and PPI for indígenas: documentary verification (LC 22/2026, art. 4º; Lei
  3.056/2025, art. 4º, II; Lei 3.057/2026, art. 13);
- PCD: the multiprofessional team's biopsychosocial evaluation (LC 22/2026, art. 7º, §1º;
  Lei 13.146/2015, art. 2º, §1º; Decreto 9.508/2018, art. 5º, the federal parameter LC
  22/2026 art. 7º §3º points to).

Who judges the appeal (product decision, the laws leave the form of the appeal to the edital):
- heteroidentification: the certame's recursal committee (kind "recursal");
- documentary verification and PcD evaluation: another committee of the SAME kind designated
  in the certame (not the one that decided the first instance). The appeal needs the same
  competence: documents are judged by a documentary committee, and the disability by a
  multiprofessional team with a physician (Decreto 9.508/2018, art. 5º); the recursal
  committee of heteroidentification is composed by gender and colour for phenotype, not by
  professional area. Nobody who sat on the first-instance committee judges the appeal of the
  same candidate (`votacao.motivo_de_recusa`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from candidatos.models import CorRaca
from certames.models import Etapa
from comissoes.models import Avaliacao, Comissao

HETEROIDENTIFICACAO = Comissao.Tipo.HETEROIDENTIFICACAO.value
DOCUMENTAL = Comissao.Tipo.VERIFICACAO_DOCUMENTAL.value
PCD = Comissao.Tipo.EQUIPE_MULTIPROFISSIONAL.value
RECURSAL = Comissao.Tipo.RECURSAL.value

NEGRAS = (CorRaca.PRETA.value, CorRaca.PARDA.value)


@dataclass(frozen=True)
class Procedimento:
    tipo: str  # the Comissao.Tipo of the first instance; also PublicacaoResultado.procedimento
    #: Used in the acts' types: "recurso_<slug>", "resultado_preliminar_<slug>"...
    slug: str
    nome: Promise  # "heteroidentificação"
    titulo: Promise  # "Heteroidentificação"
    etapa: str
    etapa_recurso: str
    #: Kinds of committee that judge the appeal.
    tipos_recursais: tuple[str, ...]
    #: The candidate attends the session (attendance recorded; absence closes it).
    exige_presenca: bool
    #: What the committee confirms, for the texts: "a autodeclaração"...
    objeto: Promise
    confirma: Promise
    nao_confirma: Promise
    #: "sobre os aspectos fenotípicos observados" (a "não confirma" motivation).
    motivacao_especifica: Promise
    motivacao_rotulo: Promise
    comissao_nome: Promise  # "comissão de heteroidentificação"


PROCEDIMENTOS: dict[str, Procedimento] = {
    HETEROIDENTIFICACAO: Procedimento(
        tipo=HETEROIDENTIFICACAO, slug="heteroidentificacao",
        nome=_("heteroidentificação"), titulo=_("Heteroidentificação"),
        etapa=Etapa.Tipo.HETEROIDENTIFICACAO.value,
        etapa_recurso=Etapa.Tipo.RECURSO_HETEROIDENTIFICACAO.value,
        tipos_recursais=(RECURSAL,), exige_presenca=True,
        objeto=_("a autodeclaração"),
        confirma=_("Confirma a autodeclaração"), nao_confirma=_("Não confirma a autodeclaração"),
        motivacao_especifica=_("sobre os aspectos fenotípicos observados"),
        motivacao_rotulo=_("Motivação (aspectos fenotípicos observados)"),
        comissao_nome=_("comissão de heteroidentificação")),
    DOCUMENTAL: Procedimento(
        tipo=DOCUMENTAL, slug="verificacao_documental",
        nome=_("verificação documental"), titulo=_("Verificação documental"),
        etapa=Etapa.Tipo.VERIFICACAO_DOCUMENTAL.value,
        etapa_recurso=Etapa.Tipo.RECURSO_VERIFICACAO_DOCUMENTAL.value,
        tipos_recursais=(DOCUMENTAL,), exige_presenca=False,
        objeto=_("a condição declarada"),
        confirma=_("Confirma a condição declarada (documentos suficientes)"),
        nao_confirma=_("Não confirma a condição declarada"),
        motivacao_especifica=_("sobre os documentos examinados"),
        motivacao_rotulo=_("Motivação (documentos examinados)"),
        comissao_nome=_("comissão de verificação documental")),
    PCD: Procedimento(
        tipo=PCD, slug="avaliacao_pcd",
        nome=_("avaliação da equipe multiprofissional"),
        titulo=_("Avaliação da equipe multiprofissional (PcD)"),
        etapa=Etapa.Tipo.AVALIACAO_PCD.value,
        etapa_recurso=Etapa.Tipo.RECURSO_AVALIACAO_PCD.value,
        tipos_recursais=(PCD,), exige_presenca=True,
        objeto=_("o enquadramento como pessoa com deficiência"),
        confirma=_("Enquadra como pessoa com deficiência"),
        nao_confirma=_("Não enquadra como pessoa com deficiência"),
        motivacao_especifica=_("sobre a avaliação biopsicossocial"),
        motivacao_rotulo=_("Motivação (avaliação biopsicossocial)"),
        comissao_nome=_("equipe multiprofissional")),
}

#: The schedule's first-instance stage of each procedure, and back.
PROCEDIMENTO_DA_ETAPA = {p.etapa: p.tipo for p in PROCEDIMENTOS.values()}

def procedimento(tipo: str) -> Procedimento:
    """The procedure of a committee kind (a recursal committee belongs to the
    heteroidentification)."""
    if tipo == RECURSAL:
        tipo = HETEROIDENTIFICACAO
    return PROCEDIMENTOS[tipo]


def procedimento_da_avaliacao(avaliacao: Avaliacao) -> Procedimento:
    return procedimento(avaliacao.comissao.tipo)


def procedimento_da_lista(lista: str, cor_raca: str) -> str | None:
    """Which procedure confirms this option of a candidate (pure)."""
    if lista == "PCD":
        return PCD
    if lista in ("I", "Q"):
        return DOCUMENTAL
    if lista == "PPI":
        return DOCUMENTAL if cor_raca == CorRaca.INDIGENA else HETEROIDENTIFICACAO
    if lista == "PP":
        return HETEROIDENTIFICACAO
    return None


def fundamento_procedimento(regime, tipo: str) -> str:
    """Where the law provides this procedure: heteroidentification, the regime's text
    (`Regime.heteroidentificacao`); documentary and PcD, the regime's data
    (`Regime.procedimento(tipo).fundamento`)."""
    if tipo in (HETEROIDENTIFICACAO, RECURSAL):
        return regime.heteroidentificacao[:250]
    return regime.procedimento(tipo).fundamento[:250]


def fundamento_recurso(regime, tipo: str) -> str:
    """Where the law provides the appeal against the procedure's decision (the laws
    guarantee contraditório and ampla defesa; the form is the edital's)."""
    return regime.procedimento(procedimento(tipo).tipo).fundamento_recurso


def rotulo_resultado(tipo: str, resultado: str) -> str:
    """The result in the procedure's words (PcD: enquadrado / não enquadrado)."""
    if tipo == PCD:
        return str({
            Avaliacao.Resultado.CONFIRMADA: _("Enquadrado(a) como pessoa com deficiência"),
            Avaliacao.Resultado.NAO_CONFIRMADA: _("Não enquadrado(a) como pessoa com "
                                                  "deficiência"),
            Avaliacao.Resultado.INCOMPATIVEL: _("Deficiência incompatível com as atribuições "
                                                "do cargo"),
        }.get(resultado, resultado))
    if not resultado:
        return ""
    return str(Avaliacao.Resultado(resultado).label)
