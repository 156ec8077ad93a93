"""Every irreversible act of the committee workspace and of RH's results
page asks for a confirmation that says what happens and that it cannot be undone. A POST
without it answers 400 with the reason and records nothing; with it, the act is recorded."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from certames.models import Ato
from comissoes.dominio.sessoes import registrar_comparecimento
from comissoes.dominio.votacao import registrar_voto
from comissoes.models import Avaliacao, Sessao
from nucleo.models import PublicacaoResultado
from tests.comissoes.fabricas import abrir_sessao, comissao_completa, convocado, sessao
from tests.comissoes.fabricas import cenario as cenario_resultados
from tests.factories import CertameFactory

pytestmark = pytest.mark.django_db

CONFIRME = "Marque a caixa de confirmação: o ato não pode ser desfeito e nada foi registrado."
TEXTO_AUSENCIA = ("Ao confirmar a ausência (ou a recusa da gravação), a avaliação é encerrada "
                  "como não confirmada e o parecer é gerado; o candidato o verá quando o "
                  "resultado preliminar for publicado. O ato não pode ser desfeito — só "
                  "recurso.")
MOTIVO = "Fenótipo compatível com pessoa parda."


@pytest.fixture
def fila():
    certame = CertameFactory(regime="smbv-lc22-2026")
    comissao, presidente, outros = comissao_completa(certame)
    s = sessao(comissao, inicio=timezone.now() - dt.timedelta(minutes=30))
    conv, av = convocado(s, cor_raca="parda", candidato__nome="Ana Clara Souza")
    abrir_sessao(s)  # the five present
    return {"sessao": s, "presidente": presidente, "outros": outros, "conv": conv, "av": av}


def _estado(av):
    av.refresh_from_db()
    av.convocacao.refresh_from_db()
    return (Ato.objects.count(), av.encerrada_em, av.resultado, av.convocacao.comparecimento)


@pytest.mark.parametrize("voltar", ["", "avaliacao"])
def test_ausente_exige_confirmacao(client, fila, voltar):
    av = fila["av"]
    client.force_login(fila["presidente"].usuario)
    pagina = (reverse("comissao:avaliacao", args=[av.pk]) if voltar
              else reverse("comissao:sessao", args=[fila["sessao"].pk]))
    html = client.get(pagina).content.decode()
    assert TEXTO_AUSENCIA in html and 'name="confirmacao"' in html
    antes = _estado(av)
    url = reverse("comissao:comparecimento", args=[fila["conv"].pk])
    resposta = client.post(url, {"comparecimento": "ausente", "voltar": voltar})
    assert resposta.status_code == 400
    assert CONFIRME in resposta.content.decode()
    assert pagina in resposta.content.decode()  # the way back
    assert _estado(av) == antes == (antes[0], None, "", "pendente")
    resposta = client.post(url, {"comparecimento": "ausente", "voltar": voltar,
                                 "confirmacao": "on"})
    assert (resposta.status_code, resposta["Location"]) == (302, pagina)
    _atos, encerrada_em, resultado, comparecimento = _estado(av)
    assert (Ato.objects.filter(tipo="comparecimento").count(), encerrada_em is not None,
            resultado, comparecimento) == (1, True, "nao_confirmada", "ausente")


def test_compareceu_nao_pede_confirmacao(client, fila):
    client.force_login(fila["presidente"].usuario)
    resposta = client.post(reverse("comissao:comparecimento", args=[fila["conv"].pk]),
                           {"comparecimento": "presente"})
    assert resposta.status_code == 302
    fila["conv"].refresh_from_db()
    assert fila["conv"].comparecimento == "presente"


def test_encerrar_avaliacao_exige_confirmacao(client, fila):
    av, presidente = fila["av"], fila["presidente"]
    registrar_comparecimento(fila["conv"], "presente", presidente=presidente)
    for m in fila["outros"][:3]:
        registrar_voto(av, m, "confirma", MOTIVO)
    client.force_login(presidente.usuario)
    pagina = reverse("comissao:avaliacao", args=[av.pk])
    html = client.get(pagina).content.decode()
    assert "nenhum voto pode mais ser substituído" in html
    url = reverse("comissao:encerrar_avaliacao", args=[av.pk])
    antes = _estado(av)
    resposta = client.post(url, {"gravacao": "sessao/ana.mp4"})
    assert resposta.status_code == 400
    assert CONFIRME in resposta.content.decode()
    assert _estado(av) == antes
    resposta = client.post(url, {"gravacao": "sessao/ana.mp4", "confirmacao": "on"})
    assert (resposta.status_code, resposta["Location"]) == (302, pagina)
    av.refresh_from_db()
    assert (av.resultado, av.encerrada_em is not None) == ("confirmada", True)


def test_encerrar_sessao_exige_confirmacao(client, fila, django_capture_on_commit_callbacks):
    presidente, s = fila["presidente"], fila["sessao"]
    registrar_comparecimento(fila["conv"], "ausente", presidente=presidente)
    client.force_login(presidente.usuario)
    pagina = reverse("comissao:sessao", args=[s.pk])
    assert "a sessão é encerrada e a ata é gerada" in client.get(pagina).content.decode()
    url = reverse("comissao:encerrar_sessao", args=[s.pk])
    atos = Ato.objects.count()
    resposta = client.post(url)
    assert resposta.status_code == 400
    assert CONFIRME in resposta.content.decode()
    assert (Ato.objects.count(), Sessao.objects.get(pk=s.pk).encerrada_em) == (atos, None)
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(url, {"confirmacao": "on"})
    assert (resposta.status_code, resposta["Location"]) == (302, pagina)
    assert Sessao.objects.get(pk=s.pk).encerrada_em is not None


def test_publicar_resultados_exige_confirmacao(client):
    c = cenario_resultados(publicar=False)
    client.force_login(c.rh)
    pagina = reverse("painel:resultados_certame", args=[c.certame.pk])
    html = client.get(pagina).content.decode()
    assert "Ao confirmar, o resultado preliminar do lote 1 é publicado" in html
    url = reverse("painel:publicar_preliminar", args=[c.certame.pk])
    atos = Ato.objects.count()
    resposta = client.post(url)
    assert resposta.status_code == 400
    assert CONFIRME in resposta.content.decode()
    assert (Ato.objects.count(), PublicacaoResultado.objects.count()) == (atos, 0)
    assert client.post(url, {"confirmacao": "on"}).status_code == 302
    assert list(PublicacaoResultado.objects.values_list("fase", "lote")) == [("preliminar", 1)]


def test_publicar_definitivo_exige_confirmacao(client):
    c = cenario_resultados(janela=(-3, -1))
    client.force_login(c.rh)
    html = client.get(reverse("painel:resultados_certame", args=[c.certame.pk])).content.decode()
    assert "Ao confirmar, o resultado definitivo do lote 1 é publicado" in html
    url = reverse("painel:publicar_final", args=[c.certame.pk])
    atos = Ato.objects.count()
    resposta = client.post(url, {"lote": "1"})
    assert resposta.status_code == 400
    assert CONFIRME in resposta.content.decode()
    assert (Ato.objects.count(), PublicacaoResultado.objects.filter(fase="final").count()) == (
        atos, 0)
    assert client.post(url, {"lote": "1", "confirmacao": "on"}).status_code == 302
    assert PublicacaoResultado.objects.filter(fase="final").count() == 1
    assert Avaliacao.objects.get(pk=c.avaliacao.pk).resultado == "nao_confirmada"
