"""Public pages: certames, their vacancy tables and the published lists of each cargo.

Only what publicity requires is shown: inscrição number, name and masked CPF. Never the full
CPF, the self-declaration, disability or income data, nor any unpublished snapshot.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from django.apps import apps
from django.core.paginator import Paginator
from django.db.models import Count, Exists, OuterRef, Prefetch, Sum
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import DetailView, ListView, TemplateView

from candidatos import inscricao_portal
from candidatos.models import Inscricao
from certames import carreira, cronograma, distribuicao_edital, instantaneo, regras
from certames.models import Cargo, Certame, Publicacao
from certames.regras.aritmetica import formatar_percentual
from certames.situacao import motivo_certame_parado
from certames.validade import FUNDAMENTO_VALIDADE
from classificacao import homologacao, impressos, leitura, preparo
from classificacao.listas import versao_publicada
from classificacao.quadro_vagas import listas_da_versao, nome_lista, quadro_de_vagas
from comum import cache_publico, exportacao, limites
from comum.avisos import ics
from editais.situacao import historico
from provas.models import PublicacaoFase

STATUS_PUBLICOS = [s for s in Certame.Status.values if s != Certame.Status.RASCUNHO]

#: Rows per page of a published list (lists may hold 50,000 candidates).
POR_PAGINA = 100
#: The `lista` value of the call-order tab.
ABA_CONVOCACAO = "convocacao"
#: Only the columns the public page shows are read (data minimisation, LGPD art. 6º, III).
CAMPOS_PUBLICOS = ("numero", "candidato__nome", "candidato__nome_social", "candidato__cpf")
#: The public search in a cargo's published lists shows at most this many rows (no paging:
#: a longer name or the inscrição number narrows it).
LIMITE_BUSCA = 100
#: A name search needs a word of at least this many letters (two letters match nearly all).
MINIMO_LETRAS_BUSCA = 3


class InicioView(ListView):
    template_name = "certames/publico/inicio.html"
    context_object_name = "certames"
    paginate_by = 20

    def get_queryset(self):
        return (Certame.objects.filter(status__in=STATUS_PUBLICOS).select_related("orgao")
                .annotate(num_cargos=Count("cargos"))
                .order_by("-data_publicacao_edital", "numero_edital"))


class CertamePublicoView(DetailView):
    template_name = "certames/publico/certame.html"
    context_object_name = "certame"

    def get_object(self, queryset=None):
        cargos = Cargo.objects.annotate(
            surgidas=Sum("vagas_surgidas__quantidade"),
            publicado=Exists(Publicacao.objects.filter(versao__cargo=OuterRef("pk"))),
        ).order_by("codigo")
        return get_object_or_404(
            Certame.objects.filter(status__in=STATUS_PUBLICOS).select_related("orgao")
            .prefetch_related(Prefetch("cargos", queryset=cargos), "etapas"),
            pk=self.kwargs["pk"])

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        certame = self.object
        regime, ctx["quadro"], ctx["erro_quadro"] = quadro_de_vagas(certame,
                                                                   certame.cargos.all())
        ctx["regime"] = regime
        # The schedule as published (`certames.cronograma`; also its `.ics`).
        ctx["cronograma"] = cronograma.etapas_publicas(certame)
        # The public draw of the whole-edital reserve (spec section 4.1).
        ctx["base_edital"] = distribuicao_edital.base_edital(certame)
        ctx["sorteio_realizado"] = hasattr(certame, "sorteio")
        # The validity (from the homologation, CF art. 37, III) and the heteroidentification
        # criteria, public before the sessions (Lei 3.057/2026, art. 10, §3º, IV).
        ctx["validade"] = homologacao.resumo_validade(certame)
        ctx["fundamento_validade"] = FUNDAMENTO_VALIDADE
        ctx["fundamento_criterios"] = homologacao.fundamento_criterios(certame)
        # The edital's acts: its publication and retificações (`editais.retificacao`), and
        # the certame's suspensions, retomadas and cancellation (`editais.situacao`), whose
        # latest one, while it stops the certame, is the page's banner.
        ctx["historico_edital"] = historico(certame)
        ctx["certame_parado"] = motivo_certame_parado(certame)
        # The way in while the inscrições are open (the portal's own answer); the page is
        # stored only until they open or close (`cache_publico.valida_ate`).
        agora = timezone.now()
        etapas = list(certame.etapas.all())
        if inscricao_portal.inscricoes_abertas(certame, agora, etapas):
            ctx["fim_inscricoes"] = inscricao_portal.etapa_inscricoes_aberta(
                certame, agora, etapas).fim
        ctx["inscricoes_mudam_em"] = inscricao_portal.proxima_mudanca_inscricoes(
            certame, agora, etapas)
        ctx["colunas"] = [(lista, nome_lista(regime, lista)) for lista in regime.listas_com_ac]
        ctx["reservas"] = [
            (g.codigo, g.nome, formatar_percentual(g.percentual), g.fundamento)
            for g in regime.grupos
        ] + [(regras.PCD, nome_lista(regime, regras.PCD),
              formatar_percentual(regime.pcd.percentual), regime.pcd.fundamento)]
        # Published results of other procedures of this certame (fee exemption: the procedure
        # kernel's publications under the plug-in key "isencao"; by the app registry).
        ctx["resultados_isencao"] = (
            apps.get_model("nucleo", "PublicacaoResultado").objects
            .filter(certame=certame, procedimento="isencao").order_by("publicada_em"))
        # Committee procedures with a batch published (each links to every batch). By the
        # app registry: certames does not import the committees' app.
        publicacoes = apps.get_model("nucleo", "PublicacaoResultado")
        rotulos = dict(apps.get_model("comissoes", "Comissao")._meta.get_field("tipo").choices)
        ctx["resultados_comissoes"] = [
            (r["procedimento"], rotulos[r["procedimento"]], r["lotes"])
            for r in publicacoes.objects.filter(certame=certame, fase="preliminar",
                                                procedimento__in=list(rotulos))
            .values("procedimento").annotate(lotes=Count("pk")).order_by("procedimento")]
        return ctx

    def render_to_response(self, context, **response_kwargs):
        return cache_publico.valida_ate(super().render_to_response(context, **response_kwargs),
                                        context["inscricoes_mudam_em"])


@dataclass(frozen=True)
class DocumentoLigado:
    """One document of a published list on its public page: its label, its URL and whether
    it is still being prepared by the worker (`classificacao.preparo`)."""

    rotulo: str
    url: str
    em_preparacao: bool = False


def documentos_da_publicacao(publicacao: Publicacao, cargo: Cargo) -> list[DocumentoLigado]:
    """The published list's files as its public page links them (PDF, CSV, JSON, the call
    order's CSV), each with its state when the worker prepares it (one query)."""
    args = (cargo.certame_id, cargo.pk, publicacao.pk)
    estados = preparo.arquivos_publicos(publicacao)
    saida = []
    for chave, rotulo, url in (
            ("pdf", "PDF", reverse("publicacao_publica", args=[*args, "pdf"])),
            ("csv", "CSV", reverse("publicacao_publica", args=[*args, "csv"])),
            ("json", "JSON", reverse("publicacao_publica", args=[*args, "json"])),
            ("convocacao", _("ordem de convocação (CSV)"),
             reverse("publicacao_convocacao_publica", args=args))):
        arquivo = estados.get(chave)
        estado = arquivo.estado if arquivo is not None else None
        # One the worker gave up on is linked too: its URL renders it per request.
        saida.append(DocumentoLigado(str(rotulo), url,
                                     em_preparacao=estado == preparo.Estado.NA_FILA))
    return saida


class CargoPublicoView(TemplateView):
    """The latest published snapshot of a cargo: every list and the call order, paginated."""

    template_name = "certames/publico/cargo.html"

    def get(self, request, *args, **kwargs):
        # The public search reads every list of the publication: limited per client (a
        # search the public cache already holds costs nothing and never reaches here).
        if "q" in request.GET:
            limite = limites.verificar([("busca_cliente", limites.endereco_cliente(request))])
            if not limite.permitido:
                return limites.resposta_limite(request, limite)
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        cargo = get_object_or_404(
            Cargo.objects.select_related("certame", "certame__orgao"),
            pk=kwargs["cargo_pk"], certame_id=kwargs["certame_pk"],
            certame__status__in=STATUS_PUBLICOS)
        ctx.update(cargo=cargo, certame=cargo.certame, versao=None,
                   fases_publicadas=list(PublicacaoFase.objects.filter(fase__cargo=cargo)
                                         .select_related("fase")
                                         .order_by("fase__ordem", "publicada_em")))
        publicado = versao_publicada(cargo)
        if publicado is None:
            return ctx
        versao, publicacao = publicado
        try:
            regime = regras.obter_regime(versao.regime)
        except KeyError:
            regime = cargo.certame.regime_legal
        listas = listas_da_versao(versao)
        candidatos = instantaneo.contagens(versao)
        abas = [{"lista": lista, "nome": nome_lista(regime, lista),
                 "vagas": versao.distribuicao.get(lista), "candidatos": candidatos.get(lista, 0)}
                for lista in listas]
        abas.append({"lista": ABA_CONVOCACAO, "nome": _("Ordem de convocação"),
                     "vagas": versao.vagas, "candidatos": None})
        aba = self.request.GET.get("lista") or regras.AC
        if aba not in {a["lista"] for a in abas}:
            aba = regras.AC
        # Each page reads its slice of the packed list and its inscrições only
        # (certames.instantaneo), with the columns the page shows.
        consulta = Inscricao.objects.select_related("candidato").only(*CAMPOS_PUBLICOS)
        if aba == ABA_CONVOCACAO:
            paginador = Paginator(instantaneo.convocacao(versao), POR_PAGINA)
        else:
            paginador = Paginator(leitura.ListaPaginavel(
                versao, aba, candidatos.get(aba, 0), consulta=consulta), POR_PAGINA)
        pagina = paginador.get_page(self.request.GET.get("page"))
        if aba == ABA_CONVOCACAO:
            leitura.anexar_inscricoes(pagina.object_list, consulta)
        # Every publication stays public at its own address (open data): the older ones are
        # listed under the current one, newest first.
        anteriores = (Publicacao.objects.filter(versao__cargo=cargo).exclude(pk=publicacao.pk)
                      .select_related("versao").order_by("-publicada_em", "-pk"))
        documentos = documentos_da_publicacao(publicacao, cargo)
        ctx.update(
            anteriores=list(anteriores), documentos=documentos,
            documentos_em_preparacao=any(d.em_preparacao for d in documentos),
            versao=versao, publicacao=publicacao, regime=regime, abas=abas, aba=aba,
            aba_convocacao=ABA_CONVOCACAO, nome_aba=next(a["nome"] for a in abas
                                                         if a["lista"] == aba),
            distribuicao=[(a["lista"], a["nome"], a["vagas"]) for a in abas[:-1]],
            page_obj=pagina,
        )
        if "q" in self.request.GET:
            ctx["busca"] = buscar_na_publicacao(versao, abas, self.request.GET["q"])
        return ctx


def _comparavel(texto: str) -> str:
    """Lowercase and without accents ("JOSÉ" and "jose" compare equal)."""
    decomposto = unicodedata.normalize("NFKD", texto)
    return "".join(ch for ch in decomposto if not unicodedata.combining(ch)).casefold()


def _sem_zeros(numero: str) -> str:
    """An inscrição number without mask or leading zeros (as
    `candidatos.contas.cadastro.normalizar_inscricao`)."""
    return "".join(ch for ch in str(numero).upper() if ch.isalnum()).lstrip("0")


@dataclass
class ResultadoBuscaPublica:
    termo: str
    #: Rows found, each a dict: lista, nome_lista, posicao, numero, nome, sub_judice, vaga.
    linhas: list[dict] = field(default_factory=list)
    #: More than LIMITE_BUSCA rows matched: only the first are shown.
    excedeu: bool = False
    #: Why nothing was searched, in Portuguese; empty when searched.
    aviso: str = ""


def buscar_na_publicacao(versao, abas: list[dict], termo: str) -> ResultadoBuscaPublica:
    """Find a name or an inscrição number in every list of a published snapshot and in its
    call order, without paging.

    Only the snapshot of the current publication is read (the caller's `versao`), and only
    what its lists show: inscrição number and the displayed name (the social name when given,
    Decreto 8.727/2016; the civil name behind a social name is not searchable, so the search
    reveals nothing the list does not). A query without letters is an inscrição number,
    compared without mask or leading zeros; otherwise every word must appear in the name,
    case- and accent-insensitive. Names are compared in Python over the snapshot's inscrições
    (read in batches of four columns); the matches are then placed in the packed lists.
    """
    limpo = " ".join(str(termo).split())[:100]
    resultado = ResultadoBuscaPublica(termo=limpo)
    nomes = {a["lista"]: a["nome"] for a in abas}
    ordem = {a["lista"]: i for i, a in enumerate(abas)}
    numero_buscado = ""
    if limpo and not any(ch.isalpha() for ch in limpo) and any(ch.isdigit() for ch in limpo):
        alvo = _sem_zeros(limpo)
        numero_buscado = alvo or "0"

        def confere(numero: str, nome: str) -> bool:
            return _sem_zeros(numero) == alvo
    else:
        palavras = [_comparavel(p) for p in limpo.split(" ")]
        palavras = [p for p in palavras if p]
        if not palavras or max(sum(ch.isalpha() for ch in p) for p in palavras) < (
                MINIMO_LETRAS_BUSCA):
            resultado.aviso = _("Digite ao menos %(n)d letras do nome ou o número da "
                                "inscrição.") % {"n": MINIMO_LETRAS_BUSCA}
            return resultado

        def confere(numero: str, nome: str) -> bool:
            alvo = _comparavel(nome)
            return all(p in alvo for p in palavras)

    # Who matches, among the version's inscrições; then where they are. A number is looked up
    # in the database among the cargo's inscrições that end with its last character (a mask
    # may sit between the digits, never after the last one; `confere` then compares the
    # whole number), a name in Python (accents: "jose" finds "José") over the version's
    # inscrições, one query per 10,000.
    ids_versao = instantaneo.inscricoes(versao)
    if numero_buscado:
        lotes = [Inscricao.objects.filter(cargo_id=versao.cargo_id,
                                          numero__iendswith=numero_buscado[-1])]
    else:
        ids = sorted(ids_versao)
        lotes = [Inscricao.objects.filter(pk__in=ids[i:i + instantaneo.LOTE_LEITURA])
                 for i in range(0, len(ids), instantaneo.LOTE_LEITURA)]
    pessoas: dict[int, tuple[str, str]] = {}
    for lote in lotes:
        for pk, numero, nome, social in lote.values_list(
                "pk", "numero", "candidato__nome", "candidato__nome_social"):
            exibido = social or nome
            if pk in ids_versao and confere(numero, exibido):
                pessoas[pk] = (numero, exibido)
    achadas = []
    if pessoas:
        for p in instantaneo.posicoes(versao):
            if p.inscricao_id in pessoas:
                numero, exibido = pessoas[p.inscricao_id]
                achadas.append({"lista": p.lista, "nome_lista": nomes.get(p.lista, p.lista),
                                "posicao": p.posicao, "numero": numero, "nome": exibido,
                                "sub_judice": p.sub_judice, "vaga": ""})
        for c in instantaneo.convocacao(versao):
            if c.inscricao_id in pessoas:
                numero, exibido = pessoas[c.inscricao_id]
                achadas.append({"lista": ABA_CONVOCACAO, "nome_lista": nomes[ABA_CONVOCACAO],
                                "posicao": c.posicao, "numero": numero, "nome": exibido,
                                "sub_judice": False, "vaga": c.vaga})
    achadas.sort(key=lambda r: (ordem.get(r["lista"], len(ordem)), r["posicao"]))
    resultado.excedeu = len(achadas) > LIMITE_BUSCA
    resultado.linhas = achadas[:LIMITE_BUSCA]
    return resultado


class OrdemNomeacaoPublicaView(TemplateView):
    """The career order of a cargo: every call made, in order, with its
    slot type, the candidate (inscrição number and name, as the published lists: no CPF), the
    dates of the acts and the legal basis. Calls are public acts; motivations are not shown."""

    template_name = "certames/publico/ordem_nomeacao.html"

    def cargo(self, **kwargs) -> Cargo:
        return get_object_or_404(
            Cargo.objects.select_related("certame", "certame__orgao"),
            pk=kwargs["cargo_pk"], certame_id=kwargs["certame_pk"],
            certame__status__in=STATUS_PUBLICOS)

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        cargo = self.cargo(**kwargs)
        pagina = Paginator(carreira.historico(cargo), carreira.POR_PAGINA_ORDEM).get_page(
            self.request.GET.get("page"))
        ctx.update(cargo=cargo, certame=cargo.certame, historico=pagina.object_list,
                   page_obj=pagina, fundamento=carreira.fundamento_ordem(cargo))
        return ctx


class ExportarOrdemPublicaView(OrdemNomeacaoPublicaView):
    """The career order as CSV or XLSX (formula-safe: comum.exportacao) or as the PDF
    laid out for the Diário Oficial (classificacao.impressos, rendered by a Celery task)."""

    def get(self, request, *args, **kwargs):
        if kwargs["formato"] not in (*exportacao.FORMATOS, "pdf"):
            raise Http404
        cargo = self.cargo(**kwargs)
        if kwargs["formato"] == "pdf":
            return impressos.resposta_pdf(
                request, impressos.Tipo.ORDEM_NOMEACAO_PUBLICA, cargo,
                voltar=reverse("ordem_nomeacao_publica", args=[cargo.certame_id, cargo.pk]))
        return exportacao.resposta_exportacao(
            kwargs["formato"], f"ordem-nomeacao-{cargo.codigo}",
            carreira.colunas_exportacao(publica=True),
            carreira.linhas_exportacao(cargo, publica=True), titulo=carreira.titulo_exportacao())


class CronogramaCalendarioView(View):
    """The certame's published schedule as an `.ics` (comum.avisos.ics): one event per stage,
    from its start to its end."""

    def get(self, request, pk):
        certame = get_object_or_404(Certame.objects.filter(status__in=STATUS_PUBLICOS)
                                    .prefetch_related("etapas"), pk=pk)
        titulo = f"{certame.numero_edital} — {certame.titulo}"
        eventos = [ics.Evento(uid=f"etapa-{e.pk}@certames", inicio=e.inicio, fim=e.fim,
                              resumo=f"{e.get_tipo_display()} — {certame.numero_edital}",
                              descricao=e.descricao or titulo)
                   for e in cronograma.etapas_publicas(certame)]
        return ics.resposta(ics.calendario(eventos, titulo), f"cronograma-{certame.pk}.ics")
