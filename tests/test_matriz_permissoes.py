"""The permission matrix: every URL of the project, requested by every kind of visitor.

One world (`tests/matriz_dados.py`) gives every URL kwarg a real object that belongs to
candidate A or to the committee X evaluating A. Eight roles request every URL with GET and the
status must be the one written in `MATRIZ` below, one row per URL (a few URLs have one row
per committee):

    anon       anonymous visitor
    cand_a     candidate A, owner of the objects
    cand_b     candidate B, another candidate (must not learn that A's objects exist: 404)
    membro     member of committee X with the confidentiality term signed
    sem_termo  member of X who has not signed the term
    impedido   member of X with an impedimento about A
    outra      member of committee Y (another heteroidentification committee, same certame)
    rh         RH (group RH, staff)

"X" is the committee the row names (`het` heteroidentification, `rec` recursal, `doc`
documentary verification, `pcd` multiprofessional team, shown as "@rec" etc. in the test
ids); rows without one use `het`.

Action rows post with the confirmation box ticked (`comum.confirmacao`: an unconfirmed POST
is refused before anything else, tests/test_confirmacao.py), so what refuses them here is
who posts.

Codes: an int is the status; LOGIN is a redirect to the log-in page, TERMO a redirect to the
member's confidentiality term, "->name" a redirect to that URL name. Rows with `post=` are
action URLs: each role marked there POSTs and must be refused with that code, and no act
(`certames.Ato`) may be written. OK marks the roles entitled to the action (not requested).

Also: the rows cover exactly the URL patterns of the project (a new URL fails the test until
its row is written), the admin is checked apart and no page links to it, and A's CPF and name
never reach the body of a response to anyone who is not A, RH or a member of X who may see A
(public results, `publica=True`, show the name by law; never the CPF).
"""

from __future__ import annotations

from typing import NamedTuple
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse

from candidatos.models import Candidato
from certames.models import Ato
from tests import matriz_dados

PAPEIS = ("anon", "cand_a", "cand_b", "membro", "sem_termo", "impedido", "outra", "rh")
#: Roles that must never see A's CPF or name (A is theirs to know about only if X lets them).
ALHEIOS = ("anon", "cand_b", "sem_termo", "impedido", "outra")

LOGIN = "->login"
TERMO = "->comissao:termo"
OK = None


class Linha(NamedTuple):
    nome: str
    kwargs: str
    get: tuple
    comissao: str = "het"
    post: tuple | None = None
    dados: object = None
    publica: bool = False

    @property
    def rotulo(self) -> str:
        rotulo = f"{self.nome}[{self.kwargs}]" if self.kwargs else self.nome
        return rotulo if self.comissao == "het" else f"{rotulo}@{self.comissao}"


def L(nome, kwargs, *get, comissao="het", post=None, dados=None, publica=False):  # noqa: N802
    assert len(get) == len(PAPEIS), nome
    assert post is None or len(post) == len(PAPEIS), nome
    return Linha(nome, kwargs, get, comissao, post, dados, publica)


RH_POST = (LOGIN, 403, 403, 403, 403, 403, 403, OK)
MOTIVO = "Tentativa de agir sobre a candidata por quem não pode."

# --- the matrix -----------------------------------------------------------------------------
# kwargs: "name=attribute" pairs; the attribute of the world (its pk for a model) or a literal.
# columns:                      anon   cand_a cand_b membro s/termo imped. outra  rh
MATRIZ = [
    # public pages
    L("inicio", "",             200,   200,   200,   200,   200,   200,   200,   200),
    # The browser's icon: a redirect to the static file, for everyone.
    L("favicon", "",            302,   302,   302,   302,   302,   302,   302,   302),
    # The operator's: the health of the deployment (no personal data) for every probe, and
    # the browsers' CSP reports (POST only).
    L("saude", "",              200,   200,   200,   200,   200,   200,   200,   200),
    L("relatorio_csp", "",      405,   405,   405,   405,   405,   405,   405,   405),
    L("certame_publico", "pk=certame",
                                200,   200,   200,   200,   200,   200,   200,   200),
    L("cargo_publico", "certame_pk=certame cargo_pk=cargo",
                                200,   200,   200,   200,   200,   200,   200,   200),
    # The career order: inscrição number and name of the called, as the published lists.
    L("ordem_nomeacao_publica", "certame_pk=certame cargo_pk=cargo",
                                200,   200,   200,   200,   200,   200,   200,   200,
      publica=True),
    L("ordem_nomeacao_publica_exportar", "certame_pk=certame cargo_pk=cargo formato=csv",
                                200,   200,   200,   200,   200,   200,   200,   200,
      publica=True),
    # The PDF: the world's transaction never commits, so the waiting page (200) answers.
    L("ordem_nomeacao_publica_exportar", "certame_pk=certame cargo_pk=cargo formato=pdf",
                                200,   200,   200,   200,   200,   200,   200,   200,
      publica=True),
    # The order of nomeação as open data.
    L("ordem_nomeacao_publica_exportar", "certame_pk=certame cargo_pk=cargo formato=json",
                                200,   200,   200,   200,   200,   200,   200,   200,
      publica=True),
    # Documents and open data: the vacancy table and a published
    # list (MTZ2's) at its stable URL, with its call order. PDFs: the waiting page (200).
    # The edital's annex (classificacao/anexo_edital.py): public, like the vacancy table.
    L("anexo_edital_publico", "pk=certame",
                                200,   200,   200,   200,   200,   200,   200,   200),
    L("anexo_edital_arquivo", "pk=certame formato=pdf",
                                200,   200,   200,   200,   200,   200,   200,   200),
    L("quadro_vagas_publico", "pk=certame formato=pdf",
                                200,   200,   200,   200,   200,   200,   200,   200),
    L("quadro_vagas_publico", "pk=certame formato=csv",
                                200,   200,   200,   200,   200,   200,   200,   200),
    L("quadro_vagas_publico", "pk=certame formato=json",
                                200,   200,   200,   200,   200,   200,   200,   200),
    L("resultado_fase_publico", "certame_pk=certame cargo_pk=cargo_fases pk=publicacao_fase",
                                200,   200,   200,   200,   200,   200,   200,   200,
      publica=True),
    L("resultado_fase_publico_arquivo",
      "certame_pk=certame cargo_pk=cargo_fases pk=publicacao_fase formato=pdf",
                                200,   200,   200,   200,   200,   200,   200,   200,
      publica=True),
    L("resultado_fase_publico_arquivo",
      "certame_pk=certame cargo_pk=cargo_fases pk=publicacao_fase formato=csv",
                                200,   200,   200,   200,   200,   200,   200,   200,
      publica=True),
    L("resultado_fase_publico_arquivo",
      "certame_pk=certame cargo_pk=cargo_fases pk=publicacao_fase formato=json",
                                200,   200,   200,   200,   200,   200,   200,   200,
      publica=True),
    L("publicacao_publica", "certame_pk=certame cargo_pk=cargo2 pk=publicacao formato=pdf",
                                200,   200,   200,   200,   200,   200,   200,   200,
      publica=True),
    L("publicacao_publica", "certame_pk=certame cargo_pk=cargo2 pk=publicacao formato=csv",
                                200,   200,   200,   200,   200,   200,   200,   200,
      publica=True),
    L("publicacao_publica", "certame_pk=certame cargo_pk=cargo2 pk=publicacao formato=json",
                                200,   200,   200,   200,   200,   200,   200,   200,
      publica=True),
    # Another cargo's id in the URL: 404 for everyone.
    L("publicacao_publica", "certame_pk=certame cargo_pk=cargo pk=publicacao formato=json",
                                404,   404,   404,   404,   404,   404,   404,   404),
    L("publicacao_convocacao_publica", "certame_pk=certame cargo_pk=cargo2 pk=publicacao",
                                200,   200,   200,   200,   200,   200,   200,   200,
      publica=True),
    # The published list's documents, the fragment its page polls while the worker
    # prepares them.
    L("publicacao_documentos_publica", "certame_pk=certame cargo_pk=cargo2 pk=publicacao",
                                200,   200,   200,   200,   200,   200,   200,   200,
      publica=True),
    L("publicacao_documentos_publica", "certame_pk=certame cargo_pk=cargo pk=publicacao",
                                404,   404,   404,   404,   404,   404,   404,   404),
    # The public draw of the whole-edital reserve. The world is Severínia (reserve
    # per cargo): the page says there is no draw and there is no input to download.
    L("sorteio_publico", "pk=certame",
                                200,   200,   200,   200,   200,   200,   200,   200),
    L("sorteio_script", "pk=certame",
                                200,   200,   200,   200,   200,   200,   200,   200),
    # The published schedule as a calendar file.
    L("cronograma_ics", "pk=certame",
                                200,   200,   200,   200,   200,   200,   200,   200),
    L("sorteio_json", "pk=certame",
                                404,   404,   404,   404,   404,   404,   404,   404),
    L("painel:sorteio", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:sorteio_anunciar", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST, dados={"anuncio-fonte_semente": "Loteria Federal",
                           "anuncio-data_da_semente": "2030-01-10",
                           "anuncio-confirmacao": "on"}),
    L("painel:sorteio_realizar", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST, dados={"sorteio-semente": "12345", "sorteio-confirmacao": "on"}),
    # RH: fee exemption
    L("painel:isencao_painel", "",  LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:cadunico", "",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST),
    L("painel:pedidos", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:confirmar_lote", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST, dados={"todos": "1"}),
    L("painel:isencao_publicar", "pk=certame fase=final",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:encerrar_prazo", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:pedido", "pk=pedido_a",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST, dados={"acao": "pagamento", "pagamento-referencia": "GRU 1234"}),
    L("painel:arquivo", "pk=pedido_a qual=comprovante",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:procedimento", "pk=proc_falsidade",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST, dados={"acao": "decidir", "conclusao": "procedente", "motivacao": MOTIVO}),
    # RH: administrative procedures
    L("painel:procedimentos_painel", "",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:procedimentos_lista", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:abrir", "pk=insc_a",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST, dados={"lista": "PPI", "origem": "denuncia", "fatos": MOTIVO,
                           "prazo_defesa": "2099-01-01T10:00"}),
    L("painel:procedimentos_detalhe", "pk=proc_fraude",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST, dados={"acao": "decidir", "conclusao": "procedente", "motivacao": MOTIVO}),
    # ... decided, with A's appeal: RH's page (who judges it is the kernel's rule,
    # nucleo/autoridade.py: tests/nucleo/test_autoridade.py).
    L("painel:procedimentos_detalhe", "pk=proc_decidido",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST, dados={"acao": "julgar", "resultado_recurso": "provido",
                           "motivacao_recurso": MOTIVO}),
    # RH: appeals against RH decisions (nucleo/autoridade.py): the certame's superior
    # authority, designated on the certame's page, and the decider's reconsideration page.
    L("painel:autoridade_recursal", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST, dados={"autoridade-ato": "Portaria 1/2026", "autoridade-motivacao": MOTIVO,
                           "autoridade-confirmacao": "on"}),
    L("painel:reconsiderar_recurso", "pk=recurso_proc",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST, dados={"reconsideracao-decisao": "reconsidera",
                           "reconsideracao-motivacao": MOTIVO,
                           "reconsideracao-confirmacao": "on"}),
    # RH: claims of imported records (the record's identification data: RH only)
    L("painel:reivindicacoes_lista", "",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:reivindicacoes_detalhe", "pk=reivindicacao",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST, dados={"decisao": "aprovar", "motivacao": MOTIVO}),
    # RH: committees
    L("painel:indice", "",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:comissoes_certame", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST, dados={"tipo": "heteroidentificacao", "nome": "Intrusa", "tamanho": 5}),
    L("painel:comissao", "pk=het",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:adicionar_membro", "pk=het",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:criar_membro", "pk=het",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:impedimento", "pk=het",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:agendar_sessao", "pk=het",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:membro_acao", "pk=het_sem_termo acao=desligar",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST, dados={"motivacao": MOTIVO}),
    L("painel:sessao", "pk=sessao_het",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:gerar_ata", "pk=sessao_het",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    # The ata lists every candidate of the session: its members (term signed, no
    # impedimento about any of them) and RH only.
    L("painel:ata", "pk=sessao_het",
                                LOGIN, 403,   403,   200,   404,   404,   404,   200),
    L("painel:convocacao", "pk=etapa_het",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST),
    # RH: committee results
    L("painel:resultados_painel", "",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:resultados_certame", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:publicar_preliminar", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:publicar_final", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:resultados_certame", "pk=certame procedimento=verificacao_documental",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:publicar_preliminar", "pk=certame procedimento=verificacao_documental",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:publicar_final", "pk=certame procedimento=verificacao_documental",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    # RH: certames, imports, classification
    L("painel:painel", "",          LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:buscar", "",          LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:certame", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    # RH: the edital editor (editais.servicos). The world's certame is published: the
    # draft's pages show why they no longer edit it, and refuse the POSTs.
    L("painel:novo_certame", "",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST),
    L("painel:editar_certame", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST),
    L("painel:publicar_edital", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:novo_cargo_rascunho", "certame=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST),
    L("painel:editar_cargo_rascunho", "pk=cargo",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST),
    L("painel:remover_cargo_rascunho", "pk=cargo",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:nova_etapa_rascunho", "certame=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST),
    L("painel:editar_etapa_rascunho", "pk=etapa",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST),
    L("painel:remover_etapa_rascunho", "pk=etapa",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    # The órgão's calendar: its holidays and days without office hours (RH's).
    L("painel:calendario_orgao", "pk=orgao",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST),
    L("painel:remover_feriado", "pk=feriado",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:importar", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST),
    # The import's template (CSV; XLSX with its sheet "Instruções").
    L("painel:modelo_importacao", "pk=certame formato=xlsx",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:importacao", "pk=importacao",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:repetir_importacao", "pk=importacao",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:homologar", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST, dados={"homologacao-data": "2026-10-20",
                           "homologacao-ato": "Decreto 1/2026"}),
    L("painel:prorrogar", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST, dados={"prorrogacao-data": "2026-10-21", "prorrogacao-motivacao": MOTIVO}),
    # Suspension, retomada and cancellation of the certame (editais.situacao): RH's only.
    L("painel:suspender_certame", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST, dados={"suspensao-origem": "administracao",
                           "suspensao-motivacao": MOTIVO}),
    L("painel:retomar_certame", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST, dados={"retomada-motivacao": MOTIVO}),
    L("painel:cancelar_certame", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST, dados={"cancelamento-tipo": "anulacao", "cancelamento-origem":
                           "administracao", "cancelamento-motivacao": MOTIVO}),
    L("painel:criterios_heteroidentificacao", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST, dados={"criterios-texto": "Fenótipo: cor da pele, cabelo, traços."}),
    L("painel:auditoria", "",       LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:auditoria_banco", "", LOGIN, 403,   403,   403,   403,   403,   403,   200),
    # The outbox: RH's list of notices and the resend of one (POST only).
    L("painel:avisos", "",      LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:reenviar_aviso", "pk=aviso_a",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST, dados={"confirmacao": "on"}),
    L("painel:simular", "",         LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:cargo", "pk=cargo",   LOGIN, 403,   403,   403,   403,   403,   403,   200),
    # RH: the call order the edital states (spec section 7)
    L("painel:ordem_convocacao", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST),
    # RH: the phases of a cargo (spec section 10)
    L("painel:fases", "pk=cargo_fases",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:garantia_fases", "pk=cargo_fases",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:nova_fase", "pk=cargo_fases",
                                LOGIN, 403,   403,   403,   403,   403,   403,   "->painel:fases",
      post=RH_POST),
    L("painel:editar_fase", "pk=cargo_fases fase=fase",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST),
    L("painel:resultado_fase", "pk=fase",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:remover_fase", "pk=fase",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:importar_notas_fase", "pk=fase",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:modelo_notas_fase", "pk=fase formato=csv",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:publicar_resultado_fase", "pk=fase tipo=preliminar",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    # RH: an appeal against a phase result (the ruling is the superior authority's: with no
    # appeal filed, RH's POST is refused by the domain, 400)
    L("painel:recurso_fase", "pk=desempenho_a",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=(LOGIN, 403, 403, 403, 403, 403, 403, 400),
      dados={"decisao": "nao_provido", "motivacao": MOTIVO, "confirmacao": "on"}),
    L("painel:recalcular", "pk=cargo",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:publicar", "pk=cargo",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST, dados={"versao": 1, "tipo": "preliminar", "confirmacao": "on"}),
    L("painel:confirmar_publicacao", "pk=cargo tipo=final",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    # Every cargo's lists in one act: its page (GET) and the act (POST).
    L("painel:publicar_todos", "pk=certame tipo=preliminar",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST, dados={"confirmacao": "on"}),
    L("painel:vaga_surgida", "pk=cargo",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:comparar", "pk=cargo a=1 b=1",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:exportar", "pk=versao formato=csv",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    # A publication's PDF for the Diário Oficial with the masked CPF.
    L("painel:publicacao_pdf", "pk=publicacao",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    # The progress of a publication's background work (summaries, documents), polled by
    # RH's cargo page.
    L("painel:preparo_publicacao", "pk=publicacao",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    # The same for every cargo of the certame, polled by RH's certame page.
    L("painel:preparo_certame", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    # RH: the calls as acts and the order of nomeação
    L("painel:convocar", "pk=cargo",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST, dados={"quantidade": 1, "prazo": "2030-01-10", "confirmacao": "on"}),
    L("painel:evento_chamada", "pk=chamada tipo=nomeacao",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST, dados={"data": "2026-01-10", "confirmacao": "on"}),
    # RH's call page: the documents sent for the posse, their check, the deadlines.
    L("painel:chamada", "pk=chamada_aceita",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:analisar_documento_posse", "pk=envio_posse",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST, dados=lambda w: {f"envio-{w.envio_posse.pk}-resultado": "aceito",
                                     f"envio-{w.envio_posse.pk}-confirmacao": "on"}),
    # The edital's posse: the documents it requires and the days of posse and exercício.
    L("painel:posse_edital", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST, dados={"acao": "incluir", "nome": "CPF", "obrigatorio": "on"}),
    L("painel:documento_posse", "pk=documento_posse",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST, dados={"nome": "RG", "obrigatorio": "on"}),
    L("painel:remover_documento_posse", "pk=documento_posse",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST),
    L("painel:exportar_ordem_nomeacao", "pk=cargo formato=csv",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:exportar_ordem_nomeacao", "pk=cargo formato=pdf",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:inscricao", "pk=insc_a",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST, dados={"acao": "desistencia", "desistencia-motivacao": MOTIVO}),
    L("painel:inscricao_retificar", "pk=insc_a",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST, dados={"cor_raca": "branca", "listas": [], "declarado_na_inscricao": MOTIVO,
                           "prova": MOTIVO, "motivacao": MOTIVO, "confirmacao": "on"}),
    # An imported record's e-mail, corrected by RH's motivated act.
    L("painel:corrigir_email_cadastro", "pk=cand_a",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST, dados={"novo_email": "outro@example.com", "motivacao": MOTIVO,
                           "confirmacao": "on"}),
    # The committee's workspace. Members of another committee, with an impedimento or
    # without the term never reach A; accounts outside the Comissão group get 403.
    L("comissao:painel", "",    LOGIN, 403,   403,   200,   200,   200,   200,   403),
    L("comissao:termo", "pk=het_sem_termo",
                                LOGIN, 404,   404,   404,   200,   404,   404,   404,
      post=(LOGIN, 404, 404, 404, OK, 404, 404, 404), dados={"aceito": "on"}),
    L("comissao:sessao", "pk=sessao_het",
                                LOGIN, 403,   403,   200,   TERMO, 200,   404,   403),
    L("comissao:encerrar_sessao", "pk=sessao_het",
                                LOGIN, 403,   403,   405,   405,   405,   405,   403,
      post=(LOGIN, 403, 403, "->comissao:sessao", "->comissao:sessao", "->comissao:sessao",
            404, 403), dados={"confirmacao": "on"}),
    # The members' presence: recorded by whoever presides; the session is closed, so the
    # domain refuses it for every member (nothing recorded).
    L("comissao:presenca", "pk=sessao_het",
                                LOGIN, 403,   403,   405,   405,   405,   405,   403,
      post=(LOGIN, 403, 403, "->comissao:sessao", "->comissao:sessao", "->comissao:sessao",
            404, 403), dados={"confirmacao": "on"}),
    L("comissao:ata", "pk=sessao_het",
                                LOGIN, 403,   403,   200,   404,   404,   404,   200),
    # The session's calendar file: its members (no candidate in it), the term not required.
    L("comissao:sessao_ics", "pk=sessao_het",
                                LOGIN, 403,   403,   200,   200,   200,   404,   403),
    L("comissao:avaliacao", "pk=av_het",
                                LOGIN, 403,   403,   200,   TERMO, 404,   404,   403),
    L("comissao:avaliacao", "pk=av_rec",
                                LOGIN, 403,   403,   200,   TERMO, 404,   404,   403,
      comissao="rec", post=(LOGIN, 403, 403, OK, TERMO, 404, 404, 403),
      dados={"sentido": "confirma", "motivacao": "Fenótipo compatível com pessoa parda."}),
    L("comissao:avaliacao", "pk=av_doc",
                                LOGIN, 403,   403,   200,   TERMO, 404,   404,   403,
      comissao="doc"),
    L("comissao:avaliacao", "pk=av_pcd",
                                LOGIN, 403,   403,   200,   TERMO, 404,   404,   403,
      comissao="pcd"),
    L("comissao:impedimento", "pk=av_rec",
                                LOGIN, 403,   403,   405,   405,   405,   405,   403,
      comissao="rec", post=(LOGIN, 403, 403, OK, TERMO, 404, 404, 403),
      dados={"motivo": MOTIVO, "confirmacao": "on"}),
    # Recording and closing: the president's; a plain member is refused by the domain.
    L("comissao:gravacao", "pk=av_rec",
                                LOGIN, 403,   403,   405,   405,   405,   405,   403,
      comissao="rec", post=(LOGIN, 403, 403, "->comissao:avaliacao", TERMO, 404, 404, 403),
      dados={"gravacao": "gravacao-sessao.mp4", "confirmacao": "on"}),
    L("comissao:encerrar_avaliacao", "pk=av_rec",
                                LOGIN, 403,   403,   405,   405,   405,   405,   403,
      comissao="rec", post=(LOGIN, 403, 403, "->comissao:avaliacao", TERMO, 404, 404, 403),
      dados={"confirmacao": "on"}),
    L("comissao:analisar_documento", "pk=av_doc doc=documento",
                                LOGIN, 403,   403,   405,   TERMO, 404,   404,   403,
      comissao="doc", post=(LOGIN, 403, 403, OK, TERMO, 404, 404, 403),
      dados=lambda w: {f"doc-{w.documento.pk}-aceito": "sim"}),
    L("comissao:biopsicossocial", "pk=av_pcd",
                                LOGIN, 403,   403,   405,   TERMO, 404,   404,   403,
      comissao="pcd", post=(LOGIN, 403, 403, 400, TERMO, 404, 404, 403),
      dados={"funcoes_estruturas": MOTIVO, "fatores": MOTIVO, "atividades": MOTIVO,
             "participacao": MOTIVO, "compativel": "sim", "compatibilidade": MOTIVO}),
    L("comissao:comparecimento", "pk=conv_pcd",
                                LOGIN, 403,   403,   405,   405,   405,   405,   403,
      comissao="pcd", post=(LOGIN, 403, 403, "->comissao:sessao", 404, 404, 404, 403),
      dados={"comparecimento": "ausente", "confirmacao": "on"}),
    # Candidate: special conditions at the exam (RH is no candidate: 403)
    L("condicoes:inscricao", "pk=insc_a",
                                LOGIN, 200,   404,   403,   403,   403,   403,   403,
      post=(LOGIN, OK, 404, 403, 403, 403, 403, 403),
      dados={"condicoes": ["ledor"], "confirmacao": "on"}),
    L("condicoes:recurso", "pk=insc_a",
                                LOGIN, "->condicoes:inscricao", 404, 403, 403, 403, 403, 403,
      post=(LOGIN, OK, 404, 403, 403, 403, 403, 403),
      dados={"texto": MOTIVO, "confirmacao": "on"}),
    L("condicoes:laudo", "pk=atendimento_a",
                                LOGIN, 200,   404,   403,   403,   403,   403,   403),
    # RH: special conditions at the exam (committees are not involved)
    L("painel:atendimento_lista", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:atendimento_exportar", "pk=certame formato=csv",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:atendimento_exportar", "pk=certame formato=pdf",
                                LOGIN, 403,   403,   403,   403,   403,   403,   404),
    L("painel:atendimento_pedido", "pk=atendimento_a",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200,
      post=RH_POST, dados={"resultado_braille": "deferido", "resultado_tempo_adicional":
                           "deferido", "minutos": "60", "motivacao": MOTIVO,
                           "confirmacao": "on"}),
    L("painel:atendimento_laudo", "pk=atendimento_a",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    # RH: the exam's application (venues, rooms, the allocation act, the list per room)
    L("painel:aplicacao_prova", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:aplicacao_local", "pk=certame",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST, dados={"nome": "Escola Nova", "endereco": "Rua Dois, 2",
                           "cidade": "Severínia", "confirmacao": "on"}),
    L("painel:aplicacao_sala", "pk=local_prova",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST, dados={"nome": "Sala 9", "capacidade": "10", "confirmacao": "on"}),
    # A's room is in the published allocation: RH's POST is refused with the reason.
    L("painel:aplicacao_sala_corrigir", "pk=sala_prova",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST, dados={"nome": "Sala 9", "capacidade": "10", "confirmacao": "on"}),
    L("painel:aplicacao_alocar", "pk=etapa_prova",
                                LOGIN, 403,   403,   403,   403,   403,   403,   405,
      post=RH_POST, dados={"motivacao": MOTIVO, "confirmacao": "on"}),
    L("painel:aplicacao_lista", "pk=etapa_prova formato=csv",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:aplicacao_lista", "pk=etapa_prova formato=pdf",
                                LOGIN, 403,   403,   403,   403,   403,   403,   200),
    L("painel:aplicacao_lista", "pk=etapa_prova formato=ods",
                                LOGIN, 403,   403,   403,   403,   403,   403,   404),
    # Candidate: the confirmation card of the exam (their own only) and its public check
    L("portal:cartao", "pk=insc_a_fases",
                                LOGIN, 200,   404,   403,   403,   403,   403,   403),
    L("portal:cartao_pdf", "pk=insc_a_fases etapa=etapa_prova",
                                LOGIN, 200,   404,   403,   403,   403,   403,   403),
    L("verificar_cartao", "",   200,   200,   200,   200,   200,   200,   200,   200),
    # Candidate: fee exemption
    L("isencao:painel", "",     LOGIN, 200,   200,   403,   403,   403,   403,   403),
    L("isencao:inscricao", "pk=insc_a",
                                LOGIN, 200,   404,   403,   403,   403,   403,   403,
      post=(LOGIN, OK, 404, 403, 403, 403, 403, 403),
      dados={"tipo": "doador_sangue", "declaracao": "on"}),
    L("isencao:recurso", "pk=insc_a",
                                LOGIN, "->isencao:inscricao", 404, 403, 403, 403, 403, 403,
      post=(LOGIN, OK, 404, 403, 403, 403, 403, 403),
      dados={"texto": MOTIVO, "confirmacao": "on"}),
    L("isencao:arquivo", "pk=insc_a qual=comprovante",
                                LOGIN, 200,   404,   403,   403,   403,   403,   403),
    # POST only; the procedure is looked up by owner only on POST, so any candidate gets 405.
    L("isencao:defesa", "pk=proc_falsidade",
                                LOGIN, 405,   405,   403,   403,   403,   403,   403,
      post=(LOGIN, OK, 404, 403, 403, 403, 403, 403),
      dados=lambda w: {f"defesa-{w.proc_falsidade.pk}-defesa": MOTIVO,
                       f"defesa-{w.proc_falsidade.pk}-confirmacao": "on"}),
    # The published result: inscrição number and name of every requester (public by law).
    L("isencao:resultado", "pk=certame fase=preliminar",
                                200,   200,   200,   200,   200,   200,   200,   200,
      publica=True),
    # The committees' published results, every batch: number, name, list and result.
    L("resultados:procedimento", "pk=certame procedimento=heteroidentificacao",
                                200,   200,   200,   200,   200,   200,   200,   200,
      publica=True),
    # Candidate: administrative procedures
    L("procedimentos:lista", "",
                                LOGIN, 200,   200,   403,   403,   403,   403,   403),
    L("procedimentos:detalhe", "pk=proc_fraude",
                                LOGIN, 200,   404,   403,   403,   403,   403,   403,
      post=(LOGIN, OK, 404, 403, 403, 403, 403, 403),
      dados=lambda w: {f"defesa-{w.proc_fraude.pk}-defesa": MOTIVO,
                       f"defesa-{w.proc_fraude.pk}-confirmacao": "on"}),
    L("procedimentos:detalhe", "pk=proc_decidido",
                                LOGIN, 200,   404,   403,   403,   403,   403,   403),
    # The appeal addresses (`nucleo.views`): a GET goes to the decision's page.
    L("procedimentos:recurso", "pk=proc_decidido",
                                LOGIN, "->procedimentos:detalhe", 404, 403, 403, 403, 403, 403,
      post=(LOGIN, OK, 404, 403, 403, 403, 403, 403),
      dados={"texto": matriz_dados.RAZOES, "confirmacao": "on"}),
    # Candidate: a phase of the exam, and the appeal against its preliminary result
    L("fases:resultado", "pk=insc_a_fases fase=fase",
                                LOGIN, 200,   404,   403,   403,   403,   403,   403),
    L("fases:recurso", "pk=desempenho_a",
                                LOGIN, "->fases:resultado", 404, 403, 403, 403, 403, 403,
      post=(LOGIN, OK, 404, 403, 403, 403, 403, 403),
      dados={"texto": matriz_dados.RAZOES, "confirmacao": "on"}),
    # The procedure's appeal attachment: A and RH (who judges it); no committee.
    L("recursos:anexo", "pk=anexo_proc",
                                LOGIN, 200,   404,   404,   404,   404,   404,   200),
    # Candidate: committee results and appeals
    L("recursos:painel", "",    LOGIN, 200,   200,   403,   403,   403,   403,   403),
    L("recursos:inscricao", "pk=insc_a",
                                LOGIN, 200,   404,   403,   403,   403,   403,   403),
    L("recursos:apresentar", "pk=av_het",
                                LOGIN, "->recursos:inscricao", 404, 403, 403, 403, 403, 403,
      post=(LOGIN, OK, 404, 403, 403, 403, 403, 403),
      dados={"texto": matriz_dados.RAZOES, "confirmacao": "on"}),
    # The appeal's attachment: A, RH and the recursal committee that judges it.
    L("recursos:anexo", "pk=anexo",
                                LOGIN, 200,   404,   200,   404,   404,   404,   200,
      comissao="rec"),
    # ... and not the first-instance committee whose decision is under appeal.
    L("recursos:anexo", "pk=anexo",
                                LOGIN, 200,   404,   404,   404,   404,   404,   200),
    # The exemption appeal's attachment (the kernel's AnexoRecurso): A and RH, who judges it.
    L("recursos:anexo", "pk=anexo_isencao",
                                LOGIN, 200,   404,   404,   404,   404,   404,   200),
    # Candidate: documents
    L("documentos:painel", "",  LOGIN, 200,   200,   403,   403,   403,   403,   403),
    L("documentos:inscricao", "pk=insc_a_doc",
                                LOGIN, 200,   404,   403,   403,   403,   403,   403),
    L("documentos:enviar", "pk=insc_a_doc lista=PPI",
                                LOGIN, 404,   404,   403,   403,   403,   403,   403,
      post=(LOGIN, OK, 404, 403, 403, 403, 403, 403)),
    L("documentos:submeter", "pk=insc_a_doc lista=PPI",
                                LOGIN, 404,   404,   403,   403,   403,   403,   403,
      post=(LOGIN, OK, 404, 403, 403, 403, 403, 403), dados=lambda w: {"confirmacao": "on"}),
    # A document: A, RH and the committee evaluating that list of A.
    L("documentos:arquivo", "pk=documento",
                                LOGIN, 200,   404,   200,   404,   404,   404,   200,
      comissao="doc"),
    # A's medical report: the multiprofessional team evaluating A, never another committee.
    L("documentos:arquivo", "pk=laudo",
                                LOGIN, 200,   404,   200,   404,   404,   404,   200,
      comissao="pcd"),
    L("documentos:arquivo", "pk=laudo",
                                LOGIN, 200,   404,   404,   404,   404,   404,   200),
    # Candidate portal
    L("portal:painel", "",      LOGIN, 200,   200,   403,   403,   403,   403,   403),
    # The notices read only the signed-in candidate's own inscrições.
    L("portal:avisos", "",      LOGIN, 200,   200,   403,   403,   403,   403,   403),
    # An account asks that a record the banca imported for its CPF join it.
    L("portal:vincular", "",    LOGIN, 200,   200,   403,   403,   403,   403,   403,
      post=(LOGIN, OK, OK, 403, 403, 403, 403, 403),
      dados={"data_nascimento": "1990-03-05", "telefone": "(16) 99999-0000",
             "pede_analise": "on", "explicacao": MOTIVO}),
    L("portal:cadastro", "",    200, "->portal:painel", "->portal:painel", "->inicio",
                                "->inicio", "->inicio", "->inicio", "->inicio"),
    L("portal:cadastro_enviado", "",
                                200,   200,   200,   200,   200,   200,   200,   200),
    # The e-mail link is the secret: its GET keeps the token in the session and redirects to
    # the page without it (the page's GET shows the button; its POST confirms).
    L("portal:confirmar", "uidb64=link_uid token=link_token",
                                "->portal:confirmar", "->portal:confirmar", "->portal:confirmar",
                                "->portal:confirmar", "->portal:confirmar", "->portal:confirmar",
                                "->portal:confirmar", "->portal:confirmar"),
    L("portal:inscrever", "certame_pk=certame",
                                LOGIN, 200,   200,   403,   403,   403,   403,   403),
    L("portal:inscricao", "pk=insc_a",
                                LOGIN, 200,   404,   403,   403,   403,   403,   403),
    # The candidate's answer to A's open call: A only (404 for another candidate).
    L("portal:desistir", "pk=insc_a",
                                LOGIN, 200,   404,   403,   403,   403,   403,   403,
      post=(LOGIN, OK, 404, 403, 403, 403, 403, 403), dados={"confirmacao": "on"}),
    L("portal:aceitar", "pk=insc_a",
                                LOGIN, 200,   404,   403,   403,   403,   403,   403,
      post=(LOGIN, OK, 404, 403, 403, 403, 403, 403), dados={"confirmacao": "on"}),
    # A's call page and the posse's documents: A only; the file also to RH.
    L("portal:convocacao", "pk=insc_a",
                                LOGIN, 200,   404,   403,   403,   403,   403,   403),
    L("portal:enviar_documento_posse", "pk=insc_a_fases documento=documento_posse",
                                LOGIN, 404,   404,   403,   403,   403,   403,   403,
      post=(LOGIN, OK, 404, 403, 403, 403, 403, 403)),
    L("portal:arquivo_posse", "pk=envio_posse",
                                LOGIN, 200,   404,   404,   404,   404,   404,   200),
    L("portal:fim_de_fila", "pk=insc_a",
                                LOGIN, 200,   404,   403,   403,   403,   403,   403,
      post=(LOGIN, OK, 404, 403, 403, 403, 403, 403), dados={"confirmacao": "on"}),
    L("portal:opcoes", "pk=insc_a",
                                LOGIN, 200,   404,   403,   403,   403,   403,   403,
      post=(LOGIN, OK, 404, 403, 403, 403, 403, 403),
      dados={"listas": ["PCD"], "confirmacao": "on"}),
    L("portal:comprovante", "pk=insc_a",
                                LOGIN, 200,   404,   404,   404,   404,   404,   200),
    # The candidate's own committee convocation as a calendar file.
    L("portal:convocacao_ics", "pk=conv_a",
                                LOGIN, 200,   404,   403,   403,   403,   403,   403),
    # The candidate's own data (LGPD): no id in the URL, each candidate sees their own
    L("privacidade:meus_dados", "",
                                LOGIN, 200,   200,   403,   403,   403,   403,   403),
    L("privacidade:json", "",   LOGIN, 200,   200,   403,   403,   403,   403,   403),
    L("privacidade:imprimir", "",
                                LOGIN, 200,   200,   403,   403,   403,   403,   403),
    # The second factor (dois_fatores/): the code page, the enrolment and the recovery codes
    # of those who decide (candidates: 403). The world's sessions passed it already
    # (tests/segundo_fator_apoio.py), so the code page sends each to its workspace and the
    # enrolment page (a device exists) to the code page.
    L("dois_fatores:verificar", "",
                                LOGIN, 403,   403,   "->comissao:painel", "->comissao:painel",
      "->comissao:painel", "->comissao:painel", "->painel:painel"),
    L("dois_fatores:cadastrar", "",
                                LOGIN, 403,   403,   "->dois_fatores:verificar",
      "->dois_fatores:verificar", "->dois_fatores:verificar", "->dois_fatores:verificar",
      "->dois_fatores:verificar"),
    L("dois_fatores:codigos", "",
                                LOGIN, 403,   403,   200,   200,   200,   200,   200,
      post=(LOGIN, 403, 403, OK, OK, OK, OK, OK), dados={"confirmacao": "on"}),
    # A superuser's pages (the matrix's "rh" is not one: 403; tests/test_confirmacao.py posts
    # the reset as a superuser).
    L("dois_fatores_rh:contas", "",
                                LOGIN, 403,   403,   403,   403,   403,   403,   403),
    L("dois_fatores_rh:redefinir", "pk=rh",
                                LOGIN, 403,   403,   403,   403,   403,   403,   403,
      post=(LOGIN, 403, 403, 403, 403, 403, 403, 403),
      dados={"motivacao": MOTIVO, "confirmacao": "on"}),
    # Accounts (django.contrib.auth)
    L("login", "",              200,   200,   200,   200,   200,   200,   200,   200),
    L("logout", "",             405,   405,   405,   405,   405,   405,   405,   405),
    L("password_change", "",    LOGIN, 200,   200,   200,   200,   200,   200,   200),
    L("password_change_done", "",
                                LOGIN, 200,   200,   200,   200,   200,   200,   200),
    L("password_reset", "",     200,   200,   200,   200,   200,   200,   200,   200),
    L("password_reset_done", "",
                                200,   200,   200,   200,   200,   200,   200,   200),
    L("password_reset_confirm", "uidb64=link_uid token=link-invalido",
                                200,   200,   200,   200,   200,   200,   200,   200),
    L("password_reset_complete", "",
                                200,   200,   200,   200,   200,   200,   200,   200),
]

# --- the world and the requests ---------------------------------------------------------------


@pytest.fixture(scope="module")
def mundo(django_db_setup, django_db_blocker):
    """The world, built once for the module inside a transaction rolled back at its end;
    each test runs in a savepoint of it (the `django_db` mark)."""
    with django_db_blocker.unblock():
        atomico = transaction.atomic()
        atomico.__enter__()
        try:
            w = matriz_dados.construir()
            # One session per user, made here so that it outlives each test's savepoint (a
            # test's changes to it are rolled back with the test).
            w.sessoes = {}
            for papel in PAPEIS:
                for comissao in w.comissoes:
                    user = usuario_do_papel(w, papel, comissao)
                    if user is not None and user.pk not in w.sessoes:
                        cliente = Client()
                        cliente.force_login(user)
                        w.sessoes[user.pk] = cliente.cookies[settings.SESSION_COOKIE_NAME].value
            yield w
        finally:
            transaction.set_rollback(True)
            atomico.__exit__(None, None, None)


def usuario_do_papel(w, papel: str, comissao: str):
    x = w.comissoes[comissao]
    return {"anon": None, "cand_a": w.user_a, "cand_b": w.user_b,
            "membro": x.com_termo.usuario, "sem_termo": x.sem_termo.usuario,
            "impedido": x.impedido.usuario, "outra": w.outra_membro.usuario,
            "rh": w.rh}[papel]


def url_da_linha(w, linha: Linha) -> str:
    kwargs = {}
    for par in linha.kwargs.split():
        chave, valor = par.split("=", 1)
        if hasattr(w, valor):
            alvo = getattr(w, valor)
            kwargs[chave] = getattr(alvo, "pk", alvo)
        else:
            kwargs[chave] = int(valor) if valor.isdigit() else valor
    return reverse(linha.nome, kwargs=kwargs)


def confere(resposta, esperado) -> bool:
    if isinstance(esperado, str):
        if resposta.status_code != 302:
            return False
        return resolve(urlsplit(resposta["Location"]).path).view_name == esperado[2:]
    return resposta.status_code == esperado


def descreve(resposta) -> str:
    if resposta.status_code in (301, 302):
        return f"{resposta.status_code} -> {resposta['Location']}"
    return str(resposta.status_code)


def corpo(resposta) -> bytes:
    if resposta.streaming:
        # Consuming the test client's wrapper closes the file; `close()` by hand would fire
        # request_finished, whose handler closes the connection (and the world's transaction)
        # on PostgreSQL.
        return b"".join(resposta.streaming_content)
    return resposta.content


def entrar(client, w, papel, comissao):
    """Log in through the session made for that user when the world was built."""
    user = usuario_do_papel(w, papel, comissao)
    if user is not None:
        client.cookies[settings.SESSION_COOKIE_NAME] = w.sessoes[user.pk]


def _casos(campo: str):
    casos = []
    for linha in MATRIZ:
        esperados = getattr(linha, campo)
        if esperados is None:
            continue
        for papel, esperado in zip(PAPEIS, esperados, strict=True):
            if esperado is not OK:
                casos.append(pytest.param(linha, papel, esperado,
                                          id=f"{linha.rotulo}-{papel}"))
    return casos


def _trechos_sensiveis(publica: bool) -> list[bytes]:
    candidato = Candidato(cpf=matriz_dados.CPF_A, nome=matriz_dados.NOME_A)
    trechos = [candidato.cpf, candidato.cpf_formatado, candidato.cpf_mascarado]
    if not publica:
        trechos.append(matriz_dados.NOME_A)
    return [t.encode() for t in trechos]


@pytest.mark.django_db
@pytest.mark.parametrize(("linha", "papel", "esperado"), _casos("get"))
def test_get(client, mundo, linha, papel, esperado):
    entrar(client, mundo, papel, linha.comissao)
    resposta = client.get(url_da_linha(mundo, linha))
    assert confere(resposta, esperado), (
        f"GET {linha.rotulo} as {papel}: {descreve(resposta)}, expected {esperado}")
    conteudo = corpo(resposta)
    if papel in ALHEIOS:
        vazados = [t for t in _trechos_sensiveis(linha.publica) if t in conteudo]
        assert vazados == [], f"GET {linha.rotulo} as {papel} shows A's data"
    # RH, committees and candidates work in the product's own pages: none links to Django's
    # admin (issue 24), which stays for the technical team's maintenance only.
    if "text/html" in resposta.get("Content-Type", ""):
        assert f'href="{reverse("admin:index")}'.encode() not in conteudo, (
            f"GET {linha.rotulo} as {papel} links to the admin")


@pytest.mark.django_db
@pytest.mark.parametrize(("linha", "papel", "esperado"), _casos("post"))
def test_post_de_quem_nao_pode(client, mundo, linha, papel, esperado):
    entrar(client, mundo, papel, linha.comissao)
    dados = linha.dados(mundo) if callable(linha.dados) else (linha.dados or {})
    antes = Ato.objects.count()
    resposta = client.post(url_da_linha(mundo, linha), dados)
    assert confere(resposta, esperado), (
        f"POST {linha.rotulo} as {papel}: {descreve(resposta)}, expected {esperado}")
    assert Ato.objects.count() == antes
    if papel in ALHEIOS:
        vazados = [t for t in _trechos_sensiveis(linha.publica) if t in corpo(resposta)]
        assert vazados == [], f"POST {linha.rotulo} as {papel} shows A's data"


# --- every URL has its row ------------------------------------------------------------------


def _padroes(resolver=None, prefixo="", ns=None):
    """(qualified name, route) of every URL pattern, Django's admin apart."""
    resolver = resolver or get_resolver()
    for p in resolver.url_patterns:
        if isinstance(p, URLResolver):
            espaco = ns
            if p.namespace:
                espaco = f"{ns}:{p.namespace}" if ns else p.namespace
            if espaco == "admin":
                continue
            yield from _padroes(p, prefixo + str(p.pattern), espaco)
        elif isinstance(p, URLPattern):
            rota = prefixo + str(p.pattern)
            prefixos = [u.lstrip("/") for u in (settings.STATIC_URL, settings.MEDIA_URL)]
            if any(p and rota.startswith(p) for p in prefixos):
                continue
            yield (f"{ns}:{p.name}" if ns and p.name else p.name), rota


def test_a_matriz_cobre_todas_as_urls(mundo):
    cobertos = set()
    for linha in MATRIZ:
        cobertos.add((linha.nome, resolve(url_da_linha(mundo, linha)).route))
    padroes = set(_padroes())
    assert ("inicio", "") in padroes and ("comissao:avaliacao", "comissao/avaliacoes/<int:pk>/") \
        in padroes
    faltam = sorted(padroes - cobertos, key=str)
    assert faltam == [], f"URLs without a row in MATRIZ: {faltam}"
    assert cobertos <= padroes


# --- the admin --------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("papel", PAPEIS)
def test_admin(client, mundo, papel):
    entrar(client, mundo, papel, "het")
    resposta = client.get(reverse("admin:index"))
    if papel == "rh":
        assert resposta.status_code == 200
    else:
        # Not staff: Django's admin sends everyone else to its own log-in page.
        assert (resposta.status_code, resolve(urlsplit(resposta["Location"]).path).view_name) \
            == (302, "admin:login")
