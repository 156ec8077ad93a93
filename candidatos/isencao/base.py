"""The fee exemption's shared ground: the regime's rule (`Regime.isencao`), the schedule's
windows, the kernel's records of a request (its batch's publications, its appeal), a proven
falsity's finding (Lei 3.057/2026 de Severínia, art. 5º, I) and the RH list's filters. Every
phase's module (`candidatos.isencao`) reads them from here."""

from __future__ import annotations

import datetime as dt
import uuid
from decimal import Decimal

from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from candidatos.isencao import cadunico
from candidatos.models import DecisaoIsencao, Inscricao, PedidoIsencao, ProcedimentoAdministrativo
from certames import cronograma
from certames.models import Certame, Etapa
from certames.regras.procedimentos import RegraIsencao
from certames.regras.regimes import REGIMES, fundamentos_dos_regimes
from comum import arquivos
from comum.papeis import e_rh
from nucleo import lotes
from nucleo.models import ItemPublicado, PublicacaoResultado, Recurso
from nucleo.motivacao import validar_motivacao
from nucleo.recursos import recurso_de

#: The exemption's key in the procedure kernel's records (`nucleo.registro.Procedimento.chave`;
#: never change it: the kernel's rows store it).
CHAVE = "isencao"
Publicacao = PublicacaoResultado

#: Edital setting (Certame.parametros) for the months a CadÚnico update stays valid.
PARAMETRO_MESES = "cadunico_meses_atualizacao"


def regra(certame: Certame) -> RegraIsencao:
    """The exemption of the certame's law (`Regime.isencao`, data with the article of every
    step); refuses a certame whose law grants none."""
    dados = certame.regime_legal.isencao
    if dados is None:
        raise ValidationError(mensagem_nao_prevista())
    return dados


def regimes_com_isencao() -> list[str]:
    """Ids of the registered regimes whose law grants a fee exemption."""
    return [r.id for r in REGIMES.values() if r.isencao is not None]


def fundamento_regimes_com_isencao() -> str:
    """The articles granting the exemption, of every regime that has one (RH's overview)."""
    return fundamentos_dos_regimes(
        lambda r: r.isencao.fundamento_isencao if r.isencao is not None else "")


Resultado = PedidoIsencao.Resultado
Verificacao = PedidoIsencao.Verificacao
Fase = DecisaoIsencao.Fase
#: The decisions on an appeal: the decider's reconsideration or the superior's ruling.
FASES_DO_RECURSO = (Fase.RECURSO, Fase.RECONSIDERACAO)
SituacaoTaxa = Inscricao.SituacaoTaxa

#: Automatic check -> the result a confirmation gives. SEM_EXTRATO, NAO_SE_APLICA (blood
#: donors: documentary check) and DOCUMENTAL (CadÚnico family of another municipality, proved
#: by documents: art. 2º, §2º) cannot be confirmed: RH decides them with a motivation.
RESULTADO_DA_VERIFICACAO = {
    Verificacao.APTO: Resultado.DEFERIDO,
    Verificacao.NAO_ENCONTRADO: Resultado.INDEFERIDO,
    Verificacao.RENDA_ACIMA: Resultado.INDEFERIDO,
    Verificacao.DESATUALIZADO: Resultado.INDEFERIDO,
    Verificacao.INATIVO: Resultado.INDEFERIDO,
}

# --- uploaded files (proof of blood donation, appeal attachments) ----------------------------

TAMANHO_MAXIMO_ARQUIVO = 5 * 1024 * 1024

def validar_arquivo(arquivo) -> str:
    """Check an upload by content and size (`comum.arquivos`); returns the extension."""
    return arquivos.validar_anexo(arquivo, TAMANHO_MAXIMO_ARQUIVO).extensao


def _renomear(arquivo, extensao: str):
    """Stored under a random name: the original name may carry personal data."""
    arquivo.name = f"{uuid.uuid4().hex}{extensao}"
    return arquivo


# --- formatting ------------------------------------------------------------------------------


def reais(valor: Decimal) -> str:
    texto = format(Decimal(valor).quantize(Decimal("0.01")), ",.2f")
    return "R$ " + texto.replace(",", "\x00").replace(".", ",").replace("\x00", ".")


# --- certame, schedule -----------------------------------------------------------------------


def oferece_isencao(certame: Certame) -> bool:
    """Whether the certame has a fee exemption (`Certame.oferece_isencao`, the one answer)."""
    return certame.oferece_isencao


def mensagem_nao_prevista() -> str:
    return _("A lei deste certame não prevê isenção da taxa de inscrição.")


def meses_atualizacao(certame: Certame) -> int:
    """Months a CadÚnico update stays valid: edital setting, default 24 (art. 2º, §3º)."""
    valor = (certame.parametros or {}).get(PARAMETRO_MESES, cadunico.MESES_ATUALIZACAO_PADRAO)
    try:
        meses = int(valor)
    except (TypeError, ValueError):
        return cadunico.MESES_ATUALIZACAO_PADRAO
    return meses if meses > 0 else cadunico.MESES_ATUALIZACAO_PADRAO


def etapas(certame: Certame, tipo: str) -> list[Etapa]:
    return list(Etapa.objects.filter(certame=certame, tipo=tipo).order_by("inicio", "pk"))


def janela_aberta(certame: Certame, tipo: str, agora: dt.datetime) -> bool:
    return any(e.aberta(agora) for e in etapas(certame, tipo))


def prazo_final(certame: Certame, tipo: str) -> dt.datetime | None:
    """The end of the last window of this type in the schedule, or None."""
    fins = [e.fim for e in etapas(certame, tipo)]
    return max(fins) if fins else None


def _checar_janela(certame: Certame, tipo: str, agora: dt.datetime, o_que: str) -> None:
    """Refuse outside the schedule's window, saying when it opens or when it closed."""
    cronograma.recusar_fora_da_janela(
        etapas(certame, tipo), agora, valores={"o": o_que},
        sem_etapa=_("O cronograma deste certame não prevê o prazo para %(o)s."),
        futura=_("O prazo para %(o)s ainda não começou: vai de %(i)s a %(f)s."),
        encerrada=_("O prazo para %(o)s terminou em %(f)s."))


def publicacao(certame: Certame, fase: str, lote: int = 1) -> PublicacaoResultado | None:
    """The kernel's publication of a batch of the certame's exemption results."""
    return lotes.publicacao(certame, fase, CHAVE, lote)


def publicacoes_do_pedido(pedido: PedidoIsencao | None
                          ) -> tuple[PublicacaoResultado | None, PublicacaoResultado | None]:
    """The preliminary and final publication of the request's batch (None: not published)."""
    if pedido is None or pedido.pk is None:
        return None, None
    preliminar = lotes.preliminar_de(CHAVE, pedido.pk)
    return preliminar, lotes.final_do_lote(preliminar)


def pedidos_com_resultado_definitivo() -> QuerySet[ItemPublicado]:
    """The batch items whose batch has its final result published (`objeto_id`: request)."""
    return ItemPublicado.objects.filter(procedimento=CHAVE).filter(Exists(
        PublicacaoResultado.objects.filter(
            certame_id=OuterRef("publicacao__certame_id"), procedimento=CHAVE,
            fase=Publicacao.Fase.FINAL, lote=OuterRef("publicacao__lote"))))


def recurso_do_pedido(pedido: PedidoIsencao | None) -> Recurso | None:
    """The candidate's appeal against the request's preliminary result (kernel record)."""
    if pedido is None or pedido.pk is None:
        return None
    return recurso_de(CHAVE, pedido.pk)


def com_recurso() -> Exists:
    """Filter of requests with an appeal (use on `PedidoIsencao` querysets)."""
    return Exists(Recurso.objects.filter(procedimento=CHAVE, objeto_id=OuterRef("pk")))


# --- helpers ---------------------------------------------------------------------------------


def _motivacao(motivacao: str, *, especifica: bool, fundamento: str) -> str:
    """Every decision is motivated; a rejection needs a specific one (Severínia art. 3º, §2º:
    `RegraIsencao.fundamento_motivacao`). The kernel's one rule (`nucleo.motivacao`)."""
    return validar_motivacao(
        motivacao, desfavoravel=especifica,
        especifica=_("diga qual requisito não foi atendido e por quê, %(f)s") % {
            "f": fundamento})


#: What a locked request and a locked inscrição are read with (`certames.travas.travar`).
_PEDIDO_COM = ("inscricao__certame", "inscricao__candidato", "inscricao__cargo", "extrato")
_INSCRICAO_COM = ("certame", "candidato", "cargo")


def _pedido_de(inscricao: Inscricao) -> PedidoIsencao | None:
    return PedidoIsencao.objects.filter(inscricao_id=inscricao.pk).first()


def _checar_titular(autor, insc: Inscricao) -> None:
    """The exemption is personal (art. 6º, I): only the inscrição's candidate acts on it in
    the portal; RH may record on the candidate's behalf."""
    candidato = getattr(autor, "candidato", None)
    if not e_rh(autor) and getattr(candidato, "pk", None) != insc.candidato_id:
        raise PermissionDenied(_("Só o próprio candidato pode agir nesta inscrição."))


def _nota_sem_restituicao(certame: Certame) -> str:
    return _(" A taxa já foi paga: a isenção não gera restituição do valor pago "
             "(%(f)s).") % {"f": regra(certame).fundamento_sem_restituicao}


# --- a proven falsity (art. 5º, I) ---------------------------------------------------------


def falsidade_comprovada() -> Q:
    """A false-information procedure concluded "procedente" and not reformed on appeal (a
    granted appeal supersedes the decision: Lei 9.784/1999, art. 64, applied subsidiarily)."""
    return (Q(tipo=ProcedimentoAdministrativo.Tipo.FALSIDADE_ISENCAO,
              conclusao=ProcedimentoAdministrativo.Conclusao.PROCEDENTE)
            & ~Q(recurso_resultado=ProcedimentoAdministrativo.ResultadoRecurso.PROVIDO))


def procedimento_procedente(inscricao_id: int) -> bool:
    return ProcedimentoAdministrativo.objects.filter(
        falsidade_comprovada(), inscricao_id=inscricao_id).exists()


def _motivo_falsidade(proc: ProcedimentoAdministrativo, fundamento: str) -> str:
    return _("Indeferido por declaração, informação ou documento falso, apurado em "
             "procedimento administrativo (%(f)s): %(m)s") % {
        "f": fundamento, "m": proc.motivacao}


# --- queries for the pages -------------------------------------------------------------------

#: Status filter of the RH list of requests.
STATUS_PEDIDO = {
    "aguardando": (gettext_lazy("Aguardando análise"), Q(resultado_preliminar="")),
    "deferido_preliminar": (gettext_lazy("Deferido (preliminar)"),
                            Q(resultado_preliminar=Resultado.DEFERIDO)),
    "indeferido_preliminar": (gettext_lazy("Indeferido (preliminar)"),
                              Q(resultado_preliminar=Resultado.INDEFERIDO)),
    "recurso_pendente": (gettext_lazy("Recurso a julgar"), Q(com_recurso()) & ~Q(Exists(
        DecisaoIsencao.objects.filter(pedido=OuterRef("pk"), fase__in=FASES_DO_RECURSO)))),
    "deferido_final": (gettext_lazy("Deferido (definitivo)"),
                       Q(resultado_final=Resultado.DEFERIDO)),
    "indeferido_final": (gettext_lazy("Indeferido (definitivo)"),
                         Q(resultado_final=Resultado.INDEFERIDO)),
}


def pedidos_do_certame(certame: Certame, *, tipo: str = "", verificacao: str = "",
                       status: str = "") -> QuerySet[PedidoIsencao]:
    qs = (PedidoIsencao.objects.filter(inscricao__certame=certame)
          .select_related("inscricao__candidato", "inscricao__cargo")
          .annotate(tem_recurso=com_recurso())
          .order_by("inscricao__numero"))
    if tipo in PedidoIsencao.Tipo.values:
        qs = qs.filter(tipo=tipo)
    if verificacao in Verificacao.values:
        qs = qs.filter(verificacao=verificacao)
    if status in STATUS_PEDIDO:
        qs = qs.filter(STATUS_PEDIDO[status][1])
    return qs
