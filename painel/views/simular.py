"""RH: simulate an edital (vacancy split and call order) before publishing it (at
/rh/simular/; moved from `classificacao/simulador.py`, which keeps the helpers the public pages
share).

A GET form, so a simulation is a link. The page is the same with or without htmx: htmx
re-requests it as the form changes and swaps in the form and the result (`hx-select`).

Two modes: one cargo of N vacancies (section 4 of the spec, and the call order), or a whole
edital of several cargos (section 4.1: totals on the whole edital and the public draw,
`classificacao.simulador.simular_edital`).
"""

from __future__ import annotations

import json

from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from certames import regras
from certames.forms import SimularForm
from certames.recalculo import ler_parametros
from certames.regras.aritmetica import formatar_decimal, formatar_percentual
from certames.regras.convocacao import fontes_da_vaga
from certames.regras.regimes import ELIMINA, REGIMES
from classificacao.quadro_vagas import nome_lista, posicoes_por_lista
from classificacao.simulador import simular_edital
from painel.acesso import RHMixin

#: What the page shows before the first submission.
INICIAL = {"regime": next(iter(REGIMES)), "vagas": "30"}

#: Bootstrap badge classes per slot type in the call order.
CLASSES_VAGA = {
    regras.AC: "text-bg-light border",
    "PP": "text-bg-primary",
    "I": "text-bg-success",
    "Q": "text-bg-warning",
    "PPI": "text-bg-primary",
    regras.PCD: "text-bg-info",
}


def linhas_distribuicao(regime: regras.Regime, dist: regras.Distribuicao) -> list[dict]:
    """One row per list (AC first): count, explanation sentence and legal basis."""
    linhas = [{
        "lista": regras.AC, "nome": nome_lista(regime, regras.AC), "vagas": dist.ac,
        "percentual": "", "texto": dist.texto_ac, "fundamento": "",
        "fundamento_percentual": "",
    }]
    for calculo in dist.calculos:
        linhas.append({
            "lista": calculo.lista, "nome": nome_lista(regime, calculo.lista),
            "vagas": calculo.resultado, "percentual": formatar_percentual(calculo.percentual),
            "texto": calculo.texto, "fundamento": calculo.fundamento,
            "fundamento_percentual": calculo.fundamento_percentual,
        })
    return linhas


def fontes_por_tipo(regime: regras.Regime, ordem: tuple[str, ...]) -> list[dict]:
    """How a position of each type in ``ordem`` is filled (spec v3, sections 6 and 7 step
    5): its lists in order, each with its legal basis from the regime."""
    return [{
        "vaga": tipo, "nome": nome_lista(regime, tipo),
        "passos": [{"lista": lista, "nome": nome, "fundamento": fundamento}
                   for lista, nome, fundamento in fontes_da_vaga(regime, tipo)],
    } for tipo in regime.listas_com_ac if tipo in ordem]


class SimularView(RHMixin, TemplateView):
    template_name = "painel/simular/simular.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        form = SimularForm(self.request.GET or INICIAL)
        ctx["form"] = form
        ctx["resultado"] = self.simular(form) if form.is_valid() else None
        return ctx

    def simular(self, form: SimularForm) -> dict | None:
        parametros = form.parametros()
        try:
            if form.modo_edital:
                return self.simular_edital(form, parametros)
            vagas = form.cleaned_data["vagas"]
            regime = regras.aplicar_parametros(
                regras.obter_regime(form.cleaned_data["regime"]), ler_parametros(parametros))
            dist = regras.distribuir(vagas, regime)
            ordem = regras.ordem_convocacao(vagas, regime)
        except regras.ErroParametro as exc:
            # The engine's Portuguese message, on the field that caused it.
            campo = form.campo_do_parametro(exc.campo)
            mensagem = str(exc)
            if campo is not None:
                mensagem = mensagem.removeprefix(f"parametros.{exc.campo}: ")
                mensagem = mensagem[:1].upper() + mensagem[1:]
            form.add_error(campo, mensagem)
            return None
        except regras.ErroEntrada as exc:
            form.add_error(None, str(exc))
            return None
        fontes = fontes_por_tipo(regime, ordem)
        origens = {f["vaga"]: " → ".join(p["lista"] for p in f["passos"]) for f in fontes}
        return {
            "regime": regime,
            "vagas": vagas,
            "distribuicao": dist,
            "linhas": linhas_distribuicao(regime, dist),
            "ordem": [{"posicao": n, "vaga": tipo, "classe": CLASSES_VAGA.get(tipo, ""),
                       "origem": origens[tipo]} for n, tipo in enumerate(ordem, start=1)],
            "fontes": fontes,
            "posicoes_por_lista": posicoes_por_lista(regime, ordem),
            **_regras_aplicadas(regime),
            "parametros_json": _parametros_json(parametros),
        }

    def simular_edital(self, form: SimularForm, parametros: dict) -> dict | None:
        """The whole edital (spec section 4.1); None until a cargo is typed."""
        cargos = form.cargos_edital
        if not cargos:
            return None
        # The engine's reader: it knows the bases of the reserve, which `Certame.parametros`
        # does not store (yet).
        regime = regras.aplicar_parametros(
            regras.obter_regime(form.cleaned_data["regime"]),
            regras.ler_parametros(parametros or None))
        edital = simular_edital(regime, form.cleaned_data["semente"], cargos)
        return {
            "regime": regime,
            "edital": edital,
            "vagas": edital["vagas"],
            **_regras_aplicadas(regime),
            "parametros_json": _parametros_json(parametros),
        }


def _regras_aplicadas(regime: regras.Regime) -> dict:
    """The "regras aplicadas" block: rounding, PcD rule, effect of a non-confirmation."""
    return {
        "limiar": formatar_decimal(regime.limiar_arredondamento),
        "pcd_percentual": formatar_percentual(regime.pcd.percentual),
        "pcd_limite": (formatar_percentual(regime.pcd.limite)
                       if regime.pcd.limite is not None else None),
        "nao_confirmacao": [{
            "lista": n.lista,
            "efeito": (_("elimina do certame") if n.efeito == ELIMINA
                       else _("permanece na ampla concorrência")),
            "fundamento": n.fundamento,
        } for n in regime.nao_confirmacao],
    }


def _parametros_json(parametros: dict) -> str:
    """The settings as `Certame.parametros` takes them (the bases of the reserve are not
    among its keys yet: `certames.models.PARAMETROS_MOTOR`)."""
    cadastro = {k: v for k, v in parametros.items()
                if k not in ("base_reserva", "base_reserva_pcd")}
    return json.dumps(cadastro, ensure_ascii=False, indent=2) if cadastro else ""
