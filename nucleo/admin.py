"""Admin of the kernel's records: read-only (they are acts, made through the pages)."""

from django.contrib import admin

from certames.admin import SomenteLeituraMixin
from nucleo.models import AnexoRecurso, ItemPublicado, PublicacaoResultado, Recurso


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
