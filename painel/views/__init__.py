"""RH's views, one module per area; `painel/urls.py` maps them (namespace ``painel``)."""
