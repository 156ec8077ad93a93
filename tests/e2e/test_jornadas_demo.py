"""On a fresh clone, on any date, `make run` shows each audience a
journey that works end to end without the admin. The demo is loaded as `make run` loads it
(`carregar_demo`, dated today) and each audience walks its journey in the browser only, after
logging in through the log-in form with the documented passwords:

- candidate: a new inscrição where inscrições are open (Severínia), the fee exemption with its
  required proof (a PNG), an appeal with a PDF attached where the appeal window is open
  (Pirangi), all as `candidato`; then, as `candidato2` (SMBV's PcD optant), the medical report
  sent and the set confirmed in today's PcD stage;
- comissão: three titulares of SMBV's heteroidentification committee sign the term, the
  president records the three present (the others absent) and the candidates' attendance in
  today's session, the three vote, the president closes the
  evaluation (confirmation box) and the session; the ata (PDF) carries the three votes and
  a signature line for each of the three;
- RH: finds the candidate, publishes a preliminary classification (confirmation page), calls
  the next position of the homologated certame (confirmation box) and downloads the order of
  nomeação as a PDF that names the certame.

"On any date": the application's clock is set to the day under test (11:30 in São Paulo,
ticking), the demo is loaded as of that day and the journeys run against it: today and a day
years from the demo's edital dates (2031-03-10). What the pages say is checked against the
database.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import shutil
import struct
import subprocess
import zlib
from zoneinfo import ZoneInfo

import django.utils.timezone as dj_timezone
import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone

from candidatos.models import Inscricao, PedidoIsencao
from certames.models import Cargo, Certame, Chamada, Publicacao
from comissoes.dominio import documental
from comissoes.models import Avaliacao, DocumentoEnviado, PresencaSessao, Sessao, Voto
from comum.formatos import data_hora_br
from demo.management.commands.carregar_demo import (
    CONTA_LAUDO,
    MEMBROS,
    SENHA_MEMBROS,
    USUARIOS,
)
from demo.pdf import pdf_simples
from nucleo.models import Recurso
from tests.e2e.passos import entrar

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FUSO = ZoneInfo("America/Sao_Paulo")
#: The documented passwords (README, "Contas de demonstração").
SENHAS = {username: senha for username, senha, *_ in USUARIOS}
SENHAS.update({username: SENHA_MEMBROS for username, *_ in MEMBROS})
SENHAS[CONTA_LAUDO] = SENHAS["candidato"]
#: Today (as `make run` on the day the suite runs) and a date far from the demo's 2026.
DATAS = ["hoje", "2031-03-10"]
#: After the last call of SMBV's session (09:00 plus 15 minutes per candidate, 8 called):
#: an absence is recorded only from the time of the call (comissoes.dominio.sessoes).
HORA = dt.time(11, 30)

_DATETIME = dt.datetime


class _MesmoTipo(type):
    """The shifted clock's class still answers isinstance() as datetime does (Django's
    template_localtime checks `isinstance(value, datetime)` in the same module)."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, _DATETIME)

    def __subclasscheck__(cls, sub):
        return issubclass(sub, _DATETIME)


def _relogio_em(monkeypatch, momento: dt.datetime) -> None:
    """Run the application's clock (django.utils.timezone.now, which every `timezone.now()`,
    `localdate()` and model default reads) from `momento`, ticking. Patching the module's
    `datetime` reaches the defaults that hold the function itself (`default=timezone.now`)."""
    desvio = momento - _DATETIME.now(dt.UTC)

    class Deslocado(_DATETIME, metaclass=_MesmoTipo):
        @classmethod
        def now(cls, tz=None):
            return _DATETIME.now(tz) + desvio

    monkeypatch.setattr(dj_timezone, "datetime", Deslocado)


@pytest.fixture(params=DATAS)
def dia(request, monkeypatch) -> dt.date:
    """The day under test: the clock set to it and the demo loaded as `make run` loads it
    (`carregar_demo`, whose reference day is today by the clock), with 300 inscrições instead
    of 2,000 (~5 s instead of ~15 s; the journeys do not depend on the volume)."""
    data = (timezone.localdate() if request.param == "hoje"
            else dt.date.fromisoformat(request.param))
    _relogio_em(monkeypatch, _DATETIME.combine(data, HORA, tzinfo=FUSO))
    assert timezone.localdate() == data
    call_command("carregar_demo", "--inscricoes", "300", stdout=io.StringIO(),
                 stderr=io.StringIO())
    return data


def _nova_pagina(navegador):
    contexto = navegador.new_context(viewport={"width": 390, "height": 844}, locale="pt-BR",
                                     timezone_id="America/Sao_Paulo")
    contexto.set_default_timeout(15_000)
    return contexto.new_page()


def _entrar(pagina, base_url: str, usuario: str, destino: str) -> None:
    entrar(pagina, base_url, usuario=usuario, senha=SENHAS[usuario])
    pagina.wait_for_url(base_url + destino)


def _png() -> bytes:
    """A valid 1x1 PNG (white pixel)."""
    def bloco(tipo: bytes, dados: bytes) -> bytes:
        return (struct.pack(">I", len(dados)) + tipo + dados
                + struct.pack(">I", zlib.crc32(tipo + dados) & 0xFFFFFFFF))
    return (b"\x89PNG\r\n\x1a\n" + bloco(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + bloco(b"IDAT", zlib.compress(b"\x00\xff\xff\xff")) + bloco(b"IEND", b""))


def _texto_pdf(conteudo: bytes) -> str | None:
    """The PDF's text with whitespace collapsed (pdftotext, poppler-utils), or None without
    it on PATH."""
    if shutil.which("pdftotext") is None:
        return None
    saida = subprocess.run(["pdftotext", "-layout", "-", "-"], input=conteudo,
                           capture_output=True, check=True).stdout.decode()
    return " ".join(saida.split())


def _baixar(pagina, link) -> bytes:
    """The file a link on the page leads to, fetched with the page's session (a PDF shown
    inline opens Chromium's viewer rather than a download)."""
    url = link.evaluate("a => a.href")
    resposta = pagina.request.get(url)
    assert (resposta.status, resposta.headers["content-type"]) == (200, "application/pdf"), url
    return resposta.body()


# --- the landing -----------------------------------------------------------------------------


def test_cada_conta_documentada_entra_pelo_formulario_e_chega_ao_seu_espaco(
        live_server, pagina, monkeypatch):
    hoje = timezone.localdate()
    _relogio_em(monkeypatch, _DATETIME.combine(hoje, HORA, tzinfo=FUSO))
    call_command("carregar_demo", "--inscricoes", "300", stdout=io.StringIO(),
                 stderr=io.StringIO())
    destinos = [("rh", "/rh/", "Gestão de certames"), ("admin", "/rh/", "Gestão de certames"),
                ("candidato", "/candidato/", "Minhas inscrições"),
                ("candidato2", "/candidato/", "Minhas inscrições"),
                ("comissao", "/comissao/", "Minhas sessões"),
                ("comissao6", "/comissao/", "Minhas sessões"),
                ("recursal1", "/comissao/", "Minhas sessões")]
    chegadas = []
    for usuario, destino, _titulo in destinos:
        pagina.context.clear_cookies()
        entrar(pagina, live_server.url, usuario=usuario, senha=SENHAS[usuario])
        pagina.wait_for_url(f"{live_server.url}{destino}")
        chegadas.append((usuario, pagina.url.removeprefix(live_server.url),
                         pagina.get_by_role("heading", level=1).inner_text()))
    assert chegadas == [(u, d, t) for u, d, t in destinos]


# --- candidate -------------------------------------------------------------------------------


def test_jornada_do_candidato(live_server, pagina, dia):
    base = live_server.url
    severinia = Certame.objects.get(regime="severinia-lei3057-2026")
    gari = Cargo.objects.get(certame=severinia, codigo="101")
    _entrar(pagina, base, "candidato", "/candidato/")

    # Inscrição where inscrições are open, from the "Inscrições abertas" card.
    cartao = pagina.locator(".card", has_text=severinia.titulo)
    cartao.get_by_role("link", name="Inscrever-se").click()
    pagina.get_by_label("Cargo").select_option(str(gari.pk))
    pagina.get_by_label("Cor ou raça").select_option(label="Parda")
    pagina.locator("input[name='listas'][value='PPI']").check()
    pagina.locator("#id_declaracao").check()
    pagina.get_by_role("button", name="Confirmar inscrição").click()
    numero = re.search(r"Inscrição (\S+)",
                       pagina.get_by_role("heading", level=1).inner_text()).group(1)
    insc = Inscricao.objects.get(cargo=gari, candidato__usuario__username="candidato")
    assert (numero, insc.listas, insc.cor_raca, insc.situacao_taxa) == (
        insc.numero, ["PPI"], "parda", "pendente")

    # The fee exemption (open on day 3 to 7 of the edital), with the required proof.
    pagina.get_by_role("link", name="Isenção da taxa").click()
    pagina.get_by_label("Doador de sangue", exact=True).check()
    pagina.get_by_label("Comprovante de doação de sangue").set_input_files(
        {"name": "doacao.png", "mimeType": "image/png", "buffer": _png()})
    pagina.locator("#id_declaracao").check()
    pagina.get_by_role("button", name="Enviar pedido").click()
    pagina.get_by_text("Pedido de isenção registrado.").wait_for()
    pedido = PedidoIsencao.objects.get(inscricao=insc)
    assert (pedido.tipo, pedido.comprovante_doacao.name.endswith(".png")) == ("doador_sangue", True)
    assert pedido.get_tipo_display() in pagina.locator("main").inner_text()

    # The appeal where the window is open (Pirangi's heteroidentification), from "what comes
    # next" on her dashboard, with a PDF attached.
    pagina.goto(f"{base}/candidato/")
    pagina.locator("#proximos-passos").get_by_role(
        "link", name="Prazo de recurso aberto: heteroidentificação").click()
    razoes = ("Sou pessoa parda e assim me reconheço; peço a reavaliação pela comissão "
              "recursal, com base na gravação da sessão.")
    pagina.get_by_label("Razões do recurso").fill(razoes)
    pagina.get_by_label("Anexos (opcional)").set_input_files(
        {"name": "declaracao.pdf", "mimeType": "application/pdf",
         "buffer": pdf_simples(["Declaracao da candidata"])})
    # The appeal is an act: its confirmation box (the browser refuses the form without it).
    pagina.get_by_label("Ao confirmar, o recurso é registrado").check()
    pagina.get_by_role("button", name="Apresentar recurso").click()
    pagina.get_by_text("Recurso apresentado.").first.wait_for()
    avaliacao = Avaliacao.objects.get(inscricao__certame__regime="pirangi-lei3056-2025",
                                      inscricao__candidato__usuario__username="candidato",
                                      instancia=Avaliacao.Instancia.PRIMEIRA)
    recurso = Recurso.objects.get(inscricao=avaliacao.inscricao)
    assert (recurso.procedimento, recurso.objeto_id, recurso.texto,
            [a.nome_original for a in recurso.anexos.all()]) == (
        "heteroidentificacao", avaliacao.pk, razoes, ["declaracao.pdf"])
    assert recurso.apresentado_em.date() == dia
    assert razoes in pagina.locator("main").inner_text()

    # Documents: the demo's PcD optant of SMBV (`candidato2`) sends the medical report due in
    # today's PcD stage and confirms the set, from "what comes next" on the dashboard.
    pagina.context.clear_cookies()
    _entrar(pagina, base, "candidato2", "/candidato/")
    optante = Inscricao.objects.get(candidato__usuario__username="candidato2",
                                    certame__regime="smbv-lc22-2026",
                                    certame__numero_edital="001/2026")
    pagina.locator("#proximos-passos").get_by_role(
        "link", name=re.compile("^Enviar os documentos da lista")).click()
    secao = pagina.locator("#lista-PCD")
    secao.get_by_label("Documento", exact=True).select_option("LAUDO")
    secao.get_by_label("Arquivo").set_input_files(
        {"name": "laudo.pdf", "mimeType": "application/pdf",
         "buffer": pdf_simples(["Laudo medico - CID-10"])})
    secao.get_by_role("button", name="Enviar").click()
    pagina.get_by_text("Documento recebido.", exact=False).first.wait_for()
    pagina.locator("#confirmacao-envio-PCD").check()
    pagina.locator("#lista-PCD").get_by_role("button",
                                              name="Confirmar o envio à comissão").click()
    pagina.get_by_text("Envio confirmado: os documentos da lista PCD seguem para a "
                       "comissão.").wait_for()
    enviados = DocumentoEnviado.objects.filter(inscricao=optante, lista="PCD")
    assert [(d.tipo, d.nome_original, d.substituido_em) for d in enviados] == [
        ("LAUDO", "laudo.pdf", None)]
    assert documental.submissao(optante, "PCD") is not None
    assert "laudo.pdf" in pagina.locator("#lista-PCD").inner_text()


# --- comissão --------------------------------------------------------------------------------


def test_jornada_da_comissao(live_server, pagina, navegador, dia):
    base = live_server.url
    sessao = Sessao.objects.get(comissao__tipo="heteroidentificacao",
                                comissao__certame__regime="smbv-lc22-2026",
                                comissao__certame__numero_edital="001/2026")
    assert sessao.inicio.astimezone(FUSO).date() == dia
    nome_comissao = sessao.comissao.nome
    membros = {"comissao": pagina, "comissao2": _nova_pagina(navegador),
               "comissao3": _nova_pagina(navegador)}
    for usuario, p in membros.items():
        _entrar(p, base, usuario, "/comissao/")
        # The confidentiality term first (the workspace asks for it), then the session.
        cartao = p.locator(".card", has_text="Santa Maria da Boa Vista").filter(
            has_text="Heteroidentificação")
        cartao.get_by_role("link", name="Ler e assinar o termo").click()
        p.get_by_label("Li o termo e comprometo-me a cumpri-lo.").check()
        p.get_by_role("button", name="Assinar o termo").click()
        p.get_by_text("Termo de confidencialidade assinado.").wait_for()
        p.get_by_role("link", name=re.compile(re.escape(sessao.local))).click()
        p.locator("#fila").wait_for()

    presidente = membros["comissao"]
    # The president opens the session: the three who signed the term are ticked present.
    presidente.reload()
    presenca = presidente.locator("[data-form='presenca']")
    assert presenca.locator("input[name='presente']:checked").count() == 3
    presenca.get_by_role("checkbox", name=re.compile("^Ao confirmar, a presença")).check()
    presidente.get_by_role("button", name="Registrar a presença").click()
    presidente.get_by_text("Presença dos membros registrada.").wait_for()
    presentes = {p.membro.usuario.username for p in PresencaSessao.objects.filter(
        sessao=sessao, presente=True)}
    assert presentes == set(membros)
    fila = presidente.locator("#fila > li")
    assert fila.count() == 8
    # The first one came; the others did not (each absence needs its confirmation box).
    primeiro = fila.first
    numero = primeiro.locator(".fila-numero").inner_text()
    primeiro.get_by_role("button", name="Compareceu").click()
    presidente.get_by_text("Comparecimento registrado: compareceu.").wait_for()
    for _ in range(7):
        item = presidente.locator("#fila > li").filter(
            has=presidente.get_by_role("button", name="Ausente")).first
        item.get_by_role("checkbox").check()
        item.get_by_role("button", name="Ausente").click()
        presidente.get_by_text("Comparecimento registrado: não compareceu.").wait_for()

    motivacoes = {
        "comissao": "Pele parda, cabelo crespo e traços faciais compatíveis com pessoa negra.",
        "comissao2": "Fenótipo de pessoa parda: cor da pele, textura do cabelo e nariz.",
        "comissao3": "Características fenotípicas de pessoa negra observadas em conjunto.",
    }
    for usuario, p in membros.items():
        p.reload()
        p.locator("#fila > li", has_text=numero).get_by_role("link", name="Avaliar").click()
        p.get_by_text("Confirma a autodeclaração", exact=True).click()
        p.get_by_label("Motivação (aspectos fenotípicos observados)").fill(motivacoes[usuario])
        p.get_by_label("Ao confirmar, o seu voto é registrado").check()
        p.get_by_role("button", name="Registrar voto").click()
        p.get_by_text("Voto registrado.").wait_for()

    # The edital requires the recording (LC 22/2026): its reference, then the closing.
    presidente.reload()
    gravacao = f"sessao-{sessao.pk}-{numero}.mp4"
    presidente.get_by_label(re.compile(r"^Gravação \(arquivo ou link\)")).fill(gravacao)
    presidente.get_by_label("Ao confirmar, a gravação é anexada").check()
    presidente.get_by_role("button", name="Anexar gravação").click()
    presidente.get_by_text("Gravação anexada.").wait_for()
    presidente.get_by_label("Ao confirmar, a avaliação é encerrada").check()
    presidente.get_by_role("button", name="Encerrar a avaliação e gerar o parecer").click()
    presidente.get_by_text("Avaliação encerrada; parecer gerado.").wait_for()
    avaliacao = Avaliacao.objects.get(convocacao__sessao=sessao,
                                      inscricao__numero=numero)
    votos = sorted((v.membro.usuario.username, v.sentido, v.motivacao)
                   for v in Voto.objects.filter(avaliacao=avaliacao))
    assert votos == [(u, "confirma", m) for u, m in sorted(motivacoes.items())]
    assert (avaliacao.resultado, avaliacao.gravacao, avaliacao.encerrada_em is not None) == (
        "confirmada", gravacao, True)

    presidente.goto(f"{base}/comissao/sessoes/{sessao.pk}/")
    presidente.locator("[data-form='encerrar-sessao']").get_by_role("checkbox").check()
    presidente.get_by_role("button", name="Encerrar a sessão e gerar a ata").click()
    presidente.get_by_text("Sessão encerrada; a ata está sendo gerada.").wait_for()
    sessao.refresh_from_db()
    assert sessao.encerrada_em is not None
    assert sessao.encerrada_em.astimezone(FUSO).date() == dia
    assert nome_comissao in presidente.locator("main").inner_text()
    presidente.reload()
    ata = _baixar(presidente, presidente.get_by_role("link", name="Baixar a ata (PDF)"))
    assert ata[:4] == b"%PDF"
    texto = _texto_pdf(ata)
    if texto is not None:
        for usuario, motivacao in motivacoes.items():
            assert " ".join(motivacao.split()) in texto, usuario
        assert numero in texto
        # Presence and one signature line per member present (the three who sat).
        assinaturas = texto.split("Assinaturas dos membros presentes", 1)[1]
        for usuario in membros:
            conta = get_user_model().objects.get(username=usuario)
            assert conta.get_full_name() in assinaturas, usuario
    for p in list(membros.values())[1:]:
        p.context.close()


# --- RH --------------------------------------------------------------------------------------


def test_jornada_do_rh(live_server, pagina, dia):
    base = live_server.url
    smbv = Certame.objects.get(regime="smbv-lc22-2026", numero_edital="001/2026")
    homologado = Certame.objects.get(status=Certame.Status.HOMOLOGADO)
    _entrar(pagina, base, "rh", "/rh/")

    # Search: the demo candidate, by name, across certames.
    pagina.get_by_label("Buscar inscrição por nome, CPF ou número").fill("Ana Beatriz Nascimento")
    pagina.get_by_role("button", name="Buscar").click()
    achadas = pagina.locator("main").inner_text()
    for insc in Inscricao.objects.filter(candidato__usuario__username="candidato"):
        assert insc.numero in achadas

    # SMBV's preliminary classification waits for its stage (day 95; today is day 76): the
    # button is disabled with the date, the confirmation step says it.
    pagina.goto(f"{base}/rh/")
    pagina.get_by_role("row", name=re.compile(re.escape(smbv.titulo))).get_by_role(
        "link").first.click()
    cargo = Cargo.objects.get(certame=smbv, codigo="101")
    pagina.get_by_role("link", name=cargo.codigo, exact=True).last.click()
    abre = smbv.etapas.get(tipo="resultado_preliminar").inicio
    motivo = (f"O resultado preliminar da classificação só pode ser publicado a partir de "
              f"{data_hora_br(abre)} (etapa “Resultado preliminar” do cronograma).")
    assert pagina.get_by_role("button", name="Publicar como resultado preliminar…").is_disabled()
    assert pagina.locator("#cronograma-preliminar").inner_text() == motivo
    pagina.goto(f"{base}/rh/cargos/{cargo.pk}/publicar/preliminar/")
    assert pagina.locator("[data-publicacao-cronograma]").inner_text() == motivo
    assert pagina.get_by_role("button", name="Publicar: Resultado preliminar").count() == 0
    assert not Publicacao.objects.filter(versao__cargo=cargo).exists()

    # Call the next position of the homologated certame (confirmation box).
    pagina.goto(f"{base}/rh/")
    pagina.get_by_role("row", name=re.compile(re.escape(homologado.titulo))).get_by_role(
        "link").first.click()
    chamado = Cargo.objects.get(certame=homologado, codigo="101")
    antes = list(Chamada.objects.filter(cargo=chamado).values_list("posicao", flat=True))
    pagina.get_by_role("link", name=chamado.codigo, exact=True).last.click()
    pagina.get_by_role("link", name="Convocar as próximas posições").click()
    primeira = pagina.locator("#previstas tbody tr").first
    proxima = primeira.locator("td[data-rotulo='Inscrição']").inner_text()
    # The next position with a candidate (a reserved seat held for its list is skipped).
    posicao = int(primeira.locator("td[data-rotulo='Posição']").inner_text().rstrip("º"))
    assert proxima != ""
    pagina.get_by_label("Quantas posições convocar").fill("1")
    prazo = dia + dt.timedelta(days=15)
    pagina.get_by_label("Prazo para apresentar os documentos").fill(prazo.isoformat())
    pagina.get_by_role("checkbox").check()
    pagina.get_by_role("button", name="Convocar").click()
    pagina.get_by_text("1 convocação registrada, com prazo até").wait_for()
    nova = Chamada.objects.filter(cargo=chamado).exclude(posicao__in=antes).get()
    assert (nova.posicao, nova.inscricao.numero, nova.prazo, nova.chamada_em.date()) == (
        posicao, proxima, prazo, dia)
    assert posicao > max(antes)

    # The order of nomeação as a PDF (rendered by the Celery task, eager in tests).
    pdf = _baixar(pagina, pagina.locator("a[href$='.pdf']", has_text="PDF").last)
    assert pdf[:4] == b"%PDF"
    texto = _texto_pdf(pdf)
    if texto is not None:
        assert " ".join(homologado.titulo.split()) in texto
        assert nova.inscricao.numero in texto
