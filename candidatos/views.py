"""The candidate portal: a candidate sees only their own data."""

from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.views.generic import ListView

from certames.papeis import e_candidato


class PainelView(LoginRequiredMixin, ListView):
    template_name = "candidatos/painel.html"
    context_object_name = "inscricoes"

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated and not e_candidato(request.user):
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)

    def get_queryset(self):
        return self.request.user.candidato.inscricoes.select_related(
            "cargo", "certame", "certame__orgao").order_by("-certame__data_publicacao_edital")
