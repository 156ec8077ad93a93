"""RH's form of the call order the edital states (spec section 7, `ordem_convocacao`): per
reserved group, its positions and an optional period after the last one."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from comum.confirmacao import campo_confirmacao


class OrdemConvocacaoForm(forms.Form):
    def __init__(self, *args, grupos: list[tuple[str, str]], atual: dict | None = None,
                 confirmar: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.grupos = grupos
        atual = atual or {}
        for codigo, nome in grupos:
            regra = atual.get(codigo) or {}
            self.fields[f"posicoes_{codigo}"] = forms.CharField(
                label=_("%(l)s: posições") % {"l": nome}, required=False, max_length=300,
                initial=", ".join(str(p) for p in regra.get("posicoes", [])),
                help_text=_("Ex.: 3, 8, 13 (em branco: a regra do regime para esta lista)."))
            self.fields[f"periodo_{codigo}"] = forms.IntegerField(
                label=_("%(l)s: depois, a cada") % {"l": nome}, required=False, min_value=1,
                initial=regra.get("depois_a_cada"),
                help_text=_("Uma posição a cada tantas, depois da última informada."))
        if confirmar:
            self.fields["confirmacao"] = campo_confirmacao(_(
                "Confirmo a ordem de convocação estabelecida no edital: fica publicada com o "
                "quadro de vagas e registrada no histórico do certame."))

    def pares(self):
        return [(self[f"posicoes_{c}"], self[f"periodo_{c}"]) for c, _n in self.grupos]

    def clean(self):
        dados = super().clean()
        ordem = {}
        for codigo, _nome in self.grupos:
            texto = (dados.get(f"posicoes_{codigo}") or "").strip()
            periodo = dados.get(f"periodo_{codigo}")
            if not texto:
                if periodo:
                    self.add_error(f"posicoes_{codigo}", _(
                        "Informe as posições antes do período."))
                continue
            partes = [p for p in re.split(r"[\s,;]+", texto) if p]
            if not all(p.isdigit() for p in partes):
                self.add_error(f"posicoes_{codigo}", _(
                    "Use números inteiros separados por vírgula, ex.: 3, 8, 13."))
                continue
            ordem[codigo] = {"posicoes": [int(p) for p in partes]}
            if periodo:
                ordem[codigo]["depois_a_cada"] = periodo
        dados["ordem"] = ordem
        return dados
