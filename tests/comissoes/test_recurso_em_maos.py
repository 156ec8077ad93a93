"""The appeal committee judges with the appeal in hand. The member who
opens the appeal sees the candidate's reasons (escaped) and attachments (served only to who
may judge it), the decision appealed against with its parecer and vote counts (names only
where the edital publishes them), the session and its recording; the texts speak of the
appeal, not of a preliminary result."""

import datetime as dt
import itertools

import pytest
from django.urls import reverse
from django.utils import timezone

from comissoes.dominio.composicao import registrar_impedimento
from comissoes.dominio.recursos import autos_do_recurso, link_da_gravacao
from comissoes.dominio.votacao import encerrar_avaliacao, registrar_voto
from comissoes.models import Comissao
from tests.comissoes.apoio_html import links, texto, texto_bruto
from tests.comissoes.fabricas import (
    GRAVACAO,
    LOCAL_RECURSO,
    MOTIVO_NAO,
    MOTIVO_SIM,
    PDF,
    RAZOES_RECURSO,
    candidato_com_conta,
    caso_de_recurso,
    comissao_votante,
)
from tests.factories import CertameFactory

pytestmark = pytest.mark.django_db

PIR = "pirangi-lei3056-2025"
RAZOES = RAZOES_RECURSO
LOCAL = LOCAL_RECURSO
_n = itertools.count()


def _pagina(client, c, membro=None):
    client.force_login((membro or c.julgadores[1]).usuario)
    resposta = client.get(reverse("comissao:avaliacao", args=[c.julgamento.pk]))
    assert resposta.status_code == 200
    return resposta.content.decode()


def _nome(m):
    return m.usuario.get_full_name() or m.usuario.username


def test_o_membro_da_recursal_ve_o_recurso_e_a_decisao_recorrida(client):
    c = caso_de_recurso()
    html = _pagina(client, c)
    # The reasons, escaped, as the candidate wrote them.
    assert texto_bruto(html, "razoes-recurso") == RAZOES
    assert "&lt;script&gt;alert" in html and "<script>alert" not in html
    assert links(html, "anexos-recurso") == [
        (reverse("recursos:anexo", args=[c.anexo.pk]), "declaracao.pdf")]
    # The decision appealed against: result, vote counts, parecer, session, recording.
    assert texto(html, "resultado-recorrido").startswith("Não confirmada — ")
    assert texto(html, "votacao-recorrida") == (
        "3 votos pela não confirmação, 2 pela confirmação.")
    assert texto_bruto(html, "parecer-recorrido") == c.av.parecer
    assert c.av.parecer.startswith("A comissão não confirmou a autodeclaração (3 voto(s)")
    horario = timezone.localtime(c.conv.horario).strftime("%d/%m/%Y %H:%M")
    assert texto(html, "sessao-recorrida") == f"{horario} · {LOCAL} · Compareceu"
    assert links(html, "gravacao-recorrida") == [(GRAVACAO, "Abrir a gravação da sessão")]
    # The edital does not publish the members' names: none of the first committee's.
    for m in c.membros:
        assert _nome(m) not in html
    # Texts of an appeal, not of a first-instance evaluation (the president's page).
    assert "dá provimento ao recurso" in texto(html, "sentido-no-recurso")
    html = _pagina(client, c, next(m for m in c.julgadores if m.presidente))
    assert texto_bruto(html, "parecer-recorrido") == c.av.parecer
    assert "Encerrar o julgamento do recurso e gerar o parecer" in html
    assert ("o(a) candidato(a) conhecerá a decisão do recurso com o resultado definitivo. Da "
            "decisão do recurso não cabe novo recurso") in html
    assert "quando o resultado preliminar for publicado" not in html
    assert "Encerrar a avaliação e gerar o parecer" not in html


def test_nomes_por_sentido_so_quando_o_edital_os_publica():
    c = caso_de_recurso(divulgar=True)
    autos = autos_do_recurso(c.julgamento)
    assert (autos.confirmam, autos.nao_confirmam) == (2, 3)
    assert autos.nomes_nao_confirmam == [_nome(m) for m in c.membros[:3]]
    assert autos.nomes_confirmam == [_nome(m) for m in c.membros[3:]]
    c2 = caso_de_recurso()
    autos2 = autos_do_recurso(c2.julgamento)
    assert (autos2.nomes_confirmam, autos2.nomes_nao_confirmam) == (None, None)


def test_gravacao_sem_endereco_web_aparece_como_referencia_e_nunca_como_link(client):
    c = caso_de_recurso(gravacao="sessao-1-000123.mp4")
    html = _pagina(client, c)
    assert links(html, "gravacao-recorrida") == []
    assert texto(html, "gravacao-recorrida") == (
        "Arquivo sessao-1-000123.mp4, sob guarda da organização do certame (peça ao RH o "
        "acesso).")
    assert link_da_gravacao("javascript:alert(1)") == ""
    assert link_da_gravacao("data:text/html,<b>x</b>") == ""
    assert link_da_gravacao("https:sem-host") == ""
    assert link_da_gravacao(" http://gravacoes.exemplo/1.mp4 ") == "http://gravacoes.exemplo/1.mp4"


def test_decisao_por_ausencia_mostra_que_nao_houve_votacao(client):
    c = caso_de_recurso(ausente=True)
    autos = autos_do_recurso(c.julgamento)
    assert (autos.confirmam, autos.nao_confirmam, autos.sem_votacao) == (0, 0, "Não compareceu")
    html = _pagina(client, c)
    assert texto(html, "votacao-recorrida") == "Sem votação: não compareceu."
    assert texto(html, "gravacao-recorrida") == "Não há gravação registrada."
    assert texto_bruto(html, "parecer-recorrido") == c.av.parecer
    assert c.av.parecer.startswith("O(A) candidato(a) não compareceu")


def test_parecer_do_recurso_fala_de_provimento(client):
    c = caso_de_recurso()
    for m in c.julgadores[:3]:
        registrar_voto(c.julgamento, m, "confirma", MOTIVO_SIM)
    presidente = next(m for m in c.julgadores if m.presidente)
    client.force_login(presidente.usuario)
    resposta = client.post(reverse("comissao:encerrar_avaliacao", args=[c.julgamento.pk]),
                           {"confirmacao": "on"}, follow=True)
    assert "Julgamento do recurso encerrado; parecer gerado." in resposta.content.decode()
    c.julgamento.refresh_from_db()
    assert c.julgamento.resultado == "confirmada"
    assert c.julgamento.parecer.startswith(
        "Julgamento do recurso: recurso provido, reformada a decisão recorrida.\n\n"
        "A comissão confirmou a autodeclaração (3 voto(s) a favor, 0 contra;")
    # The appeal's basis, then the procedure's (Pirangi: Lei 3.056/2025).
    assert c.julgamento.fundamento == (
        "Lei 3.056/2025, art. 4º, §1º, II (contraditório e ampla defesa); obrigatória para "
        "todo optante PP habilitado, mesmo aprovado na ampla concorrência (Lei 3.056/2025, "
        "art. 6º, §1º)")
    html = _pagina(client, c, presidente)
    assert "Julgamento do recurso: recurso provido (Confirmada)" in html

    outro = caso_de_recurso()
    for m in outro.julgadores[:3]:
        registrar_voto(outro.julgamento, m, "nao_confirma", MOTIVO_NAO)
    fechada = encerrar_avaliacao(outro.julgamento,
                                 next(m for m in outro.julgadores if m.presidente))
    assert fechada.parecer.startswith(
        "Julgamento do recurso: recurso não provido, mantida a decisão recorrida.\n\n")
    # The first instance's parecer never carries the appeal's words.
    assert not outro.av.parecer.startswith("Julgamento do recurso")


def test_anexo_so_para_quem_julga_este_recurso(client):
    c = caso_de_recurso()
    url = reverse("recursos:anexo", args=[c.anexo.pk])
    # Another certame's recursal committee, a member of it with the term signed.
    outro_certame = CertameFactory(regime=PIR, data_publicacao_edital=dt.date(2026, 10, 1))
    _outra, de_outra = comissao_votante(outro_certame, Comissao.Tipo.RECURSAL)
    # A recursal member of this certame with an impedimento about the candidate.
    impedido = c.julgadores[4]
    registrar_impedimento(impedido, c.insc, motivo="Vizinho da candidata há dez anos.",
                          autor=impedido.usuario)
    estranha = candidato_com_conta(f"estranha{next(_n)}").usuario
    casos = [
        (c.julgadores[1].usuario, 200),     # judges this appeal
        (c.candidato.usuario, 200),         # the candidate who filed it
        (de_outra[0].usuario, 404),         # another committee's member
        (c.membros[0].usuario, 404),        # judged the first instance
        (impedido.usuario, 404),            # impedimento
        (estranha, 404),                    # a candidate who is not the owner
    ]
    obtidos = []
    for user, _esperado in casos:
        client.force_login(user)
        resposta = client.get(url)
        obtidos.append(resposta.status_code)
        if resposta.status_code == 200:
            assert b"".join(resposta.streaming_content) == PDF
            assert resposta["Content-Type"] == "application/pdf"
    assert obtidos == [esperado for _u, esperado in casos]
    # Nor do they reach the appeal's page.
    for user in (de_outra[0].usuario, impedido.usuario):
        client.force_login(user)
        assert client.get(reverse("comissao:avaliacao",
                                  args=[c.julgamento.pk])).status_code == 404
    client.force_login(estranha)
    assert client.get(reverse("comissao:avaliacao",
                              args=[c.julgamento.pk])).status_code == 403
