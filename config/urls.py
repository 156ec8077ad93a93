from django.contrib import admin
from django.urls import include, path

from candidatos.views import EntrarView
from certames.views.publico import (
    CargoPublicoView,
    CertamePublicoView,
    ExportarOrdemPublicaView,
    InicioView,
    OrdemNomeacaoPublicaView,
)

admin.site.site_header = "Certames — administração"
admin.site.site_title = "Certames"
admin.site.index_title = "Administração dos certames"

urlpatterns = [
    path("", InicioView.as_view(), name="inicio"),
    path("certames/<int:pk>/", CertamePublicoView.as_view(), name="certame_publico"),
    path("certames/<int:certame_pk>/cargos/<int:cargo_pk>/", CargoPublicoView.as_view(),
         name="cargo_publico"),
    path("certames/<int:certame_pk>/cargos/<int:cargo_pk>/ordem-de-nomeacao/",
         OrdemNomeacaoPublicaView.as_view(), name="ordem_nomeacao_publica"),
    path("certames/<int:certame_pk>/cargos/<int:cargo_pk>/ordem-de-nomeacao.<str:formato>",
         ExportarOrdemPublicaView.as_view(), name="ordem_nomeacao_publica_exportar"),
    # RH's workspace: one namespace, "painel" (painel/urls.py).
    path("rh/", include("painel.urls")),
    path("resultados/", include("comissoes.urls_resultados")),
    path("comissao/", include("comissoes.urls")),
    path("candidato/isencao/", include("candidatos.urls_isencao")),
    path("candidato/procedimentos/", include("candidatos.urls_procedimentos")),
    path("candidato/recursos/", include("comissoes.urls_recursos")),
    path("candidato/documentos/", include("comissoes.urls_documentos")),
    path("candidato/meus-dados/", include("privacidade.urls")),
    path("candidato/", include("candidatos.urls")),
    path("contas/login/", EntrarView.as_view(), name="login"),
    path("contas/", include("django.contrib.auth.urls")),
    path("admin/", admin.site.urls),
]
