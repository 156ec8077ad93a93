"""The appeal against a phase's preliminary result as a plug-in of the procedure kernel
(`nucleo.registro`, key "resultado_fase", registered by `ProvasConfig.ready()`). The rules are
in `provas.recursos`; the phase's publications are `provas.servicos`' own acts, so the kernel
publishes no batch of it (`publica_em_lotes = False`): the window is counted from the
preliminary publication, the decision is RH's (`decisao_do_rh`)."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from certames.regras.regimes import Regime
from nucleo import candidato, registro
from nucleo import recursos as kernel
from nucleo.lotes import JanelaRecurso
from provas import recursos
from provas.models import RevisaoNotaFase


class RecursoFase(registro.Procedimento):
    chave = recursos.CHAVE
    slug = recursos.CHAVE
    nome = gettext_lazy("resultado preliminar da fase")
    titulo = gettext_lazy("Recurso contra o resultado de fase da avaliação")
    publica_em_lotes = False
    decisao_do_rh = True

    def objetos(self, ids):
        return recursos.desempenhos().filter(pk__in=list(ids)).order_by(
            "inscricao__numero", "pk")

    def certame_id(self, objeto) -> int:
        return objeto.publicacao.fase.cargo.certame_id

    def rotulo(self, objeto) -> str:
        return f"{objeto.inscricao.numero} ({objeto.publicacao.fase.codigo})"

    def desfavoravel(self, objeto) -> bool:
        # Any published score can be contested: a higher one places the candidate better.
        return True

    def motivo_para_nao_recorrer(self, objeto, agora: dt.datetime) -> str | None:
        return recursos.motivo_proprio(objeto)

    def janela_recurso(self, objeto, agora: dt.datetime) -> JanelaRecurso:
        return recursos.janela_recurso(objeto, agora)

    def recurso_julgado(self, recurso) -> bool:
        return recursos.decidido(recurso)

    def ao_apresentar_recurso(self, recurso, objeto, autor) -> dict:
        return {"descricao": _("Recurso da inscrição %(n)s contra o resultado preliminar da "
                               "fase %(f)s do cargo %(c)s.") % {
                    "n": objeto.inscricao.numero, "f": objeto.publicacao.fase.codigo,
                    "c": objeto.publicacao.fase.cargo.codigo},
                "depois": {"fase": objeto.publicacao.fase.codigo,
                           "publicacao": objeto.publicacao_id}}

    # --- RH's decision (Lei 9.784/1999, art. 56, §1º: `nucleo.autoridade`) ----------------

    def autor_da_decisao(self, objeto) -> int | None:
        return objeto.publicacao.publicada_por_id

    def campos_reconsideracao(self, objeto) -> dict:
        return {"nova_nota": forms.CharField(
            label=_("Nota revista (se reconsiderar)"), required=False, max_length=20,
            help_text=_("A nota da fase depois da revisão, maior que a publicada e até a nota "
                        "máxima (%(m)s).") % {
                "m": format(objeto.publicacao.fase.nota_maxima.normalize(), "f")})}

    def reconsiderar(self, recurso, objeto, *, autor, motivacao, dados, agora) -> dict:
        return recursos.reconsiderar(recurso, objeto, autor=autor, motivacao=motivacao,
                                     dados=dados, agora=agora)

    def url_rh(self, objeto) -> str:
        return reverse("painel:recurso_fase", args=[objeto.pk])

    # --- the candidate's address -----------------------------------------------------------

    def pagina_do_objeto(self, objeto) -> str:
        return reverse("fases:resultado", args=[objeto.inscricao_id,
                                                objeto.publicacao.fase_id])

    def consolidar(self, final, objetos, autor) -> dict:
        return {}

    # --- the candidate's area (`nucleo.candidato`) ----------------------------------------

    def janelas_do_candidato(self, s, agora: dt.datetime) -> list:
        """The appeal against each phase's pending preliminary result, while its period runs
        and the kernel would accept it."""
        saida: list = []
        for f in s.fases:
            if f.fim_recurso is None or not (f.publicada_em <= agora <= f.fim_recurso):
                continue
            objeto = self.objetos([f.desempenho_id]).first()
            if objeto is None or kernel.motivo_para_nao_recorrer(self.chave, objeto,
                                                                 agora=agora):
                continue
            saida += candidato.janelas_de(
                candidato.RECURSO, self.chave,
                _("resultado preliminar da fase %(f)s") % {"f": f.codigo},
                recursos.janela_recurso(objeto, agora), agora,
                self.pagina_do_objeto(objeto) + "#recurso")
        return saida

    def avisos_do_candidato(self, s, agora: dt.datetime) -> list:
        """The decision on each of the candidate's appeals against a phase result."""
        if not s.fases:
            return []
        saida = []
        for revisao in (RevisaoNotaFase.objects
                        .filter(desempenho__inscricao_id=s.inscricao.pk)
                        .select_related("desempenho__publicacao__fase")):
            fase = revisao.desempenho.publicacao.fase
            saida.append(candidato.Aviso(
                candidato.AVISO_RECURSO, revisao.decidida_em, s.inscricao,
                _("Recurso contra o resultado da fase %(f)s: %(r)s") % {
                    "f": fase.codigo,
                    "r": _("atendido") if revisao.provido else _("não provido")},
                _("Veja a decisão motivada."),
                reverse("fases:resultado", args=[s.inscricao.pk, fase.pk])))
        return saida

    def fundamento(self, regime: Regime, chave: str = "") -> str:
        return recursos.FUNDAMENTO_RECURSO


PLUGIN = RecursoFase()


def registrar_plugin() -> None:
    """Called by `ProvasConfig.ready()`."""
    registro.registrar(PLUGIN)
