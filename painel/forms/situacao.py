"""Forms of RH's acts that stop, resume or end the certame (`editais.situacao`), and what the
certame's page needs of them (`contexto`)."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from certames.models import AtoSituacaoCertame, Certame
from certames.situacao import motivo_certame_parado
from comum.confirmacao import campo_confirmacao
from editais import situacao
from nucleo.motivacao import MAXIMO as MAXIMO_MOTIVACAO

_TEXTO = {"class": "form-control"}
_DATA_HORA = "%Y-%m-%dT%H:%M"


def _motivacao(ajuda) -> forms.CharField:
    return forms.CharField(label=_("Motivação"), help_text=ajuda, max_length=MAXIMO_MOTIVACAO,
                           widget=forms.Textarea(attrs={**_TEXTO, "rows": 3}))


def _origem() -> forms.ChoiceField:
    return forms.ChoiceField(label=_("Origem da ordem"),
                             choices=AtoSituacaoCertame.Origem.choices,
                             widget=forms.Select(attrs={"class": "form-select"}))


def _documento() -> forms.CharField:
    return forms.CharField(
        label=_("Documento da ordem"), required=False, max_length=250,
        help_text=_("Obrigatório para decisão judicial ou do Tribunal de Contas: o número da "
                    "decisão ou do processo."),
        widget=forms.TextInput(attrs={**_TEXTO, "placeholder": _(
            "Ex.: Processo 0001234-56.2026.8.26.0000, decisão liminar de 02/03/2026")}))


class SuspensaoForm(forms.Form):
    origem = _origem()
    documento = _documento()
    fundamento = forms.CharField(
        label=_("Fundamento da ordem (opcional)"), required=False, max_length=150,
        widget=forms.TextInput(attrs=_TEXTO),
        help_text=_("O dispositivo que a ordem aplica, somado ao fundamento da origem."))
    motivacao = _motivacao(_("O que a ordem determina e por quê; fica publicada na página do "
                             "certame e é enviada por e-mail aos inscritos."))
    confirmacao = campo_confirmacao(_(
        "Ao confirmar, o certame fica suspenso: inscrições, pedidos, recursos, sessões, "
        "importações, publicações, homologação e convocações ficam impedidos até a retomada. "
        "A suspensão é publicada e comunicada aos inscritos."))


class RetomadaForm(forms.Form):
    """The retomada: its motivation and the new dates (or the same, confirmed) of each stage
    the suspension interrupted (`editais.situacao.etapas_a_refazer`)."""

    motivacao = _motivacao(_("Por que o certame é retomado (ex.: a decisão que revogou a "
                             "liminar)."))
    confirmacao = campo_confirmacao(_(
        "Ao confirmar, o certame é retomado com as datas acima para as etapas que a suspensão "
        "interrompeu; o novo cronograma é publicado e comunicado aos inscritos."))

    def __init__(self, *args, certame: Certame, **kwargs):
        super().__init__(*args, **kwargs)
        suspensao = situacao.suspensao_vigente(certame)
        self.etapas = (situacao.etapas_a_refazer(certame, suspensao)
                       if suspensao is not None else [])
        campos = {}
        for etapa in self.etapas:
            for parte, rotulo in (("inicio", _("início")), ("fim", _("fim"))):
                campos[f"{parte}_{etapa.pk}"] = forms.DateTimeField(
                    label=f"{etapa.get_tipo_display()} — {rotulo}",
                    initial=timezone.localtime(getattr(etapa, parte)).strftime(_DATA_HORA),
                    input_formats=[_DATA_HORA, "%Y-%m-%d %H:%M"],
                    widget=forms.DateTimeInput(attrs={**_TEXTO, "type": "datetime-local"},
                                               format=_DATA_HORA))
        self.fields = {**campos, **self.fields}

    def cronograma(self) -> dict:
        """The dates by stage; a date the form kept (it shows minutes) is the stage's own."""
        d = self.cleaned_data

        def valor(etapa, parte):
            dado, atual = d[f"{parte}_{etapa.pk}"], getattr(etapa, parte)
            return atual if dado == atual.replace(second=0, microsecond=0) else dado

        return {e.pk: (valor(e, "inicio"), valor(e, "fim")) for e in self.etapas}


class CancelamentoForm(forms.Form):
    tipo = forms.ChoiceField(
        label=_("Ato"), widget=forms.Select(attrs={"class": "form-select"}),
        choices=[(AtoSituacaoCertame.Tipo.ANULACAO, _("Anulação (ilegalidade)")),
                 (AtoSituacaoCertame.Tipo.REVOGACAO,
                  _("Revogação (conveniência e oportunidade da Administração)"))])
    origem = _origem()
    documento = _documento()
    motivacao = _motivacao(_("A ilegalidade ou as razões de interesse público que determinam o "
                             "ato; fica publicada e é enviada aos inscritos."))
    confirmacao = campo_confirmacao(_(
        "Ao confirmar, o certame é encerrado definitivamente: nada mais acontece nele além da "
        "consulta. O ato é publicado e os inscritos são avisados de que a devolução da taxa "
        "segue o edital. O cancelamento não pode ser desfeito."))


def contexto(certame: Certame, ctx: dict) -> dict:
    """The forms and flags of the certame's page (its buttons: suspend while published or
    under way, resume while suspended, cancel while not cancelled)."""
    ctx.setdefault("form_suspensao", SuspensaoForm(prefix="suspensao"))
    ctx.setdefault("form_cancelamento", CancelamentoForm(prefix="cancelamento"))
    if certame.status == Certame.Status.SUSPENSO:
        ctx.setdefault("form_retomada", RetomadaForm(prefix="retomada", certame=certame))
    ctx["certame_parado"] = motivo_certame_parado(certame)
    ctx["suspensivel"] = situacao.motivo_nao_suspender(certame) is None
    ctx["retomavel"] = situacao.motivo_nao_retomar(certame) is None
    ctx["cancelavel"] = situacao.motivo_nao_cancelar(certame) is None
    return ctx
