"""/rh/segundo-fator/: the superuser's list of accounts and the reset of one's second factor
(under /rh/, so a verified session is required: dois_fatores/middleware.py)."""

from django.urls import path

from dois_fatores import views

app_name = "dois_fatores_rh"

urlpatterns = [
    path("", views.ContasView.as_view(), name="contas"),
    path("<int:pk>/", views.RedefinirView.as_view(), name="redefinir"),
]
