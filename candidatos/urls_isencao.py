"""Fee exemption: the candidate's pages (request, appeal)."""

app_name = "isencao"

urlpatterns: list = []
