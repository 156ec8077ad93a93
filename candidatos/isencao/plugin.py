"""The fee exemption (isenção da taxa de inscrição, Lei 3.057/2026 de Severínia, art. 2º to
7º) as a plug-in of the procedure kernel (`nucleo.registro`). What it declares — what a batch
takes (the requests with a preliminary decision), what goes against the candidate (a
rejection), that RH decides it (the appeal goes to the decider, then to the certame's superior
authority: `nucleo.autoridade`), what the final result does (`isencao.consolidar_lote`:
the final result per request and the fee) and its legal bases (the regime's `RegraIsencao`) —
comes from `candidatos.isencao`, the exemption's domain. Registered by
`CandidatosConfig.ready()`; the kernel finds it by its key and never imports it.
"""

from __future__ import annotations

import datetime as dt

from django.db.models import QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from candidatos import isencao
from candidatos.models import DecisaoIsencao, PedidoIsencao
from certames.models import Certame, Etapa
from certames.regras.regimes import Regime
from nucleo import candidato, registro
from nucleo import recursos as kernel
from nucleo.lotes import janela_do_lote

#: The kernel's word for a publication (preliminary, recurso, final) -> the article of the
#: exemption law (`RegraIsencao`) providing it.
FUNDAMENTOS = {
    "preliminar": "fundamento_resultado_preliminar",
    "recurso": "fundamento_recurso",
    "final": "fundamento_resultado_definitivo",
    "": "fundamento_requerimento",
}


class ProcedimentoIsencao(registro.Procedimento):
    chave = isencao.CHAVE
    slug = "isencao"
    nome = gettext_lazy("isenção da taxa")
    titulo = gettext_lazy("Isenção da taxa de inscrição")
    etapa_recurso = Etapa.Tipo.RECURSO_ISENCAO
    chave_decisoes = "pedidos"
    chave_desfavoraveis = "indeferidos"

    # --- what a batch takes --------------------------------------------------------------

    def decididos(self, certame: Certame) -> QuerySet:
        return (PedidoIsencao.objects.filter(inscricao__certame=certame)
                .exclude(resultado_preliminar="").order_by("inscricao__numero"))

    def em_aberto(self, certame: Certame) -> QuerySet:
        return (PedidoIsencao.objects.filter(inscricao__certame=certame,
                                             resultado_preliminar="")
                .select_related("inscricao").order_by("inscricao__numero"))

    def objetos(self, ids) -> QuerySet:
        return (PedidoIsencao.objects.filter(pk__in=list(ids))
                .select_related("inscricao__certame", "inscricao__candidato",
                                "inscricao__cargo")
                .order_by("inscricao__numero", "pk"))

    def certame_id(self, objeto) -> int:
        return objeto.inscricao.certame_id

    def rotulo(self, objeto) -> str:
        return objeto.inscricao.numero

    def desfavoravel(self, objeto) -> bool:
        return objeto.resultado_preliminar == PedidoIsencao.Resultado.INDEFERIDO

    def pendencias_preliminar(self, certame: Certame, agora: dt.datetime) -> list[str]:
        return isencao.pendencias_proprias_preliminar(certame, agora)

    def descricao_preliminar(self, objetos: list, numero: int) -> str:
        return isencao.descricao_preliminar(objetos, numero)

    # --- the appeal (art. 3º, V and §2º) ---------------------------------------------------

    def motivo_favoravel(self, objeto) -> str:
        return _("Só cabe recurso contra o indeferimento do pedido.")

    def motivo_para_nao_recorrer(self, objeto, agora: dt.datetime) -> str | None:
        return isencao.motivo_falsidade_sem_recurso(objeto)

    def recurso_julgado(self, recurso) -> bool:
        return DecisaoIsencao.objects.filter(pedido_id=recurso.objeto_id,
                                             fase__in=isencao.FASES_DO_RECURSO).exists()

    # RH decides the request: the appeal goes to the decider, then to the certame's superior
    # authority (Lei 9.784/1999, art. 56, §1º; `nucleo.autoridade`).
    decisao_do_rh = True

    def autor_da_decisao(self, objeto) -> int | None:
        return isencao.autor_da_decisao(objeto)

    def reconsiderar(self, recurso, objeto, *, autor, motivacao, dados, agora) -> dict:
        return isencao.reconsiderar(objeto, autor=autor, motivacao=motivacao)

    def url_rh(self, objeto) -> str:
        return reverse("painel:pedido", args=[objeto.pk])

    def objeto_do_candidato(self, usuario, pk: int):
        """The appeal address names the inscrição (`isencao:recurso`): its request."""
        return (PedidoIsencao.objects.select_related("inscricao")
                .filter(inscricao_id=pk, inscricao__candidato__usuario=usuario).first())

    def pagina_do_objeto(self, objeto) -> str:
        return reverse("isencao:inscricao", args=[objeto.inscricao_id])

    def ao_apresentar_recurso(self, recurso, objeto, autor) -> dict:
        return {"descricao": _("Recurso contra o indeferimento da isenção da inscrição "
                               "%(n)s.") % {"n": objeto.inscricao.numero},
                "depois": {"pedido": objeto.pk}}

    # --- the candidate's area (`nucleo.candidato`) ----------------------------------------

    def janelas_do_candidato(self, s, agora: dt.datetime) -> list:
        """The appeal against a rejection (art. 6º, I), in the window of its batch's
        publication. Without a published preliminary result, or with the final one out, or
        granted, the kernel's answer is already known from what the status read (nothing
        more is queried)."""
        pedido = s.pedido_isencao
        preliminar, final = s.publicacoes_isencao
        if (pedido is None or preliminar is None or final is not None
                or pedido.resultado_preliminar != PedidoIsencao.Resultado.INDEFERIDO):
            return []
        janela = janela_do_lote(preliminar, agora,
                                [e for e in s.etapas if e.tipo == self.etapa_recurso])
        if kernel.motivo_para_nao_recorrer(self.chave, pedido, agora=agora,
                                           preliminar=preliminar, final=final, janela=janela):
            return []
        return candidato.janelas_de(candidato.RECURSO, self.chave,
                                    candidato.titulo_em_frase(self.titulo), janela, agora,
                                    reverse("isencao:recurso", args=[s.inscricao.pk]))

    def avisos_do_candidato(self, s, agora: dt.datetime) -> list:
        """Each publication of the request's batch (preliminary, final) once it is out."""
        url = s.url_isencao or reverse("portal:inscricao", args=[s.inscricao.pk]) + "#t-taxa"
        return [candidato.Aviso(
            candidato.AVISO_RESULTADO, pub.publicada_em, s.inscricao,
            _("%(f)s do pedido de isenção publicado") % {"f": pub.get_fase_display()},
            _("Veja a decisão motivada sobre o seu pedido de isenção da taxa."), url)
            for pub in s.publicacoes_isencao if pub is not None and pub.publicada_em <= agora]

    # --- the final result (art. 3º, VI; art. 6º, III) -------------------------------------

    def consolidar(self, final, objetos: list, autor) -> dict:
        return isencao.consolidar_lote(final, objetos, autor)

    # --- the law ---------------------------------------------------------------------------

    def fundamento(self, regime: Regime, chave: str = "") -> str:
        dados = regime.isencao
        if dados is None:
            return ""
        return getattr(dados, FUNDAMENTOS.get(chave, FUNDAMENTOS[""]))


def registrar_procedimento() -> None:
    registro.registrar(ProcedimentoIsencao())
