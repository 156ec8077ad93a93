"""The procedimento administrativo as a plug-in of the procedure kernel (`nucleo.registro`, key
"procedimento_administrativo", registered by `CandidatosConfig.ready()`)."""

from __future__ import annotations

import datetime as dt

from django.db.models import QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from candidatos.models import ProcedimentoAdministrativo
from candidatos.procedimentos.abertura import pode_defender
from candidatos.procedimentos.base import _PROCEDIMENTO_COM, CHAVE, Conclusao
from candidatos.procedimentos.recurso import janela_recurso, motivo_para_nao_recorrer, reconsiderar
from candidatos.procedimentos.tipos import objeto_de
from certames.regras.regimes import Regime
from nucleo import candidato, registro
from nucleo.lotes import JanelaRecurso


class ProcedimentoAdministrativoPlugin(registro.Procedimento):
    """The procedimento administrativo as a plug-in of the kernel: decided case by case and
    notified to the candidate, not published in lists; the appeal is the kernel's, addressed
    to the RH user who decided, then judged by the certame's superior authority
    (`nucleo.autoridade`, `julgar_recurso`)."""

    chave = CHAVE
    slug = CHAVE
    nome = gettext_lazy("apuração de fraude ou falsidade")
    titulo = gettext_lazy("Procedimento administrativo (fraude ou falsidade)")
    publica_em_lotes = False
    pagina_do_candidato = "procedimentos:detalhe"

    def objetos(self, ids) -> QuerySet:
        return (ProcedimentoAdministrativo.objects.filter(pk__in=list(ids))
                .select_related(*_PROCEDIMENTO_COM).order_by("-aberto_em", "-pk"))

    def certame_id(self, objeto) -> int:
        return objeto.inscricao.certame_id

    def rotulo(self, objeto) -> str:
        return f"{objeto.inscricao.numero} ({objeto_de(objeto)})"

    def desfavoravel(self, objeto) -> bool:
        return objeto.conclusao == Conclusao.PROCEDENTE

    def motivo_para_nao_recorrer(self, objeto, agora: dt.datetime) -> str | None:
        if not objeto.conclusao:
            return _("O procedimento ainda não foi decidido.")
        return None

    def motivo_favoravel(self, objeto) -> str:
        return _("O procedimento foi arquivado (improcedente): não há decisão a recorrer.")

    def janela_recurso(self, objeto, agora: dt.datetime) -> JanelaRecurso:
        return janela_recurso(objeto, agora)

    def ao_apresentar_recurso(self, recurso, objeto, autor) -> dict:
        return {"descricao": _("Recurso contra a decisão do procedimento por %(o)s da "
                               "inscrição %(n)s.") % {"o": objeto_de(objeto),
                                                      "n": objeto.inscricao.numero},
                "depois": {"tipo": objeto.tipo, "lista": objeto.lista}}

    def recurso_julgado(self, recurso) -> bool:
        return ProcedimentoAdministrativo.objects.filter(
            pk=recurso.objeto_id).exclude(recurso_resultado="").exists()

    # RH decides the procedure: the appeal goes to the decider, then to the certame's
    # superior authority (Lei 9.784/1999, art. 56, §1º; `nucleo.autoridade`).
    decisao_do_rh = True

    def autor_da_decisao(self, objeto) -> int | None:
        return objeto.decidido_por_id

    def reconsiderar(self, recurso, objeto, *, autor, motivacao, dados, agora) -> dict:
        return reconsiderar(objeto, autor=autor, motivacao=motivacao, agora=agora)

    def url_rh(self, objeto) -> str:
        return reverse("painel:procedimentos_detalhe", args=[objeto.pk])

    # --- the candidate's area (`nucleo.candidato`) ----------------------------------------

    def janelas_do_candidato(self, s, agora: dt.datetime) -> list:
        """Each procedure about the inscrição: the defence until its deadline (contraditório
        e ampla defesa, CF art. 5º, LV); then the appeal against its decision, when the
        kernel would accept it (counted from the decision's notice)."""
        saida: list = []
        for proc in s.procedimentos:
            if pode_defender(proc, agora):
                saida.append(candidato.JanelaAberta(
                    candidato.DEFESA, self.chave, str(proc.get_tipo_display()), proc.aberto_em,
                    proc.prazo_defesa, reverse("procedimentos:detalhe", args=[proc.pk])))
            elif proc.conclusao and motivo_para_nao_recorrer(proc, agora) is None:
                saida += candidato.janelas_de(
                    candidato.RECURSO, self.chave, proc.get_tipo_display(),
                    janela_recurso(proc, agora), agora,
                    reverse("procedimentos:recurso", args=[proc.pk]))
        return saida

    def fundamento(self, regime: Regime, chave: str = "") -> str:
        """The regime's bases of both kinds (the kernel asks without the procedure)."""
        regras = [regime.regra_fraude]
        if regime.isencao is not None:
            regras.append(regime.isencao.falsidade)
        if chave == "recurso":
            textos = [regras[0].fundamento_recurso, *(r.garantia for r in regras)]
        else:
            textos = [r.procedimento for r in regras]
        return "; ".join(dict.fromkeys(textos))


PLUGIN = ProcedimentoAdministrativoPlugin()


def registrar_plugin() -> None:
    """Called by `CandidatosConfig.ready()`."""
    registro.registrar(PLUGIN)
