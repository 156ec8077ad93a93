"""Forms of RH's fee exemption pages (the candidate's: `portal.forms.isencao`). Rules live in
`candidatos.isencao`; these forms only read and pre-check the input so errors show beside
their fields."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from candidatos import isencao
from candidatos.models import PedidoIsencao
from candidatos.procedimentos.forms import (  # noqa: F401 (the procedure forms, shared)
    DecisaoProcedimentoForm,
    PrazoDefesaField,
    prazo_padrao,
)
from certames.regras.procedimentos import RegraIsencao
from comum import arquivos
from comum.confirmacao import campo_confirmacao
from comum.planilhas import TAMANHO_MAXIMO
from nucleo.motivacao import MAXIMO as MAXIMO_MOTIVACAO
from nucleo.recursos import MAXIMO_TEXTO

# --- candidate -------------------------------------------------------------------------------


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

    def __init__(self, *args, certame, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["prazo_defesa"].initial = prazo_padrao(certame)
