from django.urls import path

from comissoes import views

app_name = "comissao"

urlpatterns = [
    path("", views.PainelView.as_view(), name="painel"),
]
