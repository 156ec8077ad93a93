"""Fee exemption, the candidate's pages: request, status, appeal form, defence, own files; and
the public page of each published result (inscrição number and name only). The appeal is
posted to `isencao:recurso`, the kernel's one appeal view (`nucleo.views`).

A candidate reaches only their own inscrições and procedures: any other id is a 404 and
nothing is written.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db.models import OuterRef, Subquery
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from candidatos import inscricao_portal, isencao, janelas, procedimentos
from candidatos.acesso import CandidatoMixin, servir_arquivo_do_pedido
from candidatos.models import Inscricao, PedidoIsencao, ProcedimentoAdministrativo
from certames.models import Certame, Etapa
from comum.confirmacao import exige_confirmacao
from nucleo import autoridade
from nucleo.forms import RecursoForm
from nucleo.models import ItemPublicado, PublicacaoResultado
from nucleo.recursos import anexos_de
from portal import situacao
from portal.forms.isencao import PedidoIsencaoForm
from portal.views.procedimentos import DefesaIsencaoView

POR_PAGINA = 100


def situacao_do_pedido(pedido: PedidoIsencao | None, inscricao: Inscricao, agora) -> dict:
    """What the candidate may see of their request: results only once its batch's
    publication is out; the appeal while its window is among the inscrição's open windows
    (`candidatos.janelas`, the kernel's answer: the status page reads the same)."""
    preliminar, final = isencao.publicacoes_do_pedido(pedido)
    recurso = isencao.recurso_do_pedido(pedido)
    janela = (janelas.janela_de(situacao.janelas_abertas(inscricao, agora), isencao.CHAVE)
              if pedido is not None and preliminar is not None else None)
    return {
        "preliminar_publicado": preliminar,
        "final_publicado": final,
        "recurso": recurso,
        "anexos": anexos_de(recurso),
        # Where the appeal is (Lei 9.784/1999, art. 56, §1º): the kernel's one answer.
        "tramite": autoridade.tramite(recurso, agora) if recurso is not None else None,
        "janela_recurso": janela,
        "pode_recorrer": janela is not None,
    }


class PainelIsencaoView(CandidatoMixin, TemplateView):
    template_name = "candidatos/isencao/painel.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        agora = timezone.now()
        linhas = []
        for insc in (Inscricao.objects.filter(candidato__usuario=self.request.user)
                     .select_related("certame", "cargo", "pedido_isencao")
                     .order_by("-certame__data_publicacao_edital", "numero")):
            linhas.append({
                "inscricao": insc,
                "oferece": isencao.oferece_isencao(insc.certame),
                "pedido": getattr(insc, "pedido_isencao", None),
                "taxa": Inscricao.SituacaoTaxa(isencao.situacao_taxa_efetiva(insc, agora)),
                # The fee as every candidate page says it (one truth).
                "taxa_info": inscricao_portal.taxa_da_inscricao(insc, agora),
            })
        ctx["linhas"] = linhas
        return ctx


@exige_confirmacao(campo="declaracao", verificar=False)
class InscricaoIsencaoView(CandidatoMixin, TemplateView):
    """The exemption of one of my inscrições: request form, status, appeal, procedures."""

    template_name = "candidatos/isencao/inscricao.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        insc = self.minha_inscricao(self.kwargs["pk"])
        certame = insc.certame
        agora = timezone.now()
        pedido = PedidoIsencao.objects.filter(inscricao=insc).first()
        ctx.update(inscricao=insc, certame=certame, pedido=pedido,
                   oferece=isencao.oferece_isencao(certame),
                   mensagem_nao_prevista=isencao.mensagem_nao_prevista(),
                   etapas_pedido=isencao.etapas(certame, Etapa.Tipo.PEDIDO_ISENCAO),
                   prazo_pagamento=isencao.prazo_final(certame, Etapa.Tipo.PAGAMENTO_TAXA),
                   taxa=Inscricao.SituacaoTaxa(isencao.situacao_taxa_efetiva(insc, agora)),
                   taxa_info=inscricao_portal.taxa_da_inscricao(insc, agora),
                   pedido_aberto=isencao.janela_aberta(certame, Etapa.Tipo.PEDIDO_ISENCAO,
                                                       agora))
        ctx.update(situacao_do_pedido(pedido, insc, agora))
        ctx.setdefault("form", PedidoIsencaoForm(regra=certame.regime_legal.isencao))
        # Posted to `isencao:recurso`, the kernel's one appeal view (`nucleo.views`).
        ctx["form_recurso"] = RecursoForm(objeto_id=pedido.pk if pedido else None)
        # Shown in summary; the notice, the defence and the decision are on the procedure's
        # own page (`procedimentos:detalhe`).
        ctx["procedimentos"] = [
            (proc, procedimentos.pode_defender(proc, agora))
            for proc in ProcedimentoAdministrativo.objects.filter(
                inscricao=insc, tipo=ProcedimentoAdministrativo.Tipo.FALSIDADE_ISENCAO)
            .order_by("aberto_em")]
        return ctx

    def post(self, request, pk):
        insc = self.minha_inscricao(pk)
        form = PedidoIsencaoForm(request.POST, request.FILES,
                                 regra=insc.certame.regime_legal.isencao)
        if form.is_valid():
            dados = form.cleaned_data
            try:
                isencao.solicitar_isencao(
                    insc, tipo=dados["tipo"], nis=dados["nis"], comprovante=dados["comprovante"],
                    comprovante_cadunico=dados["comprovante_cadunico"], autor=request.user)
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                messages.success(request, _("Pedido de isenção registrado."))
                return redirect("isencao:inscricao", pk=insc.pk)
        return self.render_to_response(self.get_context_data(form=form), status=400)


@exige_confirmacao
class DefesaView(CandidatoMixin, View):
    """The defence in the false-information procedure: the generic procedure page does it
    (this address stays for the links already sent)."""

    def post(self, request, pk):
        return DefesaIsencaoView.as_view()(request, pk=pk)


class ArquivoCandidatoView(CandidatoMixin, View):
    """My own proof of donation or appeal attachment (the appeal's first attachment,
    `nucleo.AnexoRecurso`; every attachment is also at `recursos:anexo`)."""

    def get(self, request, pk, qual):
        insc = self.minha_inscricao(pk)
        return servir_arquivo_do_pedido(get_object_or_404(PedidoIsencao, inscricao=insc), qual)


class ResultadoPublicoView(TemplateView):
    """A published result (preliminary or final), every batch published in that phase: the
    requests of each batch as its preliminary publication fixed them (`ItemPublicado`), with
    inscrição number, name and result. Never NIS, income or reason; never a decision no
    publication has made public yet (a later batch's)."""

    template_name = "candidatos/isencao/resultado.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        certame = get_object_or_404(Certame.objects.exclude(status=Certame.Status.RASCUNHO),
                                    pk=self.kwargs["pk"])
        fase = self.kwargs["fase"]
        if fase not in PublicacaoResultado.Fase.values:
            raise Http404
        publicacoes = list(PublicacaoResultado.objects.filter(
            certame=certame, procedimento=isencao.CHAVE, fase=fase).order_by("lote"))
        if not publicacoes:
            raise Http404
        campo = ("resultado_preliminar" if fase == PublicacaoResultado.Fase.PRELIMINAR
                 else "resultado_final")
        # Each request is in one batch, fixed by its preliminary publication; a final
        # publication is about the same requests.
        lote = ItemPublicado.objects.filter(
            procedimento=isencao.CHAVE, objeto_id=OuterRef("pk"),
            publicacao__fase=PublicacaoResultado.Fase.PRELIMINAR).values("publicacao__lote")[:1]
        # Only the published columns are read (data minimisation, LGPD art. 6º, III).
        linhas = (PedidoIsencao.objects.filter(inscricao__certame=certame)
                  .annotate(lote=Subquery(lote))
                  .filter(lote__in=[p.lote for p in publicacoes])
                  .order_by("lote", "inscricao__numero")
                  .values_list("lote", "inscricao__numero", "inscricao__candidato__nome",
                               "inscricao__candidato__nome_social", campo))
        pagina = Paginator(linhas, POR_PAGINA).get_page(self.request.GET.get("page"))
        rotulos = dict(PedidoIsencao.Resultado.choices)
        ctx.update(certame=certame, fase=fase, publicacao=publicacoes[-1],
                   publicacoes=publicacoes, page_obj=pagina, linhas=[
                       (lote, numero, social or nome, rotulos.get(resultado, "—"))
                       for lote, numero, nome, social, resultado in pagina])
        return ctx
