from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from candidatos.views import EntrarView, RecuperarSenhaView
from certames.views import documentos, sorteio_publico
from certames.views.publico import (
    CargoPublicoView,
    CertamePublicoView,
    InicioView,
    OrdemNomeacaoPublicaView,
)
from comum.cache_publico import publica

admin.site.site_header = "Certames — administração"
admin.site.site_title = "Certames"
admin.site.index_title = "Administração dos certames"


class FaviconView(RedirectView):
    """/favicon.ico, asked for by browsers and the self-contained error pages, is the static
    icon (its hashed URL in production, resolved per request)."""

    def get_redirect_url(self, *args, **kwargs):
        return static("img/favicon.ico")


urlpatterns = [
    path("", publica(InicioView.as_view()), name="inicio"),
    path("favicon.ico", FaviconView.as_view(), name="favicon"),
    path("certames/<int:pk>/", publica(CertamePublicoView.as_view(), "pk"),
         name="certame_publico"),
    # The public draw of the whole-edital reserve.
    path("certames/<int:pk>/sorteio/", publica(sorteio_publico.SorteioPublicoView.as_view(), "pk"),
         name="sorteio_publico"),
    path("certames/<int:pk>/sorteio/conferir.py",
         publica(sorteio_publico.ScriptConferenciaView.as_view(), "pk"), name="sorteio_script"),
    path("certames/<int:pk>/sorteio.json", publica(sorteio_publico.SorteioJsonView.as_view(), "pk"),
         name="sorteio_json"),
    path("certames/<int:certame_pk>/cargos/<int:cargo_pk>/",
         publica(CargoPublicoView.as_view(), "certame_pk"), name="cargo_publico"),
    path("certames/<int:certame_pk>/cargos/<int:cargo_pk>/ordem-de-nomeacao/",
         publica(OrdemNomeacaoPublicaView.as_view(), "certame_pk"),
         name="ordem_nomeacao_publica"),
    path("certames/<int:certame_pk>/cargos/<int:cargo_pk>/ordem-de-nomeacao.<str:formato>",
         publica(documentos.ExportarOrdemDadosView.as_view(), "certame_pk"),
         name="ordem_nomeacao_publica_exportar"),
    # Documents and open data: the vacancy table of the certame
    # and each publication of a cargo at a stable URL (its id), as PDF, CSV and JSON.
    path("certames/<int:pk>/vagas.<str:formato>",
         publica(documentos.QuadroVagasView.as_view(), "pk"), name="quadro_vagas_publico"),
    path("certames/<int:certame_pk>/cargos/<int:cargo_pk>/publicacoes/<int:pk>.<str:formato>",
         publica(documentos.PublicacaoView.as_view(), "certame_pk"), name="publicacao_publica"),
    path("certames/<int:certame_pk>/cargos/<int:cargo_pk>/publicacoes/<int:pk>/convocacao.csv",
         publica(documentos.PublicacaoConvocacaoView.as_view(), "certame_pk"),
         name="publicacao_convocacao_publica"),
    # RH's workspace: one namespace, "painel" (painel/urls.py).
    path("rh/", include("painel.urls")),
    path("resultados/", include("comissoes.urls_resultados")),
    path("comissao/", include("comissoes.urls")),
    path("candidato/isencao/", include("candidatos.urls_isencao")),
    path("candidato/procedimentos/", include("candidatos.urls_procedimentos")),
    path("candidato/atendimento/", include("candidatos.urls_condicoes")),
    path("candidato/recursos/", include("comissoes.urls_recursos")),
    path("candidato/documentos/", include("comissoes.urls_documentos")),
    path("candidato/meus-dados/", include("privacidade.urls")),
    path("candidato/", include("candidatos.urls")),
    path("contas/login/", EntrarView.as_view(), name="login"),
    path("contas/password_reset/", RecuperarSenhaView.as_view(), name="password_reset"),
    path("contas/", include("django.contrib.auth.urls")),
    path("admin/", admin.site.urls),
]
