"""The public draw of the reserved vacancies of an edital on the whole-edital base (spec
section 4.1, item 3): the announcement (source and date of the seed, cargo codes
and vacancies), the seed, every drawn seat with its digest, each cargo's split, and what a
citizen needs to re-run it: the instructions, the input as JSON and a short standalone script.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from certames import conferir_sorteio, distribuicao_edital, regras
from certames.models import Certame, Sorteio
from certames.regras.edital import texto_bilhete
from certames.regras.regimes import BASE_EDITAL
from classificacao.quadro_vagas import nome_lista
from publico.views.certames import STATUS_PUBLICOS

#: The standalone check script, served as is.
SCRIPT = Path(conferir_sorteio.__file__).resolve()


def certame_publico(pk: int) -> Certame:
    return get_object_or_404(Certame.objects.filter(status__in=STATUS_PUBLICOS)
                             .select_related("orgao"), pk=pk)


def contexto_sorteio(certame: Certame) -> dict:
    """What the public page (and RH's) shows of the draw: the announcement in force and the
    earlier ones, the seed, the edital's totals with their articles, every drawn seat and
    each cargo's split with its automatic part and the seats it won."""
    ctx: dict = {"certame": certame, "anuncio": None, "sorteio": None, "erro": ""}
    try:
        regime = distribuicao_edital.regime_efetivo(certame)
    except regras.ErroEntrada as exc:
        ctx["erro"] = _("Parâmetros do edital inválidos: %(e)s") % {"e": exc}
        return ctx
    ctx["regime"] = regime
    ctx["base_edital"] = BASE_EDITAL in (regime.base_reserva, regime.base_reserva_pcd)
    ctx["fundamento_base"] = (distribuicao_edital.fundamento_base(regime) if ctx["base_edital"]
                              else regime.fundamento_base_reserva)
    anuncios = list(certame.anuncios_sorteio.order_by("-registrado_em", "-id"))
    ctx["anuncios_anteriores"] = anuncios[1:]
    if not anuncios:
        return ctx
    anuncio = ctx["anuncio"] = anuncios[0]
    sorteio = Sorteio.objects.filter(certame=certame).select_related("anuncio").first()
    if sorteio is not None:
        anuncio = ctx["anuncio"] = sorteio.anuncio
    ctx["sorteio"] = sorteio
    conferencia = distribuicao_edital.dados_conferencia(certame, anuncio, sorteio)
    ctx["grupos"] = [dict(g, nome=nome_lista(regime, g["grupo"])) for g in conferencia["grupos"]]
    ctx["cargos_anunciados"] = anuncio.cargos
    ctx["vagas_edital"] = conferencia["vagas_edital"]
    ctx["colunas"] = [(lst, nome_lista(regime, lst)) for lst in regime.listas_com_ac]
    if sorteio is None:
        return ctx
    resultado = sorteio.resultado
    ctx["itens"] = resultado["sorteio"]
    ctx["retiradas"] = resultado.get("retiradas", [])
    ctx["nao_alocados"] = resultado.get("nao_alocados", {})
    refeito = distribuicao_edital.distribuicao_do_certame(certame)
    automaticas = {c.codigo: c.automaticas for c in refeito.edital.cargos} if refeito else {}
    ganhos: dict[str, Counter] = {}
    for s in resultado["sorteio"]:
        ganhos.setdefault(s["codigo"], Counter())[s["grupo"]] += 1
    ctx["cargos"] = [{
        "codigo": c["codigo"], "vagas": c["vagas"],
        "contagens": [c["distribuicao"].get(lst, 0) for lst in regime.listas_com_ac],
        "automaticas": ", ".join(f"{g} {n}" for g, n in automaticas.get(c["codigo"], {}).items()
                                 if n),
        "sorteadas": ", ".join(f"{g} {n}" for g, n in sorted(ganhos.get(c["codigo"], {}).items())),
    } for c in resultado["cargos"]]
    ctx["saida_esperada"] = distribuicao_edital.saida_esperada(resultado, list(regime.listas))
    if resultado["sorteio"]:
        s = resultado["sorteio"][0]
        ctx["exemplo_bilhete"] = texto_bilhete(sorteio.semente, s["grupo"], s["ordem"],
                                               s["codigo"], s["vaga"])
        ctx["exemplo_sha256"] = s["sha256"]
    return ctx


class SorteioPublicoView(TemplateView):
    template_name = "certames/publico/sorteio.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx.update(contexto_sorteio(certame_publico(kwargs["pk"])))
        return ctx


class SorteioJsonView(View):
    """The draw's input (and seed, once drawn) for the check script."""

    def get(self, request, pk):
        certame = certame_publico(pk)
        sorteio = Sorteio.objects.filter(certame=certame).select_related("anuncio").first()
        anuncio = sorteio.anuncio if sorteio else certame.anuncios_sorteio.order_by(
            "-registrado_em", "-id").first()
        if anuncio is None:
            raise Http404
        dados = distribuicao_edital.dados_conferencia(certame, anuncio, sorteio)
        resposta = JsonResponse(dados, json_dumps_params={"ensure_ascii": False, "indent": 2})
        resposta["Content-Disposition"] = 'attachment; filename="sorteio.json"'
        return resposta


class ScriptConferenciaView(View):
    """The standalone script (Python 3, standard library only)."""

    def get(self, request, pk):
        certame_publico(pk)
        resposta = HttpResponse(SCRIPT.read_text(encoding="utf-8"),
                                content_type="text/x-python; charset=utf-8")
        resposta["Content-Disposition"] = 'attachment; filename="conferir.py"'
        return resposta

