"""Forms of the certames app."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from certames.regras.regimes import CODIGOS_RESERVA, ELIMINA, PERMANECE_AC, REGIMES

VAGAS_MAX = 1000


def erros_no_form(form, exc: ValidationError) -> None:
    """Put a domain function's ValidationError on the form's fields (or the form): the one
    way every view shows what a domain function refused."""
    if hasattr(exc, "error_dict"):
        for campo, erros in exc.message_dict.items():
            form.add_error(campo if campo in form.fields else None, erros)
    else:
        form.add_error(None, exc.messages)

#: Rounding thresholds an edital may choose where the law is silent (spec section 3).
LIMIARES = (("", _("Padrão do regime")), ("0.5", "0,5"), ("0.7", "0,7"))

EFEITOS = (
    ("", _("Padrão do regime")),
    (ELIMINA, _("Elimina do certame")),
    (PERMANECE_AC, _("Permanece na ampla concorrência")),
)


def _campo_nao_confirmacao(lista: str) -> str:
    return f"nao_confirmacao_{lista}"


class SimularForm(forms.Form):
    """Inputs of the "simulate this edital" page (GET): regime, N and the edital settings.

    `parametros()` builds the same dict a certame stores in `Certame.parametros` (the engine's
    JSON contract), so the simulation and the real certame run through one code path.
    """

    regime = forms.ChoiceField(
        label=_("Regime legal de reserva"),
        choices=[(r.id, r.nome) for r in REGIMES.values()],
    )
    vagas = forms.IntegerField(
        label=_("Número de vagas"), min_value=1, max_value=VAGAS_MAX,
        help_text=_("Vagas do edital mais as surgidas, de 1 a 1000."),
    )
    limiar_arredondamento = forms.ChoiceField(
        label=_("Arredondamento das reservas (fração mínima para arredondar para cima)"),
        choices=LIMIARES, required=False,
        help_text=_("Só quando a lei não fixa o arredondamento."),
    )
    arredondamento_conjunto = forms.BooleanField(
        label=_("Arredondamento conjunto (percentual total arredondado uma vez e repartido)"),
        required=False,
    )
    pcd_percentual = forms.DecimalField(
        label=_("Reserva PcD (%)"), required=False, min_value=Decimal(0),
        max_value=Decimal(100), max_digits=6, decimal_places=3, localize=True,
        widget=forms.TextInput(attrs={"inputmode": "decimal"}),
        help_text=_("Em branco: regra do regime. Onde a lei fixa só um mínimo, o edital pode "
                    "reservar mais, até o máximo legal (LC 22/2026: de 5% a 10%; regime "
                    "federal: de 5% a 20%); onde a lei não regula a reserva PcD, o edital a "
                    "define."),
    )
    pcd_limite = forms.DecimalField(
        label=_("Limite da reserva PcD (% das vagas)"), required=False,
        min_value=Decimal("0.001"), max_value=Decimal(100), max_digits=6, decimal_places=3,
        localize=True, widget=forms.TextInput(attrs={"inputmode": "decimal"}),
        help_text=_("Se arredondar para cima passar deste limite, arredonda-se para baixo. "
                    "Em branco: sem limite."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for lista in CODIGOS_RESERVA:
            self.fields[_campo_nao_confirmacao(lista)] = forms.ChoiceField(
                label=_("Não confirmação na lista %(lista)s") % {"lista": lista},
                choices=EFEITOS, required=False,
            )

    def campos_nao_confirmacao(self):
        return [self[_campo_nao_confirmacao(lista)] for lista in CODIGOS_RESERVA]

    def clean(self):
        dados = super().clean()
        if (dados.get("pcd_limite") is not None and dados.get("pcd_percentual") is None
                and "pcd_percentual" not in self.errors):
            self.add_error("pcd_percentual",
                           _("Informe o percentual da reserva PcD para usar um limite."))
        return dados

    def parametros(self) -> dict:
        """The edital settings as `Certame.parametros` stores them (only what was set)."""
        d = self.cleaned_data
        parametros: dict = {}
        if d.get("limiar_arredondamento"):
            parametros["limiar_arredondamento"] = d["limiar_arredondamento"]
        if d.get("arredondamento_conjunto"):
            parametros["arredondamento_conjunto"] = True
        if d.get("pcd_percentual") is not None:
            regra = {"percentual": _texto(d["pcd_percentual"])}
            if d.get("pcd_limite") is not None:
                regra["limite"] = _texto(d["pcd_limite"])
            parametros["regra_pcd"] = regra
        efeitos = {lista: d[_campo_nao_confirmacao(lista)] for lista in CODIGOS_RESERVA
                   if d.get(_campo_nao_confirmacao(lista))}
        if efeitos:
            parametros["efeito_nao_confirmacao"] = efeitos
        return parametros

    def campo_do_parametro(self, campo: str) -> str | None:
        """Form field behind an engine setting path (`ErroParametro.campo`), or None."""
        if campo == "limiar_arredondamento":
            return "limiar_arredondamento"
        if campo == "arredondamento_conjunto":
            return "arredondamento_conjunto"
        if campo == "regra_pcd.limite":
            return "pcd_limite"
        if campo.startswith("regra_pcd"):
            return "pcd_percentual"
        if campo.startswith("efeito_nao_confirmacao."):
            nome = _campo_nao_confirmacao(campo.split(".", 1)[1])
            return nome if nome in self.fields else None
        return None


def _texto(valor: Decimal) -> str:
    """Decimal text without exponent or trailing zeros: Decimal("5.000") -> "5"."""
    return format(valor.normalize(), "f")
