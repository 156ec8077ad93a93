"""URLs (namespace rh_comissoes)."""

app_name = "rh_comissoes"

urlpatterns: list = []
