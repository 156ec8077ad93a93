"""The one guard of the candidate's pages (`candidatos.acesso`) and the receipt served through
the one file server, regenerated when its file is lost."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.test import RequestFactory
from django.urls import reverse
from django.views import View

from candidatos.acesso import CandidatoMixin, inscricao_do_candidato
from tests.factories import CandidatoFactory, InscricaoFactory, usuario

pytestmark = pytest.mark.django_db


class _Pagina(CandidatoMixin, View):
    def get(self, request, pk):
        return HttpResponse(self.minha_inscricao(pk).numero)


def _pedir(user, pk):
    request = RequestFactory().get("/candidato/x/")
    request.user = user
    return _Pagina.as_view()(request, pk=pk)


def _conta_candidato(username):
    user = usuario(username, "Candidato")
    CandidatoFactory(usuario=user)
    return user


def test_guarda_login_403_e_404_para_a_inscricao_de_outro(rh):
    dona = _conta_candidato("dona")
    outra = _conta_candidato("outra")
    insc = InscricaoFactory(candidato=dona.candidato, numero="000777")
    assert _pedir(dona, insc.pk).content == b"000777"
    anonimo = _pedir(AnonymousUser(), insc.pk)
    assert (anonimo.status_code, anonimo.url.split("?")[0]) == (302, reverse("login"))
    with pytest.raises(PermissionDenied):
        _pedir(rh, insc.pk)
    for pk in (insc.pk, insc.pk + 1000):  # someone else's, and one that does not exist
        with pytest.raises(Http404):
            _pedir(outra, pk)


def test_permissao_declarada_do_comprovante_inclui_o_rh(rh):
    insc = InscricaoFactory()
    assert inscricao_do_candidato(rh, insc.pk, "candidatos.ver_comprovante") == insc
    with pytest.raises(Http404):
        inscricao_do_candidato(rh, insc.pk)  # RH does not "own" it


def test_comprovante_perdido_e_gerado_de_novo_e_servido(client):
    dona = _conta_candidato("dona")
    insc = InscricaoFactory(candidato=dona.candidato, numero="000778")
    client.force_login(dona)
    url = reverse("portal:comprovante", args=[insc.pk])
    primeira = client.get(url)
    assert b"".join(primeira.streaming_content)[:4] == b"%PDF"
    insc.refresh_from_db()
    insc.comprovante.storage.delete(insc.comprovante.name)  # lost from the storage
    resposta = client.get(url)
    assert resposta.status_code == 200
    assert (resposta["Content-Type"], resposta["Content-Disposition"],
            resposta["X-Content-Type-Options"], resposta["Cache-Control"]) == (
        "application/pdf",
        "inline; filename=\"comprovante-inscricao-000778.pdf\"; "
        "filename*=UTF-8''comprovante-inscricao-000778.pdf",
        "nosniff", "private, no-store")
    assert b"".join(resposta.streaming_content)[:4] == b"%PDF"
