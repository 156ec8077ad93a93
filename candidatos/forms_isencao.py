"""Forms of the fee exemption pages (candidate and RH). Rules live in `candidatos.isencao`;
these forms only read and pre-check the input so errors show beside their fields."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from candidatos import isencao
from candidatos.forms_procedimentos import (  # noqa: F401 (the procedure forms, shared)
    DecisaoProcedimentoForm,
    DefesaForm,
    PrazoDefesaField,
    prazo_padrao,
)
from candidatos.importacao import ValorInvalido
from candidatos.isencao import cadunico
from candidatos.models import PedidoIsencao
from certames.regras.procedimentos import RegraIsencao
from comum import arquivos
from comum.confirmacao import campo_confirmacao
from comum.planilhas import TAMANHO_MAXIMO
from nucleo.motivacao import MAXIMO as MAXIMO_MOTIVACAO
from nucleo.recursos import MAXIMO_TEXTO, MINIMO_TEXTO


class ArquivoConferidoField(forms.FileField):
    """A PDF or image checked by its content (magic bytes) and size (5 MB), its name at most
    comum.arquivos.MAXIMO_NOME characters."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **{**arquivos.limite_do_nome(), **kwargs})

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
                    "define: o pedido é analisado pelo RH. PDF, PNG ou JPEG de até 5 MB."))
    declaracao = forms.BooleanField(
        label=_("Declaro que as informações prestadas são verdadeiras e que conheço as "
                "consequências de declaração, informação ou documento falso."))

    def __init__(self, *args, regra: RegraIsencao | None = None, **kwargs):
        """`regra`: the exemption of the certame's law (`Regime.isencao`): its kinds are the
        choices, its articles are cited."""
        super().__init__(*args, **kwargs)
        self.regra = regra
        if regra is None:
            return
        self.fields["tipo"].choices = [(m.codigo, m.descricao[:1].upper() + m.descricao[1:])
                                       for m in regra.modalidades]
        if regra.fundamento_comprovacao:
            self.fields["comprovante_cadunico"].help_text = _(
                "A verificação automática consulta o CadÚnico deste município. Se a sua "
                "família está inscrita em outro município, anexe o documento que o edital "
                "define (%(f)s): o pedido é analisado pelo RH. PDF, PNG ou JPEG de até "
                "5 MB.") % {"f": regra.fundamento_comprovacao}
        if regra.fundamento_falsidade:
            self.fields["declaracao"].label = _(
                "Declaro que as informações prestadas são verdadeiras e que conheço as "
                "consequências de declaração, informação ou documento falso "
                "(%(f)s).") % {"f": regra.fundamento_falsidade}

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
            fundamento = self.regra.fundamento_nis if self.regra else ""
            self.add_error("nis", _("Informe o NIS (%(f)s).") % {"f": fundamento}
                           if fundamento else _("Informe o NIS."))
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
    confirmacao = campo_confirmacao(
        _("Ao confirmar, o recurso é registrado com as razões e os anexos acima e enviado a "
          "quem o julga; você recebe o protocolo por e-mail. Cabe um único recurso contra esta "
          "decisão, e ele não pode ser desfeito nem substituído."))


# --- RH --------------------------------------------------------------------------------------


class ExtratoCadUnicoForm(forms.Form):
    arquivo = forms.FileField(
        **arquivos.limite_do_nome(),
        label=_("Extrato do CadÚnico (CSV ou XLSX)"),
        help_text=_("CSV separado por ponto e vírgula ou vírgula, em UTF-8 ou Latin-1, ou XLSX. "
                    "Tudo ou nada: qualquer linha com erro rejeita o arquivo. O arquivo não é "
                    "guardado."))
    data_referencia = forms.DateField(
        label=_("Data de referência do extrato"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        input_formats=["%Y-%m-%d", "%d/%m/%Y"])
    confirmacao = campo_confirmacao(
        _("Ao confirmar, o extrato é importado (inteiro ou nada) e registrado nos atos; os "
          "pedidos de isenção ainda sem decisão são verificados de novo contra ele. A "
          "importação não pode ser desfeita."))

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
        help_text=_("O indeferimento exige motivação específica."), max_length=MAXIMO_MOTIVACAO)
    confirmacao = campo_confirmacao(
        _("Ao confirmar, a decisão é registrada com a motivação acima; o candidato a vê quando "
          "o resultado do lote for publicado. A decisão não pode ser desfeita: uma correção "
          "é uma nova decisão, antes da publicação."), id_html="id_confirmacao_decidir")

    def __init__(self, *args, regra: RegraIsencao | None = None, **kwargs):
        """`regra`: the exemption of the certame's law, whose article on the motivation is
        cited."""
        super().__init__(*args, **kwargs)
        if regra is not None and regra.fundamento_motivacao:
            self.fields["motivacao"].help_text = _(
                "O indeferimento exige motivação específica (%(f)s).") % {
                "f": regra.fundamento_motivacao}


class ConfirmacaoForm(forms.Form):
    motivacao = forms.CharField(
        label=_("Motivação (opcional)"), required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Em branco: a motivação descreve o que a verificação encontrou, com o "
                    "artigo da lei."), max_length=MAXIMO_MOTIVACAO)
    confirmacao = campo_confirmacao(
        _("Ao confirmar, o resultado da verificação automática é registrado como a decisão "
          "preliminar do pedido. A decisão não pode ser desfeita."),
        id_html="id_confirmacao_confirmar")


class JulgamentoRecursoForm(DecisaoPreliminarForm):
    """The certame's superior authority rules on the appeal (Lei 9.784/1999, art. 56, §1º)."""

    confirmacao = campo_confirmacao(
        _("Ao confirmar, o julgamento do recurso é registrado e será o resultado definitivo do "
          "pedido quando publicado. Não pode ser desfeito."), id_html="id_confirmacao_julgar")


class PagamentoForm(forms.Form):
    referencia = forms.CharField(label=_("Comprovante do pagamento"), max_length=250,
                                 help_text=_("Ex.: número do boleto ou da guia, data do "
                                             "pagamento."))
    confirmacao = campo_confirmacao(
        _("Ao confirmar, o pagamento é registrado e a inscrição fica com a taxa paga. O "
          "registro não pode ser desfeito."), id_html="id_confirmacao_pagamento")


class ProcedimentoForm(forms.Form):
    fatos = forms.CharField(label=_("Indícios de falsidade"), min_length=15,
                            widget=forms.Textarea(attrs={"rows": 4}), max_length=MAXIMO_TEXTO)
    prazo_defesa = PrazoDefesaField()
    confirmacao = campo_confirmacao(
        _("Ao confirmar, o procedimento é instaurado e o candidato é notificado por e-mail e "
          "na área do candidato, com os fatos acima, para apresentar defesa. A instauração "
          "não pode ser desfeita."), id_html="id_confirmacao_procedimento")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["prazo_defesa"].initial = prazo_padrao()
