from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from certames.models import Ato, Cargo, Certame, Etapa, Orgao, VagaSurgida


@admin.register(Orgao)
class OrgaoAdmin(admin.ModelAdmin):
    list_display = ("nome", "municipio", "uf", "cnpj")
    list_filter = ("uf",)
    search_fields = ("nome", "municipio", "cnpj")


class CargoInline(admin.TabularInline):
    model = Cargo
    extra = 0
    fields = ("codigo", "nome", "vagas", "taxa_inscricao", "remuneracao")
    show_change_link = True


class EtapaInline(admin.TabularInline):
    model = Etapa
    extra = 0
    fields = ("tipo", "inicio", "fim", "descricao")


@admin.register(Certame)
class CertameAdmin(SimpleHistoryAdmin):
    list_display = ("numero_edital", "titulo", "orgao", "tipo", "regime",
                    "data_publicacao_edital", "status")
    list_filter = ("status", "tipo", "regime", "orgao__uf")
    search_fields = ("numero_edital", "titulo", "orgao__nome", "orgao__municipio")
    date_hierarchy = "data_publicacao_edital"
    list_select_related = ("orgao",)
    inlines = [CargoInline, EtapaInline]


class VagaSurgidaInline(admin.TabularInline):
    model = VagaSurgida
    extra = 0
    fields = ("quantidade", "data", "ato")


@admin.register(Cargo)
class CargoAdmin(SimpleHistoryAdmin):
    list_display = ("codigo", "nome", "certame", "vagas", "taxa_inscricao")
    list_filter = ("certame__regime", "certame")
    search_fields = ("codigo", "nome", "certame__numero_edital", "certame__titulo")
    list_select_related = ("certame",)
    inlines = [VagaSurgidaInline]


@admin.register(Etapa)
class EtapaAdmin(SimpleHistoryAdmin):
    list_display = ("certame", "tipo", "inicio", "fim")
    list_filter = ("tipo", "certame")
    search_fields = ("certame__numero_edital", "descricao")
    list_select_related = ("certame",)


@admin.register(VagaSurgida)
class VagaSurgidaAdmin(SimpleHistoryAdmin):
    list_display = ("cargo", "quantidade", "data", "ato")
    list_filter = ("cargo__certame",)
    search_fields = ("cargo__nome", "cargo__codigo", "ato")
    list_select_related = ("cargo",)


@admin.register(Ato)
class AtoAdmin(admin.ModelAdmin):
    """Read-only: acts are append-only."""

    list_display = ("criado_em", "tipo", "descricao", "autor", "certame")
    list_filter = ("tipo", "certame", "objeto_tipo")
    search_fields = ("descricao", "motivacao", "objeto_id", "objeto_repr", "autor__username")
    date_hierarchy = "criado_em"
    list_select_related = ("autor", "certame")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


admin.site.empty_value_display = _("(vazio)")
