"""Admin of the committees. Creating a committee, a member, a session or an impedimento goes
through the domain (checked, recorded as an act); decisions (evaluations, votes, appeals,
publications) and convocations are read-only: they are acts, made in the workspace and the RH
pages."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from certames.admin import HistoricoAdmin, SomenteLeituraMixin
from certames.auditoria import registrar_ato
from certames.forms import erros_no_form
from comissoes.dominio import composicao
from comissoes.dominio.sessoes import (
    agendar_sessao,
    erros_agendamento,
    motivo_recusa_modalidade,
)
from comissoes.models import (
    AnaliseDocumento,
    Avaliacao,
    Comissao,
    Convocacao,
    DocumentoEnviado,
    Impedimento,
    MembroComissao,
    Sessao,
    Voto,
)


class SemExclusaoMixin:
    def has_delete_permission(self, request, obj=None):
        return False


class MembroInline(SomenteLeituraMixin, admin.TabularInline):
    model = MembroComissao
    extra = 0
    fields = ("usuario", "papel", "presidente", "genero", "cor_raca", "regiao",
              "area_profissional", "medico", "termo_confidencialidade_em", "ativo")
    readonly_fields = fields
    show_change_link = True


class ComissaoAdminForm(forms.ModelForm):
    class Meta:
        model = Comissao
        fields = ("certame", "tipo", "nome", "tamanho", "unanimidade_para_rejeitar",
                  "divulgar_nomes")

    def clean_tamanho(self):
        tamanho = self.cleaned_data["tamanho"]
        if tamanho < composicao.TAMANHO_MINIMO:
            raise forms.ValidationError(_("Ao menos %(n)d titulares (comissão colegiada).") % {
                "n": composicao.TAMANHO_MINIMO})
        return tamanho


@admin.register(Comissao)
class ComissaoAdmin(SemExclusaoMixin, HistoricoAdmin):
    form = ComissaoAdminForm
    list_display = ("nome", "tipo", "certame", "tamanho", "composicao")
    list_filter = ("tipo", "certame")
    search_fields = ("nome", "certame__numero_edital")
    list_select_related = ("certame",)
    inlines = [MembroInline]

    def get_readonly_fields(self, request, obj=None):
        return ("certame", "tipo") if obj else ()

    @admin.display(description=_("composição"))
    def composicao(self, obj):
        pendencias = composicao.pendencias_da_comissao(obj)
        exigencias = [p.mensagem for p in pendencias if p.exigencia]
        return "; ".join(exigencias) if exigencias else _("completa")

    def save_model(self, request, obj, form, change):
        if not change:
            novo = composicao.criar_comissao(
                obj.certame, tipo=obj.tipo, nome=obj.nome, autor=request.user,
                tamanho=obj.tamanho, unanimidade_para_rejeitar=obj.unanimidade_para_rejeitar,
                divulgar_nomes=obj.divulgar_nomes)
            obj.pk = novo.pk
            obj.criada_em = novo.criada_em
            obj._state.adding = False
            return
        super().save_model(request, obj, form, change)
        if form.changed_data:
            registrar_ato(tipo="comissao_alterada", autor=request.user, certame=obj.certame,
                          objeto=obj, descricao=_("Comissão alterada: %(c)s.") % {"c": obj},
                          depois={c: str(form.cleaned_data[c]) for c in form.changed_data})


class MembroAdminForm(forms.ModelForm):
    class Meta:
        model = MembroComissao
        fields = ("comissao", "usuario", "papel", "presidente", "genero", "cor_raca", "regiao",
                  "area_profissional", "medico")


@admin.register(MembroComissao)
class MembroComissaoAdmin(SemExclusaoMixin, HistoricoAdmin):
    """Adding goes through `adicionar_membro` (warnings shown); afterwards only the data
    that describes the member is edited here; papel, presidency and leaving are acts on the
    RH committee page."""

    form = MembroAdminForm
    list_display = ("usuario", "comissao", "papel", "presidente", "genero", "cor_raca",
                    "regiao", "termo_confidencialidade_em", "ativo")
    list_filter = ("papel", "presidente", "ativo", "comissao__tipo", "comissao__certame")
    search_fields = ("usuario__username", "usuario__first_name", "usuario__last_name",
                     "comissao__nome")
    list_select_related = ("usuario", "comissao")

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return ()
        return ("comissao", "usuario", "papel", "presidente", "termo_confidencialidade_em",
                "ativo")

    def get_form(self, request, obj=None, change=False, **kwargs):
        form_class = super().get_form(request, obj, change=change, **kwargs)
        if obj is not None:
            return form_class

        class Validado(form_class):
            def clean(inner):
                dados = super().clean()
                if dados.get("presidente") and dados.get("papel") != MembroComissao.Papel.TITULAR:
                    inner.add_error("presidente", _("O(A) presidente deve ser titular."))
                if (dados.get("comissao") and dados.get("usuario")
                        and MembroComissao.objects.filter(comissao=dados["comissao"],
                                                          usuario=dados["usuario"]).exists()):
                    inner.add_error("usuario", _("Esta pessoa já integra a comissão."))
                return dados

        return Validado

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)
            if form.changed_data:
                registrar_ato(tipo="membro_alterado", autor=request.user,
                              certame=obj.comissao.certame, objeto=obj,
                              descricao=_("Dados do membro alterados: %(m)s.") % {"m": obj},
                              depois={c: str(form.cleaned_data[c]) for c in form.changed_data})
            return
        membro, avisos = composicao.adicionar_membro(
            obj.comissao, obj.usuario, genero=obj.genero, cor_raca=obj.cor_raca,
            regiao=obj.regiao, papel=obj.papel, presidente=obj.presidente, autor=request.user,
            area_profissional=obj.area_profissional, medico=obj.medico)
        obj.pk = membro.pk
        obj._state.adding = False
        for aviso in avisos:
            messages.warning(request, aviso)


class ImpedimentoAdminForm(forms.ModelForm):
    class Meta:
        model = Impedimento
        fields = ("membro", "inscricao", "motivo")


@admin.register(Impedimento)
class ImpedimentoAdmin(admin.ModelAdmin):
    """An impedimento is an act: added through the domain, never changed or deleted."""

    form = ImpedimentoAdminForm
    list_display = ("membro", "inscricao", "registrado_por", "registrado_em")
    list_filter = ("membro__comissao__certame",)
    search_fields = ("inscricao__numero", "membro__usuario__username", "motivo")
    list_select_related = ("membro__usuario", "inscricao", "registrado_por")
    raw_id_fields = ("inscricao",)

    def has_change_permission(self, request, obj=None):
        return obj is None and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return False

    def get_form(self, request, obj=None, change=False, **kwargs):
        form_class = super().get_form(request, obj, change=change, **kwargs)

        class Validado(form_class):
            def clean(inner):
                dados = super().clean()
                membro, inscricao = dados.get("membro"), dados.get("inscricao")
                if membro and inscricao:
                    try:
                        composicao.validar_impedimento(membro, inscricao,
                                                       dados.get("motivo", ""))
                    except ValidationError as exc:
                        erros_no_form(inner, exc)
                return dados

        return Validado

    def save_model(self, request, obj, form, change):
        novo = composicao.registrar_impedimento(obj.membro, obj.inscricao, motivo=obj.motivo,
                                                autor=request.user)
        obj.pk = novo.pk
        obj.registrado_por = novo.registrado_por
        obj.registrado_em = novo.registrado_em
        obj._state.adding = False


class SessaoAdminForm(forms.ModelForm):
    class Meta:
        model = Sessao
        fields = ("comissao", "etapa", "inicio", "local", "modalidade", "impedimento_legal",
                  "gravacao_exigida")

    def clean(self):
        dados = super().clean()
        if self.instance.pk is None:
            comissao = dados.get("comissao")
            if comissao is not None:
                erros = erros_agendamento(
                    comissao, inicio=dados.get("inicio"), local=dados.get("local", ""),
                    modalidade=dados.get("modalidade", ""), etapa=dados.get("etapa"),
                    impedimento_legal=dados.get("impedimento_legal", ""))
                for campo, erro in erros.items():
                    self.add_error(campo, erro)
        else:
            recusa = motivo_recusa_modalidade(
                self.instance.comissao.certame.regime, dados.get("modalidade"),
                dados.get("impedimento_legal", ""))
            if recusa:
                self.add_error("modalidade", recusa)
        return dados


@admin.register(Sessao)
class SessaoAdmin(SemExclusaoMixin, HistoricoAdmin):
    """Scheduling goes through `agendar_sessao`; a closed session is read-only."""

    form = SessaoAdminForm
    list_display = ("__str__", "comissao", "modalidade", "local", "encerrada_em")
    list_filter = ("modalidade", "comissao__certame", "comissao__tipo")
    search_fields = ("local", "comissao__nome")
    list_select_related = ("comissao",)

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return ()
        if obj.encerrada_em:
            return ("comissao", "etapa", "inicio", "local", "modalidade", "impedimento_legal",
                    "gravacao_exigida", "encerrada_em", "ata")
        return ("comissao", "encerrada_em", "ata")

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)
            if form.changed_data:
                registrar_ato(tipo="sessao_alterada", autor=request.user,
                              certame=obj.comissao.certame, objeto=obj,
                              descricao=_("Sessão alterada: %(s)s.") % {"s": obj},
                              depois={c: str(form.cleaned_data[c]) for c in form.changed_data})
            return
        nova = agendar_sessao(obj.comissao, inicio=obj.inicio, local=obj.local,
                              modalidade=obj.modalidade, etapa=obj.etapa,
                              impedimento_legal=obj.impedimento_legal,
                              gravacao_exigida=obj.gravacao_exigida, autor=request.user)
        obj.pk = nova.pk
        obj._state.adding = False


@admin.register(Convocacao)
class ConvocacaoAdmin(SomenteLeituraMixin, HistoricoAdmin):
    list_display = ("inscricao", "lista", "sessao", "horario", "comparecimento", "notificada_em")
    list_filter = ("comparecimento", "lista", "sessao__comissao__certame")
    search_fields = ("inscricao__numero", "inscricao__candidato__nome")
    list_select_related = ("inscricao", "sessao__comissao")


class VotoInline(SomenteLeituraMixin, admin.TabularInline):
    model = Voto
    extra = 0
    fields = ("membro", "sentido", "motivacao", "registrado_em", "substitui",
              "motivo_substituicao")
    readonly_fields = fields


@admin.register(Avaliacao)
class AvaliacaoAdmin(SomenteLeituraMixin, HistoricoAdmin):
    list_display = ("inscricao", "lista", "instancia", "comissao", "resultado", "encerrada_em")
    list_filter = ("instancia", "resultado", "lista", "comissao__tipo", "comissao__certame")
    search_fields = ("inscricao__numero", "inscricao__candidato__nome")
    list_select_related = ("inscricao", "comissao")
    inlines = [VotoInline]


@admin.register(Voto)
class VotoAdmin(SomenteLeituraMixin, admin.ModelAdmin):
    list_display = ("avaliacao", "membro", "sentido", "registrado_em", "substitui")
    list_filter = ("sentido", "avaliacao__comissao__certame")
    search_fields = ("avaliacao__inscricao__numero", "membro__usuario__username")
    list_select_related = ("avaliacao__inscricao", "membro__usuario")


@admin.register(DocumentoEnviado)
class DocumentoEnviadoAdmin(SomenteLeituraMixin, admin.ModelAdmin):
    """Documents are acts of the candidate; the file is opened through the permission-checked
    view (documentos:arquivo), never the media URL."""

    list_display = ("inscricao", "lista", "tipo", "nome_original", "tamanho", "enviado_em",
                    "substituido_em")
    list_filter = ("lista", "tipo", "inscricao__certame")
    search_fields = ("inscricao__numero", "nome_original", "sha256")
    list_select_related = ("inscricao",)
    exclude = ("arquivo",)


@admin.register(AnaliseDocumento)
class AnaliseDocumentoAdmin(SomenteLeituraMixin, admin.ModelAdmin):
    list_display = ("documento", "avaliacao", "aceito", "membro", "registrada_em", "substitui")
    list_filter = ("aceito", "avaliacao__comissao__certame")
    search_fields = ("avaliacao__inscricao__numero",)
    list_select_related = ("documento", "avaliacao__inscricao", "membro__usuario")
