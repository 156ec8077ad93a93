"""comum/emails.py: the one way out for every e-mail (templates by name, retries in one place).

The mail used here, `teste`, lives in a temporary template folder placed before the project's
own: its subject spans lines, its text body and its HTML body show what a user typed.
"""

from __future__ import annotations

import smtplib

import pytest
from django.conf import settings as django_settings
from django.core.mail.backends.locmem import EmailBackend

from comum import emails
from comum.models import TentativaAviso

ASSUNTO = "{% load i18n %}{% autoescape off %}\n  {% blocktranslate %}Aviso   da inscrição\n" \
          "{{ numero }}{% endblocktranslate %}\n{% endautoescape %}\n"
CORPO = "{% load i18n %}{% autoescape off %}{% blocktranslate %}Olá, {{ nome }}.{% " \
        "endblocktranslate %}{% endautoescape %}"
CORPO_HTML = "{% load i18n %}<p>{% blocktranslate %}Olá, {{ nome }}.{% endblocktranslate %}</p>"


@pytest.fixture
def mail_teste(settings, tmp_path):
    """The mail `teste` (subject, text body and HTML body) in a template folder of its own."""
    pasta = tmp_path / "emails" / "teste"
    pasta.mkdir(parents=True)
    (pasta / "assunto.txt").write_text(ASSUNTO)
    (pasta / "corpo.txt").write_text(CORPO)
    (pasta / "corpo.html").write_text(CORPO_HTML)
    motor = {**django_settings.TEMPLATES[0], "DIRS": [tmp_path, *django_settings.TEMPLATES[0]
                                                      ["DIRS"]]}
    settings.TEMPLATES = [motor]
    return pasta


@pytest.fixture
def esperas(monkeypatch):
    """The pauses between tries, recorded instead of slept."""
    feitas: list[float] = []
    monkeypatch.setattr(emails.time, "sleep", feitas.append)
    return feitas


def _falhar(monkeypatch, erros: list[BaseException]) -> list[int]:
    """The backend raises each of `erros` in turn, then sends; returns the tries made."""
    original = EmailBackend.send_messages
    tentativas: list[int] = []

    def send_messages(self, mensagens):
        tentativas.append(1)
        if erros:
            raise erros.pop(0)
        return original(self, mensagens)

    monkeypatch.setattr(EmailBackend, "send_messages", send_messages)
    return tentativas


def _enviar(capturar, nome="teste"):
    with capturar(execute=True):
        return emails.enviar(nome, "a@example.org", {"numero": "000001", "nome": "Ana"})


def _historico(aviso):
    aviso.refresh_from_db()
    return (aviso.estado, aviso.tentativas,
            [t.resultado for t in TentativaAviso.objects.filter(aviso=aviso)])


@pytest.mark.django_db
def test_falha_transitoria_e_tentada_de_novo(mail_teste, monkeypatch, mailoutbox,
                                             django_capture_on_commit_callbacks):
    tentativas = _falhar(monkeypatch, [smtplib.SMTPServerDisconnected("caiu")])
    aviso = _enviar(django_capture_on_commit_callbacks)
    assert len(tentativas) == 2
    assert _historico(aviso) == ("enviado", 2, ["transitorio", "enviado"])
    assert [m.to for m in mailoutbox] == [["a@example.org"]]


@pytest.mark.django_db
def test_falha_permanente_encerra_sem_nova_tentativa(mail_teste, monkeypatch, mailoutbox,
                                                     django_capture_on_commit_callbacks):
    recusa = smtplib.SMTPRecipientsRefused({"a@example.org": (550, b"no such user")})
    tentativas = _falhar(monkeypatch, [recusa])
    aviso = _enviar(django_capture_on_commit_callbacks)
    assert len(tentativas) == 1
    assert _historico(aviso) == ("falhou", 1, ["permanente"])
    assert "550" in aviso.ultimo_erro
    assert mailoutbox == []


@pytest.mark.django_db
def test_falhas_em_todas_as_tentativas_terminam_falhou(mail_teste, monkeypatch, mailoutbox,
                                                       settings,
                                                       django_capture_on_commit_callbacks):
    settings.AVISOS_TENTATIVAS = 3
    tentativas = _falhar(monkeypatch, [smtplib.SMTPServerDisconnected("caiu")
                                       for _ in range(3)])
    aviso = _enviar(django_capture_on_commit_callbacks)
    assert len(tentativas) == 3
    assert _historico(aviso) == ("falhou", 3, ["transitorio"] * 3)
    assert mailoutbox == []


def test_espera_dobra_a_cada_tentativa(settings):
    settings.AVISOS_ESPERA_SEGUNDOS = 60
    assert [emails.espera(n) for n in range(4)] == [60, 120, 240, 480]


@pytest.mark.django_db
def test_sigiloso_guardado_sem_o_segredo_e_tentado_no_processo(mail_teste, esperas,
                                                               monkeypatch, mailoutbox):
    tentativas = _falhar(monkeypatch, [smtplib.SMTPServerDisconnected("caiu")])
    # In the mail `teste`, the name stands for the one-time link.
    monkeypatch.setattr(emails, "SIGILOSOS", {"teste": ("nome",)})
    aviso = emails.enviar("teste", "a@example.org", {"numero": "000001", "nome": "SEGREDO-1"})
    assert len(tentativas) == 2
    assert esperas == [emails.ESPERA_INICIAL]
    assert _historico(aviso) == ("enviado", 2, ["transitorio", "enviado"])
    omitido = str(emails.OMITIDO)
    assert (aviso.corpo, aviso.corpo_html, aviso.sigiloso) == (
        f"Olá, {omitido}.", f"<p>Olá, {omitido}.</p>", True)
    assert aviso.assunto == "Aviso da inscrição 000001"
    # The recipient got the real one.
    assert [m.body for m in mailoutbox] == ["Olá, SEGREDO-1."]


@pytest.mark.django_db
def test_sigiloso_levanta_quando_todas_falham(mail_teste, esperas, monkeypatch, mailoutbox):
    _falhar(monkeypatch, [smtplib.SMTPServerDisconnected("caiu")
                          for _ in range(emails.TENTATIVAS)])
    monkeypatch.setattr(emails, "SIGILOSOS", {"teste": ("nome",)})
    with pytest.raises(smtplib.SMTPServerDisconnected):
        emails.enviar("teste", "a@example.org", {"numero": "000001", "nome": "Ana"})
    # The pause doubles after each failed try; none after the last one.
    assert esperas == [emails.ESPERA_INICIAL * 2 ** i for i in range(emails.TENTATIVAS - 1)]


def test_os_links_de_uso_unico_nao_sao_guardados():
    assert emails.SIGILOSOS == {"cadastro_confirmacao": ("link",),
                                "cadastro_vinculo": ("link",),
                                "convite_membro_comissao": ("link",),
                                "redefinicao_senha": ("link",)}


def test_assunto_em_uma_linha_e_corpo_html_como_alternativa(mail_teste):
    msg = emails.mensagem("teste", "a@example.org", {"numero": "000001", "nome": "Ana"},
                          responder_a="rh@example.org")
    assert msg.subject == "Aviso da inscrição 000001"
    assert msg.body == "Olá, Ana."
    assert msg.alternatives == [("<p>Olá, Ana.</p>", "text/html")]
    assert msg.from_email == django_settings.DEFAULT_FROM_EMAIL
    assert msg.to == ["a@example.org"]
    assert msg.reply_to == ["rh@example.org"]


def test_sem_corpo_html_nao_ha_alternativa(mail_teste):
    (mail_teste / "corpo.html").unlink()
    msg = emails.mensagem("teste", ["a@example.org", "b@example.org"], {"nome": "Ana"})
    assert msg.alternatives == []
    assert msg.to == ["a@example.org", "b@example.org"]


def test_o_que_o_usuario_digitou_e_dado_nao_template(mail_teste):
    digitado = "{{ segredo }}{% now 'Y' %} <b>Ana</b> & O'Brien"
    msg = emails.mensagem("teste", "a@example.org", {"nome": digitado, "segredo": "VAZOU"})
    assert msg.body == f"Olá, {digitado}."
    assert "VAZOU" not in msg.body
    html = msg.alternatives[0][0]
    assert html == ("<p>Olá, {{ segredo }}{% now &#x27;Y&#x27; %} &lt;b&gt;Ana&lt;/b&gt; "
                    "&amp; O&#x27;Brien.</p>")
    assert "VAZOU" not in html
