"""The exam venue's list: the granted conditions only, never the report nor the disability
(LGPD, Lei 13.709/2018, arts. 5º, II and 11)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from candidatos.condicoes.base import (
    FASES_DO_RECURSO,
    FUNDAMENTO_LACTANTE,
    FUNDAMENTO_PCD,
    Condicao,
    Fase,
    Resultado,
)
from candidatos.models import ItemDecisaoAtendimento, PedidoAtendimento, formatar_cpf
from candidatos.servicos import FINAIS
from certames.auditoria import registrar_ato
from certames.models import Certame

#: CSV keys (open, stable) and the XLSX's labels, in order.
COLUNAS = ("inscricao", "nome", "cargo", "condicoes", "tempo_adicional_minutos",
           "sala_especial", "acompanhante_lactante", "observacoes")
ROTULOS_COLUNAS = (gettext_lazy("Inscrição"), gettext_lazy("Nome"), gettext_lazy("Cargo"),
                   gettext_lazy("Condições concedidas"),
                   gettext_lazy("Tempo adicional (minutos)"),
                   gettext_lazy("Sala ou mobiliário"),
                   gettext_lazy("Acompanhante da lactante"), gettext_lazy("Observações"))
#: What the room needs.
SALA = (Condicao.SALA_ACESSO, Condicao.MOBILIARIO, Condicao.LACTANTE)


def concedidas(certame: Certame, *, inscricao_id: int | None = None
               ) -> list[tuple[PedidoAtendimento, list[ItemDecisaoAtendimento]]]:
    """Each inscrição's request in force whose decision in force grants something, by
    inscrição number (only `inscricao_id`'s, when given)."""
    pedidos = PedidoAtendimento.objects.filter(inscricao__certame=certame)
    if inscricao_id is not None:
        pedidos = pedidos.filter(inscricao_id=inscricao_id)
    pedidos = (pedidos
               .select_related("inscricao__candidato", "inscricao__cargo")
               .prefetch_related("condicoes", "decisoes__itens")
               .order_by("inscricao__numero", "-solicitado_em", "-pk"))
    vistos: set[int] = set()
    linhas = []
    for pedido in pedidos:
        if pedido.inscricao_id in vistos:
            continue
        vistos.add(pedido.inscricao_id)
        if pedido.inscricao.situacao in FINAIS:
            continue
        decisoes = sorted(pedido.decisoes.all(), key=lambda d: (d.decidida_em, d.pk))
        recurso = [d for d in decisoes if d.fase in FASES_DO_RECURSO]
        decisao = (recurso or [d for d in decisoes if d.fase == Fase.PRIMEIRA_INSTANCIA]
                   or [None])[-1]
        if decisao is None:
            continue
        itens = [i for i in sorted(decisao.itens.all(), key=lambda i: i.pk)
                 if i.resultado == Resultado.DEFERIDO]
        if itens:
            linhas.append((pedido, itens))
    return linhas


def rotulos_concedidos(pedido: PedidoAtendimento,
                       itens: list[ItemDecisaoAtendimento]) -> list[str]:
    """The granted conditions as the exam venue reads them ("Tempo adicional (60 minutos)",
    "Outra condição (detail)"): never the report nor the disability."""
    detalhes = {c.condicao: c.detalhe for c in pedido.condicoes.all()}
    nomes = []
    for item in itens:
        rotulo = str(Condicao(item.condicao).label)
        if item.condicao == Condicao.TEMPO_ADICIONAL and item.minutos_adicionais:
            rotulo = _("%(c)s (%(m)d minutos)") % {"c": rotulo, "m": item.minutos_adicionais}
        detalhe = detalhes.get(item.condicao, "")
        nomes.append(f"{rotulo} ({detalhe})" if detalhe else rotulo)
    return nomes


def concedidas_por_inscricao(certame: Certame, *, inscricao_id: int | None = None
                             ) -> dict[int, tuple[list[str], set[str]]]:
    """Inscrição id -> (the granted conditions' labels, their codes): what the exam's venue
    list and the confirmation card show, and what the room allocation needs."""
    return {pedido.inscricao_id: (rotulos_concedidos(pedido, itens),
                                  {i.condicao for i in itens})
            for pedido, itens in concedidas(certame, inscricao_id=inscricao_id)}


def linhas_exportacao(certame: Certame) -> list[list]:
    """The exam venue's rows: the granted conditions, never the report nor the disability."""
    linhas = []
    for pedido, itens in concedidas(certame):
        insc = pedido.inscricao
        detalhes = {c.condicao: c.detalhe for c in pedido.condicoes.all()}
        nomes, sala, obs = [], [], []
        minutos = None
        for item in itens:
            rotulo = str(Condicao(item.condicao).label)
            detalhe = detalhes.get(item.condicao, "")
            nomes.append(f"{rotulo} ({detalhe})" if detalhe else rotulo)
            if item.condicao == Condicao.TEMPO_ADICIONAL:
                minutos = item.minutos_adicionais
            if item.condicao in SALA:
                sala.append(rotulo)
            if item.condicao == Condicao.LACTANTE:
                obs.append(_("Amamentação a cada 2 horas, até 30 minutos por filho, tempo "
                             "compensado na prova; certidão de nascimento no dia da prova "
                             "(Lei 13.872/2019, arts. 2º e 4º)"))
        acompanhante = ""
        if pedido.acompanhante_nome and any(i.condicao == Condicao.LACTANTE for i in itens):
            acompanhante = _("%(n)s (CPF %(c)s)") % {
                "n": pedido.acompanhante_nome, "c": formatar_cpf(pedido.acompanhante_cpf)}
        linhas.append([insc.numero, insc.candidato.nome_exibicao, insc.cargo.nome,
                       "; ".join(nomes), minutos, "; ".join(sala), acompanhante,
                       "; ".join(obs)])
    return linhas


def registrar_exportacao(certame: Certame, *, autor, formato: str, total: int) -> None:
    registrar_ato(
        tipo="atendimento_exportacao", autor=autor, certame=certame,
        descricao=_("Lista de atendimento especializado para o local de prova (%(f)s, "
                    "%(n)d inscrições).") % {"f": formato.upper(), "n": total},
        fundamento_legal=f"{FUNDAMENTO_PCD}; {FUNDAMENTO_LACTANTE}"[:250])
