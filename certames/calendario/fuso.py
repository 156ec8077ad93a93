"""The órgão's clock: its time zone (its own setting, else its UF's) and what people read
of a certame shown in it. Re-exported by `certames.calendario`.

Every time a person reads is written in the órgão's zone: `comum.formatos` and the templates'
date filters write in the active zone, so what sets the zone decides. A page of a certame
activates it for the whole request (`FusoHorarioMiddleware`, by `orgao_da_url`: the URL names
the certame, a cargo, or in the workspaces an object of a certame by its pk; else the view's
`ativar_fuso`, and the template tag `fuso_da_pagina`); an e-mail, rendered by a worker, and
anything else written outside a page's request, is written inside `no_fuso` (the one way:
never a zone named by hand)."""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.utils import timezone

from certames.models import Certame, Orgao

#: The IANA zone of each UF (the canonical names of the tz database). Amazonas: its capital's
#: (America/Manaus); the western municipalities (Eirunepé, Envira...) are on America/Eirunepe
#: and set it in `Orgao.fuso_horario`, as Fernando de Noronha (PE) sets America/Noronha.
FUSO_POR_UF = {
    "AC": "America/Rio_Branco", "AM": "America/Manaus", "RR": "America/Boa_Vista",
    "RO": "America/Porto_Velho", "MT": "America/Cuiaba", "MS": "America/Campo_Grande",
    "PA": "America/Belem", "AP": "America/Belem", "TO": "America/Araguaina",
    "BA": "America/Bahia", "PE": "America/Recife", "AL": "America/Maceio",
    "SE": "America/Maceio", "CE": "America/Fortaleza", "RN": "America/Fortaleza",
    "PB": "America/Fortaleza", "PI": "America/Fortaleza", "MA": "America/Fortaleza",
}
FUSO_PADRAO = "America/Sao_Paulo"

# --- the órgão and its clock ------------------------------------------------------------------


def orgao_de(alvo) -> Orgao | None:
    """The órgão of an Orgao, a Certame, or anything of a certame (a cargo, an inscrição,
    an etapa, a chamada: its `certame`, or its cargo's)."""
    if alvo is None or isinstance(alvo, Orgao):
        return alvo
    if isinstance(alvo, Certame):
        return alvo.orgao
    for caminho in ("certame", "cargo"):
        if getattr(alvo, f"{caminho}_id", None) is not None:
            return orgao_de(getattr(alvo, caminho))
    return None


def nome_do_fuso(orgao: Orgao | None) -> str:
    if orgao is None:
        return settings.TIME_ZONE
    return orgao.fuso_horario or FUSO_POR_UF.get(orgao.uf, FUSO_PADRAO)


def fuso(alvo) -> zoneinfo.ZoneInfo:
    """The time zone of the órgão of `alvo` (`orgao_de`): its own setting, else its UF's."""
    return zoneinfo.ZoneInfo(nome_do_fuso(orgao_de(alvo)))


def hoje_no_orgao(orgao: Orgao) -> dt.date:
    return timezone.localtime(timezone.now(), fuso(orgao)).date()


@contextmanager
def no_fuso(alvo) -> Iterator[None]:
    """Inside the block, times are written (`comum.formatos`, templates) in the zone of the
    órgão of `alvo`; the zone active before is back after it. E-mails about a certame build
    their context and render inside it."""
    with timezone.override(fuso(alvo)):
        yield


# --- a certame's pages in its órgão's clock ----------------------------------------------------


def ativar_fuso(alvo) -> None:
    """From here to the end of the request, times are shown and read in the zone of the
    órgão of `alvo` (the middleware resets it at every request)."""
    timezone.activate(fuso(alvo))


#: The workspaces' URLs that name their object only by a pk after a word
#: (`/rh/certames/<pk>/homologar/`, `/rh/cargos/<pk>/`, `/comissao/sessoes/<pk>/`): the word,
#: and how the certame is found from that pk. Only the signed-in workspaces (uncached pages:
#: one query more); the public pages name their certame (`certame_pk`) or are rendered by
#: their template in its zone (`fuso_da_pagina`).
CERTAME_PELO_PK = {"certames": "pk", "cargos": "cargos__pk", "etapas": "etapas__pk",
                   "sessoes": "comissoes__sessoes__pk"}
AREAS_PELO_PK = ("/rh/", "/comissao/")
_PALAVRA_DO_PK = re.compile(r"(?:^|/)([a-z-]+)/<int:pk>")


def orgao_da_url(request, view_kwargs) -> Orgao | None:
    """The órgão whose zone answers the request: the certame the URL names (`certame`,
    `certame_pk`), a cargo's (`cargo_pk`), or, in the workspaces, the object before its pk
    (`CERTAME_PELO_PK`, and `orgaos/<pk>`). None: the default zone."""
    filtro = None
    if isinstance(view_kwargs.get("certame_pk") or view_kwargs.get("certame"), int):
        filtro = {"pk": view_kwargs.get("certame_pk") or view_kwargs.get("certame")}
    elif isinstance(view_kwargs.get("cargo_pk"), int):
        filtro = {"cargos__pk": view_kwargs["cargo_pk"]}
    elif isinstance(view_kwargs.get("pk"), int) and request.path.startswith(AREAS_PELO_PK):
        rota = getattr(getattr(request, "resolver_match", None), "route", "") or ""
        palavra = _PALAVRA_DO_PK.search(rota)
        if palavra is None:
            return None
        if palavra.group(1) == "orgaos":
            return Orgao.objects.filter(pk=view_kwargs["pk"]).first()
        if palavra.group(1) not in CERTAME_PELO_PK:
            return None
        filtro = {CERTAME_PELO_PK[palavra.group(1)]: view_kwargs["pk"]}
    if filtro is None:
        return None
    certame = Certame.objects.select_related("orgao").filter(**filtro).first()
    return certame.orgao if certame is not None else None


class FusoHorarioMiddleware:
    """Each request starts in the default zone (an earlier request of the same thread may
    have activated another); a URL that names its certame, a cargo or, in the workspaces, an
    object of a certame by its pk (`orgao_da_url`) is answered in its órgão's zone, so what
    Python writes (messages, errors, texts built by the domain) and what the templates show
    agree. Other pages of a certame activate it in their view (`ativar_fuso`) or show its
    times in its zone by the template tag `fuso_da_pagina` (templates/base.html)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()

    def process_view(self, request, view_func, view_args, view_kwargs):
        orgao = orgao_da_url(request, view_kwargs)
        if orgao is not None:
            ativar_fuso(orgao)
        return None
