"""Public pages: certames and their cargos. Nothing personal is shown here."""

from django.db.models import Count, Prefetch, Sum
from django.shortcuts import get_object_or_404
from django.views.generic import DetailView, ListView

from certames.models import Cargo, Certame

STATUS_PUBLICOS = [s for s in Certame.Status.values if s != Certame.Status.RASCUNHO]


class InicioView(ListView):
    template_name = "certames/publico/inicio.html"
    context_object_name = "certames"
    paginate_by = 20

    def get_queryset(self):
        return (Certame.objects.filter(status__in=STATUS_PUBLICOS).select_related("orgao")
                .annotate(num_cargos=Count("cargos"))
                .order_by("-data_publicacao_edital", "numero_edital"))


class CertamePublicoView(DetailView):
    template_name = "certames/publico/certame.html"
    context_object_name = "certame"

    def get_object(self, queryset=None):
        cargos = Cargo.objects.annotate(surgidas=Sum("vagas_surgidas__quantidade")).order_by(
            "codigo")
        return get_object_or_404(
            Certame.objects.filter(status__in=STATUS_PUBLICOS).select_related("orgao")
            .prefetch_related(Prefetch("cargos", queryset=cargos), "etapas"),
            pk=self.kwargs["pk"])
