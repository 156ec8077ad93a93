"""Documents of the candidate (namespace documentos)."""

app_name = "documentos"

urlpatterns: list = []
