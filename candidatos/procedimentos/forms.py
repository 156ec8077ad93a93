"""Forms of RH's administrative procedure pages (the candidate's: `portal.forms.procedimentos`).
The rules live in `candidatos.procedimentos`; these forms only read and pre-check the input."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from candidatos import procedimentos
from candidatos.models import ProcedimentoAdministrativo
from certames import calendario
from comum.confirmacao import campo_confirmacao
from nucleo.motivacao import MAXIMO as MAXIMO_MOTIVACAO
from nucleo.recursos import MAXIMO_TEXTO

#: Lei 9.784/1999, art. 44: "o interessado terá o direito de manifestar-se no prazo máximo de
#: dez dias".
PRAZO_ALEGACOES_DIAS = 10


def prazo_padrao(alvo) -> dt.datetime:
    """Ten days from now (Lei 9.784/1999, art. 44: ten days for allegations), counted as
    every period at the órgão of `alvo` (art. 66: `certames.calendario.fim_do_prazo`), shown
    in its time zone to the minute (the field has no seconds)."""
    fim = calendario.fim_do_prazo(timezone.now(), PRAZO_ALEGACOES_DIAS, alvo)
    return fim.replace(second=0)


class PrazoDefesaField(forms.DateTimeField):
    widget = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")

    def __init__(self, **kwargs):
        kwargs.setdefault("label", _("Prazo da defesa"))
        kwargs.setdefault("input_formats", ["%Y-%m-%dT%H:%M", "%d/%m/%Y %H:%M"])
        kwargs.setdefault("help_text", _("O candidato é notificado agora e pode apresentar "
                                         "defesa até esta data."))
        super().__init__(**kwargs)


class AbrirFraudeForm(forms.Form):
    """RH opens a procedure for fraud in the self-declaration of one reserved list."""

    lista = forms.ChoiceField(label=_("Lista reservada da autodeclaração"))
    origem = forms.ChoiceField(label=_("Origem"), choices=procedimentos.Origem.choices,
                               widget=forms.RadioSelect, initial=procedimentos.Origem.INDICIOS)
    fatos = forms.CharField(
        label=_("Indícios ou denúncia"), min_length=15, widget=forms.Textarea(attrs={"rows": 5}),
        help_text=_("Descreva os fatos que o candidato deve conhecer para se defender."),
        max_length=MAXIMO_TEXTO)
    prazo_defesa = PrazoDefesaField()
    confirmacao = campo_confirmacao(
        _("Ao confirmar, o procedimento é instaurado e o candidato é notificado por e-mail e "
          "na área do candidato, com os fatos acima, para apresentar defesa. A instauração "
          "não pode ser desfeita."))

    def __init__(self, *args, inscricao, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["lista"].choices = [
            (lista, lista)
            for lista in procedimentos.FraudeAutodeclaracao.listas_possiveis(inscricao)]
        self.fields["prazo_defesa"].initial = prazo_padrao(inscricao)
        fundamento = inscricao.certame.regime_legal.fundamento_nao_confirmacao_nao_e_fraude
        if fundamento:
            self.fields["fatos"].help_text = _(
                "Descreva os fatos que o candidato deve conhecer para se defender. A não "
                "confirmação da autodeclaração pela comissão, por si só, não caracteriza "
                "fraude (%(f)s).") % {"f": fundamento}


class DecisaoProcedimentoForm(forms.Form):
    conclusao = forms.ChoiceField(label=_("Conclusão"),
                                  choices=ProcedimentoAdministrativo.Conclusao.choices,
                                  widget=forms.RadioSelect)
    motivacao = forms.CharField(label=_("Motivação da decisão"),
                                widget=forms.Textarea(attrs={"rows": 4}),
                                help_text=_("Os fatos apurados, a apreciação da defesa e a "
                                            "conclusão."), max_length=MAXIMO_MOTIVACAO)
    confirmacao = campo_confirmacao(
        _("Ao confirmar, a decisão é registrada e os seus efeitos são aplicados à inscrição; "
          "o candidato é notificado e pode recorrer. A decisão não pode ser desfeita — só "
          "pelo recurso."), id_html="id_confirmacao_decidir")


class JulgamentoRecursoForm(forms.Form):
    """RH (not the decider) judges the appeal. Field names of their own: the decision form
    shares the page's POST handler."""

    resultado_recurso = forms.ChoiceField(
        label=_("Julgamento do recurso"),
        choices=ProcedimentoAdministrativo.ResultadoRecurso.choices, widget=forms.RadioSelect)
    motivacao_recurso = forms.CharField(
        label=_("Motivação do julgamento"), widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("As razões do recurso e a sua apreciação. Provido, a decisão é reformada "
                    "e os seus efeitos são desfeitos."), max_length=MAXIMO_MOTIVACAO)
    confirmacao = campo_confirmacao(
        _("Ao confirmar, o julgamento do recurso é registrado e o candidato é notificado; "
          "provido, a decisão é reformada. O julgamento não pode ser desfeito."),
        id_html="id_confirmacao_julgar")


class EncaminhamentoForm(forms.Form):
    destino = forms.ChoiceField(label=_("Destino"), choices=procedimentos.Destino.choices)
    data = forms.DateField(label=_("Data do encaminhamento"),
                           widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                           input_formats=["%Y-%m-%d", "%d/%m/%Y"])
    referencia = forms.CharField(
        label=_("Referência"), max_length=200,
        help_text=_("Ex.: número do ofício ou do protocolo; para outra autoridade, diga "
                    "qual."))
    confirmacao = campo_confirmacao(
        _("Ao confirmar, o encaminhamento é registrado como ato deste procedimento, com a "
          "data, o destino e a referência acima. O registro não pode ser desfeito."),
        id_html="id_confirmacao_encaminhar")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["data"].initial = timezone.localdate()


class EncerramentoForm(forms.Form):
    """RH closes the procedure (nothing left to decide, judge or forward)."""

    confirmacao = campo_confirmacao(
        _("Ao confirmar, o procedimento é encerrado: nenhum outro ato é registrado nele. O "
          "encerramento não pode ser desfeito."), id_html="id_confirmacao_encerrar")


class FiltroProcedimentosForm(forms.Form):
    tipo = forms.ChoiceField(
        label=_("Tipo"), required=False,
        choices=[("", _("Todos"))] + ProcedimentoAdministrativo.Tipo.choices)
    situacao = forms.ChoiceField(
        label=_("Situação"), required=False,
        choices=[("", _("Todas"))] + list(procedimentos.SITUACOES.items()))
    pendentes = forms.BooleanField(label=_("Só com encaminhamentos pendentes"),
                                   required=False)
