"""RH enters the call order the edital states (spec section 7, `ordem_convocacao`) and sees,
per cargo, what it changes against the regime's default rule, for the edital's vacancies and
for the next ones that may arise, before it is recorded."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Sum
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from certames.models import Certame
from certames.servicos import definir_ordem_convocacao, motivo_ordem_fixada
from classificacao.quadro_vagas import comparar_ordens
from comum.confirmacao import exige_confirmacao
from painel.acesso import RHMixin
from painel.forms.ordem import OrdemConvocacaoForm


def _grupos(certame: Certame) -> list[tuple[str, str]]:
    regime = certame.regime_legal
    return [(codigo, codigo) for codigo in regime.listas]


@exige_confirmacao(verificar=False)
class OrdemConvocacaoView(RHMixin, TemplateView):
    template_name = "painel/certames/ordem_convocacao.html"

    def _certame(self) -> Certame:
        return get_object_or_404(Certame.objects.select_related("orgao"), pk=self.kwargs["pk"])

    def _contexto(self, certame: Certame, form: OrdemConvocacaoForm, ordem: dict | None,
                  previa: bool = False):
        cargos = (certame.cargos.annotate(surgidas=Sum("vagas_surgidas__quantidade"))
                  .order_by("codigo"))
        comparacao, erro = comparar_ordens(certame, cargos, ordem)
        return {"certame": certame, "form": form, "comparacao": comparacao, "erro": erro,
                "atual": (certame.parametros or {}).get("ordem_convocacao"),
                "fixada": motivo_ordem_fixada(certame), "previa": previa,
                "fundamento": certame.regime_legal.fundamento_ordem_nomeacao}

    def get(self, request, pk):
        certame = self._certame()
        atual = (certame.parametros or {}).get("ordem_convocacao")
        if "previsualizar" in request.GET:
            # A preview: the order typed, compared; nothing recorded (the POST records it).
            form = OrdemConvocacaoForm(request.GET, grupos=_grupos(certame), confirmar=False)
            if form.is_valid():
                return self.render_to_response(self._contexto(
                    certame, form, form.cleaned_data["ordem"], previa=True))
            return self.render_to_response(self._contexto(certame, form, atual), status=400)
        form = OrdemConvocacaoForm(grupos=_grupos(certame), atual=atual)
        return self.render_to_response(self._contexto(certame, form, atual))

    def post(self, request, pk):
        certame = self._certame()
        form = OrdemConvocacaoForm(request.POST, grupos=_grupos(certame))
        if form.is_valid():
            try:
                definir_ordem_convocacao(certame, form.cleaned_data["ordem"] or None,
                                         autor=request.user)
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                messages.success(request, _("Ordem de convocação do edital registrada; o "
                                            "quadro de vagas público já a mostra."))
                return redirect("painel:ordem_convocacao", pk=certame.pk)
        ordem = form.cleaned_data.get("ordem") if hasattr(form, "cleaned_data") else None
        return self.render_to_response(self._contexto(certame, form, ordem), status=400)

