"""False information to obtain the exemption (Lei 3.057/2026 de Severínia, art. 5º): the shared
procedure of `candidatos.procedimentos` on a request, and the exemption's side of a proven
falsity (art. 5º, I), registered with that procedure (`consequencia`, `reversao`) when this
module is imported."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils.translation import gettext as _

from candidatos import procedimentos
from candidatos.isencao.base import (
    _PEDIDO_COM,
    Fase,
    Resultado,
    SituacaoTaxa,
    _motivo_falsidade,
    _pedido_de,
    regra,
)
from candidatos.isencao.publicacoes import resultado_definitivo
from candidatos.models import DecisaoIsencao, Inscricao, PedidoIsencao, ProcedimentoAdministrativo
from certames.auditoria import registrar_ato
from certames.models import Ato
from certames.travas import travar

FALSIDADE = ProcedimentoAdministrativo.Tipo.FALSIDADE_ISENCAO


def abrir_procedimento_falsidade(pedido: PedidoIsencao, *, fatos: str,
                                 prazo_defesa: dt.datetime, autor,
                                 agora: dt.datetime | None = None
                                 ) -> ProcedimentoAdministrativo:
    """Open the procedure on suspected false information and notify the candidate, with a
    deadline for the defence (art. 5º, parágrafo único)."""
    return procedimentos.abrir_procedimento(pedido.inscricao, tipo=FALSIDADE, fatos=fatos,
                                            prazo_defesa=prazo_defesa, autor=autor,
                                            agora=agora)


def apresentar_defesa(proc: ProcedimentoAdministrativo, *, defesa: str, autor,
                      agora: dt.datetime | None = None) -> ProcedimentoAdministrativo:
    """The candidate's defence, within the deadline (contraditório e ampla defesa)."""
    return procedimentos.apresentar_defesa(proc, defesa=defesa, autor=autor, agora=agora,
                                           tipo=FALSIDADE)


#: The sanction by the phase in which the falsity is found (art. 5º, II to IV).
consequencia_da_falsidade = procedimentos.consequencia_por_fase


def decidir_procedimento(proc: ProcedimentoAdministrativo, *, conclusao: str, motivacao: str,
                         autor, agora: dt.datetime | None = None
                         ) -> ProcedimentoAdministrativo:
    """Motivated decision, after the defence or its deadline (art. 5º, parágrafo único).

    Proven falsity: the request is rejected (art. 5º, I) and the inscrição is cancelled before
    homologation (II), removed from the list after it and before the call (III), or the call is
    annulled after it (IV); in every case the inscrição is eliminated and the lists recomputed.
    """
    return procedimentos.decidir_procedimento(proc, conclusao=conclusao, motivacao=motivacao,
                                              autor=autor, agora=agora, tipo=FALSIDADE)


@procedimentos.consequencia(FALSIDADE)
@transaction.atomic
def indeferir_por_falsidade(proc: ProcedimentoAdministrativo, insc: Inscricao, *,
                            autor) -> None:
    """The exemption effects of a proven falsity, inside the decision's transaction: the
    request is rejected whatever its earlier results (art. 5º, I) and an exempt fee is due
    again. Called by `procedimentos.FalsidadeIsencao.aplicar`, which then eliminates."""
    pedido = _pedido_de(insc)
    taxa_antes = insc.situacao_taxa
    if insc.situacao_taxa == SituacaoTaxa.ISENTA:
        insc.situacao_taxa = SituacaoTaxa.PENDENTE
        insc.save(update_fields=["situacao_taxa", "atualizada_em"])
    if pedido is None:
        return
    pedido = travar(PedidoIsencao, pedido, *_PEDIDO_COM)
    fundamento = regra(insc.certame).fundamento_falsidade_indeferimento
    motivo = _motivo_falsidade(proc, fundamento)
    antes = {"resultado_preliminar": pedido.resultado_preliminar,
             "resultado_final": pedido.resultado_final, "situacao_taxa": taxa_antes}
    if not pedido.resultado_preliminar:
        pedido.resultado_preliminar, pedido.motivo_preliminar = Resultado.INDEFERIDO, motivo
    pedido.resultado_final, pedido.motivo_final = Resultado.INDEFERIDO, motivo
    pedido.save(update_fields=["resultado_preliminar", "motivo_preliminar",
                               "resultado_final", "motivo_final"])
    DecisaoIsencao.objects.create(pedido=pedido, fase=Fase.FALSIDADE,
                                  resultado=Resultado.INDEFERIDO, motivacao=motivo,
                                  autor=autor)
    registrar_ato(
        tipo="isencao_indeferida_falsidade", autor=autor, certame=insc.certame,
        objeto=pedido,
        descricao=_("Pedido de isenção da inscrição %(n)s indeferido por falsidade.") % {
            "n": insc.numero},
        motivacao=proc.motivacao, fundamento_legal=fundamento, antes=antes,
        depois={"resultado_preliminar": pedido.resultado_preliminar,
                "resultado_final": pedido.resultado_final,
                "situacao_taxa": insc.situacao_taxa, "procedimento": proc.pk})


@procedimentos.reversao(FALSIDADE)
@transaction.atomic
def desfazer_indeferimento_por_falsidade(proc: ProcedimentoAdministrativo, insc: Inscricao, *,
                                         autor) -> None:
    """A granted appeal against the falsity finding: art. 5º, I no longer applies, so the
    request and the fee return to what they were before it (the `antes` of the
    `isencao_indeferida_falsidade` act), with an act; the request's final result is the one
    its own decisions give (`resultado_definitivo`, which no longer counts the reformed
    procedure). Called by `procedimentos.julgar_recurso` inside its transaction."""
    ato = (Ato.objects.filter(tipo="isencao_indeferida_falsidade", certame=insc.certame,
                              depois__procedimento=proc.pk).order_by("-pk").first())
    pedido = _pedido_de(insc)
    if ato is None or pedido is None:
        return  # the finding changed nothing in the exemption (no request)
    pedido = travar(PedidoIsencao, pedido, *_PEDIDO_COM)
    antes = ato.antes or {}
    estado = {"resultado_preliminar": pedido.resultado_preliminar,
              "resultado_final": pedido.resultado_final, "situacao_taxa": insc.situacao_taxa}
    if not antes.get("resultado_preliminar"):
        pedido.resultado_preliminar, pedido.motivo_preliminar = "", ""
    if antes.get("resultado_final"):
        pedido.resultado_final, pedido.motivo_final = resultado_definitivo(pedido)
    else:
        pedido.resultado_final, pedido.motivo_final = "", ""
    pedido.save(update_fields=["resultado_preliminar", "motivo_preliminar",
                               "resultado_final", "motivo_final"])
    if (antes.get("situacao_taxa") == SituacaoTaxa.ISENTA
            and insc.situacao_taxa == SituacaoTaxa.PENDENTE):
        insc.situacao_taxa = SituacaoTaxa.ISENTA
        insc.save(update_fields=["situacao_taxa", "atualizada_em"])
    registrar_ato(
        tipo="isencao_falsidade_revogada", autor=autor, certame=insc.certame, objeto=pedido,
        descricao=_("Indeferimento por falsidade do pedido de isenção da inscrição %(n)s "
                    "desfeito: recurso provido no procedimento administrativo.") % {
            "n": insc.numero},
        motivacao=proc.recurso_motivacao, fundamento_legal=proc.recurso_fundamento[:250],
        antes=estado,
        depois={"resultado_preliminar": pedido.resultado_preliminar,
                "resultado_final": pedido.resultado_final,
                "situacao_taxa": insc.situacao_taxa, "procedimento": proc.pk})
