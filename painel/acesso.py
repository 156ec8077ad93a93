"""The guard of RH's pages (the candidate's is `candidatos.acesso.CandidatoMixin`)."""

from rules.contrib.views import PermissionRequiredMixin


class RHMixin(PermissionRequiredMixin):
    permission_required = "certames.acessar_rh"
