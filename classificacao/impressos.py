"""Generated PDF documents (impressos): a certame's acts laid out for the Diário Oficial.

One mechanism for every such document (the order of nomeação; the vacancy table of a certame
and each published list, `classificacao.documentos`):

- an `Impresso` says what a document type holds and about what (`alvo`: a Cargo, the default;
  a Certame for the vacancy table; a Publicacao for a published list): `conteudo(alvo)`
  returns plain data (text and numbers only: the header, the columns and the rows),
  `template` lays it out for weasyprint or, for the documents that grow with the candidates
  (the published lists, a phase's result), `diagramar` lays it out as tables written straight
  to PDF (`comum.pdf.tabular`: seconds for 50,000 rows, where weasyprint took minutes);
  `nome(alvo)` is the download name;
- the key (`DocumentoPdf.chave`) is the SHA-256 of that content: the same acts give the same
  key and the stored file is served again; a new act (a call, a nomeação) or a corrected name
  gives a new key and a new document. What a document shows never depends on when it is
  rendered, except its issue date;
- `solicitar` queues the Celery task by name after the commit (`comum.filas`) when the
  current key has no document yet; the task (`classificacao.tasks`) calls `gerar`, which renders
  and stores it. Without a broker (development, tests) the task runs in-process, so outside a
  transaction the document exists when `solicitar` returns.

Everything the candidates or RH typed reaches the PDF through a Django template, which
escapes it: a name holding markup is printed as text, never interpreted.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.files.base import ContentFile
from django.db import IntegrityError, transaction
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from certames import carreira, regras
from certames.models import Cargo, Certame, DocumentoPdf, Publicacao
from comum.arquivos import servir_arquivo
from comum.filas import enfileirar
from comum.formatos import data_br
from comum.pdf import html_para_pdf, tabular
from provas.models import PublicacaoFase

#: Task of classificacao/tasks.py, queued by name (comum/filas.py): tasks imports this module.
TAREFA_PDF = "certames.gerar_documento_pdf"
#: With a broker, a document being rendered is not queued again for this long (seconds): the
#: waiting page asks every few seconds.
ESPERA_FILA = 120

Tipo = DocumentoPdf.Tipo
#: What a document can be about.
Alvo = Cargo | Certame | Publicacao | PublicacaoFase


@dataclass(frozen=True)
class Impresso:
    """A document type: its content (plain data), its layout, its download name and title,
    and the model of what it is about."""

    tipo: str
    template: str
    conteudo: Callable[[Any], dict]
    nome: Callable[[Any], str]
    titulo: Any = gettext_lazy("Ordem de nomeação")
    alvo: type[Cargo] | type[Certame] | type[Publicacao] | type[PublicacaoFase] = Cargo
    #: The content (with `emitido_em`) as tables for `comum.pdf.tabular`, instead of the
    #: template (which stays empty then).
    diagramar: Callable[[dict], tabular.Documento] | None = None


IMPRESSOS: dict[str, Impresso] = {}


def registrar(impresso: Impresso) -> Impresso:
    IMPRESSOS[impresso.tipo] = impresso
    return impresso


def chave_de(conteudo: dict) -> str:
    """The key of a content: SHA-256 of its canonical JSON."""
    texto = json.dumps(conteudo, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(texto.encode()).hexdigest()


def _alvo(tipo: str, alvo: Alvo | int) -> Alvo:
    modelo = IMPRESSOS[tipo].alvo
    if not isinstance(alvo, int):
        return alvo
    if modelo is Certame:
        return Certame.objects.select_related("orgao").get(pk=alvo)
    if modelo is Publicacao:
        return Publicacao.objects.select_related("versao__cargo__certame__orgao").get(pk=alvo)
    if modelo is PublicacaoFase:
        return PublicacaoFase.objects.select_related("fase__cargo__certame__orgao",
                                                     "versao").get(pk=alvo)
    return Cargo.objects.select_related("certame__orgao").get(pk=alvo)


def _lugar(alvo: Alvo) -> tuple[int, int | None]:
    """(certame id, cargo id or None) the document is filed under."""
    if isinstance(alvo, Certame):
        return alvo.pk, None
    if isinstance(alvo, Publicacao):
        return alvo.versao.cargo.certame_id, alvo.versao.cargo_id
    if isinstance(alvo, PublicacaoFase):
        return alvo.fase.cargo.certame_id, alvo.fase.cargo_id
    return alvo.certame_id, alvo.pk


def estado(tipo: str, alvo: Alvo | int) -> tuple[Any, str, dict]:
    """(subject, key, content) of the document as the acts stand now."""
    alvo = _alvo(tipo, alvo)
    conteudo = IMPRESSOS[tipo].conteudo(alvo)
    return alvo, chave_de(conteudo), conteudo


def _filtro(tipo: str, alvo: Alvo, chave: str) -> dict[str, Any]:
    certame_id, cargo_id = _lugar(alvo)
    return {"tipo": tipo, "certame_id": certame_id, "cargo_id": cargo_id, "chave": chave}


def _buscar(tipo: str, alvo: Alvo, chave: str) -> DocumentoPdf | None:
    return DocumentoPdf.objects.filter(**_filtro(tipo, alvo, chave)).first()


def documento_atual(tipo: str, alvo: Alvo | int) -> DocumentoPdf | None:
    """The stored document of the current state, or None (not rendered yet)."""
    objeto, chave, _conteudo = estado(tipo, alvo)
    return _buscar(tipo, objeto, chave)


def solicitar(tipo: str, alvo: Alvo | int) -> DocumentoPdf | None:
    """The current document; when there is none, queue its rendering (after the commit) and
    return it if the task already ran (eager mode outside a transaction), else None."""
    objeto, chave, _conteudo = estado(tipo, alvo)
    documento = _buscar(tipo, objeto, chave)
    if documento is not None:
        return documento
    # With a worker, one queued rendering per state at a time (the page polls).
    if settings.CELERY_TASK_ALWAYS_EAGER or cache.add(
            f"impresso:{tipo}:{objeto.pk}:{chave}", 1, ESPERA_FILA):
        transaction.on_commit(lambda: enfileirar(TAREFA_PDF, tipo, objeto.pk))
    return _buscar(tipo, objeto, chave)


def html_de(tipo: str, conteudo: dict) -> str:
    """The HTML weasyprint lays out (Django's template escapes every value)."""
    return render_to_string(IMPRESSOS[tipo].template,
                            {**conteudo, "emitido_em": timezone.localtime()})


def renderizar(tipo: str, conteudo: dict) -> bytes:
    diagramar = IMPRESSOS[tipo].diagramar
    if diagramar is None:
        return html_para_pdf(html_de(tipo, conteudo))
    emitido_em = timezone.localtime()
    return tabular.gerar(diagramar({**conteudo, "emitido_em": emitido_em}),
                         emitido_em=emitido_em)


def gerar(tipo: str, alvo_id: int) -> int:
    """Render the current state's document and store it (the Celery task's body). Returns
    the document's id; a state already rendered is not rendered again."""
    alvo, chave, conteudo = estado(tipo, alvo_id)
    existente = _buscar(tipo, alvo, chave)
    if existente is not None:
        return existente.pk
    certame_id, cargo_id = _lugar(alvo)
    documento = DocumentoPdf(tipo=tipo, certame_id=certame_id, cargo_id=cargo_id, chave=chave)
    nome = f"{IMPRESSOS[tipo].nome(alvo)}-{chave[:12]}.pdf"
    documento.arquivo.save(nome, ContentFile(renderizar(tipo, conteudo)), save=False)
    try:
        with transaction.atomic():
            documento.save()
    except IntegrityError:
        # Another worker stored the same state meanwhile: keep its file.
        documento.arquivo.delete(save=False)
        return DocumentoPdf.objects.get(**_filtro(tipo, alvo, chave)).pk
    return documento.pk


#: Seconds between two reloads of the waiting page (a meta refresh: the CSP forbids scripts
#: written in the page).
INTERVALO_ESPERA = 3


def resposta_pdf(request, tipo: str, alvo: Alvo, *, voltar: str):
    """The view's answer: the current document as a download, or (queued, not ready yet)
    a page that reloads itself until it is."""
    documento = solicitar(tipo, alvo)
    nome = IMPRESSOS[tipo].nome(alvo)
    if documento is not None:
        return servir(documento, nome)
    return resposta_espera(request, IMPRESSOS[tipo].titulo, nome, voltar)


def resposta_espera(request, titulo, nome: str, voltar: str, *, pdf: bool = True):
    """The page that reloads itself until the document `titulo` (`nome`; a PDF unless `pdf`
    is false) is ready; never stored by any cache."""
    resposta = render(request, "classificacao/impressos/aguarde.html", {
        "nome": nome, "titulo": titulo, "voltar": voltar, "intervalo": INTERVALO_ESPERA,
        "pdf": pdf})
    resposta["Cache-Control"] = "no-store"
    return resposta


def servir(documento: DocumentoPdf, nome: str):
    """The stored PDF as a download named `nome`.pdf (the document type and the codes)."""
    return servir_arquivo(documento.arquivo, nome=f"{nome}.pdf", tipo="application/pdf",
                          anexo=True)


# --- the order of nomeação ----------------------------------------------


def _fundamento_vaga(regime: regras.Regime, vaga: str) -> str:
    """The reserve a slot type comes from (AC: the open competition, no reserve)."""
    if vaga == regras.PCD:
        return regime.pcd.fundamento
    grupo = next((g for g in regime.grupos if g.codigo == vaga), None)
    return grupo.fundamento if grupo else str(_("ampla concorrência"))


def _legenda(regime: regras.Regime) -> list[tuple[str, str]]:
    return [(regras.AC, str(_("Ampla concorrência"))),
            *[(g.codigo, g.nome) for g in regime.grupos],
            (regras.PCD, str(_("Pessoas com deficiência")))]


def _conteudo_ordem(cargo: Cargo, *, publica: bool) -> dict:
    """The order of nomeação: every call in order (public: inscrição number and name as the
    published lists; RH: also the masked CPF), with slot type, list of origin, the reserve's
    legal basis, the situation and the dates of the acts."""
    certame = cargo.certame
    regime = certame.regime_legal
    linhas = []
    for s in carreira.historico(cargo):
        c, candidato = s.chamada, s.chamada.inscricao.candidato
        linhas.append({
            "posicao": c.posicao, "inscricao": c.inscricao.numero,
            "nome": candidato.nome_exibicao,
            "cpf": "" if publica else candidato.cpf_mascarado,
            "vaga": c.vaga, "lista": c.lista, "fundamento": _fundamento_vaga(regime, c.vaga),
            "convocada_em": data_br(c.chamada_em),
            "nomeacao": data_br(s.nomeacao) if s.nomeacao else "",
            "posse": data_br(s.posse) if s.posse else "",
            "situacao": s.descricao,
        })
    return {
        "titulo": carreira.titulo_exportacao(), "publica": publica,
        "orgao": certame.orgao.nome, "municipio": certame.orgao.municipio,
        "uf": certame.orgao.uf, "edital": certame.numero_edital,
        "certame": certame.titulo, "cargo_codigo": cargo.codigo, "cargo_nome": cargo.nome,
        "regime": regime.nome, "fundamento": carreira.fundamento_ordem(cargo),
        "legenda": _legenda(regime), "linhas": linhas,
    }


registrar(Impresso(
    tipo=Tipo.ORDEM_NOMEACAO, template="classificacao/impressos/ordem_nomeacao.html",
    conteudo=lambda cargo: _conteudo_ordem(cargo, publica=False),
    nome=lambda cargo: f"ordem-nomeacao-{cargo.codigo}"))
registrar(Impresso(
    tipo=Tipo.ORDEM_NOMEACAO_PUBLICA, template="classificacao/impressos/ordem_nomeacao.html",
    conteudo=lambda cargo: _conteudo_ordem(cargo, publica=True),
    nome=lambda cargo: f"ordem-nomeacao-{cargo.codigo}"))
