from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from candidatos.models import Candidato, Importacao, Inscricao, SituacaoLista


class InscricaoInline(admin.TabularInline):
    model = Inscricao
    extra = 0
    fields = ("numero", "cargo", "situacao", "nota", "listas")
    readonly_fields = ("numero", "cargo", "situacao", "nota", "listas")
    show_change_link = True
    can_delete = False


@admin.register(Candidato)
class CandidatoAdmin(SimpleHistoryAdmin):
    list_display = ("nome", "nome_social", "cpf", "email")
    search_fields = ("nome", "nome_social", "cpf", "email")
    inlines = [InscricaoInline]
    raw_id_fields = ("usuario",)


@admin.register(Inscricao)
class InscricaoAdmin(SimpleHistoryAdmin):
    list_display = ("numero", "candidato", "cargo", "cor_raca", "listas", "nota", "situacao",
                    "situacao_taxa")
    list_filter = ("situacao", "situacao_taxa", "cor_raca", "deficiencia", "quilombola",
                   "certame", "cargo")
    search_fields = ("numero", "candidato__nome", "candidato__nome_social", "candidato__cpf")
    list_select_related = ("candidato", "cargo")
    # Situation, options, scores and list decisions change only through acts (RH inscrição
    # page, imports, committees), which are recorded and recompute the lists.
    readonly_fields = ("certame", "cargo", "candidato", "numero", "cor_raca", "quilombola",
                       "deficiencia", "tipo_deficiencia", "listas", "situacao_taxa", "nota",
                       "desempate", "situacao", "pagina_rh")

    @admin.display(description=_("Atos"))
    def pagina_rh(self, obj):
        return format_html('<a href="{}">{}</a>', reverse("rh:inscricao", args=[obj.pk]),
                           _("Registrar desistência, eliminação ou decisão de lista"))

    def has_add_permission(self, request):
        return False


@admin.register(SituacaoLista)
class SituacaoListaAdmin(SimpleHistoryAdmin):
    list_display = ("inscricao", "lista", "estado", "fundamento", "atualizada_em")
    list_filter = ("lista", "estado", "inscricao__certame")
    search_fields = ("inscricao__numero", "inscricao__candidato__nome")
    readonly_fields = ("inscricao", "lista", "estado", "motivacao", "fundamento")

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Importacao)
class ImportacaoAdmin(admin.ModelAdmin):
    list_display = ("nome_arquivo", "certame", "status", "criado_por", "criada_em")
    list_filter = ("status", "certame")
    search_fields = ("nome_arquivo",)
    readonly_fields = ("certame", "arquivo", "nome_arquivo", "criado_por", "status",
                       "total_linhas", "linhas_processadas", "erros", "resumo", "concluida_em")

    def has_add_permission(self, request):
        return False
