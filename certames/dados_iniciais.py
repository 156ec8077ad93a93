"""Data every installation needs: the three audiences' groups, the RH group's admin
permissions, and the dated minimum-wage table.

Run on `post_migrate` of the last of our apps (after Django created every permission), so it
is there after `migrate` and also after a test database flush. Idempotent.
"""

from __future__ import annotations

from decimal import Decimal

from comum.papeis import GRUPO_RH, GRUPOS

#: Models RH manages in the admin (all permissions).
RH_EDITA = {
    "certames": ["orgao", "certame", "cargo", "etapa", "vagasurgida"],
    "candidatos": ["candidato", "inscricao", "salariominimo"],
}
#: Models RH reads in the admin (acts and their projections are changed only by acts).
RH_LE = {
    "certames": ["ato", "versaoclassificacao", "publicacao"],
    "candidatos": ["importacao", "situacaolista", "extratocadunico", "registrocadunico",
                   "pedidoisencao", "decisaoisencao", "procedimentoadministrativo"],
    "nucleo": ["publicacaoresultado", "itempublicado", "recurso", "anexorecurso"],
}
#: The minimum wage in force (spec section 8): R$ 1.518,00 in 2025, R$ 1.621,00 in 2026.
SALARIOS_MINIMOS = [("2025-01-01", Decimal("1518.00"), "Decreto 12.342/2024"),
                    ("2026-01-01", Decimal("1621.00"), "")]


def garantir_dados_iniciais(apps=None, using="default", **kwargs) -> None:
    from django.apps import apps as global_apps

    apps = apps or global_apps
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    SalarioMinimo = apps.get_model("candidatos", "SalarioMinimo")
    grupos = {nome: Group.objects.using(using).get_or_create(name=nome)[0] for nome in GRUPOS}
    permissoes = []
    for app_label, modelos in RH_EDITA.items():
        permissoes += Permission.objects.using(using).filter(
            content_type__app_label=app_label, content_type__model__in=modelos)
    for app_label, modelos in RH_LE.items():
        permissoes += Permission.objects.using(using).filter(
            content_type__app_label=app_label, content_type__model__in=modelos,
            codename__startswith="view_")
    grupos[GRUPO_RH].permissions.add(*permissoes)
    for inicio, valor, ato in SALARIOS_MINIMOS:
        SalarioMinimo.objects.using(using).get_or_create(
            vigencia_inicio=inicio, defaults={"valor": valor, "ato": ato})
