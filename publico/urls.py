"""The public pages' URLs (no namespace: their names are used across the templates). Every
view is marked with `publica()`: served from the page cache (comum/cache_publico.py)."""

from django.urls import path

from comum.cache_publico import publica
from publico.views import cartao, documentos
from publico.views import sorteio as sorteio_publico
from publico.views.certames import (
    CargoPublicoView,
    CertamePublicoView,
    CronogramaCalendarioView,
    InicioView,
    OrdemNomeacaoPublicaView,
)

urlpatterns = [
    path("", publica(InicioView.as_view()), name="inicio"),
    # Not cached: the answer depends on the code typed (publico/views/cartao.py).
    path("verificar/cartao/", cartao.VerificarCartaoView.as_view(), name="verificar_cartao"),
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
    # The edital's annex: what the edital states about the reserve, item by item.
    # The schedule as a calendar file (.ics).
    path("certames/<int:pk>/cronograma.ics", publica(CronogramaCalendarioView.as_view(), "pk"),
         name="cronograma_ics"),
    path("certames/<int:pk>/anexo/", publica(documentos.AnexoEditalView.as_view(), "pk"),
         name="anexo_edital_publico"),
    path("certames/<int:pk>/anexo.<str:formato>",
         publica(documentos.AnexoEditalView.as_view(), "pk"), name="anexo_edital_arquivo"),
    path("certames/<int:pk>/vagas.<str:formato>",
         publica(documentos.QuadroVagasView.as_view(), "pk"), name="quadro_vagas_publico"),
    path("certames/<int:certame_pk>/cargos/<int:cargo_pk>/publicacoes/<int:pk>.<str:formato>",
         publica(documentos.PublicacaoView.as_view(), "certame_pk", arquivos=True),
         name="publicacao_publica"),
    path("certames/<int:certame_pk>/cargos/<int:cargo_pk>/publicacoes/<int:pk>/documentos/",
         publica(documentos.DocumentosPublicacaoView.as_view(), "certame_pk"),
         name="publicacao_documentos_publica"),
    path("certames/<int:certame_pk>/cargos/<int:cargo_pk>/publicacoes/<int:pk>/convocacao.csv",
         publica(documentos.PublicacaoConvocacaoView.as_view(), "certame_pk", arquivos=True),
         name="publicacao_convocacao_publica"),
    # A published result of one of the cargo's phases (spec section 10).
    path("certames/<int:certame_pk>/cargos/<int:cargo_pk>/fases/<int:pk>/",
         publica(documentos.ResultadoFasePaginaView.as_view(), "certame_pk"),
         name="resultado_fase_publico"),
    path("certames/<int:certame_pk>/cargos/<int:cargo_pk>/fases/<int:pk>.<str:formato>",
         publica(documentos.ResultadoFaseView.as_view(), "certame_pk"),
         name="resultado_fase_publico_arquivo"),
]
