"""The special conditions' shared ground: the laws' constants and the product's limits, a
request's decisions and appeal as they stand, and the schedule's windows (the request in the
inscrição period, RH's analysis stage, the appeal from the decision)."""

from __future__ import annotations

import datetime as dt

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.models import (
    CondicaoEspecial,
    DecisaoAtendimento,
    Inscricao,
    ItemDecisaoAtendimento,
    PedidoAtendimento,
)
from candidatos.procedimentos import fim_do_prazo_recurso
from certames import cronograma
from certames.models import Certame, Etapa
from nucleo import recursos as kernel
from nucleo.lotes import JanelaRecurso
from nucleo.models import Recurso

#: The plug-in's key in the procedure kernel's records (`nucleo.Recurso.procedimento`).
#: Never change it.
CHAVE = "atendimento_especializado"

Condicao = CondicaoEspecial
Resultado = ItemDecisaoAtendimento.Resultado
Fase = DecisaoAtendimento.Fase
#: The decisions on an appeal: the decider's reconsideration or the superior's ruling.
FASES_DO_RECURSO = (Fase.RECURSO, Fase.RECONSIDERACAO)

FUNDAMENTO_PCD = "Decreto 9.508/2018, art. 4º (parâmetro federal)"
FUNDAMENTO_LACTANTE = "Lei 13.872/2019, arts. 1º a 4º (parâmetro federal)"
FUNDAMENTO_MOTIVACAO = "Lei 9.784/1999, art. 50"
FUNDAMENTO_RECURSO = "Lei 9.784/1999, arts. 56, 59 e 64"

#: The e-mail telling the candidate a decision was made (a Celery task of candidatos.tasks,
#: queued by name on commit).
TAREFA_AVISO = "candidatos.avisar_decisao_atendimento"

#: Conditions that need the medical report (all but breastfeeding).
EXIGEM_LAUDO = frozenset(set(Condicao.values) - {Condicao.LACTANTE})
#: Conditions whose detail is required ("outra": what it is).
EXIGEM_DETALHE = frozenset({Condicao.OUTRA})
#: Days to appeal from the decision (Lei 9.784/1999, art. 59).
PRAZO_RECURSO_DIAS = 10
#: Granted extra time: 1 to this many minutes (product limit; the decree fixes none).
MAXIMO_MINUTOS = 240
#: Product limits on the candidate's text.
MINIMO_JUSTIFICATIVA = 10
MAXIMO_JUSTIFICATIVA = 2000
#: Breastfeeding: the child's age limit on the exam day (Lei 13.872/2019, arts. 1º and 2º).
#: The exam comes after the request, so a child who has completed 7 months at the request is
#: refused at once (the reading favourable to the mother: "até 6 meses" includes a child of
#: 6 months and some days); any other case RH decides.
MESES_LACTANTE = 6


def fundamento(condicao: str) -> str:
    return FUNDAMENTO_LACTANTE if condicao == Condicao.LACTANTE else FUNDAMENTO_PCD


# --- reading --------------------------------------------------------------------------------


def pedidos_da_inscricao(inscricao: Inscricao) -> QuerySet[PedidoAtendimento]:
    return PedidoAtendimento.objects.filter(inscricao=inscricao).order_by("solicitado_em", "pk")


def pedido_vigente(inscricao: Inscricao) -> PedidoAtendimento | None:
    """The latest request of the inscrição (a later one supersedes the earlier)."""
    return (PedidoAtendimento.objects.filter(inscricao=inscricao)
            .order_by("-solicitado_em", "-pk").first())


def vigente(pedido: PedidoAtendimento) -> bool:
    return pedido_vigente(pedido.inscricao) == pedido


def decisao_primeira(pedido: PedidoAtendimento) -> DecisaoAtendimento | None:
    """The first-instance decision in force (the latest)."""
    return (pedido.decisoes.filter(fase=Fase.PRIMEIRA_INSTANCIA)
            .order_by("-decidida_em", "-pk").first())


def julgamento(pedido: PedidoAtendimento) -> DecisaoAtendimento | None:
    """The appeal's decision: the decider's reconsideration or the superior's ruling."""
    return (pedido.decisoes.filter(fase__in=FASES_DO_RECURSO)
            .order_by("-decidida_em", "-pk").first())


def decisao_vigente(pedido: PedidoAtendimento) -> DecisaoAtendimento | None:
    """The appeal's decision, or else the first-instance decision in force."""
    return julgamento(pedido) or decisao_primeira(pedido)


def recurso_do_pedido(pedido: PedidoAtendimento | None) -> Recurso | None:
    return kernel.recurso_de(CHAVE, pedido.pk) if pedido and pedido.pk else None


def desfavoravel(decisao: DecisaoAtendimento | None) -> bool:
    return bool(decisao) and decisao.itens.filter(resultado=Resultado.INDEFERIDO).exists()


def etapas_pedido(certame: Certame) -> list[Etapa]:
    return list(Etapa.objects.filter(certame=certame, tipo=Etapa.Tipo.INSCRICOES)
                .order_by("inicio", "pk"))


def janela_pedido_aberta(certame: Certame, agora: dt.datetime | None = None) -> bool:
    agora = agora or timezone.now()
    return any(e.aberta(agora) for e in etapas_pedido(certame))


def _checar_janela_pedido(certame: Certame, agora: dt.datetime) -> None:
    cronograma.recusar_fora_da_janela(
        etapas_pedido(certame), agora,
        sem_etapa=_("O cronograma deste certame não prevê o período de inscrições, no qual se "
                    "pede o atendimento especializado."),
        futura=_("O atendimento especializado é pedido no período de inscrições, que ainda "
                 "não começou: vai de %(i)s a %(f)s."),
        encerrada=_("O atendimento especializado é pedido no período de inscrições, que "
                    "terminou em %(f)s") + f" ({FUNDAMENTO_PCD}).")


def etapas_analise(certame: Certame) -> list[Etapa]:
    return list(Etapa.objects.filter(certame=certame, tipo=Etapa.Tipo.ANALISE_ATENDIMENTO)
                .order_by("inicio", "pk"))


def _checar_janela_analise(certame: Certame, agora: dt.datetime) -> None:
    """RH decides inside the schedule's analysis stage (a motivated act
    inside a window the edital publishes; its order against the inscrições is checked by
    `certames.cronograma`)."""
    cronograma.recusar_fora_da_janela(
        etapas_analise(certame), agora,
        sem_etapa=_("O cronograma deste certame não prevê a etapa “Análise dos pedidos de "
                    "atendimento especializado”, dentro da qual o RH decide os pedidos: "
                    "inclua-a no cronograma."),
        futura=_("A análise dos pedidos de atendimento especializado ainda não começou: vai "
                 "de %(i)s a %(f)s."),
        encerrada=_("O prazo de análise dos pedidos de atendimento especializado terminou em "
                    "%(f)s."))


def janela_analise_aberta(certame: Certame, agora: dt.datetime | None = None) -> bool:
    agora = agora or timezone.now()
    return any(e.aberta(agora) for e in etapas_analise(certame))


def janela_recurso(pedido: PedidoAtendimento, agora: dt.datetime | None = None
                   ) -> JanelaRecurso:
    """From the first-instance decision, `PRAZO_RECURSO_DIAS` days (Lei 9.784/1999, art. 59;
    art. 66 for the count). An unsaved `Etapa`, derived from a stored date. Undecided: none."""
    agora = agora or timezone.now()
    decisao = decisao_primeira(pedido)
    if decisao is None:
        return JanelaRecurso([], agora, CHAVE)
    etapa = Etapa(certame_id=pedido.inscricao.certame_id, inicio=decisao.decidida_em,
                  fim=fim_do_prazo_recurso(decisao.decidida_em, PRAZO_RECURSO_DIAS,
                                           pedido.inscricao),
                  descricao=_("Recurso da decisão sobre o atendimento especializado"))
    return JanelaRecurso([etapa], agora, CHAVE)


def motivo_para_nao_recorrer(pedido: PedidoAtendimento,
                             agora: dt.datetime | None = None) -> str | None:
    return kernel.motivo_para_nao_recorrer(CHAVE, pedido, agora=agora)
