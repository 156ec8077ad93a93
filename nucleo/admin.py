"""Admin of the kernel's records: read-only (they are acts, made through the pages). The
audit trail (`certames.Ato`) is here too: its kinds are labelled by the kernel's words
(nucleo/rotulos_atos.py), which know every procedure plug-in."""

from django.contrib import admin
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from certames.admin import SomenteLeituraMixin
from certames.models import Ato
from nucleo.models import AnexoRecurso, ItemPublicado, PublicacaoResultado, Recurso
from nucleo.rotulos_atos import rotulo_do_ato


class AnexoInline(SomenteLeituraMixin, admin.TabularInline):
    model = AnexoRecurso
    extra = 0
    fields = ("nome_original", "tipo_conteudo", "arquivo")
    readonly_fields = fields


@admin.register(Recurso)
class RecursoAdmin(SomenteLeituraMixin, admin.ModelAdmin):
    list_display = ("pk", "procedimento", "objeto_id", "inscricao", "apresentado_em")
    list_filter = ("procedimento",)
    search_fields = ("inscricao__numero",)
    list_select_related = ("inscricao",)
    inlines = [AnexoInline]


@admin.register(AnexoRecurso)
class AnexoRecursoAdmin(SomenteLeituraMixin, admin.ModelAdmin):
    list_display = ("nome_original", "recurso", "tipo_conteudo")
    search_fields = ("nome_original",)
    exclude = ("arquivo",)


class ItemInline(SomenteLeituraMixin, admin.TabularInline):
    model = ItemPublicado
    extra = 0
    fields = ("procedimento", "objeto_id", "inscricao")
    readonly_fields = fields


@admin.register(PublicacaoResultado)
class PublicacaoResultadoAdmin(SomenteLeituraMixin, admin.ModelAdmin):
    list_display = ("certame", "procedimento", "fase", "lote", "publicada_em", "publicada_por")
    list_filter = ("procedimento", "fase", "certame")
    inlines = [ItemInline]


@admin.register(ItemPublicado)
class ItemPublicadoAdmin(SomenteLeituraMixin, admin.ModelAdmin):
    list_display = ("procedimento", "objeto_id", "inscricao", "publicacao")
    list_filter = ("procedimento",)
    search_fields = ("inscricao__numero",)
    list_select_related = ("inscricao", "publicacao")


class TipoAtoFilter(admin.SimpleListFilter):
    """The kinds of act by their Portuguese label (nucleo/rotulos_atos.py)."""

    title = _("tipo de ato")
    parameter_name = "tipo"

    def lookups(self, request, model_admin):
        codigos = Ato.objects.values_list("tipo", flat=True).distinct().order_by()
        return sorted(((c, rotulo_do_ato(c)) for c in codigos), key=lambda par: par[1])

    def queryset(self, request, queryset):
        return queryset.filter(tipo=self.value()) if self.value() else queryset


@admin.register(Ato)
class AtoAdmin(SomenteLeituraMixin, admin.ModelAdmin):
    """Read-only: acts are append-only."""

    list_display = ("criado_em", "ato", "descricao", "autor", "certame")
    list_filter = (TipoAtoFilter, "certame", "objeto_tipo")
    search_fields = ("descricao", "motivacao", "objeto_id", "objeto_repr", "autor__username")
    date_hierarchy = "criado_em"
    list_select_related = ("autor", "certame")

    @admin.display(description=_("ato"), ordering="tipo")
    def ato(self, obj):
        return format_html("{}<br><small><code>{}</code></small>", rotulo_do_ato(obj.tipo),
                           obj.tipo)
