"""A draft's cargos and schedule stages: add, change, remove (`editais.servicos`, which
refuses once the edital is published)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from certames import calendario
from certames.forms import erros_no_form
from certames.models import Cargo, Certame, Etapa
from comum.confirmacao import confirmado, recusar
from editais import retificacao, servicos
from painel.acesso import RHMixin
from painel.forms.editor import CargoForm, EtapaForm


class _ItemDoRascunhoView(RHMixin, TemplateView):
    """One cargo or stage of a draft: a new one (the certame's pk) or an existing one (its
    own pk)."""

    modelo: type = Cargo
    form_class: type = CargoForm
    template_name = "painel/editor/item.html"
    titulo_novo = ""
    titulo_editar = ""

    def objetos(self) -> tuple[Certame, object | None]:
        """The certame and the item; from here on the page reads and shows times in the
        certame's órgão's zone (`certames.calendario.ativar_fuso`)."""
        if "certame" in self.kwargs:
            certame, item = get_object_or_404(Certame, pk=self.kwargs["certame"]), None
        else:
            item = get_object_or_404(self.modelo.objects.select_related("certame__orgao"),
                                     pk=self.kwargs["pk"])
            certame = item.certame
        calendario.ativar_fuso(certame)
        return certame, item

    def form(self, certame, item, dados=None):
        if self.form_class is EtapaForm:
            return EtapaForm(dados, instance=item, certame=certame)
        return self.form_class(dados, instance=item or Cargo(certame=certame))

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        certame, item = self.objetos()
        form = kwargs.get("form") or self.form(certame, item)
        ctx.update(certame=certame, item=item, form=form,
                   aviso=form.aviso() if isinstance(form, EtapaForm) else None,
                   titulo=self.titulo_editar if item else self.titulo_novo,
                   motivo_nao_editar=servicos.motivo_nao_editar(certame),
                   motivo_nao_retificar=(retificacao.motivo_nao_retificar(certame)
                                         if servicos.motivo_nao_editar(certame) else None),
                   motivacao_retificacao=self.request.POST.get("motivacao_retificacao", ""),
                   url_remover=self.url_remover(item) if item else None)
        return ctx

    def url_remover(self, item) -> str:
        raise NotImplementedError

    def salvar(self, objeto, form, motivacao):
        raise NotImplementedError

    def post(self, request, **kwargs):
        certame, item = self.objetos()
        form = self.form(certame, item, request.POST)
        motivacao = None
        if servicos.motivo_nao_editar(certame):
            # A published edital changes only by a retificação: motivated and confirmed.
            if not confirmado(request):
                return recusar(request, request.path)
            motivacao = request.POST.get("motivacao_retificacao", "")
        if form.is_valid():
            try:
                self.salvar(form.save(commit=False), form, motivacao)
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, _(
                    "Retificação do edital publicada; os inscritos são avisados.")
                    if motivacao is not None else _("Rascunho do edital salvo."))
                if isinstance(form, EtapaForm) and (aviso := form.aviso()):
                    messages.warning(request, aviso)
                return redirect("painel:certame", pk=certame.pk)
        return self.render_to_response(self.get_context_data(form=form), status=400)


class CargoRascunhoView(_ItemDoRascunhoView):
    titulo_novo = _("Novo cargo")
    titulo_editar = _("Cargo")

    def url_remover(self, item) -> str:
        return reverse("painel:remover_cargo_rascunho", args=[item.pk])

    def salvar(self, objeto, form, motivacao):
        servicos.salvar_cargo(objeto, autor=self.request.user, campos=form.changed_data,
                              retificacao=motivacao)


class EtapaRascunhoView(_ItemDoRascunhoView):
    modelo = Etapa
    form_class = EtapaForm
    titulo_novo = _("Nova etapa do cronograma")
    titulo_editar = _("Etapa do cronograma")

    def url_remover(self, item) -> str:
        return reverse("painel:remover_etapa_rascunho", args=[item.pk])

    def salvar(self, objeto, form, motivacao):
        servicos.salvar_etapa(objeto, autor=self.request.user, retificacao=motivacao)


class RemoverDoRascunhoView(RHMixin, View):
    modelo: type = Cargo

    def post(self, request, pk):
        item = get_object_or_404(self.modelo.objects.select_related("certame"), pk=pk)
        remover = servicos.remover_cargo if self.modelo is Cargo else servicos.remover_etapa
        try:
            remover(item, autor=request.user)
        except ValidationError as exc:
            for mensagem in exc.messages:
                messages.error(request, mensagem)
        else:
            messages.success(request, _("Removido do rascunho do edital."))
        return redirect("painel:certame", pk=item.certame_id)
