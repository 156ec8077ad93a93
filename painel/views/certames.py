"""RH's home page, a certame as RH sees it, and the imports of scores (moved from
`certames/views/rh.py`)."""

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, OuterRef, Subquery
from django.db.models.fields.json import KeyTextTransform
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import DetailView, FormView, ListView

from candidatos.forms import ImportacaoForm
from candidatos.importacao import modelo as modelo_importacao
from candidatos.importacao.vigilancia import marcar_paradas, repetir
from candidatos.models import Importacao, Inscricao, Lista
from candidatos.tasks import enfileirar_importacao
from certames import calendario, cronograma, distribuicao_edital
from certames.forms import erros_no_form
from certames.models import Certame, Sorteio
from certames.validade import FUNDAMENTO_VALIDADE
from classificacao import homologacao
from comissoes.dominio.procedimentos import HETEROIDENTIFICACAO
from comissoes.models import Avaliacao
from comum import exportacao
from comum.confirmacao import campo_confirmacao, exige_confirmacao
from comum.formatos import data_br
from editais import fracionamento as editais_fracionamento
from editais import retificacao as editais_retificacao
from editais import servicos as editais_servicos
from nucleo import autoridade
from nucleo.models import ItemPublicado, PublicacaoResultado
from painel import graficos
from painel.acesso import RHMixin
from painel.forms import situacao as forms_situacao
from painel.forms.autoridade import AutoridadeRecursalForm
from painel.forms.validade import CriteriosForm, HomologacaoForm, ProrrogacaoForm
from painel.views.classificacao import contexto_preparo_certame


class PainelView(RHMixin, ListView):
    template_name = "painel/certames/painel.html"
    context_object_name = "certames"

    def get_queryset(self):
        return Certame.objects.select_related("orgao").annotate(
            num_cargos=Count("cargos", distinct=True),
            num_inscricoes=Count("inscricoes", distinct=True)).order_by(
            "-data_publicacao_edital", "numero_edital")


class CertameRHView(RHMixin, DetailView):
    template_name = "painel/certames/certame.html"
    context_object_name = "certame"
    queryset = Certame.objects.select_related("orgao")

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        certame = self.object
        # The certame in time: homologation, validity and its extension, the criteria.
        ctx.setdefault("form_homologacao", HomologacaoForm(prefix="homologacao"))
        ctx.setdefault("form_prorrogacao", ProrrogacaoForm(prefix="prorrogacao"))
        ctx.setdefault("form_criterios", CriteriosForm(
            prefix="criterios", initial={"texto": certame.criterios_heteroidentificacao}))
        ctx["homologavel"] = (certame.homologado_em is None
                              and certame.status in homologacao.STATUS_HOMOLOGAVEIS)
        ctx["sem_resultado_final"] = (homologacao.cargos_sem_resultado_final(certame)
                                      if ctx["homologavel"] else [])
        ctx["recusa_prorrogacao"] = homologacao.motivo_recusa_prorrogacao(certame)
        ctx["fundamento_validade"] = FUNDAMENTO_VALIDADE
        ctx["validade"] = homologacao.resumo_validade(certame)
        ctx["publicacao_edital"] = data_br(certame.data_publicacao_edital)
        ctx["criterios_exigidos"] = homologacao.criterios_exigidos(certame)
        ctx["fundamento_criterios"] = homologacao.fundamento_criterios(certame)
        ctx["criterios_travados"] = homologacao.sessoes_de_heteroidentificacao(certame)
        ctx["cargos"] = certame.cargos.annotate(num_inscricoes=Count("inscricoes")).order_by(
            "codigo")
        # After "Publicar todos": each cargo's publication being prepared by the worker.
        ctx.update(contexto_preparo_certame(certame))
        ctx["etapas"] = etapas = list(certame.etapas.all())
        ctx["fuso"] = calendario.nome_do_fuso(certame.orgao)
        # A schedule saved before the order was checked (or changed outside the forms) is
        # told here; the admin refuses to save a new incoherence (certames/cronograma.py).
        ctx["incoerencias_cronograma"] = [
            inc.mensagem for inc in cronograma.incoerencias(etapas, certame.regime_legal.isencao)]
        ctx["situacoes"] = (Inscricao.objects.filter(certame=certame).values("situacao")
                            .annotate(total=Count("id")).order_by("situacao"))
        # Without the errors (up to MAX_ERROS per import): the list shows none.
        ctx["importacoes"] = certame.importacoes.select_related("criado_por").defer(
            "erros", "resumo")[:10]
        ctx["oferece_isencao"] = certame.oferece_isencao
        ctx["etapas_isencao"] = cronograma.ETAPAS_ISENCAO
        # The public draw of the whole-edital reserve (spec section 4.1).
        ctx["base_edital"] = distribuicao_edital.base_edital(certame)
        ctx["sorteio_realizado"] = Sorteio.objects.filter(certame=certame).exists()
        # The superior authority that judges appeals against RH's decisions (Lei 9.784/1999,
        # art. 56, §1º): a role RH assigns per certame (nucleo/autoridade.py).
        ctx.setdefault("form_autoridade", AutoridadeRecursalForm(prefix="autoridade"))
        ctx["designacoes_autoridade"] = designacoes = autoridade.designacoes(certame)
        ctx["autoridade_em_vigor"] = designacoes[-1] if designacoes else None
        ctx["recursos_sem_autoridade"] = autoridade.aguardando_autoridade(certame)
        ctx["fundamento_autoridade"] = autoridade.FUNDAMENTO
        # The draft (editais.servicos): RH's only, edited here until its publication.
        ctx["rascunho"] = certame.status == Certame.Status.RASCUNHO
        ctx["pendencias_publicacao"] = (editais_servicos.pendencias_publicacao(certame)
                                        if ctx["rascunho"] else [])
        ctx["fracionamento"] = (editais_fracionamento.suspeitas(certame)
                                if ctx["rascunho"] else [])
        ctx["retificavel"] = (not ctx["rascunho"]
                              and editais_retificacao.motivo_nao_retificar(certame) is None)
        # Suspension, retomada and cancellation (editais.situacao).
        forms_situacao.contexto(certame, ctx)
        ctx["graficos"] = {**grafico_cronograma(etapas),
                           **graficos_inscricoes(certame),
                           **grafico_heteroidentificacao(certame)}
        return ctx


# --- the dashboard's figures (drawn by painel/graficos.py) ----------------

def grafico_cronograma(etapas: list, agora=None) -> dict:
    """The schedule on a timeline, in its order (the etapas as the page lists them)."""
    agora = timezone.localtime(agora)
    linhas = [(e.get_tipo_display(), e.inicio, e.fim) for e in etapas]
    svg = graficos.linha_do_tempo(
        linhas, agora, id_base="grafico-cronograma", titulo=_("Cronograma do certame"),
        descricao=_("Fases do cronograma em barras sobre um eixo de datas, com o dia de hoje "
                    "(%(d)s) marcado por uma linha vertical.") % {"d": data_br(agora.date())})
    return {"cronograma": svg, "hoje": data_br(agora.date())}


def graficos_inscricoes(certame: Certame) -> dict:
    """The inscrições per list (ampla concorrência and the regime's reserved lists) and per
    situação, from one aggregate query: the count per (combination of lists, situação). The
    combinations are few (at most the subsets of the regime's lists actually chosen), so
    expanding them in Python costs nothing, whatever the number of inscrições (30 000 rows
    are grouped by the database)."""
    grupos = (Inscricao.objects.filter(certame=certame).order_by()
              .values("listas", "situacao").annotate(total=Count("id")))
    codigos = certame.regime_legal.listas_com_ac
    situacoes = [s for s, _r in Inscricao.Situacao.choices]
    matriz = {c: dict.fromkeys(situacoes, 0) for c in codigos}
    for g in grupos:
        # Every inscrição competes in ampla concorrência (AC); an optant in each list chosen.
        for codigo in ("AC", *(g["listas"] or [])):
            if codigo in matriz:
                matriz[codigo][g["situacao"]] += g["total"]
    nomes = {"AC": _("Ampla concorrência"), **{c: str(Lista(c).label) for c in Lista.values}}
    por_lista = [(f"{nomes[c]} ({c})", sum(matriz[c].values())) for c in codigos]
    por_situacao = [(str(Inscricao.Situacao(s).label), matriz["AC"][s]) for s in situacoes]
    total = sum(v for _r, v in por_situacao)
    return {
        "total_inscricoes": total,
        "listas": graficos.barras(
            por_lista, id_base="grafico-listas", titulo=_("Inscrições por lista"),
            descricao=_("%(n)d inscrições; cada barra conta as inscrições de uma lista (toda "
                        "inscrição concorre na ampla concorrência).") % {"n": total}),
        "situacoes": graficos.barras(
            por_situacao, id_base="grafico-situacoes", titulo=_("Inscrições por situação"),
            descricao=_("%(n)d inscrições, contadas por situação.") % {"n": total},
            cor="#6f42c1"),
        "matriz_cabecalho": [str(Inscricao.Situacao(s).label) for s in situacoes],
        "matriz": [(rotulo, [matriz[c][s] for s in situacoes], valor)
                   for c, (rotulo, valor) in zip(codigos, por_lista, strict=True)],
    }


#: The categories of a heteroidentification batch's chart: (name, fill, text colour).
CATEGORIAS_HETEROIDENTIFICACAO = (
    ("confirmada", "#198754", "#ffffff"),
    ("nao_confirmada", "#b02a37", "#ffffff"),
    ("ausente", "#ffc107", "#212529"),
    ("pendente", "#adb5bd", "#212529"),
)


def grafico_heteroidentificacao(certame: Certame) -> dict:
    """The heteroidentification's first-instance outcomes per published batch (kernel
    `nucleo.lotes`: each batch is a preliminary publication; its items are the closed
    evaluations it took), plus a row for the evaluations in no batch yet: confirmed, not
    confirmed, absent (or refused to be filmed: closed without a vote, sessoes.py) and
    pending (not closed). One aggregate query, grouped by batch and outcome."""
    lote = (ItemPublicado.objects.filter(procedimento=HETEROIDENTIFICACAO,
                                         objeto_id=OuterRef("pk"))
            .values("publicacao__lote")[:1])
    grupos = (Avaliacao.objects.filter(comissao__certame=certame,
                                       comissao__tipo=HETEROIDENTIFICACAO,
                                       instancia=Avaliacao.Instancia.PRIMEIRA)
              .order_by()
              .annotate(lote=Subquery(lote),
                        encerramento=KeyTextTransform("encerramento", "detalhes"))
              .values("lote", "resultado", "encerramento").annotate(total=Count("id")))
    contagens: dict[int | None, list[int]] = {}
    for g in grupos:
        if not g["resultado"]:
            indice = 3
        elif g["encerramento"] in ("ausencia", "recusa_gravacao"):
            indice = 2
        elif g["resultado"] == Avaliacao.Resultado.CONFIRMADA:
            indice = 0
        else:
            indice = 1
        contagens.setdefault(g["lote"], [0, 0, 0, 0])[indice] += g["total"]
    if not contagens:
        return {"heteroidentificacao": None}
    finais = set(PublicacaoResultado.objects.filter(
        certame=certame, procedimento=HETEROIDENTIFICACAO,
        fase=PublicacaoResultado.Fase.FINAL).values_list("lote", flat=True))
    linhas = []
    for numero in sorted(n for n in contagens if n is not None):
        fase = _("definitivo") if numero in finais else _("preliminar")
        linhas.append((_("Lote %(n)d (resultado %(f)s)") % {"n": numero, "f": fase},
                       contagens[numero]))
    if None in contagens:
        linhas.append((_("Ainda sem lote publicado"), contagens[None]))
    nomes = [_("Confirmadas"), _("Não confirmadas"), _("Ausentes ou recusaram a gravação"),
             _("Pendentes (não encerradas)")]
    categorias = [(nome, cor, texto) for nome, (_c, cor, texto)
                  in zip(nomes, CATEGORIAS_HETEROIDENTIFICACAO, strict=True)]
    total = sum(sum(v) for _r, v in linhas)
    svg = graficos.barras_empilhadas(
        linhas, categorias, id_base="grafico-heteroidentificacao",
        titulo=_("Heteroidentificação por lote"),
        descricao=_("%(n)d avaliações de primeira instância, por lote publicado: confirmadas, "
                    "não confirmadas, ausentes e pendentes.") % {"n": total})
    return {"heteroidentificacao": svg, "heteroidentificacao_cabecalho": nomes,
            "heteroidentificacao_linhas": [(r, v, sum(v)) for r, v in linhas]}


@exige_confirmacao
class ImportarView(RHMixin, FormView):
    template_name = "painel/certames/importar.html"
    form_class = ImportacaoForm

    def dispatch(self, request, *args, **kwargs):
        self.certame = get_object_or_404(Certame, pk=kwargs["pk"])
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["certame"] = self.certame
        ctx["importacoes"] = self.certame.importacoes.select_related("criado_por").defer(
            "erros", "resumo")[:20]
        # The template's columns and accepted values, as the importer reads them (the CSV
        # template's instructions are this table; the XLSX carries it as a sheet).
        ctx["colunas_modelo"] = modelo_importacao.colunas_do_modelo(self.certame)
        ctx["notas_modelo"] = modelo_importacao.notas_gerais()
        return ctx

    def form_valid(self, form):
        arquivo = form.cleaned_data["arquivo"]
        with transaction.atomic():
            imp = Importacao.objects.create(certame=self.certame, arquivo=arquivo,
                                            nome_arquivo=arquivo.name[:250],
                                            criado_por=self.request.user)
            enfileirar_importacao(imp)
        # Eager tasks (no broker) have already run by now: say what the database holds.
        imp.refresh_from_db()
        if not imp.terminada:
            messages.info(self.request, _("Arquivo recebido; a importação está em andamento."))
        return redirect("painel:importacao", pk=imp.pk)


class ModeloImportacaoView(RHMixin, View):
    """The template of the banca's spreadsheet for this certame, CSV or XLSX (with the sheet
    "Instruções"): every column the importer reads (`candidatos.importacao.modelo`)."""

    def get(self, request, pk, formato):
        certame = get_object_or_404(Certame, pk=pk)
        colunas = modelo_importacao.colunas_do_modelo(certame)
        return exportacao.resposta_modelo(
            formato, f"modelo-inscricoes-{slugify(certame.numero_edital.replace('/', '-'))}",
            modelo_importacao.cabecalho(colunas), modelo_importacao.instrucoes(colunas),
            titulo=_("Inscrições"))


class ImportacaoView(RHMixin, DetailView):
    """The import's progress; with htmx, only the progress fragment is re-rendered. An import
    whose process died (no heartbeat) is marked failed when its page is read, without
    waiting for the periodic check (candidatos.importacao.vigilancia)."""

    model = Importacao
    context_object_name = "importacao"

    def get_object(self, queryset=None):
        importacao = super().get_object(queryset)
        if importacao.status == Importacao.Status.PROCESSANDO and marcar_paradas(
                pk=importacao.pk):
            importacao.refresh_from_db()
        return importacao

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["texto_repetir"] = RepetirImportacaoForm.base_fields["confirmacao"].label
        return ctx

    def get_template_names(self):
        if self.request.htmx:
            return ["painel/certames/_importacao_progresso.html"]
        return ["painel/certames/importacao.html"]


class RepetirImportacaoForm(forms.Form):
    confirmacao = campo_confirmacao(_(
        "Ao confirmar, o mesmo arquivo é processado de novo como uma nova importação (inteira "
        "ou nada), registrada nos atos do certame se gravar; a importação que falhou fica no "
        "histórico como está."))


@exige_confirmacao
class RepetirImportacaoView(RHMixin, View):
    """RH's "Tentar de novo" on a failed import: the same stored file, as a new import."""

    http_method_names = ["post"]

    def post(self, request, pk):
        importacao = get_object_or_404(Importacao, pk=pk)
        try:
            with transaction.atomic():
                nova = repetir(importacao, autor=request.user)
                enfileirar_importacao(nova)
        except ValidationError as exc:
            for mensagem in exc.messages:
                messages.error(request, mensagem)
            return redirect("painel:importacao", pk=importacao.pk)
        nova.refresh_from_db()
        if not nova.terminada:
            messages.info(request, _("A importação foi colocada na fila de novo."))
        return redirect("painel:importacao", pk=nova.pk)


@exige_confirmacao(verificar=False)
class AtoCertameView(CertameRHView):
    """An act over the certame, posted from its page: on error the page again, with the form
    and its errors (status 400); on success, back to the page."""

    http_method_names = ["post"]
    prefixo = ""
    form_class: type[forms.Form]

    def executar(self, certame: Certame, dados: dict) -> str:
        raise NotImplementedError

    def formulario(self, certame: Certame, dados) -> forms.Form:
        return self.form_class(dados, prefix=self.prefixo)

    def post(self, request, *args, **kwargs):
        self.object = certame = self.get_object()
        form = self.formulario(certame, request.POST)
        if form.is_valid():
            try:
                mensagem = self.executar(certame, form.cleaned_data)
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, mensagem)
                return redirect("painel:certame", pk=certame.pk)
        contexto = self.get_context_data(**{f"form_{self.prefixo}": form})
        return self.render_to_response(contexto, status=400)


class HomologarView(AtoCertameView):
    prefixo = "homologacao"
    form_class = HomologacaoForm

    def executar(self, certame, dados):
        certame = homologacao.homologar(certame, data=dados["data"], ato=dados["ato"],
                                        autor=self.request.user)
        return _("Certame homologado em %(d)s; válido até %(v)s.") % {
            "d": data_br(certame.homologado_em), "v": data_br(certame.valido_ate)}


class ProrrogarView(AtoCertameView):
    prefixo = "prorrogacao"
    form_class = ProrrogacaoForm

    def executar(self, certame, dados):
        certame = homologacao.prorrogar(certame, data=dados["data"],
                                        motivacao=dados["motivacao"], autor=self.request.user)
        return _("Validade prorrogada; o certame é válido até %(v)s.") % {
            "v": data_br(certame.valido_ate)}


class CriteriosView(AtoCertameView):
    prefixo = "criterios"
    form_class = CriteriosForm

    def executar(self, certame, dados):
        homologacao.definir_criterios(certame, texto=dados["texto"], autor=self.request.user)
        return _("Critérios da heteroidentificação publicados na página do certame.")
