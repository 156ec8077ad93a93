"""Forms of the certames app."""

from __future__ import annotations

import re
from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from certames.regras.aritmetica import formatar_percentual
from certames.regras.edital import CargoEdital
from certames.regras.regimes import (
    BASE_CARGO,
    BASE_EDITAL,
    CODIGOS_RESERVA,
    ELIMINA,
    PERMANECE_AC,
    REGIMES,
)

VAGAS_MAX = 1000
#: "Simular edital" with several cargos: at most this many cargos; their vacancies add up to
#: at most VAGAS_MAX (each draw hashes every free vacancy: the page must answer quickly).
CARGOS_MAX = 500
CODIGO_CARGO_MAX = 40
SEMENTE_MAX = 200
#: Line-level errors shown at most (the rest are counted).
ERROS_LINHA_MAX = 10
#: A cargo code: visible ASCII, no spaces (it goes into the draw's ticket text, spec 4.1).
CODIGO_CARGO = re.compile(r"[\x21-\x7e]+")
#: `CODIGO;VAGAS`, or code and vacancies separated by spaces or a tab (a spreadsheet paste).
_LINHA_CARGO = re.compile(r"\s*;\s*|\s+")


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


#: Simulate one cargo (N vacancies) or a whole edital (several cargos, spec section 4.1).
MODO_CARGO = "cargo"
MODO_EDITAL = "edital"
MODOS = ((MODO_CARGO, _("Um cargo")), (MODO_EDITAL, _("Edital inteiro (vários cargos)")))
BASES = (
    ("", _("Padrão do regime")),
    (BASE_EDITAL, _("Totalidade das vagas do edital (com sorteio)")),
    (BASE_CARGO, _("Cada cargo separadamente")),
)


def ler_cargos(texto: str) -> list[CargoEdital]:
    """The cargos typed one per line (`CODIGO;VAGAS` or `CODIGO VAGAS`; blank lines
    skipped). Raises ValidationError with one Portuguese message per bad line."""
    erros: list[str] = []
    cargos: list[CargoEdital] = []
    linha_do_codigo: dict[str, int] = {}
    for numero, linha in enumerate(texto.splitlines(), start=1):
        if not linha.strip():
            continue
        partes = _LINHA_CARGO.split(linha.strip())
        if len(partes) != 2 or not partes[0]:
            erros.append(_("Linha %(n)d: use CÓDIGO;VAGAS (por exemplo, PROF;10).")
                         % {"n": numero})
            continue
        codigo, vagas_texto = partes
        erro_linha = None
        if not CODIGO_CARGO.fullmatch(codigo):
            erro_linha = _(
                "Linha %(n)d: o código “%(codigo)s” tem caracteres fora do ASCII visível; use "
                "letras sem acento, dígitos e sinais, sem espaços.") % {
                    "n": numero, "codigo": codigo}
        elif len(codigo) > CODIGO_CARGO_MAX:
            erro_linha = _("Linha %(n)d: o código tem mais de %(max)d caracteres.") % {
                "n": numero, "max": CODIGO_CARGO_MAX}
        elif codigo in linha_do_codigo:
            erro_linha = _("Linha %(n)d: o código “%(codigo)s” repete o da linha %(outra)d.") % {
                "n": numero, "codigo": codigo, "outra": linha_do_codigo[codigo]}
        elif (not vagas_texto.isascii() or not vagas_texto.isdigit()
              or not vagas_texto.strip("0")):
            erro_linha = _(
                "Linha %(n)d: as vagas devem ser um número inteiro maior que zero (recebido "
                "“%(vagas)s”).") % {"n": numero, "vagas": vagas_texto}
        elif (len(vagas_texto.lstrip("0")) > len(str(VAGAS_MAX))
              or int(vagas_texto.lstrip("0")) > VAGAS_MAX):
            erro_linha = _("Linha %(n)d: no máximo %(max)d vagas por cargo.") % {
                "n": numero, "max": VAGAS_MAX}
        if erro_linha:
            erros.append(erro_linha)
            continue
        linha_do_codigo[codigo] = numero
        cargos.append(CargoEdital(codigo, int(vagas_texto.lstrip("0"))))
    if erros:
        excedentes = len(erros) - ERROS_LINHA_MAX
        if excedentes > 0:
            erros = [*erros[:ERROS_LINHA_MAX],
                     _("… e mais %(n)d linha(s) com erro.") % {"n": excedentes}]
        raise ValidationError(erros)
    if not cargos:
        raise ValidationError(_("Informe ao menos um cargo: uma linha CÓDIGO;VAGAS."))
    if len(cargos) > CARGOS_MAX:
        raise ValidationError(_("No máximo %(max)d cargos por simulação (informados: %(n)d).")
                              % {"max": CARGOS_MAX, "n": len(cargos)})
    total = sum(c.vagas for c in cargos)
    if total > VAGAS_MAX:
        raise ValidationError(_("Os cargos somam %(n)d vagas; o simulador aceita até %(max)d "
                                "vagas no edital.") % {"n": total, "max": VAGAS_MAX})
    return cargos


def _campo_nao_confirmacao(lista: str) -> str:
    return f"nao_confirmacao_{lista}"


class ParametrosEditalForm(forms.Form):
    """The edital settings the law leaves open, as labelled fields (the engine's JSON contract
    underneath): the simulator's and the edital editor's one definition, so a simulation can
    fill the editor with the same names ("usar neste certame").

    `parametros()` builds the same dict a certame stores in `Certame.parametros` (only what
    was set); `campo_do_parametro` maps an engine error's path back to its field."""

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
                    "reservar mais, até o máximo legal; onde a lei não regula a reserva PcD, o "
                    "edital a define."),
    )
    pcd_limite = forms.DecimalField(
        label=_("Limite da reserva PcD (% das vagas)"), required=False,
        min_value=Decimal("0.001"), max_value=Decimal(100), max_digits=6, decimal_places=3,
        localize=True, widget=forms.TextInput(attrs={"inputmode": "decimal"}),
        help_text=_("Se arredondar para cima passar deste limite, arredonda-se para baixo. "
                    "Em branco: sem limite."),
    )
    base_reserva = forms.ChoiceField(
        label=_("Base da reserva racial"), choices=BASES, required=False,
    )
    base_reserva_pcd = forms.ChoiceField(
        label=_("Base da reserva PcD"), choices=BASES, required=False,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Each regime's range, from its data (`RegraPcd.percentual_maximo`).
        faixas = "; ".join(
            _("%(r)s: de %(a)s a %(b)s") % {
                "r": r.nome, "a": formatar_percentual(r.pcd.percentual),
                "b": formatar_percentual(r.pcd.percentual_maximo)}
            for r in REGIMES.values() if r.pcd.percentual_maximo is not None)
        if faixas:
            self.fields["pcd_percentual"].help_text = _(
                "Em branco: regra do regime. Onde a lei fixa só um mínimo, o edital pode "
                "reservar mais, até o máximo legal (%(f)s); onde a lei não regula a reserva "
                "PcD, o edital a define.") % {"f": faixas}
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

    #: Whether `parametros()` includes the bases of the reserve (a whole edital).
    com_bases = True

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
        if self.com_bases:
            for campo in ("base_reserva", "base_reserva_pcd"):
                if d.get(campo):
                    parametros[campo] = d[campo]
        return parametros

    @staticmethod
    def iniciais(parametros: dict | None) -> dict:
        """The fields' initial values from a certame's stored settings (the inverse of
        `parametros()`)."""
        p = parametros or {}
        regra_pcd = p.get("regra_pcd") or {}
        iniciais = {
            "limiar_arredondamento": p.get("limiar_arredondamento", ""),
            "arredondamento_conjunto": bool(p.get("arredondamento_conjunto")),
            "pcd_percentual": regra_pcd.get("percentual"),
            "pcd_limite": regra_pcd.get("limite"),
            "base_reserva": p.get("base_reserva", ""),
            "base_reserva_pcd": p.get("base_reserva_pcd", ""),
        }
        for lista, efeito in (p.get("efeito_nao_confirmacao") or {}).items():
            iniciais[_campo_nao_confirmacao(lista)] = efeito
        return iniciais

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
        if campo in ("base_reserva", "base_reserva_pcd"):
            return campo
        if campo.startswith("efeito_nao_confirmacao."):
            nome = _campo_nao_confirmacao(campo.split(".", 1)[1])
            return nome if nome in self.fields else None
        return None


class SimularForm(ParametrosEditalForm):
    """Inputs of the "simulate this edital" page (GET): regime, N and the edital settings
    (`ParametrosEditalForm`).

    `modo` "edital" simulates a whole edital instead of N (spec section 4.1): the cargos
    (`cargos`, one `CODIGO;VAGAS` per line, parsed into `cargos_edital`), the seed of the
    draw (`semente`) and the bases of the reserve (`base_reserva`, `base_reserva_pcd`).
    The fields of the other mode travel as hidden inputs and are not validated.
    """

    regime = forms.ChoiceField(
        label=_("Regime legal de reserva"),
        choices=[(r.id, r.nome) for r in REGIMES.values()],
    )
    modo = forms.ChoiceField(
        label=_("Simular"), choices=MODOS, required=False, widget=forms.RadioSelect,
    )
    vagas = forms.IntegerField(
        label=_("Número de vagas"), min_value=1, max_value=VAGAS_MAX,
        help_text=_("Vagas do edital mais as surgidas, de 1 a 1000."),
    )
    cargos = forms.CharField(
        label=_("Cargos do edital"), required=False, max_length=40_000,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false",
                                     "autocapitalize": "characters",
                                     "class": "font-monospace"}),
        help_text=_("Um cargo por linha: código e vagas, separados por ponto e vírgula ou "
                    "espaço (ex.: PROF;10). Código em ASCII, sem espaços nem acentos; até "
                    "500 cargos e 1000 vagas no total."),
    )
    semente = forms.CharField(
        label=_("Semente do sorteio"), required=False, max_length=SEMENTE_MAX,
        help_text=_("O texto exato registrado como semente, por exemplo o 1º prêmio da "
                    "Loteria Federal na data que o edital indica."),
    )

    field_order = ["regime", "modo", "vagas", "limiar_arredondamento",
                   "arredondamento_conjunto", "pcd_percentual", "pcd_limite", "cargos",
                   "semente", "base_reserva", "base_reserva_pcd"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.modo_edital = self.data.get("modo") == MODO_EDITAL
        #: The bases of the reserve are the whole edital's settings.
        self.com_bases = self.modo_edital
        #: The parsed cargos (edital mode, valid form only).
        self.cargos_edital: list[CargoEdital] | None = None
        if self.modo_edital:
            # One cargo's N is not an input of the whole-edital simulation: it only travels
            # (hidden) for a switch back to one cargo.
            self.fields["vagas"].required = False

    def clean_modo(self):
        return self.cleaned_data.get("modo") or MODO_CARGO

    def clean_cargos(self):
        texto = self.cleaned_data.get("cargos", "")
        if self.modo_edital:
            # Nothing typed yet (just switched to this mode): no error, the page asks for
            # the cargos.
            self.cargos_edital = ler_cargos(texto) if texto.strip() else []
        return texto

    def clean(self):
        dados = super().clean()
        if self.modo_edital and "vagas" in self.errors:
            del self.errors["vagas"]
        return dados


def _texto(valor: Decimal) -> str:
    """Decimal text without exponent or trailing zeros: Decimal("5.000") -> "5"."""
    return format(valor.normalize(), "f")
