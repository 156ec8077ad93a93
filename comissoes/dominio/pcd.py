"""The multiprofessional team's evaluation of candidates with disability (PcD).

Rules decided here:
- the evaluation is biopsychosocial and records the four dimensions of LC 22/2026, art. 7º,
  §1º (the same as Lei 13.146/2015, art. 2º, §1º, the federal parameter elsewhere):
  I — impediments in body functions and structures; II — socio-environmental, psychological
  and personal factors; III — limitation in activities; IV — restriction of participation;
  plus the compatibility of the disability with the cargo's attributions (LC 22/2026, art. 6º,
  caput: "cujas atribuições sejam compatíveis com a deficiência"; art. 7º, §1º);
- the team records it through its president, after the candidate's presence is recorded (the
  team examines the candidate and the medical report sent beforehand: `documental`); a new
  record supersedes the earlier one with its reason (each record is an act with its content);
- the enquadramento is collegiate: each member votes (enquadra / não enquadra) with a
  motivation, by majority (`votacao.decidir`; a tie favours the candidate's declaration);
- the outcome, at closing: "não enquadrado" if the majority does not enquadrar; else
  "incompatível com as atribuições" if the team recorded the disability as incompatible;
  else "enquadrado". Every outcome is motivated in the parecer with the four dimensions;
- effect (on the final result only, `resultados`): "não enquadrado" and "incompatível" take
  the candidate out of the PCD list; they stay in AC — no regime eliminates for it
  (`certames.regras.regimes`, PCD `permanece_ac`: the laws do not provide elimination).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from certames.auditoria import registrar_ato
from certames.travas import travar
from comissoes.dominio.procedimentos import PCD, fundamento_procedimento
from comissoes.dominio.sessoes import motivo_sem_voto
from comissoes.dominio.votacao import (
    Decisao,
    Fechamento,
    exigir_certame_em_curso,
    motivacoes,
    motivo_de_recusa,
    preside,
    registrar_fechamento,
)
from comissoes.models import Avaliacao, MembroComissao, Voto

#: The four dimensions (LC 22/2026, art. 7º, §1º, I to IV; Lei 13.146/2015, art. 2º, §1º).
DIMENSOES: tuple[tuple[str, object], ...] = (
    ("funcoes_estruturas", gettext_lazy("I — Impedimentos nas funções e nas estruturas do "
                                        "corpo")),
    ("fatores", gettext_lazy("II — Fatores socioambientais, psicológicos e pessoais")),
    ("atividades", gettext_lazy("III — Limitação no desempenho de atividades")),
    ("participacao", gettext_lazy("IV — Restrição de participação")),
)
#: Shortest text of each dimension and of the compatibility's justification.
MINIMO_DIMENSAO = 10
MINIMO_COMPATIBILIDADE = 20

ENQUADRADO = "enquadrado"
NAO_ENQUADRADO = "nao_enquadrado"
INCOMPATIVEL = "incompativel"


def _exigir_presidente(membro: MembroComissao, avaliacao: Avaliacao) -> None:
    """The team's president (or the substitute, when impeded) records the evaluation."""
    if not preside(membro, avaliacao):
        recusa = motivo_de_recusa(membro, avaliacao)
        raise PermissionDenied(recusa or _(
            "A avaliação biopsicossocial é registrada por quem preside a equipe "
            "multiprofissional (o(a) presidente ou, se impedido(a), o(a) substituto(a))."))


def registro(avaliacao: Avaliacao) -> dict | None:
    """The biopsychosocial record of this evaluation, if any."""
    return (avaliacao.detalhes or {}).get("biopsicossocial")


@transaction.atomic
def registrar_avaliacao_biopsicossocial(avaliacao: Avaliacao, presidente: MembroComissao, *,
                                        dimensoes: dict[str, str], compativel: bool,
                                        compatibilidade: str,
                                        motivo_substituicao: str = "") -> Avaliacao:
    """The president records the team's biopsychosocial evaluation (an act)."""
    exigir_certame_em_curso(avaliacao)
    av = travar(Avaliacao, avaliacao, "comissao", "inscricao__certame", "inscricao__cargo",
                "convocacao")
    if av.comissao.tipo != PCD:
        raise ValidationError(_("Só a equipe multiprofissional registra a avaliação "
                                "biopsicossocial."))
    if av.encerrada:
        raise ValidationError(_("A avaliação já foi encerrada."))
    _exigir_presidente(presidente, av)
    espera = motivo_sem_voto(av)
    if espera:
        raise ValidationError(espera)
    erros: dict[str, str] = {}
    limpas = {}
    for chave, rotulo in DIMENSOES:
        texto = str((dimensoes or {}).get(chave) or "").strip()
        if len(texto) < MINIMO_DIMENSAO:
            erros[chave] = _("Descreva a dimensão “%(d)s” (ao menos %(n)d caracteres).") % {
                "d": rotulo, "n": MINIMO_DIMENSAO}
        limpas[chave] = texto
    compatibilidade = (compatibilidade or "").strip()
    if len(compatibilidade) < MINIMO_COMPATIBILIDADE:
        erros["compatibilidade"] = _(
            "Justifique a conclusão sobre a compatibilidade da deficiência com as atribuições "
            "do cargo (ao menos %(n)d caracteres).") % {"n": MINIMO_COMPATIBILIDADE}
    anterior = registro(av)
    motivo_substituicao = (motivo_substituicao or "").strip()
    if anterior and not motivo_substituicao:
        erros["motivo_substituicao"] = _("A avaliação já foi registrada: para substituí-la, "
                                         "informe o motivo.")
    if erros:
        raise ValidationError(erros)
    novo = {"dimensoes": limpas, "compativel": bool(compativel),
            "compatibilidade": compatibilidade, "registrada_por": presidente.pk,
            "registrada_em": timezone.now().isoformat()}
    av.detalhes = {**(av.detalhes or {}), "biopsicossocial": novo}
    av.save(update_fields=["detalhes"])
    registrar_ato(
        tipo=("avaliacao_biopsicossocial_substituida" if anterior
              else "avaliacao_biopsicossocial"),
        autor=presidente.usuario, certame=av.inscricao.certame, objeto=av,
        descricao=_("Avaliação biopsicossocial da inscrição %(n)s registrada: deficiência "
                    "%(c)s com as atribuições do cargo.") % {
            "n": av.inscricao.numero,
            "c": _("compatível") if compativel else _("incompatível")},
        motivacao=motivo_substituicao,
        fundamento_legal=fundamento_procedimento(av.inscricao.certame.regime_legal, PCD),
        antes={"biopsicossocial": anterior} if anterior else None,
        depois={"biopsicossocial": novo})
    return av


def resultado_pcd(decisao: Decisao, compativel: bool) -> str:
    """The outcome (pure): enquadrado / não enquadrado / incompatível."""
    if decisao.resultado != Avaliacao.Resultado.CONFIRMADA:
        return NAO_ENQUADRADO
    return ENQUADRADO if compativel else INCOMPATIVEL


_RESULTADO = {ENQUADRADO: Avaliacao.Resultado.CONFIRMADA,
              NAO_ENQUADRADO: Avaliacao.Resultado.NAO_CONFIRMADA,
              INCOMPATIVEL: Avaliacao.Resultado.INCOMPATIVEL}


@registrar_fechamento(PCD)
def fechamento(avaliacao: Avaliacao, decisao: Decisao, votos: list[Voto]) -> Fechamento:
    """Closing a PcD evaluation (called by `votacao.encerrar_avaliacao`): the outcome from the
    votes and the recorded compatibility; the parecer with the four dimensions."""
    bio = registro(avaliacao)
    if not bio:
        raise ValidationError(_(
            "Registre a avaliação biopsicossocial (as quatro dimensões e a compatibilidade "
            "com as atribuições do cargo) antes de encerrar."))
    saida = resultado_pcd(decisao, bio["compativel"])
    valores = {"s": decisao.confirmam, "n": decisao.nao_confirmam, "regra": decisao.regra,
               "cargo": avaliacao.inscricao.cargo.nome}
    if saida == ENQUADRADO:
        cabeca = _("A equipe multiprofissional enquadrou o(a) candidato(a) como pessoa com "
                   "deficiência, com deficiência compatível com as atribuições do cargo de "
                   "%(cargo)s (%(s)d voto(s) pelo enquadramento, %(n)d contra; %(regra)s).")
        sentido = Voto.Sentido.CONFIRMA
    elif saida == INCOMPATIVEL:
        cabeca = _("A equipe multiprofissional enquadrou o(a) candidato(a) como pessoa com "
                   "deficiência (%(s)d voto(s) pelo enquadramento, %(n)d contra; %(regra)s), "
                   "mas concluiu que a deficiência é incompatível com as atribuições do cargo "
                   "de %(cargo)s.")
        sentido = Voto.Sentido.CONFIRMA
    else:
        cabeca = _("A equipe multiprofissional não enquadrou o(a) candidato(a) como pessoa "
                   "com deficiência (%(n)d voto(s) pelo não enquadramento, %(s)d pelo "
                   "enquadramento; %(regra)s).")
        sentido = Voto.Sentido.NAO_CONFIRMA
    fundamento = fundamento_procedimento(avaliacao.inscricao.certame.regime_legal, PCD)
    linhas = [cabeca % valores, "",
              _("Avaliação biopsicossocial (%(f)s):") % {"f": fundamento}]
    for chave, rotulo in DIMENSOES:
        linhas.append(f"{rotulo}: {bio['dimensoes'].get(chave, '')}")
    linhas.append(_("Compatibilidade com as atribuições do cargo: %(c)s — %(j)s") % {
        "c": _("compatível") if bio["compativel"] else _("incompatível"),
        "j": bio["compatibilidade"]})
    motivos = motivacoes(votos, sentido)
    if motivos:
        linhas += ["", motivos]
    return Fechamento(_RESULTADO[saida], "\n".join(linhas), {"resultado_pcd": saida},
                      fundamento)
