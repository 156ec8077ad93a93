"""What the procedure kernel declares to the shared mechanisms (registered at app loading by
`NucleoConfig.ready`): its append-only tables (`comum.somente_insercao`), the models the
public pages and the candidate's status page show (`comum.cache_publico`), the labels of the
acts it writes (`certames.auditoria`; the families of every procedure's acts are
`nucleo.rotulos_atos.FAMILIAS`) and its appeals' files under the retention policy
(`certames.retencao`)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from certames import retencao
from certames.auditoria import declarar_rotulos
from comum import cache_publico, somente_insercao
from nucleo.models import AnexoRecurso, Recurso

TABELAS_PROTEGIDAS = (
    # the procedures' publications, batches and appeals
    "nucleo_publicacaoresultado",
    "nucleo_itempublicado",
    "nucleo_recurso",
    "nucleo_anexorecurso",
    # appeals against RH's decisions: the certame's superior authority and the decider's steps
    "nucleo_autoridaderecursal",
    "nucleo_tramiterecurso",
)

FONTES_PUBLICAS = {
    # the kernel's batch publications (fee exemption, committees' results) and appeals
    "nucleo.PublicacaoResultado": (("certame",), ()),
    "nucleo.ItemPublicado": (("publicacao__certame",), ()),
    "nucleo.Recurso": (("inscricao__certame",), ()),
}

FONTES_PRIVADAS = {
    # an appeal's attachments (the appeal itself is a public source)
    "nucleo.AnexoRecurso": (("i", "recurso__inscricao"),),
    # where an appeal against an RH decision is: the decider's steps, the superior authority
    "nucleo.TramiteRecurso": (("i", "recurso__inscricao"),),
    "nucleo.AutoridadeRecursal": (("c", "certame"),),
}

ROTULOS_ATOS = {
    # Appeals against RH's decisions (nucleo/autoridade.py: Lei 9.784/1999, art. 56, §1º)
    "autoridade_recursal_designada": _("Designação da autoridade superior do certame"),
    "recurso_reconsiderado": _("Reconsideração da decisão recorrida"),
    "recurso_mantido_encaminhado": _(
        "Decisão recorrida mantida e recurso encaminhado à autoridade superior"),
}

#: The appeals' attachments (of every procedure, the exemption's too) fall under the rule of
#: the documents the candidate sent (comissoes/declaracoes.py).
ARQUIVOS_DOCUMENTOS = ((lambda: AnexoRecurso.objects.all(),
                        "recurso__inscricao__certame_id", "arquivo", "nome_original"),)


def objetos_do_titular(candidato, inscricoes: list[int]) -> dict:
    """The candidate's appeals and their attachments (their markers: the candidate's page)."""
    return {
        Recurso: list(Recurso.objects.filter(
            inscricao__in=inscricoes).values_list("pk", flat=True)),
        AnexoRecurso: list(AnexoRecurso.objects.filter(
            recurso__inscricao__in=inscricoes).values_list("pk", flat=True)),
    }


def declarar() -> None:
    """Register the declarations above (NucleoConfig.ready)."""
    somente_insercao.declarar_tabelas("nucleo", TABELAS_PROTEGIDAS)
    cache_publico.declarar_fontes(FONTES_PUBLICAS)
    cache_publico.declarar_fontes_privadas(FONTES_PRIVADAS)
    declarar_rotulos(ROTULOS_ATOS)
    retencao.declarar_arquivos("documentos", *ARQUIVOS_DOCUMENTOS)
    retencao.declarar_objetos_do_titular(objetos_do_titular)
