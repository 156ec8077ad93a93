"""Forms of RH's pages of the special conditions at the exam (the candidate's:
`portal.forms.condicoes`). The rules live in `candidatos.condicoes`; these forms read the
input so errors show beside their fields."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from candidatos import condicoes as dominio
from candidatos.models import CondicaoEspecial, ItemDecisaoAtendimento
from comum.confirmacao import campo_confirmacao
from nucleo.motivacao import MAXIMO as MAXIMO_MOTIVACAO

Condicao = CondicaoEspecial


# --- RH ----------------------------------------------------------------------------------------


_SELECT = forms.Select(attrs={"class": "form-select form-select-sm"})


class FiltroPedidosForm(forms.Form):
    condicao = forms.ChoiceField(label=_("Condição"), required=False, widget=_SELECT,
                                 choices=[("", _("Todas"))] + Condicao.choices)
    estado = forms.ChoiceField(
        label=_("Situação"), required=False, widget=_SELECT,
        choices=[("", _("Todas"))] + [(k, v) for k, v in dominio.ROTULOS_ESTADO.items()])
    numero = forms.CharField(label=_("Inscrição"), required=False, max_length=20,
                             widget=forms.TextInput(
                                 attrs={"class": "form-control form-control-sm"}))


class DecisaoAtendimentoForm(forms.Form):
    """One result per requested condition (`resultado_<código>`, `motivacao_<código>`),
    the minutes of granted extra time, the decision's motivation and the confirmation."""

    motivacao = forms.CharField(
        label=_("Motivação da decisão"), widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Os fatos e o fundamento (Lei 9.784/1999, art. 50). Cada condição "
                    "indeferida tem ainda a sua motivação específica."),
        max_length=MAXIMO_MOTIVACAO)

    def __init__(self, *args, pedidas: list[str], recurso: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.pedidas = pedidas
        campos = {}
        for codigo in pedidas:
            rotulo = Condicao(codigo).label
            campos[f"resultado_{codigo}"] = forms.ChoiceField(
                label=rotulo, choices=ItemDecisaoAtendimento.Resultado.choices,
                widget=forms.RadioSelect)
            if codigo == Condicao.TEMPO_ADICIONAL:
                campos["minutos"] = forms.IntegerField(
                    label=_("Minutos de tempo adicional (se deferido)"), required=False,
                    min_value=1, max_value=dominio.MAXIMO_MINUTOS)
            campos[f"motivacao_{codigo}"] = forms.CharField(
                label=_("Motivação do indeferimento de “%(c)s”") % {"c": rotulo},
                required=False, widget=forms.Textarea(attrs={"rows": 2}),
                max_length=MAXIMO_MOTIVACAO)
        campos["motivacao"] = self.fields.pop("motivacao")
        if recurso:
            campos["motivacao"].label = _("Motivação do julgamento do recurso")
        campos["confirmacao"] = campo_confirmacao(
            _("Ao confirmar, o julgamento é registrado e substitui a decisão; o(a) candidato(a) "
              "o vê na área do candidato. Não pode ser desfeito.") if recurso else
            _("Ao confirmar, a decisão é registrada e o(a) candidato(a) a vê na área do "
              "candidato, com o prazo de recurso. Não pode ser desfeita: uma nova decisão a "
              "substitui até que haja recurso."))
        self.fields.update(campos)

    def resultados(self) -> dict[str, dominio.ResultadoCondicao]:
        d = self.cleaned_data
        return {c: dominio.ResultadoCondicao(
            d[f"resultado_{c}"], d.get(f"motivacao_{c}", ""),
            d.get("minutos") if c == Condicao.TEMPO_ADICIONAL else None)
            for c in self.pedidas}
