"""Fee exemption: the RH pages (requests, CadÚnico extract, decisions, publications)."""

from django.urls import path

from candidatos import views_isencao_rh as v

app_name = "rh_isencao"

urlpatterns = [
    path("", v.PainelView.as_view(), name="painel"),
    path("cadunico/", v.CadUnicoView.as_view(), name="cadunico"),
    path("certames/<int:pk>/", v.PedidosView.as_view(), name="pedidos"),
    path("certames/<int:pk>/confirmar/", v.ConfirmarLoteView.as_view(), name="confirmar_lote"),
    path("certames/<int:pk>/publicar/<str:fase>/", v.PublicarView.as_view(), name="publicar"),
    path("certames/<int:pk>/encerrar-prazo-pagamento/", v.EncerrarPrazoView.as_view(),
         name="encerrar_prazo"),
    path("pedidos/<int:pk>/", v.PedidoView.as_view(), name="pedido"),
    path("pedidos/<int:pk>/arquivos/<str:qual>/", v.ArquivoRHView.as_view(), name="arquivo"),
    path("procedimentos/<int:pk>/", v.ProcedimentoView.as_view(), name="procedimento"),
]
