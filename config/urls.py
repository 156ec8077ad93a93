from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from portal.views.contas import EntrarView, RecuperarSenhaView

admin.site.site_header = "Certames — administração"
admin.site.site_title = "Certames"
admin.site.index_title = "Administração dos certames"


class FaviconView(RedirectView):
    """/favicon.ico, asked for by browsers and the self-contained error pages, is the static
    icon (its hashed URL in production, resolved per request)."""

    def get_redirect_url(self, *args, **kwargs):
        return static("img/favicon.ico")


urlpatterns = [
    path("favicon.ico", FaviconView.as_view(), name="favicon"),
    # Every public page (publico/urls.py: the names stay without a namespace).
    path("", include("publico.urls")),
    # RH's workspace: one namespace, "painel" (painel/urls.py).
    path("rh/", include("painel.urls")),
    # The superuser's reset of an account's second factor (dois_fatores/urls_rh.py).
    path("rh/segundo-fator/", include("dois_fatores.urls_rh")),
    path("resultados/", include("publico.urls_resultados")),
    path("comissao/", include("comissoes.urls")),
    # Every page of the candidate (portal/urls: each part keeps its namespace).
    path("candidato/", include("portal.urls")),
    path("contas/login/", EntrarView.as_view(), name="login"),
    path("contas/password_reset/", RecuperarSenhaView.as_view(), name="password_reset"),
    # The second factor after the password (dois_fatores/urls.py).
    path("contas/segundo-fator/", include("dois_fatores.urls")),
    path("contas/", include("django.contrib.auth.urls")),
    # The operator's: /saude/ and the Content-Security-Policy reports (operacao/urls.py).
    path("", include("operacao.urls")),
    path("admin/", admin.site.urls),
]
