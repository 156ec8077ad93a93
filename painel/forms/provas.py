"""RH's forms for a cargo's phases (spec section 10): the phase with its cut-off per list, and
the banca's spreadsheet of a phase."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from comum.confirmacao import campo_confirmacao
from nucleo.motivacao import MAXIMO as MAXIMO_MOTIVACAO
from provas.models import Fase

MODOS = ((Fase.NUMERO, _("candidatos")), (Fase.MULTIPLO, _("× as vagas da lista")))


class FaseForm(forms.ModelForm):
    """A phase; one pair of fields per list of the regime for its cut-off (blank: no route of
    its own; AC's number is required when any list has one)."""

    class Meta:
        model = Fase
        fields = ["codigo", "nome", "tipo", "nota_minima", "nota_maxima", "peso",
                  "prazo_recurso_dias", "habilita_heteroidentificacao"]

    def __init__(self, *args, listas: tuple[str, ...], nomes: dict[str, str], **kwargs):
        super().__init__(*args, **kwargs)
        # Blank: the default period (Lei 9.784/1999, art. 59), as the help text says.
        self.fields["prazo_recurso_dias"].required = False
        self.listas = listas
        corte = self.instance.corte or {}
        for lista in listas:
            regra = corte.get(lista, {})
            self.fields[f"corte_{lista}"] = forms.IntegerField(
                label=_("Corte: %(l)s") % {"l": nomes.get(lista, lista)}, required=False,
                min_value=1, initial=regra.get("valor"),
                help_text=_("Quantos avançam por esta lista à fase seguinte (em branco: "
                            "nenhum corte próprio)."))
            self.fields[f"modo_{lista}"] = forms.ChoiceField(
                label=_("Contado em"), choices=MODOS, initial=regra.get("modo", Fase.NUMERO),
                required=False)
        self.fields["confirmacao"] = campo_confirmacao(_(
            "Confirmo esta fase como o edital a estabelece: o ato fica registrado no histórico "
            "do certame."))

    def campos_fase(self):
        return [self[nome] for nome in ("codigo", "nome", "tipo", "nota_minima",
                                        "nota_maxima", "peso", "prazo_recurso_dias")]

    def clean_prazo_recurso_dias(self):
        valor = self.cleaned_data.get("prazo_recurso_dias")
        return valor if valor is not None else Fase._meta.get_field(
            "prazo_recurso_dias").default

    def campos_corte(self):
        return [(self[f"corte_{lista}"], self[f"modo_{lista}"]) for lista in self.listas]

    def clean(self):
        dados = super().clean()
        corte = {}
        for lista in self.listas:
            valor = dados.get(f"corte_{lista}")
            if valor is not None:
                corte[lista] = {"modo": dados.get(f"modo_{lista}") or Fase.NUMERO,
                                "valor": valor}
        if corte and "AC" not in corte:
            self.add_error("corte_AC", _("Com cláusula de barreira, informe quantos avançam "
                                         "pela ampla concorrência."))
        self.instance.corte = corte
        return dados


class ImportarNotasForm(forms.Form):
    arquivo = forms.FileField(
        label=_("Planilha da banca (CSV ou XLSX)"),
        help_text=_("Colunas “inscricao” e “nota”; a nota é um número (vírgula ou ponto) ou "
                    "“ausente”. Tudo ou nada: um erro em qualquer linha recusa o arquivo."))
    confirmacao = campo_confirmacao(_(
        "Confirmo que a planilha é a da banca para esta fase: as notas substituem as "
        "anteriores desta fase e a classificação é recalculada."))


class JulgamentoRecursoFaseForm(forms.Form):
    """The certame's superior authority's ruling on an appeal against a phase result."""

    PROVIDO = "provido"
    NAO_PROVIDO = "nao_provido"

    decisao = forms.ChoiceField(
        label=_("Julgamento"), widget=forms.RadioSelect,
        choices=[(PROVIDO, _("Dar provimento: a nota é revista")),
                 (NAO_PROVIDO, _("Negar provimento: a nota publicada é mantida"))])
    nova_nota = forms.CharField(
        label=_("Nota revista (se der provimento)"), required=False, max_length=20,
        widget=forms.TextInput(attrs={"class": "form-control", "inputmode": "decimal"}))
    motivacao = forms.CharField(
        label=_("Motivação"), widget=forms.Textarea(attrs={"class": "form-control", "rows": 4}),
        help_text=_("Aprecie as razões do recurso (Lei 9.784/1999, art. 50). Negar provimento "
                    "exige motivação específica."), max_length=MAXIMO_MOTIVACAO)
    confirmacao = campo_confirmacao(_(
        "Ao confirmar, o julgamento é registrado como ato e não pode ser desfeito; dado "
        "provimento, a nota revista substitui a da banca e a classificação é recalculada."))


# --- the exam's application: venues, rooms, the allocation (provas.aplicacao) ------------


class LocalProvaForm(forms.Form):
    nome = forms.CharField(label=_("Nome do local"), max_length=150)
    endereco = forms.CharField(label=_("Endereço"), max_length=250)
    cidade = forms.CharField(label=_("Cidade"), max_length=120)


class SalaProvaForm(forms.Form):
    nome = forms.CharField(label=_("Nome da sala"), max_length=80)
    capacidade = forms.IntegerField(label=_("Capacidade (lugares)"), min_value=1,
                                    max_value=10_000)
    acessivel = forms.BooleanField(label=_("Sala acessível (fácil acesso)"), required=False)


class AlocacaoProvaForm(forms.Form):
    motivacao = forms.CharField(
        label=_("Motivação (obrigatória numa nova alocação)"), required=False,
        max_length=2000, widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Por que a alocação publicada é substituída (Lei 9.784/1999, art. 50)."))
