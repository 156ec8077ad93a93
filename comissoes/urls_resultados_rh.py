"""URLs (namespace rh_resultados)."""

app_name = "rh_resultados"

urlpatterns: list = []
