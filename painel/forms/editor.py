"""RH's edital editor (`editais.servicos`): the certame with its órgão and the edital's
settings as labelled fields (never raw JSON; the simulator's own fields,
`certames.forms.ParametrosEditalForm`, so "usar neste certame" fills them), a cargo, a stage
of the schedule."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from localflavor.br.br_states import STATE_CHOICES
from localflavor.br.forms import BRCNPJField

from certames import calendario
from certames.cronograma import ETAPAS_ISENCAO
from certames.forms import ParametrosEditalForm
from certames.models import Cargo, Certame, Etapa, Orgao
from certames.regras.aritmetica import formatar_percentual
from certames.regras.regimes import REGIMES
from provas.models import Fase

#: The settings this editor writes (the others, e.g. the call order, the documents, the phases'
#: guarantee, have pages of their own and are kept as stored).
PARAMETROS_DO_EDITOR = ("limiar_arredondamento", "arredondamento_conjunto", "regra_pcd",
                        "efeito_nao_confirmacao", "base_reserva", "base_reserva_pcd",
                        "permite_fim_de_fila", "nota_maxima")

NOVO_ORGAO = "novo"
#: A cargo's requirements or duties as the edital summarises them (product limit).
MAXIMO_TEXTO_CARGO = 5000


def estilizar(form: forms.BaseForm) -> None:
    """Bootstrap's classes on every widget (the editor's pages render fields one by one)."""
    for campo in form.fields.values():
        widget = campo.widget
        if isinstance(widget, forms.CheckboxInput):
            classe = "form-check-input"
        elif isinstance(widget, forms.Select):
            classe = "form-select"
        else:
            classe = "form-control"
        widget.attrs.setdefault("class", classe)


class CertameForm(ParametrosEditalForm, forms.ModelForm):
    """The draft: órgão (one of the registered, or a new one), the edital's data and regime,
    and the settings the law leaves to the edital."""

    orgao_escolhido = forms.ChoiceField(label=_("Órgão"), required=True)
    orgao_nome = forms.CharField(label=_("Nome do novo órgão"), required=False, max_length=200)
    orgao_municipio = forms.CharField(label=_("Município"), required=False, max_length=120)
    orgao_uf = forms.ChoiceField(label=_("UF"), required=False,
                                 choices=[("", "—"), *STATE_CHOICES])
    orgao_cnpj = BRCNPJField(label=_("CNPJ"), required=False, max_length=18)
    permite_fim_de_fila = forms.BooleanField(
        label=_("O convocado pode pedir o fim de fila"), required=False,
        help_text=_("Só se o edital o prevê: o candidato convocado passa para o fim da lista em "
                    "vez de desistir."))
    nota_maxima = forms.DecimalField(
        label=_("Nota máxima da prova"), required=False, min_value=Decimal("0.0001"),
        max_digits=9, decimal_places=4, localize=True,
        widget=forms.TextInput(attrs={"inputmode": "decimal"}),
        help_text=_("Em branco: 100. A importação recusa uma nota acima dela."))

    class Meta:
        model = Certame
        fields = ["numero_edital", "titulo", "tipo", "regime", "data_publicacao_edital",
                  "validade_meses"]
        widgets = {"data_publicacao_edital": forms.DateInput(attrs={"type": "date"},
                                                             format="%Y-%m-%d")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        orgaos = [(str(o.pk), f"{o.nome} — {o.municipio}/{o.uf}")
                  for o in Orgao.objects.order_by("nome")]
        self.fields["orgao_escolhido"].choices = [*orgaos, (NOVO_ORGAO, _("Novo órgão…"))]
        if self.instance.pk is not None and not self.is_bound:
            self.initial.update(self.iniciais(self.instance.parametros))
            self.initial["orgao_escolhido"] = str(self.instance.orgao_id)
            self.initial["permite_fim_de_fila"] = bool(
                self.instance.parametros.get("permite_fim_de_fila"))
            self.initial["nota_maxima"] = self.instance.parametros.get("nota_maxima")
        self.fields["regime"].help_text = _(
            "A lei que reserva as vagas: ela fixa os percentuais, os procedimentos e os "
            "recursos; o edital só decide o que a lei deixa em aberto (abaixo).")
        estilizar(self)

    def campos_orgao(self):
        return [self[n] for n in ("orgao_escolhido", "orgao_nome", "orgao_municipio",
                                  "orgao_uf", "orgao_cnpj")]

    def campos_edital(self):
        return [self[n] for n in ("numero_edital", "titulo", "tipo", "regime",
                                  "data_publicacao_edital", "validade_meses")]

    def campos_parametros(self):
        return [self[n] for n in ("limiar_arredondamento", "arredondamento_conjunto",
                                  "pcd_percentual", "pcd_limite", "base_reserva",
                                  "base_reserva_pcd", "permite_fim_de_fila", "nota_maxima")]

    def clean(self):
        dados = super().clean()
        if dados.get("orgao_escolhido") == NOVO_ORGAO:
            for campo, nome in (("orgao_nome", _("o nome")), ("orgao_municipio",
                                                            _("o município")),
                                ("orgao_uf", _("a UF"))):
                if not dados.get(campo):
                    self.add_error(campo, _("Informe %(c)s do novo órgão.") % {"c": nome})
        return dados

    def orgao(self) -> Orgao:
        """The chosen órgão, or a new unsaved one (the service saves it)."""
        d = self.cleaned_data
        if d["orgao_escolhido"] == NOVO_ORGAO:
            return Orgao(nome=d["orgao_nome"], municipio=d["orgao_municipio"],
                         uf=d["orgao_uf"], cnpj="".join(c for c in d.get("orgao_cnpj") or ""
                                                        if c.isdigit()))
        try:
            return Orgao.objects.get(pk=int(d["orgao_escolhido"]))
        except (ValueError, Orgao.DoesNotExist):
            raise ValidationError({"orgao_escolhido": _("Escolha um órgão da lista.")}) from None

    def parametros_do_certame(self, anteriores: dict | None) -> dict:
        """The stored settings: those this editor does not write kept, its own replaced."""
        parametros = {k: v for k, v in (anteriores or {}).items()
                      if k not in PARAMETROS_DO_EDITOR}
        parametros.update(self.parametros())
        if self.cleaned_data.get("permite_fim_de_fila"):
            parametros["permite_fim_de_fila"] = True
        if self.cleaned_data.get("nota_maxima") is not None:
            parametros["nota_maxima"] = format(self.cleaned_data["nota_maxima"].normalize(), "f")
        return parametros


def regimes_explicados() -> list[dict]:
    """What each regime fixes, for the editor's explanation (from the regime's data)."""
    saida = []
    for regime in REGIMES.values():
        saida.append({
            "id": regime.id, "nome": regime.nome, "lei": regime.lei,
            "vigencia": regime.vigencia_desde, "fundamento_vigencia": regime.fundamento_vigencia,
            "grupos": [{"codigo": g.codigo, "nome": g.nome,
                        "percentual": formatar_percentual(g.percentual),
                        "fundamento": g.fundamento} for g in regime.grupos],
            "pcd": formatar_percentual(regime.pcd.percentual),
            "fundamento_pcd": regime.pcd.fundamento,
            "limiar_em_lei": regime.limiar_definido_em_lei,
            "isencao": regime.isencao is not None,
            "heteroidentificacao": regime.heteroidentificacao,
        })
    return saida


class CargoForm(forms.ModelForm):
    requisitos = forms.CharField(label=_("Requisitos"), required=False,
                                 max_length=MAXIMO_TEXTO_CARGO,
                                 widget=forms.Textarea(attrs={"rows": 2}))
    atribuicoes = forms.CharField(label=_("Atribuições"), required=False,
                                  max_length=MAXIMO_TEXTO_CARGO,
                                  widget=forms.Textarea(attrs={"rows": 2}))

    class Meta:
        model = Cargo
        fields = ["codigo", "nome", "vagas", "taxa_inscricao", "remuneracao", "requisitos",
                  "atribuicoes"]
        localized_fields = ("taxa_inscricao", "remuneracao")
        help_texts = {"vagas": _("As vagas do edital: a reserva é calculada sobre elas pela lei "
                                 "do regime (veja o quadro de vagas do certame).")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        estilizar(self)


class EtapaForm(forms.ModelForm):
    class Meta:
        model = Etapa
        fields = ["tipo", "inicio", "fim", "fase", "descricao"]
        widgets = {"inicio": forms.DateTimeInput(attrs={"type": "datetime-local"},
                                                 format="%Y-%m-%dT%H:%M"),
                   "fim": forms.DateTimeInput(attrs={"type": "datetime-local"},
                                              format="%Y-%m-%dT%H:%M")}

    def __init__(self, *args, certame: Certame, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.certame = certame
        self.certame = certame
        for nome in ("inicio", "fim"):
            self.fields[nome].input_formats = ["%Y-%m-%dT%H:%M", "%d/%m/%Y %H:%M"]
        if not certame.oferece_isencao:
            # A certame whose law grants no exemption has no exemption stage
            # (certames.cronograma: the exemption is the law's).
            self.fields["tipo"].choices = [c for c in self.fields["tipo"].choices
                                           if c[0] not in ETAPAS_ISENCAO]
        # The exam's stage of a cargo in phases names the phase it applies (Etapa.clean).
        self.fields["fase"].queryset = (Fase.objects.filter(cargo__certame=certame)
                                        .select_related("cargo")
                                        .order_by("cargo__codigo", "ordem"))
        self.fields["fase"].label_from_instance = lambda f: f"{f.cargo.codigo}: {f}"
        estilizar(self)

    def aviso(self) -> str | None:
        """A stage ending on a day without office hours at the órgão: a warning, never an
        error (the edital's date stands; the law extends the period: Lei 9.784/1999, art. 66,
        §1º, `certames.calendario.aviso_de_vencimento`)."""
        if self.is_bound:
            fim = self.cleaned_data.get("fim") if hasattr(self, "cleaned_data") else None
        else:
            fim = self.instance.fim
        return calendario.aviso_de_vencimento(fim, self.certame,
                                              sujeito=_("O fim desta etapa"))
