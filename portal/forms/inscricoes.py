"""Forms of the candidate's inscrição: the inscrição in a cargo (self-declaration and the
reserved-list options) and the change of the option."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from candidatos.inscricao_portal import opcoes_do_regime
from candidatos.models import (
    CorRaca,
    TipoDeficiencia,
    erros_autodeclaracao,
)
from comum.confirmacao import campo_confirmacao


class CampoListas(forms.MultipleChoiceField):
    widget = forms.CheckboxSelectMultiple


def _campo_listas(regime) -> CampoListas:
    opcoes = opcoes_do_regime(regime)
    campo = CampoListas(
        label=_("Vagas reservadas em que deseja concorrer"), required=False,
        choices=[(o.codigo, o.texto) for o in opcoes],
        help_text=_("Marque apenas as listas compatíveis com a sua autodeclaração. Quem opta "
                    "por uma reserva concorre também na ampla concorrência."))
    campo.opcoes = opcoes
    return campo


class InscricaoForm(forms.Form):
    """Self-declaration and options for one cargo of a certame. Nothing is prefilled: the
    self-declaration is valid only for this certame (Lei 3.057/2026, art. 10, §1º)."""

    cargo = forms.ModelChoiceField(label=_("Cargo"), queryset=None,
                                   empty_label=_("Escolha o cargo"))
    cor_raca = forms.ChoiceField(
        label=_("Cor ou raça (autodeclaração, categorias do IBGE)"),
        choices=[("", _("Escolha"))] + list(CorRaca.choices))
    quilombola = forms.BooleanField(
        label=_("Autoatribuo-me quilombola (pertencente a comunidade remanescente de "
                "quilombo)"), required=False)
    deficiencia = forms.BooleanField(label=_("Sou pessoa com deficiência"), required=False)
    tipo_deficiencia = forms.ChoiceField(
        label=_("Tipo de deficiência"), required=False,
        choices=[("", _("Não se aplica"))] + list(TipoDeficiencia.choices))
    declaracao = forms.BooleanField(
        label=_("Declaro, sob as penas da lei, que as informações acima são verdadeiras e que "
                "esta autodeclaração vale somente para este certame."))

    def __init__(self, *args, certame, **kwargs):
        super().__init__(*args, **kwargs)
        self.certame = certame
        self.fields["cargo"].queryset = certame.cargos.order_by("codigo")
        self.fields["cargo"].label_from_instance = self._rotulo_cargo
        self.fields["listas"] = _campo_listas(certame.regime_legal)
        # Field order: the options right after the self-declaration, before the oath.
        ordem = ["cargo", "cor_raca", "quilombola", "deficiencia", "tipo_deficiencia",
                 "listas", "declaracao"]
        self.order_fields(ordem)

    @staticmethod
    def _rotulo_cargo(cargo) -> str:
        if cargo.taxa_inscricao > 0:
            taxa = _("taxa R$ %(v)s") % {"v": f"{cargo.taxa_inscricao:.2f}".replace(".", ",")}
        else:
            taxa = _("sem taxa")
        return f"{cargo.codigo} — {cargo.nome} ({taxa})"

    def clean(self):
        dados = super().clean()
        if not dados.get("deficiencia"):
            dados["tipo_deficiencia"] = ""
        if dados.get("cor_raca") and "listas" in dados:
            # The domain checks again; here the errors show beside every field at once.
            erros = erros_autodeclaracao(
                self.certame.regime_legal, cor_raca=dados["cor_raca"],
                quilombola=dados.get("quilombola", False),
                deficiencia=dados.get("deficiencia", False),
                tipo_deficiencia=dados["tipo_deficiencia"], listas=list(dados["listas"]))
            for campo, mensagens in erros.items():
                self.add_error(campo, mensagens)
        return dados


class OpcoesCandidatoForm(forms.Form):
    def __init__(self, *args, inscricao, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["listas"] = _campo_listas(inscricao.cargo.certame.regime_legal)
        self.fields["listas"].label = _("Vagas reservadas em que deseja concorrer")
        self.fields["listas"].help_text = _(
            "Desmarque todas para desistir de concorrer pelas vagas reservadas.")
        if not self.is_bound:
            self.fields["listas"].initial = list(inscricao.listas)
        self.fields["confirmacao"] = campo_confirmacao(_(
            "Ao confirmar, a nova opção é registrada, vale a partir de agora e o comprovante "
            "da inscrição é refeito. Você pode mudá-la de novo até o fim do período de "
            "inscrições; o registro desta alteração não se desfaz."))
