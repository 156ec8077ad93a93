"""RH's pages for a cargo's phases (spec section 10): the phases the edital defines, the
banca's spreadsheet per phase, and each phase's results (who advanced by which route, who
awaits a score) with their publication."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from candidatos.importacao import modelo as modelo_importacao
from candidatos.models import Inscricao
from certames.forms import erros_no_form
from certames.models import Cargo
from certames.recalculo import estado_recalculo
from certames.regras.listas import chave_inscricao
from comum import exportacao
from comum.confirmacao import exige_confirmacao
from comum.planilhas import ArquivoRejeitado
from nucleo import autoridade
from nucleo.recursos import anexos_de
from painel.acesso import RHMixin
from painel.forms.provas import FaseForm, ImportarNotasForm, JulgamentoRecursoFaseForm
from painel.views.autoridade import contexto_tramite
from painel.views.classificacao import NOMES_LISTAS
from provas import leitura, motor, servicos
from provas import recursos as recursos_fase
from provas.models import Fase, PublicacaoFase

POR_PAGINA = 100


def _cargo(pk) -> Cargo:
    return get_object_or_404(Cargo.objects.select_related("certame", "certame__orgao"), pk=pk)


def _form(cargo: Cargo, dados=None, instancia: Fase | None = None) -> FaseForm:
    listas = tuple(servicos.regime_para_pagina(cargo)[0].listas_com_ac)
    return FaseForm(dados, instance=instancia or Fase(cargo=cargo), listas=listas,
                    nomes={k: str(v) for k, v in NOMES_LISTAS.items()})


class FasesCargoView(RHMixin, TemplateView):
    """The cargo's phases, the cut-offs as the engine applies them, the imports and the
    results of each phase."""

    template_name = "painel/provas/fases.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        cargo = _cargo(self.kwargs["pk"])
        fases = motor.fases_do_cargo(cargo.pk)
        regime, erro = servicos.regime_para_pagina(cargo)
        versao = cargo.versoes_classificacao.order_by("-numero").first()
        linhas = []
        for fase in fases:
            resultados = leitura.resultados_da_fase(versao, fase.codigo)
            linhas.append({
                "fase": fase, "corte": leitura.corte_da_fase(versao, fase.codigo),
                "importacoes": list(fase.importacoes.select_related("autor")[:3]),
                "participantes": len(resultados),
                "aguardando": sum(1 for r in resultados if r.aguardando),
                "publicacoes": list(fase.publicacoes.all()[:2]),
            })
        ctx.update(cargo=cargo, fases=linhas, versao=versao,
                   fixadas=servicos.motivo_fases_fixadas(cargo),
                   pendencias=servicos.pendencias(fases), recalculo=estado_recalculo(cargo),
                   form=kwargs.get("form") or _form(cargo),
                   importar_form=ImportarNotasForm(),
                   garantia=regime.optantes_todas_as_fases, erro_parametros=erro,
                   garantia_em_lei=cargo.certame.regime_legal.todas_as_fases_em_lei,
                   fundamento_garantia=regime.fundamento_todas_as_fases,
                   aguardando=_aguardando(versao))
        return ctx


def _aguardando(versao) -> list[Inscricao]:
    if versao is None or not versao.aguardando_nota:
        return []
    return list(Inscricao.objects.filter(pk__in=versao.aguardando_nota).order_by("numero")
                .only("pk", "numero"))


@exige_confirmacao(verificar=False)
class DefinirFaseView(RHMixin, TemplateView):
    """Add a phase (POST to the cargo) or change one (GET/POST with the phase's pk)."""

    template_name = "painel/provas/fase_form.html"

    def _fase(self) -> Fase | None:
        pk = self.kwargs.get("fase")
        if pk is None:
            return None
        return get_object_or_404(Fase, pk=pk, cargo_id=self.kwargs["pk"])

    def get(self, request, pk, fase=None):
        instancia = self._fase()
        if instancia is None:
            return redirect("painel:fases", pk=pk)
        cargo = _cargo(pk)
        return self.render_to_response({"cargo": cargo, "fase": instancia,
                                        "form": _form(cargo, instancia=instancia)})

    def post(self, request, pk, fase=None):
        cargo = _cargo(pk)
        instancia = self._fase()
        form = _form(cargo, request.POST, instancia)
        if form.is_valid():
            try:
                salva = servicos.definir_fase(cargo, form.instance, autor=request.user)
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                messages.success(request, _("Fase %(f)s registrada; a classificação será "
                                            "recalculada.") % {"f": salva.codigo})
                return redirect("painel:fases", pk=cargo.pk)
        if instancia is None:
            view = FasesCargoView(request=request, kwargs={"pk": cargo.pk})
            return view.render_to_response(view.get_context_data(form=form), status=400)
        return self.render_to_response({"cargo": cargo, "fase": instancia, "form": form},
                                       status=400)


@exige_confirmacao
class GarantiaFasesView(RHMixin, View):
    """The edital's guarantee of every phase to the optants, where the law leaves it open."""

    def post(self, request, pk):
        cargo = _cargo(pk)
        try:
            servicos.definir_garantia(cargo, request.POST.get("garante") == "sim",
                                      autor=request.user)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(request, _("Garantia dos optantes registrada no edital."))
        return redirect("painel:fases", pk=cargo.pk)


@exige_confirmacao
class RemoverFaseView(RHMixin, View):
    def post(self, request, pk):
        fase = get_object_or_404(Fase, pk=pk)
        try:
            servicos.remover_fase(fase, autor=request.user)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(request, _("Fase %(f)s removida.") % {"f": fase.codigo})
        return redirect("painel:fases", pk=fase.cargo_id)


@exige_confirmacao(verificar=False)
class ImportarNotasFaseView(RHMixin, View):
    """The banca's spreadsheet of one phase; a refused file shows every error (400)."""

    template_name = "painel/provas/importar.html"

    def render_to_response(self, ctx, status):
        return render(self.request, self.template_name, ctx, status=status)

    def post(self, request, pk):
        fase = get_object_or_404(Fase.objects.select_related("cargo__certame"), pk=pk)
        form = ImportarNotasForm(request.POST, request.FILES)
        ctx = {"fase": fase, "cargo": fase.cargo, "form": form,
               "colunas_modelo": servicos.colunas_do_modelo(fase)}
        if not form.is_valid():
            return self.render_to_response(ctx, status=400)
        arquivo = form.cleaned_data["arquivo"]
        try:
            importacao = servicos.importar_notas(fase, arquivo.read(), nome_arquivo=arquivo.name,
                                                 autor=request.user)
        except ArquivoRejeitado as exc:
            ctx.update(erros=[str(e) for e in exc.erros], total_erros=exc.total)
            return self.render_to_response(ctx, status=400)
        except ValidationError as exc:
            form.add_error(None, exc)
            return self.render_to_response(ctx, status=400)
        messages.success(request, _(
            "Notas da fase %(f)s importadas: %(n)d nota(s) e %(a)d ausente(s). A "
            "classificação será recalculada.") % {"f": fase.codigo, "n": importacao.notas,
                                                   "a": importacao.ausentes})
        return redirect("painel:resultado_fase", pk=fase.pk)


class ResultadoFaseView(RHMixin, TemplateView):
    """One phase's results in the latest version: score, partial score, outcome, route and
    its basis, with a filter by outcome; who awaits a score first."""

    template_name = "painel/provas/resultado.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        fase = get_object_or_404(Fase.objects.select_related("cargo__certame"),
                                 pk=self.kwargs["pk"])
        cargo = fase.cargo
        versao = cargo.versoes_classificacao.order_by("-numero").first()
        resultados = leitura.resultados_da_fase(versao, fase.codigo)
        filtro = self.request.GET.get("resultado", "")
        if filtro and filtro not in leitura.RESULTADOS:
            raise Http404
        contagem = {codigo: 0 for codigo in leitura.RESULTADOS}
        for r in resultados:
            contagem[r.resultado] = contagem.get(r.resultado, 0) + 1
        # Inscrição order as the lists write it (numbers by value: 2 before 10).
        numeros = dict(Inscricao.objects.filter(cargo=cargo).values_list("pk", "numero"))
        escolhidos = sorted((r for r in resultados if not filtro or r.resultado == filtro),
                            key=lambda r: chave_inscricao(numeros.get(r.inscricao_id, "")))
        pagina = Paginator(escolhidos, POR_PAGINA).get_page(self.request.GET.get("page"))
        ctx.update(
            fase=fase, cargo=cargo, versao=versao, page_obj=pagina,
            linhas=[(numeros.get(r.inscricao_id, "?"), r) for r in pagina.object_list],
            filtro=filtro, contagem=[(c, leitura.RESULTADOS[c], n) for c, n in contagem.items()],
            corte=leitura.corte_da_fase(versao, fase.codigo),
            recalculo=estado_recalculo(cargo),
            motivos={tipo: servicos.motivo_nao_publicar(fase, tipo)
                     for tipo in PublicacaoFase.Tipo.values},
            publicacoes=list(fase.publicacoes.select_related("versao", "publicada_por")),
            importar_form=ImportarNotasForm(), colunas_modelo=servicos.colunas_do_modelo(fase),
            **_recursos_da_fase(fase))
        return ctx


class ModeloNotasFaseView(RHMixin, View):
    """The template of the phase's spreadsheet, CSV or XLSX (with the sheet "Instruções"):
    the columns the phase's importer reads (`provas.servicos.colunas_do_modelo`)."""

    def get(self, request, pk, formato):
        fase = get_object_or_404(Fase.objects.select_related("cargo__certame"), pk=pk)
        colunas = servicos.colunas_do_modelo(fase)
        return exportacao.resposta_modelo(
            formato, f"modelo-notas-{slugify(fase.cargo.codigo)}-{slugify(fase.codigo)}",
            modelo_importacao.cabecalho(colunas),
            modelo_importacao.instrucoes(colunas, notas=servicos.notas_do_modelo(fase)),
            titulo=_("Notas %(f)s") % {"f": fase.codigo})


def _recursos_da_fase(fase: Fase) -> dict:
    """The pending preliminary result's appeal period and its appeals, each with where it is
    (`nucleo.autoridade.tramite`, the one answer) and its decision."""
    preliminar = recursos_fase.preliminar_pendente(fase)
    if preliminar is None:
        return {"preliminar_pendente": None, "recursos": []}
    agora = timezone.now()
    linhas = []
    for recurso in recursos_fase.recursos_da_publicacao(preliminar):
        linhas.append({"recurso": recurso, "tramite": autoridade.tramite(recurso, agora),
                       "revisao": recursos_fase.revisao_de(recurso),
                       "url": reverse("painel:recurso_fase", args=[recurso.objeto_id])})
    return {"preliminar_pendente": preliminar,
            "fim_recurso": recursos_fase.fim_do_prazo(preliminar), "recursos": linhas}


@exige_confirmacao(verificar=False)
class RecursoFaseView(RHMixin, TemplateView):
    """An appeal against a candidate's row in a phase's preliminary result: the published
    result, the reasons and attachments, where it is (the decider's reconsideration form,
    posted to `painel:reconsiderar_recurso`), and the superior authority's ruling (POST)."""

    template_name = "painel/provas/recurso.html"

    def desempenho(self):
        return get_object_or_404(recursos_fase.desempenhos(), pk=self.kwargs["pk"])

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        desempenho = kwargs.get("desempenho") or self.desempenho()
        fase = desempenho.publicacao.fase
        recurso = recursos_fase.recurso_de(desempenho)
        motivo_julgar = recursos_fase.motivo_para_nao_julgar(desempenho, self.request.user)
        ctx.update(desempenho=desempenho, fase=fase, cargo=fase.cargo,
                   certame=fase.cargo.certame, inscricao=desempenho.inscricao,
                   resultado=leitura.ResultadoNaFase(
                       desempenho.inscricao_id, desempenho.nota, desempenho.parcial,
                       desempenho.resultado, desempenho.rota or None, desempenho.fundamento),
                   recurso=recurso, anexos=anexos_de(recurso),
                   revisao=recursos_fase.revisao_de(recurso),
                   fim_recurso=recursos_fase.fim_do_prazo(desempenho.publicacao),
                   motivo_nao_julgar=motivo_julgar if recurso is not None else None,
                   form_julgamento=(kwargs.get("form") or JulgamentoRecursoFaseForm())
                   if recurso is not None and motivo_julgar is None else None)
        ctx.update(contexto_tramite(recurso, self.request.user))
        return ctx

    def post(self, request, pk):
        desempenho = self.desempenho()
        form = JulgamentoRecursoFaseForm(request.POST)
        if form.is_valid():
            dados = form.cleaned_data
            try:
                recursos_fase.julgar_recurso(
                    desempenho, provido=dados["decisao"] == form.PROVIDO,
                    motivacao=dados["motivacao"], nova_nota=dados["nova_nota"],
                    autor=request.user)
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, _("Recurso julgado."))
                return redirect("painel:recurso_fase", pk=desempenho.pk)
        return self.render_to_response(self.get_context_data(desempenho=desempenho, form=form),
                                       status=400)


@exige_confirmacao
class PublicarResultadoFaseView(RHMixin, View):
    def post(self, request, pk, tipo):
        fase = get_object_or_404(Fase.objects.select_related("cargo"), pk=pk)
        if tipo not in PublicacaoFase.Tipo.values:
            raise Http404
        try:
            publicacao = servicos.publicar_resultado(fase, tipo, autor=request.user)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(request, _("%(t)s %(f)s publicado.") % {
                "t": publicacao.get_tipo_display(), "f": fase.codigo})
        return redirect("painel:resultado_fase", pk=fase.pk)
