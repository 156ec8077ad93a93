"""Administrative procedures (namespace rh_procedimentos)."""

app_name = "rh_procedimentos"

urlpatterns: list = []
