"""The audit trail in Portuguese: every act the code base writes has a label
(`nucleo.rotulos_atos`), and RH's audit page filters by kind, certame, author and dates."""

import ast
import datetime as dt
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone

from certames.models import Ato
from nucleo.rotulos_atos import (
    FAMILIAS,
    ROTULOS,
    codigos_das_familias,
    rotulo_conhecido,
    rotulo_do_ato,
)
from tests.factories import CertameFactory, OrgaoFactory, usuario

RAIZ = Path(__file__).resolve().parents[2]
PACOTES = ("candidatos", "certames", "comissoes", "demo", "nucleo", "painel", "portal",
           "privacidade")


def _constantes(arvore: ast.Module) -> dict[str, str]:
    return {n.targets[0].id: n.value.value for n in ast.walk(arvore)
            if isinstance(n, ast.Assign) and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Name) and isinstance(n.value, ast.Constant)
            and isinstance(n.value.value, str)}


def _codigos(no: ast.expr, constantes: dict[str, str]) -> list[str]:
    """The codes an expression passed as `tipo=` can take; an f-string gives its literal
    prefix followed by "*"."""
    if isinstance(no, ast.Constant) and isinstance(no.value, str):
        return [no.value]
    if isinstance(no, ast.Name) and no.id in constantes:
        return [constantes[no.id]]
    if isinstance(no, ast.IfExp):
        return _codigos(no.body, constantes) + _codigos(no.orelse, constantes)
    if isinstance(no, ast.JoinedStr) and isinstance(no.values[0], ast.Constant):
        return [no.values[0].value + "*"]
    raise AssertionError(f"tipo= not understood by this test: {ast.unparse(no)}")


def codigos_escritos() -> dict[str, list[str]]:
    """Every act code the project writes: `registrar_ato(tipo=...)` anywhere, and the
    `Ato.objects.create(tipo=...)` of the migrations."""
    achados: dict[str, list[str]] = {}
    for pacote in PACOTES:
        for caminho in sorted((RAIZ / pacote).rglob("*.py")):
            arvore = ast.parse(caminho.read_text())
            constantes = _constantes(arvore)
            for no in ast.walk(arvore):
                if not isinstance(no, ast.Call):
                    continue
                nome = ast.unparse(no.func)
                if nome.endswith("registrar_ato") or (
                        "migrations" in caminho.parts and nome.endswith("Ato.objects.create")):
                    for kw in no.keywords:
                        if kw.arg == "tipo":
                            for codigo in _codigos(kw.value, constantes):
                                achados.setdefault(codigo, []).append(
                                    f"{caminho.relative_to(RAIZ)}:{no.lineno}")
    return achados


def test_a_coleta_acha_os_atos_conhecidos():
    codigos = codigos_escritos()
    # One plain literal, one through a module constant, one conditional, three f-strings.
    for codigo in ("importacao_inscricoes", "retificacao_inscricao", "voto_substituido",
                   "chamada_*", "recurso_*", "migracao_cadastro_nao_confirmado"):
        assert codigo in codigos
    assert len(codigos) >= 60


def test_todo_ato_escrito_tem_rotulo():
    sem_rotulo = []
    for codigo, onde in sorted(codigos_escritos().items()):
        if codigo.endswith("*"):
            prefixo = codigo[:-1]
            if prefixo not in FAMILIAS:
                sem_rotulo.append(f"{codigo} ({onde[0]}): no family in FAMILIAS")
        elif rotulo_conhecido(codigo) is None:
            sem_rotulo.append(f"{codigo} ({onde[0]})")
    assert sem_rotulo == []


def test_toda_familia_rotula_cada_membro():
    # Every call event, publication kind and registered procedure gets its own words.
    codigos = codigos_das_familias()
    assert [c for c in codigos if rotulo_conhecido(c) is None] == []
    assert "recurso_heteroidentificacao" in codigos and "chamada_fim_de_fila" in codigos
    rotulos = [rotulo_conhecido(c) for c in codigos]
    assert len(set(rotulos)) == len(rotulos)


def test_rotulos_em_portugues_distintos():
    assert rotulo_do_ato("importacao_inscricoes") == "Importação das inscrições (planilha da banca)"
    assert rotulo_do_ato("chamada_sem_efeito") == "Ordem de nomeação: Tornada sem efeito"
    assert rotulo_do_ato("publicacao_final") == (
        "Publicação da classificação: resultado final (homologado)")
    assert rotulo_do_ato("recurso_heteroidentificacao") == (
        "Recurso apresentado — Heteroidentificação")
    assert rotulo_do_ato("resultado_definitivo_isencao") == (
        "Resultado definitivo — Isenção da taxa de inscrição")
    # A code of an older version without a label still reads as words.
    assert rotulo_do_ato("ato_antigo") == "Ato antigo"
    textos = [str(r) for r in ROTULOS.values()]
    assert len(set(textos)) == len(textos)


# --- the page ---------------------------------------------------------------------------------

def _em(dia: int, hora: int = 12) -> dt.datetime:
    return timezone.make_aware(dt.datetime(2026, 10, dia, hora, 0))


@pytest.fixture
def trilha(db, rh):
    orgao_a = OrgaoFactory(nome="Prefeitura Municipal de Severínia")
    orgao_b = OrgaoFactory(nome="Prefeitura Municipal de Pirangi")
    titulo = "Concurso público para provimento de cargos efetivos do quadro da prefeitura"
    a = CertameFactory(orgao=orgao_a, numero_edital="001/2026", titulo=titulo)
    b = CertameFactory(orgao=orgao_b, numero_edital="001/2026", titulo=titulo)
    ana = usuario("ana.rh", "RH")
    ana.first_name, ana.last_name = "Ana", "Souza"
    ana.save()
    atos = {}
    for chave, tipo, autor, certame, dia in (
            ("importacao", "importacao_inscricoes", ana, a, 1),
            ("recurso", "recurso_heteroidentificacao", None, a, 5),
            ("homologacao", "homologacao", rh, b, 9)):
        atos[chave] = Ato.objects.create(tipo=tipo, descricao=f"Ato {chave}", autor=autor,
                                         certame=certame, criado_em=_em(dia))
    return {"a": a, "b": b, "ana": ana, "atos": atos}


def _descricoes(client, **filtros) -> list[str]:
    html = client.get(reverse("painel:auditoria"), filtros).content.decode()
    return re.findall(r"<br>(Ato \w+)</td>", html)


@pytest.mark.django_db
def test_pagina_mostra_o_rotulo_e_o_codigo_discreto(client, rh, trilha):
    client.force_login(rh)
    html = client.get(reverse("painel:auditoria")).content.decode()
    assert ('<strong>Importação das inscrições (planilha da banca)</strong> '
            '<small class="text-body-secondary"><code title="Código do ato">'
            'importacao_inscricoes</code></small>') in html
    # The kind filter offers labels, sorted by label.
    opcoes = re.findall(r'<option value="([a-z_]+)">([^<]+)</option>', html)
    assert opcoes == [("homologacao", "Homologação do resultado final"),
                      ("importacao_inscricoes", "Importação das inscrições (planilha da banca)"),
                      ("recurso_heteroidentificacao", "Recurso apresentado — Heteroidentificação")]


@pytest.mark.django_db
def test_opcoes_de_certame_se_distinguem(client, rh, trilha):
    client.force_login(rh)
    html = client.get(reverse("painel:auditoria")).content.decode()
    titulo = "Concurso público para provimento de cargos efetivos do quadro da prefeitura"
    assert (f'<option value="{trilha["a"].pk}">001/2026 · Prefeitura Municipal de Severínia — '
            f'{titulo}</option>') in html
    assert (f'<option value="{trilha["b"].pk}">001/2026 · Prefeitura Municipal de Pirangi — '
            f'{titulo}</option>') in html


@pytest.mark.django_db
def test_filtros_combinados(client, rh, trilha):
    client.force_login(rh)
    assert _descricoes(client) == ["Ato homologacao", "Ato recurso", "Ato importacao"]
    assert _descricoes(client, tipo="homologacao") == ["Ato homologacao"]
    assert _descricoes(client, certame=trilha["a"].pk) == ["Ato recurso", "Ato importacao"]
    assert _descricoes(client, autor="Souza") == ["Ato importacao"]
    assert _descricoes(client, autor="ana.rh") == ["Ato importacao"]
    assert _descricoes(client, autor="ana souza") == ["Ato importacao"]
    assert _descricoes(client, autor="sistema") == ["Ato recurso"]
    assert _descricoes(client, de="2026-10-05") == ["Ato homologacao", "Ato recurso"]
    assert _descricoes(client, ate="2026-10-05") == ["Ato recurso", "Ato importacao"]
    assert _descricoes(client, de="2026-10-02", ate="2026-10-08") == ["Ato recurso"]
    assert _descricoes(client, certame=trilha["a"].pk, de="2026-10-02") == ["Ato recurso"]
    assert _descricoes(client, certame=trilha["b"].pk, tipo="importacao_inscricoes") == []


@pytest.mark.django_db
def test_filtro_invalido_da_mensagem_em_portugues(client, rh, trilha):
    client.force_login(rh)
    for filtros, mensagem in (
            ({"certame": "abc"}, "Certame: Escolha um certame da lista."),
            ({"certame": "999999"}, "Certame: Escolha um certame da lista."),
            ({"tipo": "nao_existe"}, "Tipo de ato: Escolha um tipo de ato da lista."),
            ({"de": "31/02/2026"}, "De: Informe uma data válida (dia/mês/ano)."),
            ({"de": "2026-10-09", "ate": "2026-10-01"},
             "Até: A data final não pode ser anterior à inicial.")):
        resposta = client.get(reverse("painel:auditoria"), filtros)
        assert resposta.status_code == 200
        html = resposta.content.decode()
        assert f"<li>{mensagem}</li>" in html, filtros
        assert re.findall(r"<br>(Ato \w+)</td>", html) == []


@pytest.mark.django_db
def test_paginacao_preserva_os_filtros(client, rh, trilha):
    for i in range(51):
        Ato.objects.create(tipo="parecer", descricao=f"Parecer {i}", certame=trilha["a"],
                           criado_em=_em(3))
    client.force_login(rh)
    html = client.get(reverse("painel:auditoria"),
                      {"tipo": "parecer", "certame": trilha["a"].pk}).content.decode()
    assert f'href="?tipo=parecer&amp;certame={trilha["a"].pk}&amp;page=2"' in html


@pytest.mark.django_db
def test_admin_dos_atos_mostra_rotulos(admin_client, trilha):
    html = admin_client.get(reverse("admin:certames_ato_changelist")).content.decode()
    assert ("Importação das inscrições (planilha da banca)<br><small><code>"
            "importacao_inscricoes</code></small>") in html
    assert '<a href="?tipo=homologacao">Homologação do resultado final</a>' in html
    html = admin_client.get(reverse("admin:certames_ato_changelist"),
                            {"tipo": "homologacao"}).content.decode()
    assert "Ato homologacao" in html and "Ato importacao" not in html
