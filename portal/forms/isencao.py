"""Forms of the candidate's fee exemption pages: the request and the appeal. Rules live in
`candidatos.isencao`; these forms only read and pre-check the input so errors show beside
their fields."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from candidatos import isencao
from candidatos.importacao import ValorInvalido
from candidatos.isencao import cadunico
from candidatos.models import PedidoIsencao
from certames.regras.procedimentos import RegraIsencao
from comum import arquivos


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
