from django.urls import path

from candidatos import views

app_name = "portal"

urlpatterns = [
    path("", views.PainelView.as_view(), name="painel"),
]
