"""The status of an inscrição as the candidate sees it (`situacao_da_inscricao`): one reading
of what each app decided and published about it (the fee and the exemption, the lists'
states and the committees' results, the published classification, the calls, the open
windows), for the status page, the dashboard, the notices and the candidate's data page.
Only published results; never who judged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.db.models import Exists, F, Func, JSONField, OuterRef, Subquery
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos import chamadas, isencao, janelas
from candidatos import estados as estados_lista
from candidatos.inscricao_portal import (
    OpcaoLista,
    TaxaInscricao,
    fundamento_alteracao_opcao,
    motivo_opcao_inalteravel,
    opcoes_do_regime,
    taxa_da_inscricao,
)
from candidatos.models import (
    Inscricao,
    Lista,
    PedidoAtendimento,
    PedidoIsencao,
    ProcedimentoAdministrativo,
    SituacaoLista,
)
from certames import instantaneo
from certames.carreira import fundamento_ordem
from certames.models import (
    AtoSituacaoCertame,
    Chamada,
    Etapa,
    Publicacao,
    ResumoClassificacao,
)
from classificacao import listas_da_inscricao
from comissoes.dominio import documental
from comissoes.dominio.convocacao import convocacoes_do_candidato
from comissoes.dominio.procedimentos import PROCEDIMENTOS
from comissoes.dominio.resultados import resultados_por_procedimento
from comissoes.models import Avaliacao, Convocacao
from editais.models import AtoEdital
from nucleo.candidato import JanelaAberta
from provas.leitura import fases_publicadas
from provas.models import DesempenhoPublicado

# --- the status of an inscrição, as the candidate sees it -----------------------------------

#: Convocations (models come later: for now the certame's schedule) and the lists they concern.
CONVOCACOES = {
    Etapa.Tipo.HETEROIDENTIFICACAO: {"PP", "PPI"},
    Etapa.Tipo.VERIFICACAO_DOCUMENTAL: {"I", "Q", "PPI"},
    Etapa.Tipo.AVALIACAO_PCD: {"PCD"},
}


@dataclass
class ResultadoIsencao:
    resultado: str
    rotulo: str
    motivo: str


@dataclass(frozen=True)
class PosicaoExplicada:
    """One list of the published snapshot, as the candidate reads it: the position, whether
    it holds a vacancy (which one, from which list, with the article) or how many are ahead
    without one."""

    lista: str
    lista_nome: str
    posicao: int
    sub_judice: bool
    texto: str
    fundamento: str


@dataclass
class Classificacao:
    versao: object
    publicacao: object
    posicoes: list
    vaga: object | None
    exclusoes: list[dict]
    explicacoes: list[PosicaoExplicada] = field(default_factory=list)
    #: Why the candidate is out of a list, or of every list, in the words every page uses
    #: (`classificacao.listas_da_inscricao`: one answer with RH's pages).
    saidas: list = field(default_factory=list)


def nome_da_lista(codigo: str) -> str:
    """"AC" is the open list; the others are the reserved lists' names."""
    if codigo == "AC":
        return _("Ampla concorrência")
    try:
        return str(Lista(codigo).label)
    except ValueError:
        return codigo


def explicar_posicoes(inscricao: Inscricao, versao, posicoes: list, vaga,
                      frentes: dict[str, int] | None = None) -> list[PosicaoExplicada]:
    """For each list of the snapshot the candidate is in: the position and what it means.
    Holding a vacancy: its type, the list it came from and the article the snapshot recorded
    (`instantaneo.VagaOcupada.fundamento`). Not holding one: how many of the list are
    ahead without a vacancy (those are called first when one arises), under the order of
    nomeação's rule (`certames.carreira.fundamento_ordem`). One read of the list's first
    bytes per list (a candidate is in at most a few), unless ``frentes`` (list -> how many are
    ahead without a vacancy) comes from the candidate's summary (`ResumoClassificacao`)."""
    ocupantes = None
    ordem = fundamento_ordem(inscricao.cargo)
    saida = []
    for p in posicoes:
        vagas_da_lista = (versao.distribuicao or {}).get(p.lista, 0)
        if vaga is not None and vaga.lista == p.lista:
            texto = _("Você está em %(p)sº lugar nesta lista e ocupa uma vaga de %(v)s, "
                      "alcançada por esta lista.") % {
                "p": p.posicao, "v": nome_da_lista(vaga.vaga).lower()}
            fundamento = vaga.fundamento
        elif vaga is not None:
            texto = _("Você está em %(p)sº lugar nesta lista; sua vaga vem da lista "
                      "%(l)s.") % {"p": p.posicao, "l": nome_da_lista(vaga.lista).lower()}
            fundamento = vaga.fundamento
        else:
            if frentes is not None and p.lista in frentes:
                frente = frentes[p.lista]
            else:
                if ocupantes is None:
                    ocupantes = {v.inscricao_id for v in instantaneo.vagas_preenchidas(versao)}
                frente = instantaneo.a_frente_sem_vaga(versao, p.lista, p.posicao, ocupantes)
            if frente == 0:
                texto = _("Você está em %(p)sº lugar nesta lista (que tem %(n)s vaga(s) "
                          "neste cargo), fora do número de vagas: é o(a) próximo(a) desta "
                          "lista a ser chamado(a) se surgir vaga.") % {
                    "p": p.posicao, "n": vagas_da_lista}
            else:
                texto = _("Você está em %(p)sº lugar nesta lista (que tem %(n)s vaga(s) "
                          "neste cargo), fora do número de vagas: há %(f)s candidato(s) "
                          "desta lista sem vaga à sua frente.") % {
                    "p": p.posicao, "n": vagas_da_lista, "f": frente}
            fundamento = ordem
        saida.append(PosicaoExplicada(p.lista, nome_da_lista(p.lista), p.posicao,
                                      p.sub_judice, texto, fundamento))
    return saida


@dataclass
class SituacaoInscricao:
    inscricao: Inscricao
    opcoes: list[OpcaoLista]
    situacao_taxa: str
    situacao_taxa_rotulo: str
    url_isencao: str | None
    pedido_isencao: object | None
    isencao_preliminar: ResultadoIsencao | None
    isencao_final: ResultadoIsencao | None
    convocacoes: list[Etapa]
    decisoes: list
    #: The windows open for this inscrição (`candidatos.janelas`): appeals and defences
    #: (computed from the rest of this reading, last).
    janelas: list[JanelaAberta]
    classificacao: Classificacao | None
    pode_alterar_opcoes: bool
    motivo_opcao_inalteravel: str | None
    fundamento_opcao: str
    # Committee procedures (heteroidentification): individual convocations, published
    # pareceres and appeals, and administrative procedures about this inscrição.
    convocacoes_individuais: list = field(default_factory=list)
    resultados_comissoes: list = field(default_factory=list)
    #: The documents page, where the inscrição's lists need documentary proof or a report.
    url_documentos: str | None = None
    procedimentos: list = field(default_factory=list)
    #: The calls of this inscrição: each with its deadline and acts; the one
    #: still open may be declined (or moved to the end of the list, where the edital allows).
    chamadas: list = field(default_factory=list)
    permite_fim_de_fila: bool = False
    #: The fee as every candidate page says it (`taxa_da_inscricao`).
    taxa: TaxaInscricao | None = None
    #: The certame's schedule (read once; `proximos_passos` reuses it).
    etapas: list = field(default_factory=list)
    #: Publications of the exemption request's batch (None: not published).
    publicacoes_isencao: tuple = (None, None)
    #: Schedule stages whose individual convocation (place and time) is already published.
    etapas_convocadas: set = field(default_factory=set)
    #: Every publication of the cargo's classification, oldest first (the notices read
    #: them; the last one is `classificacao.publicacao`).
    publicacoes_classificacao: list = field(default_factory=list)
    #: The published results of the exam's phases (`provas.leitura.fases_publicadas`).
    fases: list = field(default_factory=list)
    #: Which kinds of rows the inscrição has (`_existencias`): a plug-in reads nothing of a
    #: kind it has none of.
    existe: dict = field(default_factory=dict)


def _exige_documentos(inscricao: Inscricao) -> bool:
    """Whether some list of the inscrição needs documents (indigenous or quilombola proof,
    PcD medical report) for this candidate: the documents page's own rule
    (`documental.listas_com_documentos`: a PPI option of a black or brown candidate goes to
    heteroidentification and needs none), so the card never points to an empty page."""
    return bool(documental.listas_com_documentos(inscricao))


def _url_isencao(nome: str, inscricao: Inscricao) -> str:
    """A page of the fee exemption of this inscrição (`isencao:inscricao`, `isencao:recurso`)."""
    return reverse(f"isencao:{nome}", args=[inscricao.pk])


def _resultado_isencao(resultado: str, motivo: str) -> ResultadoIsencao | None:
    if not resultado:
        return None
    return ResultadoIsencao(resultado, PedidoIsencao.Resultado(resultado).label, motivo)


class _ExclusoesDaInscricao(Func):
    """PostgreSQL: the entries of a version's exclusions (a JSON list, one of its larger
    fields: every exclusion of the cargo) whose "inscricao" is ``numero``, picked in the
    database."""

    output_field = JSONField()
    CAMINHO = "$[*] ? (@.inscricao == $n)"

    def __init__(self, campo: str, numero: str):
        super().__init__(F(campo))
        self.numero = numero

    def as_sql(self, compiler, connection, **extra_context):
        sql, params = compiler.compile(self.get_source_expressions()[0])
        return (f"jsonb_path_query_array({sql}, %s::jsonpath, "
                f"jsonb_build_object('n', %s::text))", (*params, self.CAMINHO, self.numero))


def publicacoes_da_classificacao(inscricao: Inscricao) -> list[Any]:
    """Every publication of the classification of the inscrição's cargo, oldest first (the
    latest last: `classificacao.listas.versao_publicada`'s), in one query, with the
    version's fields the candidate's pages read. Each version carries, as
    ``exclusoes_da_inscricao``, the candidate's own entries of its exclusions (on PostgreSQL
    picked in the database, not the cargo's whole list), and each publication the
    candidate's summary of that version (`ResumoClassificacao`): ``resumo_lido`` (a row
    exists), ``resumo_posicoes``, ``resumo_vaga``."""
    resumo = ResumoClassificacao.objects.filter(inscricao_id=inscricao.pk,
                                                versao_id=OuterRef("versao_id"))
    consulta = (Publicacao.objects.filter(versao__cargo_id=inscricao.cargo_id)
                .select_related("versao")
                .annotate(resumo_lido=Exists(resumo),
                          resumo_posicoes=Subquery(resumo.values("posicoes")[:1],
                                                   output_field=JSONField()),
                          resumo_vaga=Subquery(resumo.values("vaga")[:1],
                                               output_field=JSONField()))
                .order_by("publicada_em", "pk"))
    postgres = connection.vendor == "postgresql"
    if postgres:
        consulta = consulta.defer("versao__exclusoes", "versao__explicacao").annotate(
            exclusoes_proprias=_ExclusoesDaInscricao("versao__exclusoes", inscricao.numero))
    publicacoes: list[Any] = list(consulta)
    for pub in publicacoes:
        pub.versao.exclusoes_da_inscricao = (
            list(pub.exclusoes_proprias or []) if postgres else
            [e for e in pub.versao.exclusoes or [] if e.get("inscricao") == inscricao.numero])
    return publicacoes


def _classificacao(inscricao: Inscricao, publicacao: Any) -> Classificacao:
    """The candidate's place in the latest published snapshot: from the candidate's own
    summary, written at the publication; a version published before summaries
    existed is read from the snapshot."""
    versao = publicacao.versao
    if publicacao.resumo_lido:
        linhas = publicacao.resumo_posicoes or []
        posicoes = [instantaneo.Posicao(p["lista"], p["posicao"], inscricao.pk,
                                        p["sub_judice"]) for p in linhas]
        frentes = {p["lista"]: p["frente"] for p in linhas}
        v = publicacao.resumo_vaga
        vaga = (instantaneo.VagaOcupada(0, v["vaga"], v["lista"], inscricao.pk,
                                        v["fundamento"]) if v else None)
    else:
        posicoes = instantaneo.posicoes_da_inscricao(versao, inscricao.pk)
        vaga = instantaneo.vaga_da_inscricao(versao, inscricao.pk)
        frentes = None
    return Classificacao(versao, publicacao, posicoes, vaga, versao.exclusoes_da_inscricao,
                         explicar_posicoes(inscricao, versao, posicoes, vaga, frentes),
                         listas_da_inscricao.listas_da_inscricao(
                             versao, inscricao, posicoes=posicoes,
                             entradas=versao.exclusoes_da_inscricao).saidas)


def _existencias() -> dict[str, Exists]:
    """Whether the inscrição has rows of each kind the status page reads one by one: a
    kind without rows (most candidates have no call, no committee, no procedure) is not
    queried at all."""
    da = {"inscricao_id": OuterRef("pk")}
    return {
        "existe_pedido_isencao": Exists(PedidoIsencao.objects.filter(**da)),
        "existe_situacao_lista": Exists(SituacaoLista.objects.filter(**da)),
        "existe_avaliacao": Exists(Avaliacao.objects.filter(
            **da, instancia=Avaliacao.Instancia.PRIMEIRA)),
        "existe_convocacao": Exists(Convocacao.objects.filter(**da)),
        "existe_procedimento": Exists(ProcedimentoAdministrativo.objects.filter(**da)),
        "existe_pedido_atendimento": Exists(PedidoAtendimento.objects.filter(**da)),
        "existe_chamada": Exists(Chamada.objects.filter(**da)),
        "existe_fase_publicada": Exists(DesempenhoPublicado.objects.filter(**da)),
        # the edital's retificações (editais.retificacao): every inscrito's notices
        "existe_retificacao": Exists(AtoEdital.objects.filter(
            certame_id=OuterRef("certame_id"), tipo=AtoEdital.Tipo.RETIFICACAO)),
        # the certame's suspensions, retomadas and cancellation (editais.situacao)
        "existe_ato_situacao": Exists(AtoSituacaoCertame.objects.filter(
            certame_id=OuterRef("certame_id"))),
    }


def com_existencias(inscricoes):
    """The queryset of inscrições annotated with `_existencias` (the dashboard: no probe
    per inscrição)."""
    return inscricoes.annotate(**_existencias())


def _o_que_existe(inscricao: Inscricao) -> dict[str, bool]:
    """The annotations of `com_existencias`, or one query that reads them all."""
    nomes = list(_existencias())
    if all(hasattr(inscricao, n) for n in nomes):
        return {n: getattr(inscricao, n) for n in nomes}
    return (Inscricao.objects.filter(pk=inscricao.pk).annotate(**_existencias())
            .values(*nomes).get())


def _pedido_isencao(inscricao: Inscricao, existe: dict[str, bool]) -> PedidoIsencao | None:
    """The inscrição's exemption request, read only when one exists (or is already read)."""
    if not (existe["existe_pedido_isencao"] or Inscricao.pedido_isencao.is_cached(inscricao)):
        return None
    try:
        return inscricao.pedido_isencao
    except Inscricao.pedido_isencao.RelatedObjectDoesNotExist:
        return None


def _isencao_publicada(pedido: PedidoIsencao | None) -> tuple:
    """The request's publications (preliminary, final) and the results each one made
    public: (pub_preliminar, pub_final, preliminar, final), None where not published."""
    if pedido is None:
        return None, None, None, None
    pub_preliminar, pub_final = isencao.publicacoes_do_pedido(pedido)
    preliminar = (_resultado_isencao(pedido.resultado_preliminar, pedido.motivo_preliminar)
                  if pub_preliminar is not None else None)
    final = (_resultado_isencao(pedido.resultado_final, pedido.motivo_final)
             if pub_final is not None else None)
    return pub_preliminar, pub_final, preliminar, final


def _convocacoes(inscricao: Inscricao, etapas: list[Etapa],
                 autodeclaracao: estados_lista.Autodeclaracao) -> list[Etapa]:
    """The schedule's stages that concern the candidate: each decides one of their options;
    an option the edital confirms by the self-declaration (its procedure dispensed) is
    decided by none."""
    listas = set(inscricao.listas)
    return [e for e in etapas if any(
        not autodeclaracao.fundamento(lista, inscricao.cor_raca)
        for lista in listas & CONVOCACOES.get(e.tipo, set()))]


def situacao_da_inscricao(inscricao: Inscricao, em=None) -> SituacaoInscricao:
    """Everything the status page shows. Only published results: exemption results after
    their batch's publication (`nucleo`), positions from the latest published snapshot; never
    who judged."""
    agora = em or timezone.now()
    certame = inscricao.cargo.certame
    existe = _o_que_existe(inscricao)
    pedido = _pedido_isencao(inscricao, existe)
    pub_preliminar, pub_final, preliminar, final = _isencao_publicada(pedido)
    # The certame's schedule, read once for the whole page (windows, appeal stages, the
    # option's deadline, the fee's deadline).
    etapas = list(certame.etapas.order_by("inicio", "pk"))
    # The fee situation derived from the clock (a pending fee after the payment deadline is
    # "não confirmada"), as the exemption pages show it.
    taxa = isencao.situacao_taxa_efetiva(
        inscricao, agora, etapas=etapas,
        aguarda_resultado=pedido is not None and pub_final is None)
    url_isencao = (_url_isencao("inscricao", inscricao)
                   if isencao.oferece_isencao(certame) and inscricao.cargo.taxa_inscricao
                   else None)
    autodeclaracao = estados_lista.Autodeclaracao(certame)
    # The list states, read once: the decisions card and the committees' final results.
    situacoes_lista = (list(SituacaoLista.objects.filter(inscricao=inscricao))
                       if existe["existe_situacao_lista"] else [])
    # Committee procedures (heteroidentification, documents, PcD) are decided in batches, and
    # a batch published late has its own window (nucleo/lotes.py): each item carries the
    # window of its own batch and whether the kernel lets the candidate appeal.
    resultados_comissoes = (resultados_por_procedimento(inscricao, agora, etapas=etapas,
                                                        situacoes=situacoes_lista)
                            if existe["existe_avaliacao"] else [])

    # Final states only: a procedure's recorded decision, or the self-declaration where the
    # edital dispenses the procedure (candidatos.estados, the one reading of a state).
    decisoes = sorted((e for e in estados_lista.estados_da_inscricao(
        inscricao, situacoes_lista, autodeclaracao) if e.definitivo),
        key=lambda e: e.lista)

    publicacoes = publicacoes_da_classificacao(inscricao)
    classificacao = _classificacao(inscricao, publicacoes[-1]) if publicacoes else None
    procs = (list(inscricao.procedimentos.order_by("-aberto_em"))
             if existe["existe_procedimento"] else [])
    motivo = motivo_opcao_inalteravel(inscricao, etapas)
    individuais = convocacoes_do_candidato(inscricao) if existe["existe_convocacao"] else []
    convocadas = {PROCEDIMENTOS[c.procedimento].etapa for c in individuais
                  if c.procedimento in PROCEDIMENTOS}
    s = SituacaoInscricao(
        inscricao=inscricao, opcoes=[o for o in opcoes_do_regime(certame.regime_legal)
                                     if o.codigo in inscricao.listas],
        situacao_taxa=taxa, situacao_taxa_rotulo=Inscricao.SituacaoTaxa(taxa).label,
        url_isencao=url_isencao, pedido_isencao=pedido, isencao_preliminar=preliminar,
        isencao_final=final,
        convocacoes=_convocacoes(inscricao, etapas, autodeclaracao), decisoes=decisoes,
        janelas=[],
        classificacao=classificacao, pode_alterar_opcoes=motivo is None,
        motivo_opcao_inalteravel=motivo, fundamento_opcao=fundamento_alteracao_opcao(certame),
        convocacoes_individuais=individuais, etapas_convocadas=convocadas,
        resultados_comissoes=resultados_comissoes,
        url_documentos=(reverse("documentos:inscricao", args=[inscricao.pk])
                        if _exige_documentos(inscricao) else None),
        procedimentos=procs,
        chamadas=chamadas.chamadas_da_inscricao(inscricao) if existe["existe_chamada"] else [],
        permite_fim_de_fila=chamadas.permite_fim_de_fila(certame),
        taxa=taxa_da_inscricao(inscricao, agora, pedido=pedido, publicacao_final=pub_final,
                               pedido_lido=True, situacao=taxa),
        etapas=etapas, publicacoes_isencao=(pub_preliminar, pub_final),
        publicacoes_classificacao=publicacoes, existe=existe,
        fases=(fases_publicadas(inscricao.pk) if existe["existe_fase_publicada"] else []))
    # The windows open for this inscrição, from what was just read: one answer for this
    # page, the dashboard, the notices and each procedure's page (`candidatos.janelas`).
    s.janelas = janelas.reunir(s, agora)
    return s


def janelas_abertas(inscricao: Inscricao, em=None) -> list[JanelaAberta]:
    """The windows open for the inscrição (`candidatos.janelas`), for a page that has not read
    its status: the special-conditions, exemption and procedure pages."""
    return situacao_da_inscricao(inscricao, em).janelas
