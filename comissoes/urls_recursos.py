"""URLs (namespace recursos)."""

app_name = "recursos"

urlpatterns: list = []
