"""Every page of the candidate, mounted at /candidato/ (config/urls.py): each part keeps its
own namespace (portal, isencao, procedimentos, condicoes, recursos, fases, documentos,
privacidade)
and its address of always."""

from django.urls import include, path

urlpatterns = [
    path("isencao/", include("portal.urls.isencao")),
    path("procedimentos/", include("portal.urls.procedimentos")),
    path("atendimento/", include("portal.urls.condicoes")),
    path("recursos/", include("portal.urls.recursos")),
    path("fases/", include("portal.urls.fases")),
    path("documentos/", include("portal.urls.documentos")),
    path("meus-dados/", include("privacidade.urls")),
    # The area itself: dashboard, sign-up, inscrições (namespace portal).
    path("", include("portal.urls.area")),
]
