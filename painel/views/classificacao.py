"""RH pages of a cargo's classification: split explained, lists, placements, call order,
versions and their differences, publication, exports; and the inscrição's acts (moved from
`certames/views/classificacao_rh.py`)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db import transaction
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View
from django.views.generic import DetailView, TemplateView

from candidatos import chamadas, posse, procedimentos
from candidatos import estados as estados_lista
from candidatos import servicos as servicos_inscricao
from candidatos.models import Inscricao
from certames import carreira, distribuicao_edital, instantaneo, regras
from certames.models import Cargo, Certame, Publicacao, VersaoClassificacao
from certames.recalculo import estado_recalculo, solicitar_recalculo
from certames.servicos import registrar_vaga_surgida
from certames.validade import FUNDAMENTO_VALIDADE
from classificacao import (
    documentos,
    homologacao,
    impressos,
    leitura,
    listas_da_inscricao,
    preparo,
)
from classificacao.listas import (
    PublicacaoInvalida,
    comparar_versoes,
    motivo_cronograma,
    publicar,
    publicar_todos,
    situacao_publicacao,
    versao_publicada,
)
from classificacao.quadro_vagas import listas_da_versao
from comum import exportacao
from comum.avisos import estado as estado_avisos
from comum.confirmacao import exige_confirmacao, sem_confirmacao
from comum.formatos import data_hora_br
from painel import mensagens_cargo
from painel.acesso import RHMixin
from painel.forms.classificacao import (
    DesistenciaRHForm,
    EliminacaoRHForm,
    OpcoesRHForm,
    PublicarTodosForm,
    VagaSurgidaForm,
)
from painel.forms.validade import PublicarConfirmadoForm

POR_PAGINA = 100
NOMES_LISTAS = {"AC": gettext_lazy("Ampla concorrência"), "PP": gettext_lazy("Pretos e pardos"),
                "I": gettext_lazy("Indígenas"), "Q": gettext_lazy("Quilombolas"),
                "PPI": gettext_lazy("Pretos, pardos e indígenas"),
                "PCD": gettext_lazy("Pessoas com deficiência")}


class CargoClassificacaoView(RHMixin, DetailView):
    template_name = "painel/classificacao/cargo.html"
    context_object_name = "cargo"
    queryset = Cargo.objects.select_related("certame", "certame__orgao")

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        cargo = self.object
        versoes = list(cargo.versoes_classificacao.prefetch_related("publicacoes")
                       .order_by("-numero"))
        ctx["versoes"] = versoes
        ctx["vaga_form"] = VagaSurgidaForm()
        ctx["vagas_surgidas"] = cargo.vagas_surgidas.all()
        ctx["recalculo"] = estado_recalculo(cargo)
        ctx["fundamento_validade"] = FUNDAMENTO_VALIDADE
        ctx["validade"] = homologacao.resumo_validade(cargo.certame)
        # The call history, fixed for the career.
        # Its own page parameter: `page` pages the list of the classification below.
        ctx["pagina_ordem"] = Paginator(carreira.historico(cargo), carreira.POR_PAGINA_ORDEM
                                        ).get_page(self.request.GET.get("pagina_ordem"))
        ctx["historico"] = ctx["pagina_ordem"].object_list
        _anotar_chamadas(cargo, ctx["historico"])
        ctx["fundamento_ordem"] = carreira.fundamento_ordem(cargo)
        # The latest publication's background work (summaries, documents): its progress bar.
        publicado = versao_publicada(cargo)
        if publicado is not None:
            ctx["preparo"] = preparo.estado(publicado[1])
            ctx["publicacao_preparo"] = publicado[1]
        ctx["tipos_evento"] = chamadas.TIPOS_RH
        # The whole-edital base (spec section 4.1): no list before the public draw.
        try:
            edital = distribuicao_edital.distribuicao_do_certame(cargo.certame)
        except distribuicao_edital.SorteioPendente as exc:
            ctx["sorteio_pendente"] = str(exc)
        except regras.ErroEntrada:
            pass  # the recompute's failure banner names it
        else:
            ctx["sorteio_realizado"] = edital is not None and edital.sorteio is not None
        if not versoes:
            return ctx
        numero = self.request.GET.get("versao", "")
        versao = next((v for v in versoes if str(v.numero) == numero), versoes[0])
        ctx["versao"] = versao
        ctx["ultima"] = versao == versoes[0]
        listas = listas_da_versao(versao)
        lista = self.request.GET.get("lista", "AC")
        lista = lista if lista in listas else "AC"
        ctx["abas"] = [(cod, NOMES_LISTAS.get(cod, cod), versao.distribuicao.get(cod))
                       for cod in listas]
        ctx["lista"] = lista
        vagas = leitura.anexar_inscricoes(instantaneo.vagas_preenchidas(versao))
        ocupacoes = {v.inscricao_id: v for v in vagas}
        ctx["vagas_preenchidas"] = vagas
        ctx["convocacao"] = leitura.anexar_inscricoes(instantaneo.convocacao(versao))

        def ocupar(posicoes):
            for p in posicoes:
                p.ocupacao = ocupacoes.get(p.inscricao_id)

        posicoes = leitura.ListaPaginavel(versao, lista, ao_ler=ocupar)
        pagina = Paginator(posicoes, POR_PAGINA).get_page(self.request.GET.get("page"))
        ctx["page_obj"] = pagina
        # Who is out of a list and why, in the words every page uses (one answer).
        ctx["saidas"] = listas_da_inscricao.saidas(versao, versao.exclusoes or [])
        publicacoes = {p.tipo for p in versao.publicacoes.all()}
        ctx["publicada_preliminar"] = "preliminar" in publicacoes
        ctx["publicada_final"] = "final" in publicacoes
        # When each publication opens in the schedule (the guard `publicar` applies).
        ctx["cronograma_preliminar"] = motivo_cronograma(cargo, Publicacao.Tipo.PRELIMINAR)
        ctx["cronograma_final"] = motivo_cronograma(cargo, Publicacao.Tipo.FINAL)
        if ctx["ultima"] and not ctx["publicada_final"]:
            # Who keeps the homologated list from being published (spec section 9).
            ctx["bloqueios"] = homologacao.bloqueios_homologacao(versao)
            if ctx["bloqueios"]:
                ctx["fundamento_guarda"] = homologacao.fundamento_guarda(versao,
                                                                         ctx["bloqueios"])
        return ctx


class RecalcularView(RHMixin, View):
    def post(self, request, pk):
        cargo = get_object_or_404(Cargo, pk=pk)
        antes = mensagens_cargo.ultima_versao(cargo)
        with transaction.atomic():
            solicitar_recalculo([cargo], _("recálculo solicitado por %(u)s") % {
                "u": request.user.get_username()})
        # Without a broker the job has already run: say what happened, as the database holds
        # it (a new version, or the one in force), not "solicitado".
        texto = mensagens_cargo.recalculo(cargo, antes)
        if estado_recalculo(cargo).codigo == "atualizada":
            messages.success(request, texto)
        elif texto:
            messages.info(request, texto)
        # "falhou" and "não enfileirada": the page's banner says why.
        return redirect("painel:cargo", pk=cargo.pk)


class ConfirmarPublicacaoView(RHMixin, TemplateView):
    """The publication's confirmation step: what will become public and, for the homologated
    final result, who still blocks it; the form posts to `PublicarView` with a required
    checkbox (no script: the CSP forbids inline ones)."""

    template_name = "painel/classificacao/confirmar_publicacao.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        if kwargs["tipo"] not in Publicacao.Tipo.values:
            raise Http404
        cargo = get_object_or_404(Cargo.objects.select_related("certame", "certame__orgao"),
                                  pk=kwargs["pk"])
        tipo = Publicacao.Tipo(kwargs["tipo"])
        versao = cargo.versoes_classificacao.order_by("-numero").first()
        ctx.update(cargo=cargo, tipo=tipo, versao=versao, final=tipo == Publicacao.Tipo.FINAL,
                   recalculo=estado_recalculo(cargo), cronograma=motivo_cronograma(cargo, tipo))
        if versao is None:
            return ctx
        contagens = instantaneo.contagens(versao)
        sub_judice = instantaneo.contagens_sub_judice(versao)
        ctx["listas"] = [(lista, NOMES_LISTAS.get(lista, lista), versao.distribuicao.get(lista),
                          contagens.get(lista, 0), sub_judice.get(lista, 0))
                         for lista in listas_da_versao(versao)]
        ctx["chamadas"] = len(instantaneo.convocacao(versao))
        ctx["calculada_em"] = data_hora_br(versao.criada_em)
        ctx["ja_publicada"] = versao.publicacoes.filter(tipo=tipo).exists()
        ctx["anterior"] = versao_publicada(cargo)
        if ctx["final"]:
            ctx["bloqueios"] = homologacao.bloqueios_homologacao(versao)
            if ctx["bloqueios"]:
                ctx["fundamento_guarda"] = homologacao.fundamento_guarda(versao,
                                                                         ctx["bloqueios"])
        ctx.setdefault("form", PublicarConfirmadoForm(initial={"versao": versao.numero,
                                                               "tipo": tipo.value}))
        return ctx


@exige_confirmacao
class PublicarView(RHMixin, View):
    def post(self, request, pk):
        cargo = get_object_or_404(Cargo, pk=pk)
        form = PublicarConfirmadoForm(request.POST)
        if not form.is_valid():
            tipo = request.POST.get("tipo", "")
            if "confirmacao" in form.errors and tipo in Publicacao.Tipo.values:
                # Back to the confirmation step, which says what would become public.
                messages.error(request, " ".join(form.errors["confirmacao"]))
                return redirect("painel:confirmar_publicacao", pk=cargo.pk, tipo=tipo)
            messages.error(request, _("Pedido de publicação inválido."))
            return redirect("painel:cargo", pk=cargo.pk)
        versao = get_object_or_404(VersaoClassificacao, cargo=cargo,
                                   numero=form.cleaned_data["versao"])
        try:
            publicacao = publicar(versao, form.cleaned_data["tipo"], request.user)
        except PublicacaoInvalida as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, mensagens_cargo.publicacao(publicacao))
        return redirect("painel:cargo", pk=cargo.pk)


@exige_confirmacao
class PublicarTodosView(RHMixin, TemplateView):
    """The lists of every cargo of the certame published in one act (`publicar_todos`): the
    page says, cargo by cargo, what becomes public or why it cannot be now (the one answer,
    `motivo_nao_publicar`); its POST publishes all or nothing."""

    template_name = "painel/classificacao/publicar_todos.html"

    def dispatch(self, request, *args, **kwargs):
        if kwargs["tipo"] not in Publicacao.Tipo.values:
            raise Http404
        self.tipo = Publicacao.Tipo(kwargs["tipo"])
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        certame = get_object_or_404(Certame.objects.select_related("orgao"), pk=kwargs["pk"])
        linhas = situacao_publicacao(certame, self.tipo)
        ctx.update(certame=certame, tipo=self.tipo, final=self.tipo == Publicacao.Tipo.FINAL,
                   linhas=linhas, recusas=[linha for linha in linhas if linha.motivo],
                   a_publicar=[linha for linha in linhas if linha.a_publicar],
                   form=PublicarTodosForm())
        return ctx

    def post(self, request, pk, tipo):
        certame = get_object_or_404(Certame, pk=pk)
        try:
            publicacoes = publicar_todos(certame, self.tipo, request.user)
        except PublicacaoInvalida as exc:
            # The page, asked again, names each cargo that cannot be published and why.
            messages.error(request, _("Nada foi publicado. %(m)s") % {"m": exc})
            return redirect("painel:publicar_todos", pk=certame.pk, tipo=self.tipo.value)
        messages.success(request, _(
            "%(t)s publicado em %(n)d cargo(s): %(c)s. Cada candidato recebe um e-mail.") % {
            "t": self.tipo.label, "n": len(publicacoes),
            "c": ", ".join(p.versao.cargo.codigo for p in publicacoes)})
        return redirect("painel:certame", pk=certame.pk)


@exige_confirmacao
class VagaSurgidaView(RHMixin, View):
    def post(self, request, pk):
        cargo = get_object_or_404(Cargo.objects.select_related("certame"), pk=pk)
        form = VagaSurgidaForm(request.POST)
        if form.is_valid():
            antes = mensagens_cargo.ultima_versao(cargo)
            try:
                vaga = registrar_vaga_surgida(cargo, autor=request.user,
                                              **sem_confirmacao(form.cleaned_data))
            except ValidationError as exc:
                messages.error(request, " ".join(exc.messages))
            else:
                messages.success(request, mensagens_cargo.vaga_surgida(cargo, vaga, antes))
        else:
            for erros in form.errors.values():
                messages.error(request, " ".join(erros))
        return redirect("painel:cargo", pk=cargo.pk)


class CompararVersoesView(RHMixin, TemplateView):
    template_name = "painel/classificacao/comparar.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        cargo = get_object_or_404(Cargo.objects.select_related("certame"), pk=kwargs["pk"])
        antiga = get_object_or_404(VersaoClassificacao, cargo=cargo, numero=kwargs["a"])
        nova = get_object_or_404(VersaoClassificacao, cargo=cargo, numero=kwargs["b"])
        diff = comparar_versoes(antiga, nova)
        ids = {m.inscricao_id for m in diff["mudancas"]} | {
            v["inscricao_id"] for v in diff["vagas"]}
        inscricoes = Inscricao.objects.select_related("candidato").in_bulk(ids)
        for m in diff["mudancas"]:
            m.inscricao = inscricoes[m.inscricao_id]
        for v in diff["vagas"]:
            v["inscricao"] = inscricoes[v["inscricao_id"]]
        ctx.update(cargo=cargo, antiga=antiga, nova=nova, **diff)
        return ctx


class ExportarView(RHMixin, View):
    """Every list of a version as CSV (Excel-friendly) or XLSX, written by
    `comum.exportacao` (text that a spreadsheet would execute is neutralised, numbers stay
    numbers). CPFs are masked."""

    COLUNAS = ["lista", "posicao", "inscricao", "nome", "cpf", "nota", "sub_judice", "vaga",
               "lista_de_origem"]

    def get(self, request, pk, formato):
        if formato not in exportacao.FORMATOS:
            raise Http404
        versao = get_object_or_404(VersaoClassificacao.objects.select_related("cargo"), pk=pk)
        ocupacoes = {v.inscricao_id: v for v in instantaneo.vagas_preenchidas(versao)}
        linhas = (
            (p.lista, p.posicao, p.inscricao.numero, p.inscricao.candidato.nome_exibicao,
             p.inscricao.candidato.cpf_mascarado, p.inscricao.nota, p.sub_judice,
             getattr(ocupacoes.get(p.inscricao_id), "vaga", ""),
             getattr(ocupacoes.get(p.inscricao_id), "lista", ""))
            for p in leitura.anexar_inscricoes(instantaneo.posicoes(versao))
        )
        return exportacao.resposta_exportacao(
            formato, f"classificacao-{versao.cargo.codigo}-v{versao.numero}", self.COLUNAS,
            linhas, titulo=_("Classificação"))


class PreparoPublicacaoView(RHMixin, TemplateView):
    """The progress of a publication's background work (`classificacao.preparo.estado`):
    the fragment RH's cargo page polls with htmx until it is done."""

    template_name = "painel/classificacao/_preparo_publicacao.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        publicacao = get_object_or_404(Publicacao.objects.select_related("versao"),
                                       pk=kwargs["pk"])
        ctx.update(publicacao_preparo=publicacao, preparo=preparo.estado(publicacao))
        return ctx


def contexto_preparo_certame(certame: Certame) -> dict:
    """The certame page's card of publications being prepared (`preparo.do_certame`): shown
    while any is under way or failed, polled while any is under way."""
    preparos = preparo.do_certame(certame.pk)
    em_andamento = any(not e.terminado for _p, e in preparos)
    visiveis = preparos if em_andamento or any(e.codigo == "falhou" for _p, e in preparos) else []
    return {"preparos": visiveis, "em_andamento": em_andamento}


class PreparoCertameView(RHMixin, TemplateView):
    """The certame page's card of its cargos' publications being prepared, polled with htmx
    after "Publicar todos"."""

    template_name = "painel/classificacao/_preparo_certame.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        certame = get_object_or_404(Certame, pk=kwargs["pk"])
        ctx.update(certame=certame, **contexto_preparo_certame(certame))
        return ctx


class PublicacaoPdfView(RHMixin, View):
    """A publication laid out for the Diário Oficial, RH's version: the public one plus the
    masked CPF (classificacao.documentos; rendered by a Celery task, stored per content)."""

    def get(self, request, pk):
        publicacao = get_object_or_404(
            Publicacao.objects.select_related("versao__cargo__certame__orgao"), pk=pk)
        return impressos.resposta_pdf(
            request, documentos.Tipo.LISTA_PUBLICADA_RH, publicacao,
            voltar=reverse("painel:cargo", args=[publicacao.versao.cargo_id]))


@exige_confirmacao
class InscricaoRHView(RHMixin, DetailView):
    """An inscrição as RH sees it, with the acts RH may record."""

    template_name = "painel/classificacao/inscricao.html"
    context_object_name = "inscricao"
    queryset = Inscricao.objects.select_related("candidato", "cargo__certame")

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        insc = self.object
        # Each option's state, set only by its procedure's final decision or by the
        # self-declaration where the edital dispenses the procedure (candidatos.estados):
        # RH records no list decision here (spec section 5, "Who sets a state").
        ctx["listas"] = estados_lista.estados_da_inscricao(insc)
        versao = insc.cargo.versoes_classificacao.order_by("-numero").first()
        ctx["versao"] = versao
        if versao:
            # The lists the candidate is in and why not in the others (one answer).
            listas = listas_da_inscricao.listas_da_inscricao(versao, insc)
            ctx["posicoes"] = listas.posicoes
            ctx["saidas"] = listas.saidas
            ctx["ocupacao"] = instantaneo.vaga_da_inscricao(versao, insc.pk)
        ctx.setdefault("form_desistencia", DesistenciaRHForm(prefix="desistencia"))
        ctx.setdefault("form_eliminacao", EliminacaoRHForm(prefix="eliminacao"))
        ctx.setdefault("form_opcoes", OpcoesRHForm(prefix="opcoes", inscricao=insc))
        # After the inscrições window the options are fixed: only the retificação.
        ctx["opcoes_fixadas"] = servicos_inscricao.motivo_opcoes_fixadas(insc.cargo.certame)
        ctx["atos"] = insc.cargo.certame.atos.filter(
            objeto_tipo__model="inscricao", objeto_id=str(insc.pk)).select_related("autor")
        # Administrative procedures (fraud in the self-declaration, false information in the
        # exemption): listed here, opened and decided on their own pages.
        ctx["procedimentos"] = [
            (proc, [procedimentos.Destino(d).label
                    for d in procedimentos.encaminhamentos_pendentes(proc)])
            for proc in insc.procedimentos.select_related("inscricao__certame")]
        ctx["pode_abrir_fraude"] = bool(
            procedimentos.FraudeAutodeclaracao.listas_possiveis(insc))
        return ctx

    def post(self, request, pk):
        self.object = insc = self.get_object()
        acao = request.POST.get("acao")
        formularios = {
            "desistencia": DesistenciaRHForm(request.POST, prefix="desistencia"),
            "eliminacao": EliminacaoRHForm(request.POST, prefix="eliminacao"),
            "opcoes": OpcoesRHForm(request.POST, prefix="opcoes", inscricao=insc),
        }
        form = formularios.get(acao)
        if form is None:
            messages.error(request, _("Ação desconhecida."))
            return redirect("painel:inscricao", pk=insc.pk)
        if form.is_valid():
            dados = form.cleaned_data
            try:
                if acao == "desistencia":
                    # On the call when the inscrição holds one (candidatos/chamadas.py).
                    chamadas.desistir(insc, autor=request.user, motivacao=dados["motivacao"])
                elif acao == "eliminacao":
                    servicos_inscricao.eliminar(insc, autor=request.user,
                                                motivacao=dados["motivacao"],
                                                fundamento=dados["fundamento"])
                else:
                    servicos_inscricao.alterar_opcoes(insc, dados["listas"], autor=request.user,
                                                      motivacao=dados["motivacao"])
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                messages.success(request, _("Ato registrado; a classificação do cargo será "
                                            "recalculada."))
                return redirect("painel:inscricao", pk=insc.pk)
        contexto = self.get_context_data(**{f"form_{acao}": form})
        return self.render_to_response(contexto, status=400)


def _anotar_chamadas(cargo, historico) -> None:
    """Each call of the order of nomeação with whether its notice went out
    (comum.avisos.estado) and the posse's or the exercício's deadline that runs
    (candidatos/posse.py)."""
    atos = chamadas.atos_das_chamadas(s.chamada.pk for s in historico)
    resumos = estado_avisos.por_ato(atos.values())
    prazos = posse.prazos_pendentes(cargo.certame, [s.atos for s in historico],
                                    timezone.localdate())
    for s, prazo in zip(historico, prazos, strict=True):
        s.ato_id = atos.get(s.chamada.pk)
        s.resumo_aviso = resumos.get(s.ato_id) or estado_avisos.Resumo()
        s.prazo_posse = prazo
