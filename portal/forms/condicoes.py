"""Forms of the candidate's special conditions at the exam: the request and the appeal. The
rules live in `candidatos.condicoes`; these forms read the input so errors show beside their
fields."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from candidatos import condicoes as dominio
from candidatos.models import CondicaoEspecial
from comum.confirmacao import campo_confirmacao
from comum.nomes import validar_nome_pessoa
from portal.forms.isencao import ArquivoConferidoField

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
