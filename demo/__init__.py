"""The demo data (`manage.py carregar_demo`, run by `make run`).

The top layer of the project: it seeds every app (certames, candidatos, comissoes...) through
their domain functions, so it may import any of them, and no app imports it.
"""
