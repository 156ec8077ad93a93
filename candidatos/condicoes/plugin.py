"""The special conditions as a plug-in of the procedure kernel (`nucleo.registro`, key
"atendimento_especializado", registered by `CandidatosConfig.ready()`): decided case by case and
notified to the candidate, never published in lists (health data)."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from candidatos.condicoes.acompanhamento import situacao
from candidatos.condicoes.base import (
    CHAVE,
    FASES_DO_RECURSO,
    FUNDAMENTO_LACTANTE,
    FUNDAMENTO_PCD,
    FUNDAMENTO_RECURSO,
    MAXIMO_MINUTOS,
    Condicao,
    Resultado,
    decisao_primeira,
    desfavoravel,
    janela_recurso,
    pedido_vigente,
    vigente,
)
from candidatos.condicoes.recurso import reconsiderar
from candidatos.models import DecisaoAtendimento, Inscricao, PedidoAtendimento
from certames.regras.regimes import Regime
from nucleo import candidato, registro


class ProcedimentoAtendimento(registro.Procedimento):
    chave = CHAVE
    slug = "atendimento_especializado"
    nome = gettext_lazy("decisão sobre o atendimento especializado")
    titulo = gettext_lazy("Atendimento especializado na prova")
    etapa_recurso = ""
    publica_em_lotes = False

    def decididos(self, certame):
        return (PedidoAtendimento.objects.filter(inscricao__certame=certame,
                                                 decisoes__isnull=False).distinct())

    def em_aberto(self, certame):
        return PedidoAtendimento.objects.filter(inscricao__certame=certame,
                                                decisoes__isnull=True)

    def objetos(self, ids):
        return (PedidoAtendimento.objects.filter(pk__in=list(ids))
                .select_related("inscricao__certame").order_by("inscricao__numero", "pk"))

    def certame_id(self, objeto) -> int:
        return objeto.inscricao.certame_id

    def rotulo(self, objeto) -> str:
        return objeto.inscricao.numero

    def desfavoravel(self, objeto) -> bool:
        return desfavoravel(decisao_primeira(objeto))

    def motivo_favoravel(self, objeto) -> str:
        return _("Todas as condições pedidas foram concedidas: não há decisão a recorrer.")

    def motivo_para_nao_recorrer(self, objeto, agora) -> str | None:
        if not vigente(objeto):
            return _("Este pedido foi substituído por um pedido mais recente.")
        if decisao_primeira(objeto) is None:
            return _("O pedido ainda não foi decidido.")
        return None

    def janela_recurso(self, objeto, agora):
        return janela_recurso(objeto, agora)

    def recurso_julgado(self, recurso) -> bool:
        return DecisaoAtendimento.objects.filter(pedido_id=recurso.objeto_id,
                                                 fase__in=FASES_DO_RECURSO).exists()

    # RH decides the request: the appeal goes to the decider, then to the certame's superior
    # authority (Lei 9.784/1999, art. 56, §1º; `nucleo.autoridade`).
    decisao_do_rh = True

    def autor_da_decisao(self, objeto) -> int | None:
        primeira = decisao_primeira(objeto)
        return primeira.autor_id if primeira else None

    def campos_reconsideracao(self, objeto) -> dict:
        """The minutes of extra time, when the reconsideration grants denied extra time."""
        primeira = decisao_primeira(objeto)
        if primeira is None or not primeira.itens.filter(
                condicao=Condicao.TEMPO_ADICIONAL, resultado=Resultado.INDEFERIDO).exists():
            return {}
        return {"minutos": forms.IntegerField(
            label=_("Minutos de tempo adicional concedidos (se reconsiderar)"),
            required=False, min_value=1, max_value=MAXIMO_MINUTOS)}

    def reconsiderar(self, recurso, objeto, *, autor, motivacao, dados, agora) -> dict:
        return reconsiderar(objeto, autor=autor, motivacao=motivacao,
                            minutos=dados.get("minutos"), agora=agora)

    def url_rh(self, objeto) -> str:
        return reverse("painel:atendimento_pedido", args=[objeto.pk])

    def objeto_do_candidato(self, usuario, pk: int):
        """The appeal address names the inscrição (`condicoes:recurso`): its request in force."""
        insc = Inscricao.objects.filter(pk=pk, candidato__usuario=usuario).first()
        return pedido_vigente(insc) if insc is not None else None

    def pagina_do_objeto(self, objeto) -> str:
        return reverse("condicoes:inscricao", args=[objeto.inscricao_id])

    def ao_apresentar_recurso(self, recurso, objeto, autor) -> dict:
        return {"descricao": _("Recurso contra a decisão sobre o atendimento especializado "
                               "da inscrição %(n)s.") % {"n": objeto.inscricao.numero},
                "depois": {"pedido": objeto.pk}}

    def consolidar(self, final, objetos, autor) -> dict:
        return {}

    # --- the candidate's area (`nucleo.candidato`) ----------------------------------------

    def janelas_do_candidato(self, s, agora: dt.datetime) -> list:
        """The appeal against the request in force, as its page reads it (`situacao`: the
        kernel's answer, the window counted from the decision's notice)."""
        if not s.existe.get("existe_pedido_atendimento", True):
            return []
        sit = situacao(pedido_vigente(s.inscricao), agora)
        if not sit.pode_recorrer or sit.janela is None:
            return []
        return candidato.janelas_de(
            candidato.RECURSO, self.chave, candidato.titulo_em_frase(self.titulo), sit.janela,
            agora, reverse("condicoes:inscricao", args=[s.inscricao.pk]) + "#recurso")

    def avisos_do_candidato(self, s, agora: dt.datetime) -> list:
        """Each decision on the request in force (a first-instance decision, a later one
        superseding it, the appeal's ruling). Never published in lists (health data): the
        notice only points to the candidate's page."""
        if not s.existe.get("existe_pedido_atendimento", True):
            return []
        pedido = pedido_vigente(s.inscricao)
        if pedido is None:
            return []
        url = reverse("condicoes:inscricao", args=[s.inscricao.pk])
        return [candidato.Aviso(
            candidato.AVISO_RESULTADO, d.decidida_em, s.inscricao,
            _("%(f)s sobre o atendimento especializado na prova") % {
                "f": d.get_fase_display()},
            _("Veja a decisão motivada sobre cada condição pedida."), url)
            for d in pedido.decisoes.order_by("decidida_em", "pk")]

    def fundamento(self, regime: Regime, chave: str = "") -> str:
        if chave == "recurso":
            return FUNDAMENTO_RECURSO
        return f"{FUNDAMENTO_PCD}; {FUNDAMENTO_LACTANTE}"


def registrar_plugin() -> None:
    registro.registrar(ProcedimentoAtendimento())
