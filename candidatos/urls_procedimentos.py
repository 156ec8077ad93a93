"""Administrative procedures (namespace procedimentos)."""

app_name = "procedimentos"

urlpatterns: list = []
