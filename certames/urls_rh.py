from django.urls import path

from certames.views import auditoria_banco, rh, simular
from certames.views import classificacao_rh as cl

app_name = "rh"

urlpatterns = [
    path("", rh.PainelView.as_view(), name="painel"),
    path("certames/<int:pk>/", rh.CertameRHView.as_view(), name="certame"),
    path("certames/<int:pk>/importar/", rh.ImportarView.as_view(), name="importar"),
    path("importacoes/<int:pk>/", rh.ImportacaoView.as_view(), name="importacao"),
    path("auditoria/", rh.AuditoriaView.as_view(), name="auditoria"),
    path("auditoria/banco/", auditoria_banco.AlteracoesBancoView.as_view(),
         name="auditoria_banco"),
    path("simular/", simular.SimularView.as_view(), name="simular"),
    path("cargos/<int:pk>/", cl.CargoClassificacaoView.as_view(), name="cargo"),
    path("cargos/<int:pk>/recalcular/", cl.RecalcularView.as_view(), name="recalcular"),
    path("cargos/<int:pk>/publicar/", cl.PublicarView.as_view(), name="publicar"),
    path("cargos/<int:pk>/vagas-surgidas/", cl.VagaSurgidaView.as_view(), name="vaga_surgida"),
    path("cargos/<int:pk>/versoes/<int:a>/<int:b>/", cl.CompararVersoesView.as_view(),
         name="comparar"),
    path("versoes/<int:pk>/exportar.<str:formato>", cl.ExportarView.as_view(), name="exportar"),
    path("inscricoes/<int:pk>/", cl.InscricaoRHView.as_view(), name="inscricao"),
]
