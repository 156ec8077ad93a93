"""Forms of the fee exemption pages (candidate and RH). Rules live in `candidatos.isencao`;
these forms only read and pre-check the input so errors show beside their fields."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from candidatos import cadunico, isencao
from candidatos.forms_procedimentos import (  # noqa: F401 (the procedure forms, shared)
    DecisaoProcedimentoForm,
    DefesaForm,
    PrazoDefesaField,
    prazo_padrao,
)
from candidatos.importacao import ValorInvalido
from candidatos.models import PedidoIsencao
from certames.confirmacao import campo_confirmacao
from certames.planilhas import TAMANHO_MAXIMO
from nucleo.recursos import MAXIMO_TEXTO, MINIMO_TEXTO


class ArquivoConferidoField(forms.FileField):
    """A PDF or image checked by its content (magic bytes) and size (5 MB)."""

    def clean(self, data, initial=None):
        arquivo = super().clean(data, initial)
        if arquivo:
            isencao.validar_arquivo(arquivo)
        return arquivo


# --- candidate -------------------------------------------------------------------------------


class PedidoIsencaoForm(forms.Form):
    tipo = forms.ChoiceField(label=_("Tipo de isenção"), choices=PedidoIsencao.Tipo.choices,
                             widget=forms.RadioSelect)
    nis = forms.CharField(
        label=_("NIS (Número de Identificação Social)"), required=False, max_length=20,
        help_text=_("Obrigatório para o CadÚnico: 11 dígitos, com ou sem pontos e traço."))
    comprovante = ArquivoConferidoField(
        label=_("Comprovante de doação de sangue"), required=False,
        help_text=_("Obrigatório para doador de sangue: PDF, PNG ou JPEG de até 5 MB."))
    comprovante_cadunico = ArquivoConferidoField(
        label=_("Comprovante do CadÚnico (só se a família estiver inscrita em outro município)"),
        required=False,
        help_text=_("A verificação automática consulta o CadÚnico deste município. Se a sua "
                    "família está inscrita em outro município, anexe o documento que o edital "
                    "define (Lei 3.057/2026, art. 2º, §2º): o pedido é analisado pelo RH. PDF, "
                    "PNG ou JPEG de até 5 MB."))
    declaracao = forms.BooleanField(
        label=_("Declaro que as informações prestadas são verdadeiras e que conheço as "
                "consequências de declaração, informação ou documento falso (Lei 3.057/2026, "
                "art. 5º)."))

    def clean_nis(self):
        nis = self.cleaned_data.get("nis", "").strip()
        if not nis:
            return ""
        try:
            return cadunico.validar_nis(nis)
        except ValorInvalido as exc:
            raise ValidationError(str(exc)) from None

    def clean(self):
        dados = super().clean()
        tipo = dados.get("tipo")
        if tipo == PedidoIsencao.Tipo.CADUNICO and not dados.get("nis") \
                and "nis" not in self.errors:
            self.add_error("nis", _("Informe o NIS (Lei 3.057/2026, art. 2º, §4º)."))
        if tipo == PedidoIsencao.Tipo.DOADOR_SANGUE and not dados.get("comprovante") \
                and "comprovante" not in self.errors:
            self.add_error("comprovante", _("Anexe o comprovante de doação de sangue."))
        if tipo == PedidoIsencao.Tipo.DOADOR_SANGUE and dados.get("comprovante_cadunico"):
            self.add_error("comprovante_cadunico", _(
                "O comprovante do CadÚnico é só para o pedido pelo CadÚnico."))
        return dados


class RecursoIsencaoForm(forms.Form):
    # The kernel's limits of every appeal (`nucleo.recursos`).
    texto = forms.CharField(label=_("Razões do recurso"), min_length=MINIMO_TEXTO,
                            max_length=MAXIMO_TEXTO,
                            widget=forms.Textarea(attrs={"rows": 5}))
    anexo = ArquivoConferidoField(label=_("Anexo (opcional)"), required=False,
                                  help_text=_("PDF, PNG ou JPEG de até 5 MB."))


# --- RH --------------------------------------------------------------------------------------


class ExtratoCadUnicoForm(forms.Form):
    arquivo = forms.FileField(
        label=_("Extrato do CadÚnico (CSV ou XLSX)"),
        help_text=_("CSV separado por ponto e vírgula ou vírgula, em UTF-8 ou Latin-1, ou XLSX. "
                    "Tudo ou nada: qualquer linha com erro rejeita o arquivo. O arquivo não é "
                    "guardado."))
    data_referencia = forms.DateField(
        label=_("Data de referência do extrato"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        input_formats=["%Y-%m-%d", "%d/%m/%Y"])

    def clean_arquivo(self):
        arquivo = self.cleaned_data["arquivo"]
        if arquivo.size == 0:
            raise ValidationError(_("O arquivo está vazio."))
        if arquivo.size > TAMANHO_MAXIMO:
            raise ValidationError(_("O arquivo excede o tamanho máximo de 60 MB."))
        return arquivo

    def clean_data_referencia(self):
        data = self.cleaned_data["data_referencia"]
        if data > timezone.localdate():
            raise ValidationError(_("A data de referência do extrato não pode ser futura."))
        return data


class FiltroPedidosForm(forms.Form):
    tipo = forms.ChoiceField(label=_("Tipo"), required=False,
                             choices=[("", _("Todos"))] + PedidoIsencao.Tipo.choices)
    verificacao = forms.ChoiceField(
        label=_("Verificação automática"), required=False,
        choices=[("", _("Todas"))] + PedidoIsencao.Verificacao.choices)
    status = forms.ChoiceField(
        label=_("Situação"), required=False,
        choices=[("", _("Todas"))] + [(k, v[0]) for k, v in isencao.STATUS_PEDIDO.items()])


class DecisaoPreliminarForm(forms.Form):
    resultado = forms.ChoiceField(label=_("Resultado"), choices=PedidoIsencao.Resultado.choices,
                                  widget=forms.RadioSelect)
    motivacao = forms.CharField(
        label=_("Motivação"), widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("O indeferimento exige motivação específica (Lei 3.057/2026, art. 3º, "
                    "§2º)."))


class ConfirmacaoForm(forms.Form):
    motivacao = forms.CharField(
        label=_("Motivação (opcional)"), required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Em branco: a motivação descreve o que a verificação encontrou, com o "
                    "artigo da lei."))


class JulgamentoRecursoForm(DecisaoPreliminarForm):
    """The certame's superior authority rules on the appeal (Lei 9.784/1999, art. 56, §1º)."""

    confirmacao = campo_confirmacao(
        _("Ao confirmar, o julgamento do recurso é registrado e será o resultado definitivo do "
          "pedido quando publicado. Não pode ser desfeito."), id_html="id_confirmacao_julgar")


class PagamentoForm(forms.Form):
    referencia = forms.CharField(label=_("Comprovante do pagamento"), max_length=250,
                                 help_text=_("Ex.: número do boleto ou da guia, data do "
                                             "pagamento."))


class ProcedimentoForm(forms.Form):
    fatos = forms.CharField(label=_("Indícios de falsidade"), min_length=15,
                            widget=forms.Textarea(attrs={"rows": 4}))
    prazo_defesa = PrazoDefesaField()
    confirmacao = campo_confirmacao(
        _("Ao confirmar, o procedimento é instaurado e o candidato é notificado por e-mail e "
          "na área do candidato, com os fatos acima, para apresentar defesa. A instauração "
          "não pode ser desfeita."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["prazo_defesa"].initial = prazo_padrao()
