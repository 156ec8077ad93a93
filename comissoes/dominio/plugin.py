"""The three committee procedures as plug-ins of the procedure kernel (`nucleo.registro`):
heteroidentificação, verificação documental and avaliação PcD. What they declare — who
decides (a committee, by vote: `votacao`), what a batch takes (the closed first-instance
evaluations), who judges the appeal (`recursos.comissao_recursal`), what the final result does
(each evaluation becomes the candidate's final list state: `resultados.consolidar`) — comes
from `comissoes.dominio.procedimentos` (the data) and the modules named. Registered by
`ComissoesConfig.ready()` (`registrar_procedimentos`).
"""

from __future__ import annotations

import datetime as dt

from django.db.models import QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _

from candidatos.models import EstadoLista, SituacaoLista
from candidatos.servicos import registrar_situacao_lista
from certames.models import Certame
from certames.regras.regimes import Regime
from comissoes.dominio import candidato, recursos, resultados
from comissoes.dominio.procedimentos import (
    HETEROIDENTIFICACAO,
    PROCEDIMENTOS,
    procedimento,
)
from comissoes.models import Avaliacao
from nucleo import registro


class ProcedimentoComissao(registro.Procedimento):
    """A committee procedure (one instance per `Comissao.Tipo` of first instance)."""

    chave_decisoes = "avaliacoes"
    chave_desfavoraveis = "nao_confirmadas"

    def __init__(self, tipo: str):
        dados = PROCEDIMENTOS[tipo]
        self.dados = dados
        self.chave = dados.tipo
        self.slug = dados.slug
        self.nome = dados.nome
        self.titulo = dados.titulo
        self.etapa_recurso = dados.etapa_recurso

    # --- what a batch takes --------------------------------------------------------------

    def decididos(self, certame: Certame) -> QuerySet:
        return resultados.avaliacoes_primeira_instancia(certame, self.chave).filter(
            encerrada_em__isnull=False)

    def em_aberto(self, certame: Certame) -> QuerySet:
        return resultados.avaliacoes_primeira_instancia(certame, self.chave).filter(
            encerrada_em__isnull=True)

    def objetos(self, ids) -> QuerySet:
        return (Avaliacao.objects.filter(pk__in=list(ids))
                .select_related("inscricao__candidato", "inscricao__cargo", "comissao")
                .order_by("inscricao__numero", "lista", "pk"))

    def certame_id(self, objeto) -> int:
        return objeto.comissao.certame_id

    def rotulo(self, objeto) -> str:
        return f"{objeto.inscricao.numero} ({objeto.lista})"

    def desfavoravel(self, objeto) -> bool:
        # Incompatible (PcD) counts as not confirmed: it takes the candidate out of the list.
        return objeto.resultado != Avaliacao.Resultado.CONFIRMADA

    def pendencias_preliminar(self, certame: Certame, agora: dt.datetime) -> list[str]:
        return resultados.pendencias_proprias_preliminar(certame, self.chave)

    def pendencias_final(self, preliminar, objetos: list) -> list[str]:
        return resultados.avaliacoes_repetidas(objetos)

    def descricao_preliminar(self, objetos: list, numero: int) -> str:
        nao = sum(1 for o in objetos if self.desfavoravel(o))
        return _("Resultado preliminar da %(p)s publicado (lote %(lote)d): %(n)d "
                 "avaliação(ões), %(c)d confirmada(s), %(x)d não confirmada(s).") % {
            "n": len(objetos), "c": len(objetos) - nao, "x": nao, "p": self.nome,
            "lote": numero}

    # --- the appeal ----------------------------------------------------------------------

    def motivo_para_nao_recorrer(self, objeto, agora: dt.datetime) -> str | None:
        if (objeto.instancia != Avaliacao.Instancia.PRIMEIRA
                or objeto.comissao.tipo not in PROCEDIMENTOS):
            return _("Da decisão do recurso não cabe novo recurso.")
        return None

    def motivo_favoravel(self, objeto) -> str:
        if self.chave == HETEROIDENTIFICACAO:
            return _("A autodeclaração foi confirmada: não há decisão a recorrer.")
        return _("A decisão foi favorável (%(o)s confirmado(a)): não há decisão a "
                 "recorrer.") % {"o": self.dados.objeto}

    def sem_instancia_recursal(self, objeto) -> str | None:
        if recursos.comissao_recursal(objeto.comissao.certame, self.chave,
                                      objeto.comissao) is None:
            return _("Ainda não há comissão recursal designada para este certame; procure a "
                     "organização do certame.")
        return None

    def objeto_do_candidato(self, usuario, pk: int):
        """A first-instance evaluation of this procedure, of the candidate."""
        return (Avaliacao.objects.select_related("inscricao", "comissao__certame")
                .filter(pk=pk, inscricao__candidato__usuario=usuario,
                        instancia=Avaliacao.Instancia.PRIMEIRA, comissao__tipo=self.chave)
                .first())

    def pagina_do_objeto(self, objeto) -> str:
        return reverse("recursos:inscricao", args=[objeto.inscricao_id])

    def ancora_do_recurso(self, objeto) -> str:
        return f"t-av-{objeto.pk}"

    def ao_apresentar_recurso(self, recurso, objeto, autor) -> dict:
        return recursos.distribuir(recurso, objeto)

    def recurso_julgado(self, recurso) -> bool:
        julgamento = resultados.avaliacao_do_recurso(recursos.avaliacao_recorrida(recurso))
        return julgamento is not None and julgamento.encerrada

    def pode_julgar(self, user, recurso) -> bool:
        return recursos.membro_pode_julgar(user, recurso)

    # --- the final result ----------------------------------------------------------------

    def consolidar(self, final, objetos: list, autor) -> dict:
        """Each evaluation of the batch becomes the candidate's final list state (the appeal
        ruling if any, else the first instance); a fraud already concluded is never
        overwritten (Lei 3.057/2026, art. 12; Lei 3.056/2025, art. 7º; LC 22/2026, art. 3º,
        §3º). The lists are recomputed on commit (`registrar_situacao_lista`)."""
        certame = final.certame
        fraudes = set(SituacaoLista.objects.filter(
            inscricao__certame=certame, estado=EstadoLista.FRAUDE).values_list(
            "inscricao_id", "lista"))
        registradas, mantidas = [], []
        for av in objetos:
            if (av.inscricao_id, av.lista) in fraudes:
                mantidas.append(av.inscricao.numero)
                continue
            c = resultados.consolidar(av)
            registrar_situacao_lista(
                av.inscricao, av.lista, c.estado, autor=autor, motivacao=c.motivacao,
                fundamento=resultados.fundamento_definitivo(certame, av.lista, c.estado,
                                                            self.chave))
            registradas.append({"inscricao": av.inscricao.numero, "lista": av.lista,
                                "estado": c.estado, "recurso": c.recurso})
        nao = sum(1 for r in registradas if r["estado"] == EstadoLista.NAO_CONFIRMADA)
        return {
            "descricao": _(
                "Resultado definitivo da %(p)s publicado (lote %(lote)d): %(n)d "
                "avaliação(ões), %(c)d confirmada(s), %(x)d não confirmada(s), %(r)d "
                "recurso(s) julgado(s).") % {
                "n": len(registradas), "c": len(registradas) - nao, "x": nao,
                "p": self.nome, "r": sum(1 for r in registradas if r["recurso"]),
                "lote": final.lote},
            "fundamento": certame.regime_legal.fundamento_efeito_definitivo,
            "depois": {"situacoes": registradas, "fraude_mantida": mantidas},
        }

    # --- the law -------------------------------------------------------------------------

    def janelas_do_candidato(self, s, agora: dt.datetime) -> list:
        return candidato.janelas(self.chave, self.titulo, s, agora)

    def avisos_do_candidato(self, s, agora: dt.datetime) -> list:
        return candidato.avisos(self.chave, s, agora)

    def fundamento(self, regime: Regime, chave: str = "") -> str:
        if chave == "final":
            return regime.fundamento_efeito_definitivo
        return resultados.fundamento_do_procedimento(
            regime, self.chave, "recurso" if chave == "recurso" else "")


def registrar_procedimentos() -> None:
    for tipo in PROCEDIMENTOS:
        registro.registrar(ProcedimentoComissao(tipo))


def plugin_da_avaliacao(avaliacao: Avaliacao) -> registro.Procedimento:
    return registro.plugin(procedimento(avaliacao.comissao.tipo).tipo)
