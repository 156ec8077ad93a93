"""RH's pages of the special conditions at the exam, in the ``painel`` namespace (included
from painel/urls.py at /rh/atendimento/)."""

from django.urls import path

from painel.views import atendimento as v

urlpatterns = [
    path("certames/<int:pk>/", v.ListaView.as_view(), name="atendimento_lista"),
    path("certames/<int:pk>/local-de-prova.<str:formato>", v.ExportarView.as_view(),
         name="atendimento_exportar"),
    path("pedidos/<int:pk>/", v.PedidoView.as_view(), name="atendimento_pedido"),
    path("pedidos/<int:pk>/laudo/", v.LaudoView.as_view(), name="atendimento_laudo"),
]
