"""Fee exemption: the RH pages (requests, CadÚnico extract, decisions, publications)."""

app_name = "rh_isencao"

urlpatterns: list = []
