from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from candidatos.models import Candidato, Importacao, Inscricao


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
    raw_id_fields = ("candidato",)
    autocomplete_fields = ()


@admin.register(Importacao)
class ImportacaoAdmin(admin.ModelAdmin):
    list_display = ("nome_arquivo", "certame", "status", "criado_por", "criada_em")
    list_filter = ("status", "certame")
    search_fields = ("nome_arquivo",)
    readonly_fields = ("certame", "arquivo", "nome_arquivo", "criado_por", "status",
                       "total_linhas", "linhas_processadas", "erros", "resumo", "concluida_em")

    def has_add_permission(self, request):
        return False
