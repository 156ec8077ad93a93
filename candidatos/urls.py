from django.urls import path

from candidatos import views
from candidatos.cache_situacao import em_cache

app_name = "portal"

urlpatterns = [
    path("", views.PainelView.as_view(), name="painel"),
    path("cadastro/", views.CadastroView.as_view(), name="cadastro"),
    path("cadastro/enviado/", views.CadastroEnviadoView.as_view(), name="cadastro_enviado"),
    path("cadastro/confirmar/<str:uidb64>/<str:token>/", views.ConfirmarCadastroView.as_view(),
         name="confirmar"),
    path("certames/<int:certame_pk>/inscricao/", views.InscreverView.as_view(),
         name="inscrever"),
    path("avisos/", views.AvisosView.as_view(), name="avisos"),
    # An inscrição the banca registered for the account's CPF joins it only by proof.
    path("vincular-inscricao/", views.VincularView.as_view(), name="vincular"),
    # served from the cache while it holds (candidatos/cache_situacao.py)
    path("inscricoes/<int:pk>/", em_cache(views.InscricaoView.as_view()), name="inscricao"),
    path("inscricoes/<int:pk>/opcoes/", views.AlterarOpcoesView.as_view(), name="opcoes"),
    path("inscricoes/<int:pk>/comprovante.pdf", views.ComprovanteView.as_view(),
         name="comprovante"),
    # The candidate's answer to a call.
    path("inscricoes/<int:pk>/convocacao/desistir/", views.DesistirChamadaView.as_view(),
         name="desistir"),
    path("inscricoes/<int:pk>/convocacao/fim-de-fila/", views.FimDeFilaView.as_view(),
         name="fim_de_fila"),
]
