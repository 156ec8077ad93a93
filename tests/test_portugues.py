"""Portuguese everywhere: the error pages as the server answers them with
DEBUG=False (404, 403, CSRF, 500), every account form's labels, and the browser's icon."""

import re

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client, override_settings
from django.urls import path, reverse

from config.urls import urlpatterns as urls_do_projeto


def _falha(request):
    raise RuntimeError("falha de teste")


def _proibido(request):
    raise PermissionDenied


# A test-only URLconf: the project's URLs plus two views that fail.
urlpatterns = [
    *urls_do_projeto,
    path("teste/falha/", _falha),
    path("teste/proibido/", _proibido),
]

COM_FALHAS = override_settings(DEBUG=False, ROOT_URLCONF=__name__)


@pytest.mark.django_db
@COM_FALHAS
def test_404_em_portugues_com_link_para_o_inicio(client):
    resposta = client.get("/nao-existe/")
    assert resposta.status_code == 404
    html = resposta.content.decode()
    assert "<title>Página não encontrada · Certames públicos</title>" in html
    assert '<p class="text-body-secondary mb-1">Erro 404</p>' in html
    assert '<a class="btn btn-primary" href="/">Ver certames</a>' in html
    assert "Not Found" not in html


@pytest.mark.django_db
@COM_FALHAS
def test_403_em_portugues(client, candidato_user):
    resposta = client.get("/teste/proibido/")
    assert resposta.status_code == 403
    html = resposta.content.decode()
    assert '<h1 class="h3">Acesso negado</h1>' in html
    assert "Talvez seja preciso entrar no sistema primeiro." in html
    client.force_login(candidato_user)
    resposta = client.get(reverse("painel:auditoria"))
    assert resposta.status_code == 403
    assert "Você não tem permissão para acessar esta página." in resposta.content.decode()
    assert "403 Forbidden" not in resposta.content.decode()


@pytest.mark.django_db
@COM_FALHAS
def test_falha_de_csrf_em_portugues():
    resposta = Client(enforce_csrf_checks=True).post(reverse("password_reset"),
                                                     {"email": "a@example.com"})
    assert resposta.status_code == 403
    html = resposta.content.decode()
    assert '<h1 class="h3">O formulário não pôde ser verificado</h1>' in html
    assert "CSRF verification failed" not in html


@pytest.mark.django_db
@COM_FALHAS
def test_500_em_portugues_sem_contexto_nem_banco(client):
    client.raise_request_exception = False
    resposta = client.get("/teste/falha/")
    assert resposta.status_code == 500
    html = resposta.content.decode()
    assert "<title>Erro no servidor</title>" in html
    assert "<h1>Erro no servidor</h1>" in html
    assert '<p><a href="/">Voltar ao início</a></p>' in html
    assert '<link rel="icon" href="/favicon.ico">' in html
    assert "Server Error" not in html


def _rotulos(resposta) -> dict[str, str]:
    return {nome: str(campo.label) for nome, campo in resposta.context["form"].fields.items()}


@pytest.mark.django_db
def test_rotulos_dos_formularios_de_conta_em_portugues(client, rh):
    assert _rotulos(client.get(reverse("password_reset"))) == {"email": "E-mail"}
    html = client.get(reverse("password_reset")).content.decode()
    assert re.search(r'<label\s+for="id_email"[^>]*>\s*E-mail<span', html)
    assert "Email" not in html
    assert _rotulos(client.get(reverse("login"))) == {"username": "Usuário", "password": "Senha"}
    client.force_login(rh)
    assert _rotulos(client.get(reverse("password_change"))) == {
        "old_password": "Senha antiga", "new_password1": "Nova senha",
        "new_password2": "Confirmação da nova senha"}


@pytest.mark.django_db
def test_rotulos_da_nova_senha_pelo_link(client, rh):
    from django.contrib.auth.tokens import default_token_generator
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    uid = urlsafe_base64_encode(force_bytes(rh.pk))
    token = default_token_generator.make_token(rh)
    resposta = client.get(reverse("password_reset_confirm", args=[uid, token]), follow=True)
    assert _rotulos(resposta) == {"new_password1": "Nova senha",
                                  "new_password2": "Confirmação da nova senha"}


# --- the icon ---------------------------------------------------------------------------------


@pytest.mark.django_db
@override_settings(WHITENOISE_USE_FINDERS=True)
def test_favicon_e_icones_ligados_respondem():
    # WhiteNoise serves the static files in production (collectstatic); here it reads them
    # from the finders, as it does with DEBUG on.
    cliente = Client()
    resposta = cliente.get("/favicon.ico")
    assert (resposta.status_code, resposta["Location"]) == (302, "/static/img/favicon.ico")
    icone = cliente.get(resposta["Location"])
    assert (icone.status_code, icone["Content-Type"]) == (200, "image/x-icon")
    html = cliente.get(reverse("inicio")).content.decode()
    ligados = re.findall(r'<link rel="icon" href="([^"]+)"(?: sizes="32x32")? type="([^"]+)">',
                         html)
    assert ligados == [("/static/img/favicon.svg", "image/svg+xml"),
                       ("/static/img/favicon-32.png", "image/png")]
    for href, tipo in ligados:
        resposta = cliente.get(href)
        assert (resposta.status_code, resposta["Content-Type"]) == (200, tipo)
