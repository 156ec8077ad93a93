"""Forms of the appeal against an RH decision (`nucleo.autoridade`, Lei 9.784/1999, art. 56,
§1º): RH designates the certame's superior authority; the decider reconsiders or keeps the
decision."""

from django import forms
from django.utils.translation import gettext_lazy as _

from comum.confirmacao import campo_confirmacao
from nucleo import autoridade
from nucleo.motivacao import MAXIMO as MAXIMO_MOTIVACAO
from nucleo.registro import plugin


class ContaField(forms.ModelChoiceField):
    def label_from_instance(self, obj):
        nome = autoridade.nome(obj)
        return nome if nome == obj.get_username() else f"{nome} ({obj.get_username()})"


class AutoridadeRecursalForm(forms.Form):
    usuario = ContaField(
        label=_("Autoridade superior (conta do RH)"), queryset=None,
        empty_label=_("Escolha a conta"),
        widget=forms.Select(attrs={"class": "form-select"}),
        help_text=_("Julga os recursos contra decisões do RH (isenção da taxa, atendimento "
                    "especializado, procedimentos administrativos) que quem decidiu não "
                    "reconsiderou."))
    ato = forms.CharField(
        label=_("Ato de designação"), max_length=autoridade.MAXIMO_ATO,
        widget=forms.TextInput(attrs={"class": "form-control",
                                      "placeholder": _("Ex.: Portaria 12/2026, de 05/12/2026")}))
    motivacao = forms.CharField(
        label=_("Motivação"), widget=forms.Textarea(attrs={"class": "form-control", "rows": 2}),
        help_text=_("Por que esta autoridade (cargo, competência)."), max_length=MAXIMO_MOTIVACAO)
    confirmacao = campo_confirmacao(
        _("Ao confirmar, a designação é registrada como ato e vale para os recursos ainda não "
          "julgados deste certame. Não pode ser desfeita: uma nova designação a substitui."),
        id_html="id_confirmacao_autoridade")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["usuario"].queryset = autoridade.contas_designaveis()


class ReconsideracaoForm(forms.Form):
    """The decider's one act on the appeal; the plug-in may add fields of its own
    (`Procedimento.campos_reconsideracao`)."""

    RECONSIDERA = "reconsidera"
    MANTEM = "mantem"

    decisao = forms.ChoiceField(
        label=_("Decisão sobre o recurso"), widget=forms.RadioSelect,
        choices=[(RECONSIDERA, _("Reconsiderar a decisão: o recurso é atendido")),
                 (MANTEM, _("Manter a decisão e encaminhar o recurso à autoridade superior"))])
    motivacao = forms.CharField(
        label=_("Motivação"), widget=forms.Textarea(attrs={"class": "form-control", "rows": 3}),
        help_text=_("Aprecie as razões do recurso (Lei 9.784/1999, art. 50). Manter a decisão "
                    "exige motivação específica."), max_length=MAXIMO_MOTIVACAO)

    def __init__(self, *args, recurso, objeto, **kwargs):
        kwargs.setdefault("prefix", "reconsideracao")
        super().__init__(*args, **kwargs)
        self.recurso = recurso
        extras = plugin(recurso.procedimento).campos_reconsideracao(objeto)
        for campo in extras.values():
            campo.widget.attrs.setdefault("class", "form-control")
        self.fields.update(extras)
        self.fields["confirmacao"] = campo_confirmacao(
            _("Ao confirmar, a decisão sobre o recurso é registrada como ato: reconsiderada, "
              "substitui a decisão recorrida; mantida, o recurso vai à autoridade superior do "
              "certame. Não pode ser desfeita."), id_html="id_confirmacao_reconsideracao")

    @property
    def extras(self) -> dict:
        return {k: v for k, v in self.cleaned_data.items()
                if k not in ("decisao", "motivacao", "confirmacao")}
