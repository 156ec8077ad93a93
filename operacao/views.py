"""The operator's endpoints: `/saude/` and the browsers' Content-Security-Policy reports."""

from __future__ import annotations

import json
import logging

from django.http import HttpResponse, JsonResponse
from django.utils.decorators import method_decorator
from django.views import View
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt

from operacao import saude

logger = logging.getLogger("operacao.csp")

#: A report bigger than this is not a browser's report (bytes).
MAXIMO_RELATORIO = 16 * 1024
#: The fields of a report worth keeping; the rest (a sample of the page's code) is dropped.
CAMPOS_CSP = ("document-uri", "documentURL", "violated-directive", "effectiveDirective",
              "effective-directive", "blocked-uri", "blockedURL", "source-file", "sourceFile",
              "line-number", "lineNumber", "disposition")


@method_decorator(never_cache, name="dispatch")
class SaudeView(View):
    """200 with each component's state, 503 when one is down (JSON; no personal data)."""

    def get(self, request):
        estado = saude.verificar()
        return JsonResponse(estado.como_dict(), status=200 if estado.ok else 503)


def _sem_consulta(valor) -> str:
    """A URL without its query string and fragment (a one-time link must not reach the log)."""
    texto = str(valor)[:500]
    return texto.split("?", 1)[0].split("#", 1)[0]


def _relatorios(corpo: dict | list) -> list[dict]:
    """The reports of either format: `report-uri`'s {"csp-report": {...}} or the Reporting
    API's [{"type": "csp-violation", "body": {...}}, ...]."""
    if isinstance(corpo, dict) and isinstance(corpo.get("csp-report"), dict):
        return [corpo["csp-report"]]
    if isinstance(corpo, list):
        return [r["body"] for r in corpo[:20]
                if isinstance(r, dict) and isinstance(r.get("body"), dict)]
    return []


@method_decorator(csrf_exempt, name="dispatch")
class RelatorioCspView(View):
    """Browsers POST here what the Content-Security-Policy blocked (`report-uri`, comum's
    PoliticaConteudoMiddleware): each report is one warning in the log, with the page and the
    directive, so a broken page in production is seen. Answers 204; a body that is not a
    report gets 400 and is not logged."""

    http_method_names = ["post"]

    def post(self, request):
        if len(request.body) > MAXIMO_RELATORIO:
            return HttpResponse(status=413)
        try:
            relatorios = _relatorios(json.loads(request.body.decode("utf-8")))
        except (UnicodeDecodeError, ValueError):
            relatorios = []
        if not relatorios:
            return HttpResponse(status=400)
        for relatorio in relatorios:
            campos = {k: _sem_consulta(relatorio[k]) for k in CAMPOS_CSP if k in relatorio}
            logger.warning("violação da CSP: %s", json.dumps(campos, ensure_ascii=False,
                                                             sort_keys=True))
        return HttpResponse(status=204)
