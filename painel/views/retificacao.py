"""RH's page of the retificação de dado da inscrição: after the inscrições
window the options and the self-declaration are fixed (the regime's
`fundamento_opcoes_na_inscricao`), and a data error is corrected only by this motivated,
confirmed act (`candidatos.retificacao`)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.views.generic import FormView

from candidatos import retificacao, servicos
from candidatos.models import Inscricao
from comum.confirmacao import exige_confirmacao
from painel.acesso import RHMixin
from painel.forms.retificacao import RetificacaoForm


@exige_confirmacao(verificar=False)
class RetificarInscricaoView(RHMixin, FormView):
    template_name = "painel/retificacao/retificar.html"
    form_class = RetificacaoForm

    @cached_property
    def inscricao(self) -> Inscricao:
        return get_object_or_404(
            Inscricao.objects.select_related("candidato", "cargo__certame"), pk=self.kwargs["pk"])

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "inscricao": self.inscricao}

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        certame = self.inscricao.cargo.certame
        ctx["inscricao"] = self.inscricao
        ctx["registrado"] = retificacao.descrever(retificacao.dados_declarados(self.inscricao))
        ctx["fundamento"] = servicos.fundamento_opcoes_na_inscricao(certame)
        ctx["fixadas"] = servicos.motivo_opcoes_fixadas(certame)
        ctx["retificacoes"] = retificacao.retificacoes_da_inscricao(self.inscricao)
        return ctx

    def form_valid(self, form):
        d = form.cleaned_data
        try:
            retificacao.retificar(
                self.inscricao, autor=self.request.user, cor_raca=d["cor_raca"],
                quilombola=d["quilombola"], deficiencia=d["deficiencia"],
                tipo_deficiencia=d["tipo_deficiencia"], listas=d["listas"],
                declarado_na_inscricao=d["declarado_na_inscricao"], prova=d["prova"],
                motivacao=d["motivacao"])
        except ValidationError as exc:
            form.add_error(None, exc)
            return self.form_invalid(form)
        messages.success(self.request, _(
            "Retificação registrada; o(a) candidato(a) será notificado(a) por e-mail e a "
            "classificação do cargo será recalculada."))
        return redirect("painel:inscricao", pk=self.inscricao.pk)

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=400)
