"""Forms of the special conditions at the exam (candidate and RH). The rules live in
`candidatos.condicoes`; these forms read the input so errors show beside their fields."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from candidatos import condicoes as dominio
from candidatos.forms_isencao import ArquivoConferidoField
from candidatos.models import CondicaoEspecial, ItemDecisaoAtendimento
from comum.confirmacao import campo_confirmacao
from comum.nomes import validar_nome_pessoa
from nucleo.motivacao import MAXIMO as MAXIMO_MOTIVACAO

Condicao = CondicaoEspecial


def _data():
    return forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class PedidoAtendimentoForm(forms.Form):
    condicoes = forms.MultipleChoiceField(
        label=_("Condições de que você precisa"), choices=Condicao.choices,
        widget=forms.CheckboxSelectMultiple)
    fonte = forms.CharField(
        label=_("Prova ampliada: tamanho da fonte"), required=False, max_length=200,
        help_text=_("Ex.: fonte 24. Só se pedir a prova ampliada."))
    outra = forms.CharField(label=_("Outra condição: qual"), required=False, max_length=200)
    justificativa = forms.CharField(
        label=_("Por que você precisa destas condições"),
        min_length=dominio.MINIMO_JUSTIFICATIVA, max_length=dominio.MAXIMO_JUSTIFICATIVA,
        widget=forms.Textarea(attrs={"rows": 4}))
    laudo = ArquivoConferidoField(
        label=_("Laudo médico"), required=False,
        help_text=_("Obrigatório para todas as condições, exceto a amamentação. Para o tempo "
                    "adicional, o parecer da equipe multiprofissional ou de especialista "
                    "(Decreto 9.508/2018, art. 4º). PDF, PNG ou JPEG de até 5 MB. O laudo é "
                    "visto só pelo RH e nunca vai para a lista do local de prova."))
    nascimento_crianca = forms.DateField(
        label=_("Amamentação: data de nascimento da criança"), required=False, widget=_data(),
        input_formats=["%Y-%m-%d", "%d/%m/%Y"],
        help_text=_("A criança deve ter até 6 meses no dia da prova; leve a certidão de "
                    "nascimento (Lei 13.872/2019, art. 2º)."))
    acompanhante_nome = forms.CharField(
        label=_("Amamentação: nome do(a) acompanhante adulto(a)"), required=False,
        max_length=200, validators=[validar_nome_pessoa],
        help_text=_("Quem fica com a criança em sala reservada. Pode ser indicado(a) agora ou no "
                    "dia da prova (Lei 13.872/2019, art. 3º)."))
    acompanhante_cpf = forms.CharField(label=_("Amamentação: CPF do(a) acompanhante"),
                                       required=False, max_length=14)
    confirmacao = campo_confirmacao(_(
        "Ao confirmar, o pedido é registrado com o laudo e enviado à análise do RH. Ele não "
        "pode ser desfeito: um novo pedido, no período de inscrições, o substitui."),
        id_html="id_confirmacao_pedido")

    def dados(self) -> dict:
        """The arguments of `condicoes.solicitar`."""
        d = self.cleaned_data
        detalhes = {Condicao.AMPLIADA: d.get("fonte", ""), Condicao.OUTRA: d.get("outra", "")}
        return {
            "condicoes": {c: detalhes.get(c, "") for c in d["condicoes"]},
            "justificativa": d["justificativa"], "laudo": d.get("laudo"),
            "lactante": dominio.DadosLactante(d.get("nascimento_crianca"),
                                                d.get("acompanhante_nome", ""),
                                                d.get("acompanhante_cpf", "")),
        }


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
