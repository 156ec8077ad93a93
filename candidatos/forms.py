from django import forms
from django.utils.translation import gettext_lazy as _

from candidatos.contas.cadastro import MINIMO_MOTIVACAO
from comum import arquivos
from comum.confirmacao import campo_confirmacao
from comum.planilhas import TAMANHO_MAXIMO
from nucleo.motivacao import MAXIMO as MAXIMO_MOTIVACAO


class ImportacaoForm(forms.Form):
    arquivo = forms.FileField(
        **arquivos.limite_do_nome(),
        label=_("Planilha da banca (CSV ou XLSX)"),
        help_text=_("CSV separado por ponto e vírgula ou vírgula, em UTF-8 ou Latin-1, ou XLSX. "
                    "Tudo ou nada: qualquer linha com erro rejeita o arquivo."))
    confirmacao = campo_confirmacao(
        _("Ao confirmar, a planilha é importada (inteira ou nada) e a importação fica "
          "registrada nos atos do certame; as classificações dos cargos são recalculadas. A "
          "importação não pode ser desfeita: uma correção é uma nova importação."))

    def clean_arquivo(self):
        arquivo = self.cleaned_data["arquivo"]
        if arquivo.size > TAMANHO_MAXIMO:
            raise forms.ValidationError(_("O arquivo excede o tamanho máximo de 60 MB."))
        if arquivo.size == 0:
            raise forms.ValidationError(_("O arquivo está vazio."))
        return arquivo


class MotivacaoForm(forms.Form):
    motivacao = forms.CharField(label=_("Motivação"), widget=forms.Textarea(attrs={"rows": 2}),
                                min_length=10, max_length=MAXIMO_MOTIVACAO)


class EliminacaoForm(MotivacaoForm):
    fundamento = forms.CharField(label=_("Fundamento (lei ou item do edital)"), max_length=250)


class OpcoesForm(MotivacaoForm):
    listas = forms.MultipleChoiceField(label=_("Listas reservadas"), required=False,
                                       widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, inscricao, **kwargs):
        super().__init__(*args, **kwargs)
        regime = inscricao.cargo.certame.regime_legal
        self.fields["listas"].choices = [(lista, lista) for lista in regime.listas]
        self.fields["listas"].initial = list(inscricao.listas)


class DecisaoReivindicacaoForm(forms.Form):
    """RH's decision on a claim of an imported record."""

    APROVAR, RECUSAR = "aprovar", "recusar"
    decisao = forms.ChoiceField(
        label=_("Decisão"), widget=forms.RadioSelect,
        choices=[(APROVAR, _("Aprovar: criar a conta e vinculá-la a este cadastro")),
                 (RECUSAR, _("Recusar"))])

    def __init__(self, *args, conta_existente: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if conta_existente:
            # The claim of an existing account: the record joins it; no account is created.
            self.fields["decisao"].choices = [
                (self.APROVAR, _("Aprovar: vincular este cadastro à conta que o pediu")),
                (self.RECUSAR, _("Recusar"))]
    identidade_conferida = forms.BooleanField(
        label=_("Conferi a identidade do requerente em documento oficial com foto e número do "
                "CPF, e os dados conferem com o cadastro importado"), required=False)
    motivacao = forms.CharField(
        label=_("Motivação"), min_length=MINIMO_MOTIVACAO,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("O que foi conferido e como (ex.: documento apresentado presencialmente em "
                    "...), ou por que a reivindicação é recusada. O requerente recebe a "
                    "motivação por e-mail (Lei 9.784/1999, art. 50)."), max_length=MAXIMO_MOTIVACAO)
    confirmacao = campo_confirmacao(
        _("Ao confirmar, a decisão é registrada e o requerente é avisado por e-mail; aprovada, "
          "a conta é criada e vinculada ao cadastro. A decisão não pode ser desfeita."))

    def clean(self):
        dados = super().clean()
        if dados.get("decisao") == self.APROVAR and not dados.get("identidade_conferida"):
            self.add_error("identidade_conferida", _(
                "Só aprove depois de conferir a identidade do requerente."))
        return dados
