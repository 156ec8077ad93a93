"""Every POST that records an act requires the server-checked confirmation box
(`comum.confirmacao`).

How it works, and how a new view joins:

- A view whose POST records an act (anything `certames.auditoria.registrar_ato` records: a
  decision, a request, an appeal, a defence, a vote, a publication, a call, an import...) is
  decorated with `comum.confirmacao.exige_confirmacao`. By default the decorator refuses
  an unconfirmed POST before the view runs (400, nothing recorded); with
  ``verificar=False`` the view's own form refuses it (400, the box's error on the page). Its
  template renders the box: a form field made by `campo_confirmacao` (crispy renders it) or
  ``{% include "includes/confirmacao.html" with id=... texto=... %}`` in a bare form, whose
  label says what happens, who sees it and that it cannot be undone.
- A view that accepts POST and records no act of a procedure is listed in `ISENTAS` below,
  with the reason.
- `test_todo_post_e_confirmado_ou_isento` walks every URL pattern of the project
  (`get_resolver()`, the admin apart): a view that accepts POST and is neither decorated nor
  in `ISENTAS` fails it, and so does an exemption that no longer names a POST view.
- `test_post_sem_confirmacao` posts to every decorated view, as the role the permission
  matrix (tests/test_matriz_permissoes.py, whose world it uses) marks as entitled (`OK` in
  the row's ``post=``), the row's data without the box: the answer must be 400, no act
  (`certames.Ato`) may be written, and the page must say why (the refusal page, or the box's
  error on the form). A decorated view needs such a row in `MATRIZ`; `EXTRAS` below adds the
  other actions of a view that records several (one POST URL, an ``acao`` field).
"""

from __future__ import annotations

import pytest
from django import forms
from django.urls import URLPattern, URLResolver, get_resolver

from certames.models import Ato
from comum.confirmacao import CAMPO, ERRO
from tests.test_matriz_permissoes import (  # noqa: F401 - `mundo` is the matrix's fixture
    MATRIZ,
    MOTIVO,
    OK,
    PAPEIS,
    entrar,
    mundo,
    url_da_linha,
)

#: POST views that record no act of a procedure, and why.
ISENTAS = {
    "favicon": "a redirect to the static icon (Django's RedirectView answers POST as GET)",
    "relatorio_csp": "a browser's report of what the Content-Security-Policy blocked: only "
                     "logged (operacao/views.py)",
    "login": "log-in (axes counts the attempts; no act of a procedure)",
    "dois_fatores:verificar": "the second step of the log-in: a code (each attempt recorded in "
                              "the second factor's trail; django-otp throttles the failures)",
    "dois_fatores:cadastrar": "the account's own authenticator, confirmed by a code of it (like "
                              "password_change: the holder's own credential, no act)",
    "logout": "log-out",
    "password_change": "the account's own password (Django's auth)",
    "password_reset": "asks for a password-reset e-mail (Django's auth; the page never says "
                      "whether the address is known)",
    "password_reset_confirm": "the reset link: holding it is the proof (Django's auth)",
    "portal:cadastro": "a sign-up request: no account is created nor linked until the link "
                       "sent by e-mail is followed (portal:confirmar)",
    "portal:vincular": "asks that a record the banca imported for the account's CPF join the "
                       "account: nothing is linked until the link sent to the record's e-mail "
                       "is followed (portal:confirmar) or RH decides the claim (with its box)",
    "portal:confirmar": "the sign-up's e-mail link: holding it is the proof, and its button "
                        "is the confirmation of the person's own account",
    "painel:recalcular": "asks for the recompute of lists derived from the acts already "
                         "recorded (a new version only when they changed it); no act",
    "painel:gerar_ata": "queues the PDF of the minutes of a session already closed (the "
                        "closing is the act, with its confirmation); no act",
    **{nome: "edits the edital's draft, which only RH sees (editais.servicos: refused once "
             "published); the publication (painel:publicar_edital) is the act and requires "
             "the box" for nome in (
        "painel:novo_certame", "painel:editar_certame", "painel:novo_cargo_rascunho",
        "painel:editar_cargo_rascunho", "painel:remover_cargo_rascunho",
        "painel:nova_etapa_rascunho", "painel:editar_etapa_rascunho",
        "painel:remover_etapa_rascunho")},
    "documentos:enviar": "adds a file to the candidate's documents not yet submitted; the "
                         "submission (documentos:submeter) is the act and requires the box",
    "portal:enviar_documento_posse": "sends a file for the posse that a later sending "
                                     "supersedes (both kept); RH's check "
                                     "(painel:analisar_documento_posse) is the act and "
                                     "requires the box",
    **{nome: "edits the list of documents the edital requires for the posse and its days of "
             "posse and exercício, refused once a call they apply to exists "
             "(candidatos.posse); every call is an act of its own" for nome in (
        "painel:posse_edital", "painel:documento_posse", "painel:remover_documento_posse")},
}

#: Other actions of a view that records several (the matrix's row posts one of them):
#: (URL name, kwargs as in MATRIZ, role, data without the box).
EXTRAS = [
    ("painel:inscricao", "pk=insc_a", "rh",
     {"acao": "eliminacao", "eliminacao-motivacao": MOTIVO,
      "eliminacao-fundamento": "Edital, item 10"}),
    ("painel:inscricao", "pk=insc_a", "rh",
     {"acao": "opcoes", "opcoes-listas": ["PPI"], "opcoes-motivacao": MOTIVO}),
    ("painel:pedido", "pk=pedido_a", "rh",
     {"acao": "falsidade", "falsidade-fatos": MOTIVO,
      "falsidade-prazo_defesa": "2099-01-01T10:00"}),
    ("painel:procedimentos_detalhe", "pk=proc_decidido", "rh",
     {"acao": "encaminhar", "destino": "ministerio_publico", "data": "2026-10-20",
      "referencia": "Ofício 1/2026"}),
    # The superior authority's ruling on an appeal against a phase result (RH's POST; the
    # world has no appeal there, so the domain would refuse the act: the box is checked first).
    ("painel:recurso_fase", "pk=desempenho_a", "rh",
     {"decisao": "nao_provido", "motivacao": MOTIVO}),
    # The candidate's inscrição (its box is the self-declaration's oath, "declaracao").
    ("portal:inscrever", "certame_pk=certame", "cand_a",
     {"cargo": "cargo2", "cor_raca": "parda", "listas": ["PPI"]}),
    # Acts of a committee's president ("presidente:<committee>", its first member).
    ("comissao:biopsicossocial", "pk=av_pcd", "presidente:pcd",
     {"funcoes_estruturas": MOTIVO, "fatores": MOTIVO, "atividades": MOTIVO,
      "participacao": MOTIVO, "compativel": "sim", "compatibilidade": MOTIVO}),
    ("comissao:comparecimento", "pk=conv_pcd", "presidente:pcd", {"comparecimento": "ausente"}),
    ("comissao:gravacao", "pk=av_rec", "presidente:rec", {"gravacao": "gravacao.mp4"}),
    ("comissao:encerrar_avaliacao", "pk=av_rec", "presidente:rec", {}),
    # The members' presence, recorded by whoever presides the session.
    ("comissao:presenca", "pk=sessao_het", "presidente:het", {"presente": []}),
    ("comissao:encerrar_sessao", "pk=sessao_het", "presidente:het", {}),
    # A superuser resets another account's second factor (an act with its motivation).
    ("dois_fatores_rh:redefinir", "pk=rh", "superusuario", {"motivacao": MOTIVO}),
]


def _padroes(resolver=None, ns=None):
    """(qualified name, view) of every URL pattern, Django's admin apart."""
    for p in (resolver or get_resolver()).url_patterns:
        if isinstance(p, URLResolver):
            espaco = f"{ns}:{p.namespace}" if ns and p.namespace else (p.namespace or ns)
            if espaco != "admin":
                yield from _padroes(p, espaco)
        elif isinstance(p, URLPattern):
            yield (f"{ns}:{p.name}" if ns and p.name else p.name), p.callback


def _aceita_post(view) -> bool:
    classe = getattr(view, "view_class", None)
    if classe is None:
        return True  # a function view: nothing tells, so it must be declared
    return "post" in classe.http_method_names and hasattr(classe, "post")


def _campo(view) -> str | None:
    return getattr(getattr(view, "view_class", None), "exige_confirmacao", None)


def _confirmadas() -> dict[str, object]:
    return {nome: view for nome, view in _padroes() if _campo(view)}


def test_todo_post_e_confirmado_ou_isento():
    sem_decisao, confirmadas_e_isentas = [], []
    postaveis = set()
    for nome, view in _padroes():
        if not _aceita_post(view):
            continue
        postaveis.add(nome)
        if _campo(view) and nome in ISENTAS:
            confirmadas_e_isentas.append(nome)
        elif not _campo(view) and nome not in ISENTAS:
            sem_decisao.append(nome)
    assert sorted(set(sem_decisao)) == [], (
        "POST views neither decorated with exige_confirmacao nor exempt (ISENTAS): "
        f"{sorted(set(sem_decisao))}")
    assert confirmadas_e_isentas == []
    assert sorted(set(ISENTAS) - postaveis) == []  # no stale exemption
    # The guard sees what it guards.
    assert {"recursos:apresentar", "painel:vaga_surgida", "comissao:impedimento"} <= set(
        _confirmadas())


def _sem_caixa(dados: dict, campo: str) -> dict:
    return {k: v for k, v in dados.items() if k != campo and not k.endswith(f"-{campo}")}


def _casos():
    casos = []
    confirmadas = _confirmadas()
    vistas = set()
    for linha in MATRIZ:
        if linha.nome not in confirmadas or linha.post is None:
            continue
        papel = next((p for p, e in zip(PAPEIS, linha.post, strict=True) if e is OK), None)
        if papel is None:
            continue
        vistas.add(linha.nome)
        casos.append(pytest.param(linha.nome, linha.kwargs, papel, linha.comissao, linha.dados,
                                  id=f"{linha.rotulo}-{papel}"))
    for i, (nome, kwargs, papel, dados) in enumerate(EXTRAS):
        vistas.add(nome)
        comissao = papel.split(":")[1] if papel.startswith("presidente:") else "het"
        casos.append(pytest.param(nome, kwargs, papel, comissao, dados, id=f"{nome}-extra{i}"))
    # A decorated view without a row that tells who may post it fails here, by name.
    for nome in sorted(set(confirmadas) - vistas):
        casos.append(pytest.param(nome, None, None, None, None, id=f"{nome}-sem-linha"))
    return casos


def _erro_do_campo(resposta, campo: str) -> bool:
    """A form of the page has the box's error (the view refused through its own form)."""
    for contexto in resposta.context or []:
        for camada in getattr(contexto, "dicts", [contexto]):
            for objeto in (camada.values() if isinstance(camada, dict) else []):
                if isinstance(objeto, forms.BaseForm) and any(
                        nome == campo or nome.endswith(f"-{campo}") for nome in objeto.errors):
                    return True
    return False


def _entrar(client, w, papel: str, comissao: str) -> None:
    if papel.startswith("presidente:"):
        client.force_login(getattr(w, f"{comissao}_votantes")[0].usuario)
    elif papel == "superusuario":
        client.force_login(w.superusuario)
    else:
        entrar(client, w, papel, comissao)


def _resolver(w, dados: dict) -> dict:
    """EXTRAS' data may name the world's objects ("cargo2"): their pk."""
    return {k: (getattr(w, v).pk if isinstance(v, str) and hasattr(w, v) else v)
            for k, v in dados.items()}


@pytest.mark.django_db
@pytest.mark.parametrize(("nome", "kwargs", "papel", "comissao", "dados"), _casos())
def test_post_sem_confirmacao(client, mundo, nome, kwargs, papel, comissao, dados):  # noqa: F811
    assert papel is not None, (
        f"{nome} is decorated with exige_confirmacao but no MATRIZ row says who may post it "
        "(post=..., OK for the entitled role): add one, with the data of a valid act")
    view = _confirmadas()[nome]
    campo = _campo(view)
    linha = next(linha for linha in MATRIZ if linha.nome == nome)
    linha = linha._replace(kwargs=kwargs, comissao=comissao)
    dados = dados(mundo) if callable(dados) else _resolver(mundo, dict(dados or {}))
    _entrar(client, mundo, papel, comissao)
    antes = Ato.objects.count()
    resposta = client.post(url_da_linha(mundo, linha), _sem_caixa(dados, campo))
    assert resposta.status_code == 400, (
        f"POST {nome} without the box as {papel}: {resposta.status_code}")
    assert Ato.objects.count() == antes
    # The page says why: the refusal page, or the box's error on the view's own form.
    conteudo = resposta.content.decode()
    if view.view_class.confirmacao_na_view:
        assert str(ERRO) in conteudo or _erro_do_campo(resposta, campo), (
            f"{nome}: the page does not say why")
    else:
        assert str(ERRO) in conteudo and 'id="confirmacao-necessaria"' in conteudo


def test_a_caixa_marcada_passa_da_verificacao(client, mundo):  # noqa: F811
    """The refusal is the box's: the same POST with it goes on to the view (here an appeal
    already filed: the kernel's own refusal, not the box's)."""
    linha = next(linha for linha in MATRIZ if linha.nome == "recursos:apresentar")
    entrar(client, mundo, "cand_a", "het")
    dados = {**linha.dados, CAMPO: "on"}
    resposta = client.post(url_da_linha(mundo, linha), dados)
    assert 'id="confirmacao-necessaria"' not in resposta.content.decode()
