"""Every legal basis a user reads or an act records comes from the certame's regime
(arquitetura.md, "The law as data").

1. No user-facing text outside ``certames/regras/`` names a municipal law: every template
   (``.html``, ``.txt``) as text, every gettext call's literal, and every other string literal
   of the project's code (acts' ``fundamento_legal``, choice labels, help texts, the privacy
   policy, PDF/CSV texts). Docstrings and comments may cite laws; migrations and tests are not
   product text; the demo's data (its municipalities, the editais its RH types) and the
   benchmarks' synthetic loads are data, not texts of the product.
2. Worked cases, each from its article:

   - Desistência: the freed seat's list's own article. SMBV, 10 vacancies: PP
     arred(10 x 25% = 2,5; 0,7) = 2, I arred(0,5; 0,7) = 0, PcD teto(0,5) = 1 <= 10% of 10
     (LC 22/2026, art. 6º, §1º), AC 7. A PcD seat's desistência cites art. 6º, §5º ("a vaga
     será preenchida pelo candidato com deficiência posteriormente classificado"), a PP seat's
     art. 1º, §6º ("pelo candidato negro ou indígena posteriormente classificado"), an AC
     seat's the product rule (no municipal article).
   - Arising vacancies: Severínia, 1 vacancy (PPI arred(0,3; 0,5) = 0) plus 1 that arises:
     N = 2, PPI arred(0,6; 0,5) = 1, the reserve reaching it by art. 8º, §2º. Pirangi, 2
     vacancies (PP arred(0,3) = 0) plus 2: N = 4, PP arred(0,6) = 1 (art. 1º, §1º; art. 8º,
     §4º). SMBV, 10 vacancies (PP 2) plus 1: N = 11, PP arred(2,75; 0,7) = 3 (the LC is
     silent on arising vacancies: art. 1º, §3º and the product's rule).
   - The inscrição page of an SMBV certame cites SMBV's art. 3º, §3º, never Severínia's
     art. 11; the session form says "obrigatoriamente presencial" only where the law does
     (SMBV art. 3º, §1º); the confidentiality term cites the certame's own law.
"""

from __future__ import annotations

import ast
import datetime as dt
import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone

from candidatos import chamadas, servicos
from candidatos.models import EstadoLista, SituacaoLista
from certames.models import Ato, Chamada
from certames.regras import distribuir, obter_regime
from certames.regras.regimes import FUNDAMENTO_DESISTENCIA_AC
from certames.servicos import registrar_vaga_surgida
from classificacao.homologacao import homologar
from classificacao.listas import publicar, recalcular
from comissoes.dominio.composicao import assinar_termo
from comissoes.models import Comissao
from tests.comissoes.fabricas import ComissaoFactory, membro
from tests.factories import CandidatoFactory, CargoFactory, CertameFactory, InscricaoFactory

RAIZ = Path(__file__).resolve().parent.parent

SMBV = "smbv-lc22-2026"
SEV = "severinia-lei3057-2026"
PIR = "pirangi-lei3056-2025"
#: The municipal laws, their numbers and their municipalities.
MARCAS = re.compile(
    r"3\.057|3\.056|LC 22|Lei Complementar nº 22|22/2026|2\.082|2\.414|Severínia|Pirangi|"
    r"Santa Maria da Boa Vista|SMBV")
GETTEXT = {"_", "gettext", "gettext_lazy", "gettext_noop", "ngettext", "ngettext_lazy",
           "pgettext", "pgettext_lazy", "npgettext", "npgettext_lazy"}
#: Outside the scan: the regime definitions (the one place that names a law), tests,
#: migrations, the virtualenv.
FORA = ("certames/regras/", "tests/", ".venv/", "node_modules/")
#: Data, not product text: the demo's municipalities and the editais its RH types, the
#: benchmarks' synthetic loads. Their gettext calls are still scanned.
DADOS = ("demo/",)
_BENCH = re.compile(r"/management/commands/bench_[a-z_]+\.py$")


def _fora(rel: str) -> bool:
    return rel.startswith(FORA) or "/migrations/" in rel


def _docstrings(arvore: ast.AST) -> set[int]:
    ids = set()
    for no in ast.walk(arvore):
        if isinstance(no, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            corpo = no.body
            if corpo and isinstance(corpo[0], ast.Expr) and isinstance(
                    corpo[0].value, ast.Constant) and isinstance(corpo[0].value.value, str):
                ids.add(id(corpo[0].value))
    return ids


def _literais(no: ast.AST):
    for filho in ast.walk(no):
        if isinstance(filho, ast.Constant) and isinstance(filho.value, str):
            yield filho


def marcas_em(raiz: Path) -> list[str]:
    """``file:line: text`` of every user-facing text under ``raiz`` naming a municipal law."""
    achados: list[str] = []
    for arquivo in sorted(raiz.rglob("*.py")):
        rel = arquivo.relative_to(raiz).as_posix()
        if _fora(rel):
            continue
        arvore = ast.parse(arquivo.read_text(encoding="utf-8"), rel)
        vistos: set[int] = set()
        for no in ast.walk(arvore):
            if isinstance(no, ast.Call):
                f = no.func
                nome = f.id if isinstance(f, ast.Name) else getattr(f, "attr", None)
                if nome in GETTEXT:
                    for arg in no.args:
                        for c in _literais(arg):
                            vistos.add(id(c))
                            if MARCAS.search(c.value):
                                achados.append(f"{rel}:{c.lineno}: gettext {c.value[:90]!r}")
        if rel.startswith(DADOS) or _BENCH.search("/" + rel):
            continue
        docs = _docstrings(arvore)
        for c in _literais(arvore):
            if id(c) not in docs and id(c) not in vistos and MARCAS.search(c.value):
                achados.append(f"{rel}:{c.lineno}: {c.value[:90]!r}")
    modelos = [p for p in raiz.rglob("templates/**/*")
               if p.suffix in (".html", ".txt") and not _fora(p.relative_to(raiz).as_posix())]
    for arquivo in sorted(modelos):
        rel = arquivo.relative_to(raiz).as_posix()
        for n, linha in enumerate(arquivo.read_text(encoding="utf-8").splitlines(), 1):
            if MARCAS.search(linha):
                achados.append(f"{rel}:{n}: {linha.strip()[:90]}")
    return achados


def test_nenhum_texto_fora_do_regime_cita_lei_municipal():
    assert marcas_em(RAIZ) == []


def test_a_varredura_acha_gettext_template_e_literal(tmp_path):
    """The scan itself: a gettext literal (also a concatenated one), a template line and an
    act's literal basis are found; a docstring, a comment and the regime package are not."""
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "views.py").write_text(
        '"""Severínia art. 11 (a docstring may cite)."""\n'
        "from django.utils.translation import gettext as _\n"
        "# Lei 3.056/2025 in a comment\n"
        'A = _("não caracteriza fraude "\n'
        '      "(Lei 3.057/2026, art. 11)")\n'
        'registrar_ato(fundamento_legal="LC 22/2026, art. 1º, §6º")\n', encoding="utf-8")
    (tmp_path / "certames" / "regras").mkdir(parents=True)
    (tmp_path / "certames" / "regras" / "regimes.py").write_text(
        'SEV = "Lei 3.057/2026"\n', encoding="utf-8")
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "p.html").write_text(
        "<p>ok</p>\n<p>{% translate \"Em Santa Maria da Boa Vista\" %}</p>\n", encoding="utf-8")
    assert [a.split(": ")[0] for a in marcas_em(tmp_path)] == [
        "app/views.py:4", "app/views.py:6", "templates/p.html:2"]


# --- worked cases ----------------------------------------------------------------------------

HOJE = timezone.localdate()
PRAZO = HOJE + dt.timedelta(days=15)


def _homologado(rh, regime: str, vagas: int, inscritos, publicado_em: dt.date):
    """One cargo under `regime`, final result published and homologated 10 days ago;
    `inscritos`: (number, score, lists), every list option confirmed."""
    certame = CertameFactory(regime=regime, data_publicacao_edital=publicado_em)
    cargo = CargoFactory(certame=certame, vagas=vagas, codigo="ADM")
    for numero, nota, listas in inscritos:
        insc = InscricaoFactory(cargo=cargo, numero=numero, nota=Decimal(nota), listas=listas,
                                candidato=CandidatoFactory(email=f"c{numero}@exemplo.org"))
        for lista in listas:
            SituacaoLista.objects.create(inscricao=insc, lista=lista,
                                         estado=EstadoLista.CONFIRMADA)
    publicar(recalcular(cargo.pk), "final", rh)
    homologar(certame, data=HOJE - dt.timedelta(days=10), ato="Decreto 1/2026", autor=rh)
    cargo.refresh_from_db()
    return cargo


#: SMBV, 10 vacancies (AC 7, PP 2, PcD 1): 12 candidates, the optants last so that each
#: holds a reserved seat.
SMBV_INSCRITOS = [(f"{100 + i}", f"{100 - i}", []) for i in range(1, 9)] + [
    ("109", "91", ["PP"]), ("110", "90", ["PP"]), ("111", "89", ["PCD"]),
    ("112", "88", ["PP"])]


@pytest.mark.django_db
def test_desistencia_cita_o_artigo_da_lista_da_vaga_liberada_smbv(rh):
    assert distribuir(10, SMBV).contagens == {"AC": 7, "PP": 2, "I": 0, "PCD": 1}
    cargo = _homologado(rh, SMBV, 10, SMBV_INSCRITOS, dt.date(2026, 7, 1))
    chamadas.convocar(cargo, 10, prazo=PRAZO, autor=rh)
    por_vaga = {}
    for c in Chamada.objects.filter(cargo=cargo).order_by("posicao"):
        por_vaga.setdefault(c.vaga, c)
    assert sorted(por_vaga) == ["AC", "PCD", "PP"]
    for vaga, esperado in (("PCD", "LC 22/2026, art. 6º, §5º"),
                           ("PP", "LC 22/2026, art. 1º, §6º"),
                           ("AC", FUNDAMENTO_DESISTENCIA_AC)):
        chamada = por_vaga[vaga]
        chamadas.registrar_evento(chamada, "desistencia", autor=rh,
                                  motivacao="Declarou por escrito que não assume.")
        numero = chamada.inscricao.numero
        # The call's act and the inscrição's act record the same basis.
        assert Ato.objects.filter(tipo="chamada_desistencia").latest("pk").fundamento_legal \
            == esperado, vaga
        assert Ato.objects.filter(tipo="desistencia").latest("pk").fundamento_legal \
            == esperado, vaga
        assert chamada.eventos.get().fundamento == esperado
        assert Ato.objects.filter(tipo="desistencia").latest("pk").objeto_id == str(
            chamada.inscricao_id), numero


@pytest.mark.django_db
def test_pagina_do_ato_de_desistencia_mostra_o_artigo_da_vaga(client, rh):
    cargo = _homologado(rh, SMBV, 10, SMBV_INSCRITOS, dt.date(2026, 7, 1))
    chamadas.convocar(cargo, 10, prazo=PRAZO, autor=rh)
    pcd = Chamada.objects.get(cargo=cargo, vaga="PCD")
    client.force_login(rh)
    url = reverse("painel:evento_chamada", args=[pcd.pk, "desistencia"])
    html = client.get(url).content.decode()
    assert "LC 22/2026, art. 6º, §5º" in html
    assert "art. 1º, §6º" not in html and "3.057" not in html and "3.056" not in html


@pytest.mark.django_db
def test_desistencia_sem_convocacao_cita_as_listas_da_inscricao(rh):
    """Before any call: a recompute without the candidate; the seat would go to the next of
    each list they opted for (spec section 6): SMBV PcD optant, art. 6º, §5º; AC only, the
    product rule."""
    certame = CertameFactory(regime=SMBV, data_publicacao_edital=dt.date(2026, 7, 1))
    cargo = CargoFactory(certame=certame, vagas=10)
    pcd = InscricaoFactory(cargo=cargo, numero="1", nota=Decimal("80"), listas=["PCD"])
    ambas = InscricaoFactory(cargo=cargo, numero="2", nota=Decimal("70"), listas=["PP", "PCD"])
    geral = InscricaoFactory(cargo=cargo, numero="3", nota=Decimal("60"), listas=[])
    assert servicos.fundamento_desistencia(pcd) == "LC 22/2026, art. 6º, §5º"
    assert servicos.fundamento_desistencia(ambas) == (
        "LC 22/2026, art. 1º, §6º; LC 22/2026, art. 6º, §5º")
    assert servicos.fundamento_desistencia(geral) == FUNDAMENTO_DESISTENCIA_AC
    servicos.registrar_desistencia(pcd, autor=rh, motivacao="Pedido escrito do candidato.")
    assert Ato.objects.get(tipo="desistencia").fundamento_legal == "LC 22/2026, art. 6º, §5º"


@pytest.mark.parametrize(("regime", "listas"), [
    (SMBV, {"PP": "LC 22/2026, art. 1º, §6º", "I": "LC 22/2026, art. 1º, §6º",
            "PCD": "LC 22/2026, art. 6º, §5º"}),
    (SEV, {"PPI": "Lei 3.057/2026, art. 15, §2º"}),
    (PIR, {"PP": "Lei 3.056/2025, art. 10, §3º", "I": "Lei 3.056/2025, art. 10, §3º",
           "Q": "Lei 3.056/2025, art. 10, §3º"}),
])
def test_fundamento_desistencia_por_lista_do_regime(regime, listas):
    r = obter_regime(regime)
    assert {lista: r.fundamento_desistencia(lista) for lista in listas} == listas
    assert r.fundamento_desistencia("AC") == FUNDAMENTO_DESISTENCIA_AC


def _sem_optantes(n):
    return [(f"{200 + i}", f"{90 - i}", []) for i in range(n)]


@pytest.mark.django_db
@pytest.mark.parametrize(("regime", "vagas", "surgem", "publicado", "grupo", "antes", "depois",
                          "fundamento"), [
    (SEV, 1, 1, dt.date(2026, 10, 1), "PPI", 0, 1, "Lei 3.057/2026, art. 8º, §2º"),
    (PIR, 2, 2, dt.date(2026, 2, 10), "PP", 0, 1, "Lei 3.056/2025, art. 1º, §1º, e art. 8º, §4º"),
    (SMBV, 10, 1, dt.date(2026, 7, 1), "PP", 2, 3,
     "LC 22/2026, art. 1º, §3º, e art. 6º, §2º (reserva por cargo); vagas surgidas na "
     "validade: padrão do produto (regras de reserva, seção 4)"),
])
def test_vaga_surgida_cita_o_artigo_do_proprio_regime(rh, regime, vagas, surgem, publicado,
                                                      grupo, antes, depois, fundamento):
    assert distribuir(vagas, regime).contagens[grupo] == antes
    assert distribuir(vagas + surgem, regime).contagens[grupo] == depois
    cargo = _homologado(rh, regime, vagas, _sem_optantes(vagas + 2), publicado)
    registrar_vaga_surgida(cargo, quantidade=surgem, data=HOJE, ato="Lei municipal 7/2026",
                           autor=rh, hoje=HOJE)
    ato = Ato.objects.get(tipo="vaga_surgida")
    assert ato.fundamento_legal == fundamento
    assert cargo.total_vagas() == vagas + surgem
    assert distribuir(cargo.total_vagas(), regime).contagens[grupo] == depois


# --- pages -----------------------------------------------------------------------------------


def _inscricao_pp(regime, publicado):
    certame = CertameFactory(regime=regime, data_publicacao_edital=publicado)
    cargo = CargoFactory(certame=certame, vagas=4)
    lista = "PPI" if regime == SEV else "PP"
    return InscricaoFactory(cargo=cargo, numero="000010", nota=Decimal("95"),
                            cor_raca="parda", listas=[lista])


@pytest.mark.django_db
@pytest.mark.parametrize(("regime", "publicado", "cita", "nao_cita"), [
    (SMBV, dt.date(2026, 7, 1), "LC 22/2026, art. 3º, §3º", "3.057"),
    (SEV, dt.date(2026, 10, 1), "Lei 3.057/2026, art. 11, caput", "LC 22"),
    (PIR, dt.date(2026, 2, 10), "Lei 3.056/2025, art. 6º, §2º, e art. 7º, caput", "3.057"),
])
def test_inscricao_cita_a_propria_lei_sobre_nao_confirmacao_e_fraude(client, rh, regime,
                                                                     publicado, cita, nao_cita):
    insc = _inscricao_pp(regime, publicado)
    client.force_login(rh)
    for url in (reverse("painel:inscricao", args=[insc.pk]),
                reverse("painel:abrir", args=[insc.pk])):
        html = client.get(url).content.decode()
        assert "por si só, não caracteriza fraude" in html, url
        assert f"({cita})" in html, url
        assert nao_cita not in html, url
    if regime == SMBV:
        assert "art. 11" not in client.get(
            reverse("painel:inscricao", args=[insc.pk])).content.decode()


@pytest.mark.django_db
def test_formulario_de_sessao_so_exige_presenca_onde_a_lei_exige(client, rh):
    client.force_login(rh)
    smbv = ComissaoFactory(certame=CertameFactory(regime=SMBV,
                                                  data_publicacao_edital=dt.date(2026, 7, 1)))
    html = client.get(reverse("painel:comissao", args=[smbv.pk])).content.decode()
    assert ("Neste certame a verificação é obrigatoriamente presencial, salvo impedimento por "
            "força de norma legal vigente (LC 22/2026, art. 3º, §1º)") in html
    for regime in (SEV, PIR):
        outra = ComissaoFactory(certame=CertameFactory(
            regime=regime, data_publicacao_edital=dt.date(2026, 10, 1)))
        html = client.get(reverse("painel:comissao", args=[outra.pk])).content.decode()
        assert "Preencha só se a sessão for remota por impedimento legal" in html
        assert "obrigatoriamente presencial" not in html
        assert "Santa Maria da Boa Vista" not in html and "LC 22" not in html
    # The documentary committee of SMBV: the in-person rule is the heteroidentification's.
    doc = ComissaoFactory(certame=smbv.certame, tipo=Comissao.Tipo.VERIFICACAO_DOCUMENTAL,
                          nome="Comissão de verificação documental")
    html = client.get(reverse("painel:comissao", args=[doc.pk])).content.decode()
    assert "obrigatoriamente presencial" not in html


@pytest.mark.django_db
@pytest.mark.parametrize(("regime", "fundamento", "alheias"), [
    (SMBV, "LC 22/2026, art. 5º, I, III e IV (dignidade, igualdade de tratamento, hipóteses "
           "de sigilo); LGPD (Lei 13.709/2018), art. 46", ("3.056", "3.057")),
    (PIR, "Lei 3.056/2025, art. 4º, §1º, I, IV e V (dignidade, igualdade de tratamento, "
          "hipóteses de sigilo); LGPD (Lei 13.709/2018), art. 46", ("LC 22", "3.057")),
    (SEV, "Lei 3.057/2026, art. 10, §3º (contraditório, critérios exclusivamente "
          "fenotípicos, composição colegiada); sigilo: LGPD (Lei 13.709/2018), art. 46 "
          "(padrão do produto)", ("LC 22", "3.056")),
])
def test_termo_de_confidencialidade_cita_a_lei_do_certame(client, regime, fundamento, alheias):
    comissao = ComissaoFactory(certame=CertameFactory(regime=regime))
    novo = membro(comissao, assinado=False)
    client.force_login(novo.usuario)
    html = client.get(reverse("comissao:termo", args=[novo.pk])).content.decode()
    assert f"Fundamento: {fundamento}." in html
    assert not any(lei in html for lei in alheias)
    assinar_termo(novo, usuario=novo.usuario)
    assert Ato.objects.get(tipo="termo_confidencialidade").fundamento_legal == fundamento


# --- the fee exemption: only Severínia's law grants it (arts. 2º to 7º) ----------------------


@pytest.mark.django_db
def test_pagina_da_isencao_lista_cada_modalidade_com_o_seu_artigo(client, candidato_user):
    from tests.candidatos.test_isencao_apoio import inscricao
    from tests.candidatos.test_isencao_paginas import certame_pedidos_abertos

    insc = inscricao(certame_pedidos_abertos(), candidato=candidato_user.candidato)
    client.force_login(candidato_user)
    html = client.get(reverse("isencao:inscricao", args=[insc.pk])).content.decode()
    itens = re.search(r'<ul class="small" id="modalidades-isencao">(.*?)</ul>', html).group(1)
    assert re.findall(r"<li>(.*?)</li>", itens) == [
        "CadÚnico, renda familiar per capita até meio salário mínimo (Lei 3.057/2026 de "
        "Severínia, art. 2º, caput e §§3º e 4º)",
        "doador de sangue (Lei Municipal 2.414/2019, mantida pela Lei 3.057/2026 de Severínia, "
        "art. 7º, parágrafo único)"]
    assert ("O cadastro no CadÚnico deve estar ativo e atualizado na data do pedido (Lei "
            "3.057/2026 de Severínia, art. 2º, §3º).") in html
    # The form's kinds are the law's, its labels and the declaration cite it.
    assert "Doador de sangue" in html
    assert ("consequências de declaração, informação ou documento falso (Lei 3.057/2026, "
            "art. 5º).") in html
    resposta = client.post(reverse("isencao:inscricao", args=[insc.pk]),
                           {"tipo": "cadunico", "declaracao": "on"})
    assert "Informe o NIS (Lei 3.057/2026, art. 2º, §4º)." in resposta.content.decode()


@pytest.mark.django_db
def test_paginas_do_rh_sem_certame_citam_cada_regime_com_isencao(client, rh):
    client.force_login(rh)
    html = client.get(reverse("painel:isencao_painel")).content.decode()
    assert ("A isenção da taxa existe só onde a lei do certame a prevê (Lei 3.057/2026 de "
            "Severínia, arts. 2º a 7º)") in html
    html = client.get(reverse("painel:cadunico")).content.decode()
    assert ("Fundamento: Lei 3.057/2026 de Severínia, art. 4º (consulta a bases oficiais) e "
            "parágrafo único (só os dados necessários).") in html
