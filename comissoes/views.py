"""The committee members' workspace."""

from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.views.generic import TemplateView

from certames.papeis import e_membro_comissao


class PainelView(LoginRequiredMixin, TemplateView):
    template_name = "comissoes/painel.html"

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated and not e_membro_comissao(request.user):
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)
