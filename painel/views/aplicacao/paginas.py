"""RH's pages of the exam's application: the certame's exam stages, its venues and rooms
(a room corrected while no allocation uses it), the allocation of each stage (an act:
published when recorded, a re-allocation with its motivation) and the list per venue and
room (CSV, XLSX, PDF). Every action calls one domain function of `provas.aplicacao`; every
page and message shows times in the certame's órgão's zone."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from certames import calendario
from certames.models import Certame, Etapa
from comum import exportacao
from comum.confirmacao import exige_confirmacao
from painel.acesso import RHMixin
from painel.forms.provas import AlocacaoProvaForm, LocalProvaForm, SalaProvaForm
from provas.aplicacao import alocacao, lista, locais
from provas.models import LocalProva, SalaProva

FORMATOS_LISTA = ("csv", "xlsx", "pdf")


def _certame(pk: int) -> Certame:
    certame = get_object_or_404(Certame.objects.select_related("orgao"), pk=pk)
    calendario.ativar_fuso(certame)
    return certame


def _etapa(pk: int) -> Etapa:
    etapa = get_object_or_404(Etapa.objects.select_related("certame__orgao", "fase__cargo"),
                              pk=pk, tipo=Etapa.Tipo.APLICACAO_PROVA)
    calendario.ativar_fuso(etapa.certame)
    return etapa


def _mensagens(request, exc: ValidationError) -> None:
    for mensagem in exc.messages:
        messages.error(request, mensagem)


def _gravar(request, form, certame_id: int, gravar, sucesso: str):
    """A venue's or a room's form: each error with its field's label, or the record made
    (`provas.aplicacao.locais`), then back to the certame's exam page."""
    if not form.is_valid():
        for campo, erros in form.errors.items():
            for erro in erros:
                messages.error(request, f"{form.fields[campo].label}: {erro}"
                               if campo in form.fields else erro)
    else:
        try:
            gravar(form.cleaned_data)
        except ValidationError as exc:
            _mensagens(request, exc)
        else:
            messages.success(request, sucesso)
    return redirect(reverse("painel:aplicacao_prova", args=[certame_id]))


class AplicacaoProvaView(RHMixin, TemplateView):
    """The certame's exam stages with their allocation in force (or the plan it would
    publish, and why it cannot), the venues and rooms (those an allocation uses cannot be
    corrected), and the forms. Its queries do not grow with the rooms or the candidates."""

    template_name = "painel/provas/aplicacao.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        certame = _certame(self.kwargs["pk"])
        agora = timezone.now()
        etapas = []
        for etapa in alocacao.etapas_prova(certame):
            etapa.certame = certame
            situacao = alocacao.situacao_da_etapa(etapa, agora)
            etapas.append({"situacao": situacao, "salas": lista.salas_com_candidatos(
                situacao.vigente) if situacao.vigente else []})
        locais_prova = list(LocalProva.objects.filter(certame=certame)
                            .prefetch_related("salas").order_by("nome", "pk"))
        em_alocacao = locais.salas_em_alocacao(certame.pk)
        for local in locais_prova:
            for sala in local.salas.all():
                sala.em_alocacao = em_alocacao.get(sala.pk)
        ctx.update(certame=certame, etapas=etapas, locais=locais_prova,
                   form_local=LocalProvaForm(), form_sala=SalaProvaForm(),
                   form_alocacao=AlocacaoProvaForm(),
                   capacidade=sum(s.capacidade for local in locais_prova
                                  for s in local.salas.all()))
        return ctx


@exige_confirmacao
class CadastrarLocalView(RHMixin, View):
    def post(self, request, pk):
        certame = _certame(pk)
        return _gravar(request, LocalProvaForm(request.POST), certame.pk,
                       lambda dados: locais.cadastrar_local(certame, autor=request.user,
                                                            **dados),
                       _("Local de prova cadastrado."))


@exige_confirmacao
class CadastrarSalaView(RHMixin, View):
    def post(self, request, pk):
        local = get_object_or_404(LocalProva.objects.select_related("certame__orgao"), pk=pk)
        calendario.ativar_fuso(local.certame)
        return _gravar(request, SalaProvaForm(request.POST), local.certame_id,
                       lambda dados: locais.cadastrar_sala(local, autor=request.user,
                                                           **dados),
                       _("Sala cadastrada."))


@exige_confirmacao
class CorrigirSalaView(RHMixin, View):
    """Correct a room's name, capacity or accessibility (refused once an allocation act
    uses it: `provas.aplicacao.locais.corrigir_sala`)."""

    def post(self, request, pk):
        sala = get_object_or_404(SalaProva.objects.select_related("local__certame__orgao"),
                                 pk=pk)
        calendario.ativar_fuso(sala.local.certame)
        return _gravar(request, SalaProvaForm(request.POST), sala.local.certame_id,
                       lambda dados: locais.corrigir_sala(sala, autor=request.user, **dados),
                       _("Sala corrigida."))


@exige_confirmacao
class PublicarAlocacaoView(RHMixin, View):
    """Publish (or re-publish, with a motivation) the stage's allocation: an act."""

    def post(self, request, pk):
        etapa = _etapa(pk)
        form = AlocacaoProvaForm(request.POST)
        voltar = reverse("painel:aplicacao_prova", args=[etapa.certame_id])
        if not form.is_valid():
            for erros in form.errors.values():
                for erro in erros:
                    messages.error(request, erro)
            return redirect(voltar)
        try:
            nova = alocacao.publicar_alocacao(etapa, autor=request.user,
                                              motivacao=form.cleaned_data["motivacao"])
        except ValidationError as exc:
            _mensagens(request, exc)
        else:
            messages.success(request, _(
                "Alocação publicada: %(n)d inscrições. Os candidatos já podem emitir o cartão "
                "de confirmação.") % {"n": nova.lugares.count()})
        return redirect(voltar)


class ListaLocalView(RHMixin, View):
    """The list per venue and room of the stage's allocation in force: CSV (stable keys),
    XLSX (labels; both through `comum.exportacao`, neutralised against formula injection)
    and PDF (`comum.pdf`)."""

    def get(self, request, pk, formato):
        etapa = _etapa(pk)
        if formato not in FORMATOS_LISTA:
            raise Http404
        vigente = alocacao.alocacao_vigente(etapa)
        if vigente is None:
            raise Http404
        vigente.etapa = etapa
        if formato == "pdf":
            conteudo, total = lista.pdf(vigente)
            resposta = HttpResponse(conteudo, content_type="application/pdf")
            resposta["Content-Disposition"] = content_disposition_header(
                False, f"{lista.nome_arquivo(etapa)}.pdf")
            resposta["Cache-Control"] = "private, no-store"
        else:
            linhas = lista.linhas(vigente)
            total = len(linhas)
            resposta = exportacao.resposta_exportacao(
                formato, lista.nome_arquivo(etapa), lista.COLUNAS, linhas,
                _("Locais de prova"), rotulos=lista.ROTULOS_COLUNAS, privada=True)
        lista.registrar_exportacao(etapa, autor=request.user, formato=formato, total=total)
        return resposta
