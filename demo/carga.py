"""The data of the load benchmark (``manage.py bench_carga``), built on its own database.

Run only inside the benchmark's child process (``bench_carga --preparar``), whose
DATABASE_URL is the throwaway database. In the demo app: like the demo loader, it sits on top
of every domain app. The inscrições come from the synthetic builder of
``bench_classificacao`` (imported, not copied); lists, publication, draw, homologation and
calls go through the project's own functions, as RH's acts would.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from importlib import import_module

from django.conf import settings
from django.contrib.auth import (
    BACKEND_SESSION_KEY,
    HASH_SESSION_KEY,
    SESSION_KEY,
    get_user_model,
)
from django.contrib.auth.models import Group
from django.db import connection, transaction
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone

from candidatos.chamadas import convocar
from candidatos.models import EstadoLista, Inscricao, SituacaoLista
from certames.models import Cargo, Certame, Etapa, Orgao, Publicacao
from certames.sorteio import anunciar, sortear
from classificacao.homologacao import homologar
from classificacao.listas import LOTE, publicar, recalcular
from classificacao.management.commands.bench_classificacao import (
    CODIGO_PISO,
    ORGAO,
    PUBLICACAO,
)
from classificacao.management.commands.bench_classificacao import Command as Construtor
from comum.papeis import GRUPO_CANDIDATO
from demo import bench_publicacao

CAUSA = "teste de carga"
#: The homologated certame: small, every option decided, its cargos called.
INSCRICOES_HOMOLOGADO = 2_000
CARGOS_HOMOLOGADO = 2
CHAMADAS = 3
POR_CHAMADA = 10
ARQUIVO_ESTATICO = "vendor/bootstrap/css/bootstrap.min.css"
#: Another tab of the cargo's lists: pretos e pardos (more than half of the synthetic
#: candidates opt into it).
ABA_RESERVADA = "PP"


def _n(valor: int) -> str:
    return f"{valor:,}".replace(",", ".")


def _construir(chave: str, n: int, c: int, m: int, seed: int) -> Certame:
    """The synthetic certame, with the stages its publications wait for
    (certames/cronograma.py, `motivo_publicacao`): from the edital's publication."""
    orgao, _ = Orgao.objects.get_or_create(nome=ORGAO, municipio="Pirangi", uf="SP")
    with transaction.atomic():
        certame = Construtor()._construir(orgao, chave, n, c, m, seed)
        inicio = timezone.make_aware(dt.datetime.combine(PUBLICACAO, dt.time(8)))
        for tipo in (Etapa.Tipo.RESULTADO_PRELIMINAR, Etapa.Tipo.RESULTADO_FINAL):
            Etapa.objects.create(certame=certame, tipo=tipo, inicio=inicio,
                                 fim=inicio + dt.timedelta(hours=15))
        return certame


def _cargos(certame: Certame) -> list[Cargo]:
    return list(certame.cargos.exclude(codigo=CODIGO_PISO).order_by("codigo"))


def _publicar(certame: Certame, tipo: str, autor) -> None:
    for cargo in _cargos(certame):
        versao = (recalcular(cargo.pk, causa=CAUSA)
                  or cargo.versoes_classificacao.order_by("-numero").first())
        publicar(versao, tipo, autor)


def _decidir_todas(certame: Certame) -> int:
    """Every reserved-list option without a verdict gets one (confirmed), as after the
    procedures and their appeals: the final result may then be published (no optant pending
    within the called range). Whole rows, no update."""
    decididas = set(SituacaoLista.objects.filter(inscricao__certame=certame)
                    .values_list("inscricao_id", "lista"))
    novas = [SituacaoLista(inscricao_id=pk, lista=lista, estado=EstadoLista.CONFIRMADA,
                           motivacao="Decisão definitiva sintética do teste de carga.")
             for pk, listas in Inscricao.objects.filter(certame=certame)
             .values_list("pk", "listas")
             for lista in listas if (pk, lista) not in decididas]
    SituacaoLista.objects.bulk_create(novas, batch_size=LOTE)
    return len(novas)


def _homologado(n: int, c: int, seed: int, autor) -> Certame:
    """A small certame on the whole-edital base: announced and drawn in public, every option
    decided, final lists published, homologated and called (the order of nomeação)."""
    certame = _construir(f"CARGA-HOMOLOGADO-{n}-{seed}", n, c, n // 2, seed + 1)
    # The builder sets the per-cargo base; this certame keeps its regime's own (the whole
    # edital: Pirangi's law), so the reserve's split is drawn.
    Certame.objects.filter(pk=certame.pk).update(parametros={})
    certame.refresh_from_db()
    _decidir_todas(certame)
    semente = PUBLICACAO + dt.timedelta(days=5)
    anunciar(certame, autor=autor, hoje=PUBLICACAO + dt.timedelta(days=1),
             data_da_semente=semente,
             fonte_semente="1º prêmio da Loteria Federal (sintético, teste de carga)")
    sortear(certame, semente="46213", autor=autor, hoje=semente)
    _publicar(certame, Publicacao.Tipo.FINAL, autor)
    hoje = timezone.localdate()
    homologar(certame, data=hoje - dt.timedelta(days=30), autor=autor, hoje=hoje,
              ato="Homologação sintética (teste de carga)")
    for cargo in _cargos(certame):
        # At most the cargo's vacancies: the published call order ends there.
        restantes = min(CHAMADAS * POR_CHAMADA, cargo.vagas)
        while restantes > 0:
            quantidade = min(POR_CHAMADA, restantes)
            convocar(cargo, quantidade, prazo=hoje + dt.timedelta(days=15), autor=autor,
                     hoje=hoje)
            restantes -= quantidade
    return certame


def _sessao(usuario, extra: dict | None = None) -> str:
    """A logged-in session, as django.contrib.auth.login writes it (plus `extra`: the second
    factor's mark for an RH account)."""
    loja = import_module(settings.SESSION_ENGINE).SessionStore()
    loja[SESSION_KEY] = usuario._meta.pk.value_to_string(usuario)
    loja[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    loja[HASH_SESSION_KEY] = usuario.get_session_auth_hash()
    loja.update(extra or {})
    loja.create()
    return loja.session_key


def preparar(*, inscricoes: int, cargos: int, maior: int, seed: int,
             escreva: Callable[[str], None]) -> dict:
    """Build everything; return the pages to measure and the candidate's session cookie."""
    inicio = time.perf_counter()
    User = get_user_model()
    rh = User.objects.create_user("rh-carga", email="rh-carga@example.com")
    principal = _construir(f"CARGA-{inscricoes}-{cargos}-{maior}-{seed}", inscricoes, cargos,
                           maior, seed)
    _publicar(principal, Publicacao.Tipo.PRELIMINAR, rh)
    homologado = _homologado(INSCRICOES_HOMOLOGADO, CARGOS_HOMOLOGADO, seed, rh)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")

    # The candidate: the 50th best-scored qualified inscrição of the biggest cargo (in its
    # published lists; chosen from the inscrições, whatever the snapshots' layout).
    grande = _cargos(principal)[0]
    inscricao = (Inscricao.objects.select_related("candidato")
                 .filter(cargo=grande, situacao=Inscricao.Situacao.HABILITADO)
                 .order_by("-nota", "numero")[49])
    usuario = User.objects.create_user("candidato-carga", email="candidato-carga@example.com")
    usuario.groups.add(Group.objects.get_or_create(name=GRUPO_CANDIDATO)[0])
    candidato = inscricao.candidato
    candidato.usuario = usuario
    candidato.save(update_fields=["usuario"])

    cargo_hom = _cargos(homologado)[0]
    total = Inscricao.objects.count()
    duracao = f"{time.perf_counter() - inicio:.1f}".replace(".", ",")
    escreva(f"dados: {_n(total)} inscrições — certame principal {_n(inscricoes)} em {cargos} "
            f"cargos (maior: {grande.codigo}, {_n(grande.inscricoes.count())} inscrições, "
            f"listas publicadas); certame homologado {_n(INSCRICOES_HOMOLOGADO)} em "
            f"{CARGOS_HOMOLOGADO} cargos (sorteio, resultado final, "
            f"{CHAMADAS * POR_CHAMADA} convocações por cargo); construídos em {duracao} s")

    lista_cargo = reverse("cargo_publico", args=[principal.pk, grande.pk])
    paginas = [
        {"nome": "arquivo estático (bootstrap.min.css)", "caminho": static(ARQUIVO_ESTATICO),
         "publica": False, "estatica": True},
        {"nome": "início (/)", "caminho": reverse("inicio")},
        {"nome": "certame público", "caminho": reverse("certame_publico", args=[principal.pk])},
        {"nome": "lista do cargo, página 1", "caminho": lista_cargo},
        {"nome": "lista do cargo, página 3", "caminho": f"{lista_cargo}?page=3"},
        {"nome": f"lista do cargo, aba {ABA_RESERVADA}", "caminho": f"{lista_cargo}?lista="
         f"{ABA_RESERVADA}"},
        {"nome": "busca na lista (?q=)",
         "caminho": f"{lista_cargo}?q={inscricao.numero}"},
        # The same search with a different inscrição number at each request: what the
        # cache cannot answer. Shown, but outside the static/page ratio.
        {"nome": "busca, números distintos (fora da razão)", "caminho": f"{lista_cargo}?q=",
         "publica": False, "variantes": [
             f"{lista_cargo}?q={numero}" for numero in
             Inscricao.objects.filter(cargo=grande).order_by("numero")
             .values_list("numero", flat=True)]},
        {"nome": "ordem de nomeação", "caminho": reverse("ordem_nomeacao_publica",
                                                         args=[homologado.pk, cargo_hom.pk])},
        {"nome": "sorteio público", "caminho": reverse("sorteio_publico",
                                                       args=[homologado.pk])},
        {"nome": "painel do candidato", "caminho": reverse("portal:painel"),
         "publica": False, "autenticada": True},
        {"nome": "situação da inscrição", "caminho": reverse("portal:inscricao",
                                                             args=[inscricao.pk]),
         "publica": False, "autenticada": True},
    ]
    return {"paginas": paginas, "cookie_nome": settings.SESSION_COOKIE_NAME,
            "cookie": _sessao(usuario), "login": contas_de_login(grande, CONTAS_LOGIN),
            # RH publishes the biggest cargo's next version during the benchmark.
            "publicacao": bench_publicacao.preparar(grande, _sessao)}


#: Accounts of the log-in's load (`demo.bench_login`): one per client of the benchmark.
CONTAS_LOGIN = 50
SENHA_LOGIN = "carga-login-2026"


def contas_de_login(cargo, n: int) -> dict:
    """`n` candidates of `cargo` given an account each (the production hasher: Argon2id),
    for real log-ins under load; their usernames and the password."""
    User = get_user_model()
    grupo = Group.objects.get_or_create(name=GRUPO_CANDIDATO)[0]
    nomes = []
    candidatos = (Inscricao.objects.filter(cargo=cargo, candidato__usuario__isnull=True)
                  .select_related("candidato").order_by("numero")[:n])
    for i, inscricao in enumerate(candidatos):
        usuario = User.objects.create_user(f"login-carga-{i}", password=SENHA_LOGIN)
        usuario.groups.add(grupo)
        inscricao.candidato.usuario = usuario
        inscricao.candidato.save(update_fields=["usuario"])
        nomes.append(usuario.username)
    return {"contas": nomes, "senha": SENHA_LOGIN}

