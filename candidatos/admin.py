from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from candidatos.models import (
    Candidato,
    DecisaoIsencao,
    ExtratoCadUnico,
    Importacao,
    Inscricao,
    PedidoCadastro,
    PedidoIsencao,
    ProcedimentoAdministrativo,
    RegistroCadUnico,
    SalarioMinimo,
    SituacaoLista,
)
from certames.admin import HistoricoAdmin


class InscricaoInline(admin.TabularInline):
    model = Inscricao
    extra = 0
    fields = ("numero", "cargo", "situacao", "nota", "listas")
    readonly_fields = ("numero", "cargo", "situacao", "nota", "listas")
    show_change_link = True
    can_delete = False


@admin.register(Candidato)
class CandidatoAdmin(HistoricoAdmin):
    list_display = ("nome", "nome_social", "cpf", "email")
    search_fields = ("nome", "nome_social", "cpf", "email")
    inlines = [InscricaoInline]
    # A record joins an account only through the sign-up's proof or a claim RH decides
    # (`candidatos.contas`: the e-mail the banca imported, or RH's motivated decision), each an
    # act: never by picking the account here. The CPF and the e-mail decide where a sign-up's
    # claim link goes: read-only here for everyone; RH corrects an e-mail by the motivated act
    # of its workspace (candidatos/correcao_email.py, both addresses told). Records come from
    # the banca's imports and the sign-ups: none is added here, and no
    # history version is restored (it would bring back another e-mail or CPF without an act).
    readonly_fields = ("usuario", "cpf", "email", "corrigir_email")

    @admin.display(description=_("Corrigir e-mail"))
    def corrigir_email(self, obj):
        if obj is None or obj.pk is None or obj.usuario_id is not None:
            return "—"
        return format_html('<a href="{}">{}</a>',
                           reverse("painel:corrigir_email_cadastro", args=[obj.pk]),
                           _("Corrigir o e-mail do cadastro (ato motivado, no painel do RH)"))

    def has_add_permission(self, request):
        return False

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        if request.method == "POST":
            raise PermissionDenied
        return super().history_form_view(request, object_id, version_id,
                                         extra_context=extra_context)


@admin.register(Inscricao)
class InscricaoAdmin(HistoricoAdmin):
    list_display = ("numero", "candidato", "cargo", "cor_raca", "listas", "nota", "situacao",
                    "situacao_taxa")
    list_filter = ("situacao", "situacao_taxa", "cor_raca", "deficiencia", "quilombola",
                   "certame", "cargo")
    search_fields = ("numero", "candidato__nome", "candidato__nome_social", "candidato__cpf")
    list_select_related = ("candidato", "cargo")
    # Situation, options and scores change only through acts (RH inscrição page, imports),
    # the list states only through a procedure's final decision (spec section 5, "Who sets
    # a state"); each is recorded and recomputes the lists. The options and
    # the self-declaration are fixed at the inscrição (the regime's
    # `fundamento_opcoes_na_inscricao`): a data error is corrected only by
    # the motivated retificação (`candidatos.retificacao`), never here. Read-only: no change,
    # no deletion.
    readonly_fields = ("certame", "cargo", "candidato", "numero", "cor_raca", "quilombola",
                       "deficiencia", "tipo_deficiencia", "listas", "situacao_taxa", "nota",
                       "desempate", "situacao", "pagina_rh")

    @admin.display(description=_("Atos"))
    def pagina_rh(self, obj):
        return format_html(
            '<a href="{}">{}</a> · <a href="{}">{}</a>',
            reverse("painel:inscricao", args=[obj.pk]),
            _("Registrar desistência ou eliminação"),
            reverse("painel:inscricao_retificar", args=[obj.pk]),
            _("Retificar dado da inscrição"))

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(SituacaoLista)
class SituacaoListaAdmin(HistoricoAdmin):
    list_display = ("inscricao", "lista", "estado", "fundamento", "atualizada_em")
    list_filter = ("lista", "estado", "inscricao__certame")
    search_fields = ("inscricao__numero", "inscricao__candidato__nome")
    readonly_fields = ("inscricao", "lista", "estado", "motivacao", "fundamento")

    # A list state is set only by the final decision of its procedure (heteroidentification,
    # documentary check, PcD evaluation, their appeals, the fraud procedure) or by the
    # self-declaration where the procedure is dispensed (spec section 5, "Who sets a state";
    # LC 22/2026, art. 3º; Lei 3.057/2026, art. 10, §3º; Lei 3.056/2025, art. 4º): never
    # here. No change also closes simple-history's "revert to this version".

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
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


# --- fee exemption (Lei 3.057/2026 de Severínia, art. 2º a 7º) -------------------------------
# Requests, decisions, appeals, publications and procedures change only through the acts of
# `candidatos.isencao` (RH pages), which are recorded: here they are read-only. The minimum
# wage table is data RH maintains.


class SomenteLeituraAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(SalarioMinimo)
class SalarioMinimoAdmin(admin.ModelAdmin):
    list_display = ("vigencia_inicio", "valor", "ato")
    search_fields = ("ato",)


@admin.register(ExtratoCadUnico)
class ExtratoCadUnicoAdmin(SomenteLeituraAdmin):
    list_display = ("nome_arquivo", "data_referencia", "total_registros", "importado_em",
                    "importado_por")
    readonly_fields = ("nome_arquivo", "data_referencia", "total_registros", "importado_em",
                       "importado_por", "pagina_importacao")

    @admin.display(description=_("Importação"))
    def pagina_importacao(self, obj):
        return format_html('<a href="{}">{}</a>', reverse("painel:cadunico"),
                           _("Importar outro extrato"))


@admin.register(RegistroCadUnico)
class RegistroCadUnicoAdmin(SomenteLeituraAdmin):
    list_display = ("nis", "extrato", "renda_per_capita", "data_atualizacao", "situacao")
    list_filter = ("situacao", "extrato")
    search_fields = ("=nis",)
    list_select_related = ("extrato",)


class DecisaoIsencaoInline(admin.TabularInline):
    model = DecisaoIsencao
    extra = 0
    fields = ("fase", "resultado", "confirma_verificacao", "motivacao", "autor", "decidida_em")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(PedidoIsencao)
class PedidoIsencaoAdmin(SomenteLeituraAdmin):
    list_display = ("inscricao", "tipo", "verificacao", "resultado_preliminar",
                    "resultado_final", "solicitado_em")
    list_filter = ("tipo", "verificacao", "resultado_preliminar", "resultado_final",
                   "inscricao__certame")
    search_fields = ("inscricao__numero", "inscricao__candidato__nome", "=nis")
    list_select_related = ("inscricao__candidato",)
    inlines = [DecisaoIsencaoInline]
    exclude = ("comprovante_doacao",)  # served only through the permission-checked RH page
    readonly_fields = ("pagina_rh",)

    @admin.display(description=_("Atos"))
    def pagina_rh(self, obj):
        return format_html('<a href="{}">{}</a>', reverse("painel:pedido", args=[obj.pk]),
                           _("Decidir, julgar recurso, registrar pagamento"))


@admin.register(DecisaoIsencao)
class DecisaoIsencaoAdmin(SomenteLeituraAdmin):
    list_display = ("pedido", "fase", "resultado", "confirma_verificacao", "autor",
                    "decidida_em")
    list_filter = ("fase", "resultado", "confirma_verificacao")
    search_fields = ("pedido__inscricao__numero",)
    list_select_related = ("pedido__inscricao", "autor")


@admin.register(ProcedimentoAdministrativo)
class ProcedimentoAdministrativoAdmin(SomenteLeituraAdmin):
    list_display = ("inscricao", "tipo", "aberto_em", "prazo_defesa", "conclusao",
                    "consequencia")
    list_filter = ("tipo", "conclusao", "consequencia")
    search_fields = ("inscricao__numero", "inscricao__candidato__nome")
    list_select_related = ("inscricao__candidato",)


@admin.register(PedidoCadastro)
class PedidoCadastroAdmin(SomenteLeituraAdmin):
    """Sign-ups of the portal, read-only: they change only through the portal and RH's claim
    page (acts). The password hash is never shown. Not in RH's admin permissions
    (certames.dados_iniciais): RH works on its claim page, which shows only what the decision
    needs (LGPD, art. 6º, III)."""

    list_display = ("pk", "criado_em", "cpf_mascarado", "via", "situacao", "concluido_em")
    list_filter = ("via", "situacao")
    search_fields = ("cpf",)
    exclude = ("senha",)
    raw_id_fields = ("candidato", "usuario", "decidido_por")

    @admin.display(description=_("Reivindicação"))
    def pagina_rh(self, obj):
        if obj.via != PedidoCadastro.Via.ANALISE_RH:
            return "—"
        return format_html('<a href="{}">{}</a>',
                           reverse("painel:reivindicacoes_detalhe", args=[obj.pk]),
                           _("Abrir na página de reivindicações"))

    readonly_fields = ("pagina_rh",)
