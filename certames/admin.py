from django.contrib import admin
from django.core.exceptions import PermissionDenied, ValidationError
from django.forms.models import BaseInlineFormSet
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from certames import cronograma
from certames.models import (
    AlteracaoColuna,
    Cargo,
    Certame,
    DocumentoPdf,
    Etapa,
    Orgao,
    Publicacao,
    VagaSurgida,
    VersaoClassificacao,
)
from certames.servicos import registrar_alteracao_edital, registrar_vaga_surgida
from comum.formatos import data_br


class AlteracaoAuditadaMixin:
    """Admin edits of edital data are recorded as acts and queue the recompute when they
    can change the lists."""

    def save_model(self, request, obj, form, change):
        antes = None
        if change and form.changed_data:
            original = type(obj).objects.get(pk=obj.pk)
            antes = {c: str(getattr(original, c)) for c in form.changed_data}
        super().save_model(request, obj, form, change)
        if change:
            registrar_alteracao_edital(obj, list(form.changed_data), autor=request.user,
                                       antes=antes)


class HistoricoAdmin(SimpleHistoryAdmin):
    """simple-history's admin, whose "revert to this version" page saves on POST with the
    view permission alone (django-simple-history 3.x: `history_form_view` checks only
    view-or-change): a reader could rewrite a row, e.g. a list state or an evaluation, to an
    earlier version outside its procedure. Here a POST there needs the change permission;
    reading the history is unchanged."""

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        if request.method == "POST":
            obj = self.get_object(request, object_id)
            if not self.has_change_permission(request, obj):
                raise PermissionDenied
        return super().history_form_view(request, object_id, version_id,
                                         extra_context=extra_context)


class SomenteLeituraMixin:
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


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


class CronogramaFormSet(BaseInlineFormSet):
    """The certame's schedule as submitted: the exemption's order (certames/cronograma.py;
    Lei 3.057/2026, art. 3º) is checked on the whole set, not each stage against the saved
    ones (two stages moved together would otherwise be judged against stale dates)."""

    def _construct_form(self, i, **kwargs):
        form = super()._construct_form(i, **kwargs)
        form.instance.cronograma_no_formulario = True
        return form

    def clean(self):
        super().clean()
        etapas = [f.instance for f in self.forms
                  if (f.has_changed() or f.instance.pk is not None) and f.is_valid()
                  and not (self.can_delete and self._should_delete_form(f))]
        isencao = self.instance.regime_legal.isencao if self.instance.regime else None
        mensagens = [inc.mensagem for inc in cronograma.incoerencias(etapas, isencao)]
        if mensagens:
            raise ValidationError(mensagens)


class EtapaInline(admin.TabularInline):
    model = Etapa
    formset = CronogramaFormSet
    extra = 0
    fields = ("tipo", "inicio", "fim", "descricao")


@admin.register(Certame)
class CertameAdmin(AlteracaoAuditadaMixin, HistoricoAdmin):
    list_display = ("numero_edital", "titulo", "orgao", "tipo", "regime",
                    "data_publicacao_edital", "status")
    list_filter = ("status", "tipo", "regime", "orgao__uf")
    search_fields = ("numero_edital", "titulo", "orgao__nome", "orgao__municipio")
    date_hierarchy = "data_publicacao_edital"
    list_select_related = ("orgao",)
    inlines = [CargoInline, EtapaInline]
    # The validity's acts and the published criteria are recorded on RH's certame page
    # (classificacao/homologacao.py), never edited here.
    readonly_fields = ("homologado_em", "prorrogado_em", "prorrogacao_meses", "fim_da_validade",
                       "criterios_heteroidentificacao")

    @admin.display(description=_("válido até"))
    def fim_da_validade(self, obj):
        return data_br(obj.valido_ate) if obj.valido_ate else _("(não homologado)")


class VagaSurgidaInline(admin.TabularInline):
    """Read-only here: new vacancies are registered on the RH cargo page (an act that
    recomputes the lists)."""

    model = VagaSurgida
    extra = 0
    fields = ("quantidade", "data", "ato")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Cargo)
class CargoAdmin(AlteracaoAuditadaMixin, HistoricoAdmin):
    list_display = ("codigo", "nome", "certame", "vagas", "taxa_inscricao")
    list_filter = ("certame__regime", "certame")
    search_fields = ("codigo", "nome", "certame__numero_edital", "certame__titulo")
    list_select_related = ("certame",)
    inlines = [VagaSurgidaInline]


@admin.register(Etapa)
class EtapaAdmin(HistoricoAdmin):
    list_display = ("certame", "tipo", "inicio", "fim")
    list_filter = ("tipo", "certame")
    search_fields = ("certame__numero_edital", "descricao")
    list_select_related = ("certame",)


@admin.register(VagaSurgida)
class VagaSurgidaAdmin(HistoricoAdmin):
    """Adding goes through the act (recorded, recompute queued); a registered vacancy is
    never edited: a correction is a new act."""

    list_display = ("cargo", "quantidade", "data", "ato")
    list_filter = ("cargo__certame",)
    search_fields = ("cargo__nome", "cargo__codigo", "ato")
    list_select_related = ("cargo",)

    def has_change_permission(self, request, obj=None):
        return obj is None and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        registrar_vaga_surgida(obj.cargo, quantidade=obj.quantidade, data=obj.data, ato=obj.ato,
                               autor=request.user)


@admin.register(AlteracaoColuna)
class AlteracaoColunaAdmin(SomenteLeituraMixin, admin.ModelAdmin):
    """Read-only: written by the database's triggers (comum/somente_insercao.py)."""

    list_display = ("registrada_em", "tabela", "registro_id", "coluna", "operacao",
                    "valor_anterior", "valor_novo", "usuario_banco", "papel_banco", "transacao")
    list_filter = ("tabela", "operacao", "usuario_banco")
    search_fields = ("registro_id", "coluna", "valor_anterior", "valor_novo")


admin.site.empty_value_display = _("(vazio)")


class PublicacaoInline(SomenteLeituraMixin, admin.TabularInline):
    model = Publicacao
    extra = 0
    fields = ("tipo", "publicada_em", "publicada_por")
    readonly_fields = fields


@admin.register(VersaoClassificacao)
class VersaoClassificacaoAdmin(SomenteLeituraMixin, admin.ModelAdmin):
    """Snapshots are immutable; RH works with them on the cargo's classification page."""

    list_display = ("cargo", "numero", "criada_em", "causa", "vagas", "total_candidatos")
    list_filter = ("cargo__certame", "regime")
    search_fields = ("cargo__nome", "cargo__codigo", "causa", "hash_entrada")
    list_select_related = ("cargo",)
    date_hierarchy = "criada_em"
    exclude = ("exclusoes",)
    inlines = [PublicacaoInline]


@admin.register(Publicacao)
class PublicacaoAdmin(SomenteLeituraMixin, admin.ModelAdmin):
    list_display = ("versao", "tipo", "publicada_em", "publicada_por")
    list_filter = ("tipo", "versao__cargo__certame")
    list_select_related = ("versao__cargo", "publicada_por")


@admin.register(DocumentoPdf)
class DocumentoPdfAdmin(SomenteLeituraMixin, admin.ModelAdmin):
    """Generated PDFs (classificacao.impressos): derived from the acts, rendered by a task; served
    by the pages that check permissions (the stored file has no public URL)."""

    list_display = ("tipo", "certame", "cargo", "gerado_em", "chave")
    list_filter = ("tipo", "certame")
    list_select_related = ("certame", "cargo")
    exclude = ("arquivo",)
    readonly_fields = ("nome_do_arquivo",)

    @admin.display(description=_("arquivo"))
    def nome_do_arquivo(self, obj):
        return obj.arquivo.name
