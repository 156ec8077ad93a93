"""The committee members' workspace: narrow, one column, large touch targets (tablets).

minhas sessões → the session's queue (inscription number and name only) → the vote form →
próximo candidato. Everything a member sees goes through `votacao.avaliacoes_visiveis`; every
change goes through a domain function. Another committee's session or an evaluation the member
may not see answers 404 (its existence is not revealed); accounts outside the Comissão group
get 403.

The evaluation page adapts to the committee's kind: the documentary committee sees each
document (viewer link) and records per document accepted / not accepted with a reason; the
multiprofessional team sees the medical report and its president records the four
biopsychosocial dimensions and the compatibility with the cargo.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from candidatos.models import Lista
from certames.forms import erros_no_form
from certames.situacao import motivo_certame_parado
from comissoes.ata import gerar_ata
from comissoes.dominio import agenda, documental, pcd, presenca
from comissoes.dominio import sessoes as dominio_sessoes
from comissoes.dominio.composicao import VERSAO_TERMO, assinar_termo, registrar_impedimento
from comissoes.dominio.procedimentos import (
    DOCUMENTAL,
    PCD,
    fundamento_procedimento,
    procedimento,
    rotulo_resultado,
)
from comissoes.dominio.recursos import autos_do_recurso
from comissoes.dominio.votacao import avaliacoes_visiveis, preside, quorum, votos_correntes
from comissoes.forms import (
    AnaliseDocumentoForm,
    BiopsicossocialForm,
    GravacaoForm,
    ImpedimentoForm,
    TermoForm,
    VotoForm,
)
from comissoes.models import (
    Avaliacao,
    Convocacao,
    DocumentoEnviado,
    MembroComissao,
    Sessao,
    Voto,
)
from comissoes.rules import membro_de
from comum.arquivos import arquivo_existe, servir_arquivo
from comum.avisos import ics
from comum.confirmacao import confirmado, exige_confirmacao, recusar


class AreaComissaoMixin(LoginRequiredMixin):
    """Accounts of the Comissão group only (403 for the others)."""

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated and not request.user.has_perm(
                "comissoes.usar_area_comissao"):
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)

    def membro_ou_404(self, comissao_id: int) -> MembroComissao:
        membro = membro_de(self.request.user, comissao_id)
        if membro is None:
            raise Http404
        return membro


class PainelView(AreaComissaoMixin, TemplateView):
    """Minhas sessões: the sessions of every committee the user sits on."""

    template_name = "comissoes/painel.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        participacoes = []
        membros = (MembroComissao.objects.filter(usuario=self.request.user, ativo=True)
                   .select_related("comissao__certame__orgao")
                   .order_by("-comissao__certame__data_publicacao_edital", "comissao__nome"))
        for membro in membros:
            visiveis = avaliacoes_visiveis(membro)
            sessoes = (Sessao.objects.filter(comissao_id=membro.comissao_id)
                       .order_by("encerrada_em", "inicio"))
            if membro.termo_confidencialidade_em:
                sessoes = sessoes.annotate(
                    total=Count("convocacoes__avaliacoes", distinct=True, filter=Q(
                        convocacoes__avaliacoes__in=visiveis)),
                    abertas=Count("convocacoes__avaliacoes", distinct=True, filter=Q(
                        convocacoes__avaliacoes__in=visiveis,
                        convocacoes__avaliacoes__encerrada_em__isnull=True)))
            recursos = (visiveis.filter(convocacao__isnull=True)
                        .select_related("inscricao__candidato").order_by("inscricao__numero"))
            participacoes.append({"membro": membro, "sessoes": list(sessoes),
                                  "recursos": list(recursos)})
        ctx["participacoes"] = participacoes
        return ctx


@exige_confirmacao(campo="aceito")
class TermoView(AreaComissaoMixin, TemplateView):
    """The confidentiality term: signed (dated act) before seeing any candidate."""

    template_name = "comissoes/termo.html"

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated:
            self.membro = get_object_or_404(
                MembroComissao.objects.select_related("comissao__certame"), pk=kwargs["pk"],
                usuario=request.user, ativo=True)
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx.update(membro=self.membro, comissao=self.membro.comissao, versao=VERSAO_TERMO,
                   form=kwargs.get("form") or TermoForm(), proximo=self._proximo())
        return ctx

    def _proximo(self) -> str:
        destino = self.request.GET.get("proximo") or self.request.POST.get("proximo") or ""
        return destino if destino.startswith("/comissao/") else reverse("comissao:painel")

    def post(self, request, *args, **kwargs):
        form = TermoForm(request.POST)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(form=form))
        try:
            assinar_termo(self.membro, usuario=request.user)
        except ValidationError as exc:
            messages.info(request, " ".join(exc.messages))
        else:
            messages.success(request, _("Termo de confidencialidade assinado."))
        return redirect(self._proximo())


class _ComTermoMixin(AreaComissaoMixin):
    """Before the term is signed, the member is sent to sign it."""

    def exigir_termo(self, membro: MembroComissao):
        if membro.termo_confidencialidade_em is None:
            url = reverse("comissao:termo", args=[membro.pk])
            return redirect(f"{url}?proximo={self.request.path}")
        return None


def _fila(membro: MembroComissao, sessao: Sessao):
    return (avaliacoes_visiveis(membro).filter(convocacao__sessao=sessao)
            .select_related("convocacao", "inscricao__candidato")
            .order_by("convocacao__horario", "pk"))


class SessaoView(_ComTermoMixin, TemplateView):
    """The session's candidate queue."""

    template_name = "comissoes/sessao.html"

    def get(self, request, *args, **kwargs):
        self.sessao = get_object_or_404(Sessao.objects.select_related("comissao__certame"),
                                        pk=kwargs["pk"])
        self.membro = self.membro_ou_404(self.sessao.comissao_id)
        return self.exigir_termo(self.membro) or super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        fila = list(_fila(self.membro, self.sessao))
        meus = set(Voto.objects.filter(avaliacao__in=fila, membro=self.membro,
                                       substituido_por__isnull=True)
                   .values_list("avaliacao_id", flat=True))
        itens = [{"avaliacao": av, "convocacao": av.convocacao,
                  "nome": av.inscricao.candidato.nome_exibicao,
                  "lista_nome": Lista(av.lista).label, "votei": av.pk in meus,
                  "preside": preside(self.membro, av)} for av in fila]
        ctx.update(self.contexto_presenca())
        preside_sessao = dominio_sessoes.quem_preside_a_sessao(self.sessao)
        ctx.update(sessao=self.sessao, membro=self.membro, itens=itens,
                   presencial=procedimento(self.sessao.comissao.tipo).exige_presenca,
                   pode_baixar_ata=self.request.user.has_perm("comissoes.baixar_ata",
                                                              self.sessao),
                   abertas=sum(1 for av in fila if not av.encerrada),
                   Comparecimento=Convocacao.Comparecimento,
                   pode_encerrar=(preside_sessao is not None
                                  and preside_sessao.pk == self.membro.pk
                                  and ctx["presenca_registrada"]
                                  and self.sessao.encerrada_em is None
                                  and not any(not av.encerrada for av in fila)))
        return ctx

    def contexto_presenca(self) -> dict:
        """The session's presence record and, for whoever may record it, the form (each
        active member, ticked as recorded)."""
        correntes = presenca.presencas_correntes(self.sessao)
        registrada = bool(correntes)
        por_membro = {p.membro_id: p for p in correntes}
        membros = dominio_sessoes.membros_da_sessao(self.sessao)
        # Before the first record the members who signed the term (in the workspace) are
        # ticked; whoever presides unticks who did not come.
        linhas = [{"membro": m, "presente": (por_membro[m.pk].presente if m.pk in por_membro
                                             else m.termo_confidencialidade_em is not None),
                   "justificativa": (por_membro[m.pk].justificativa if m.pk in por_membro
                                     else "")} for m in membros]
        presentes = [p for p in correntes if p.presente]
        return {
            "presenca_registrada": registrada,
            "presentes": presentes, "ausentes": [p for p in correntes if not p.presente],
            "presenca_linhas": linhas,
            "sem_quorum": registrada and len(presentes) < quorum(self.sessao.comissao),
            "pode_registrar_presenca": dominio_sessoes.pode_registrar_presenca(
                self.membro, self.sessao),
            "registro_presenca": (min(correntes, key=lambda p: (p.registrada_em, p.pk))
                                  if correntes else None),
        }


@exige_confirmacao(verificar=False)
class PresencaSessaoView(AreaComissaoMixin, View):
    """POST: whoever presides records (or corrects) which members are present; an act,
    confirmed by a checkbox."""

    http_method_names = ["post"]

    def post(self, request, pk):
        sessao = get_object_or_404(Sessao.objects.select_related("comissao"), pk=pk)
        membro = self.membro_ou_404(sessao.comissao_id)
        voltar = reverse("comissao:sessao", args=[sessao.pk])
        if not confirmado(request):
            return recusar(request, voltar)
        justificativas = {}
        for chave, valor in request.POST.items():
            if chave.startswith("justificativa-") and chave[14:].isdigit():
                justificativas[int(chave[14:])] = valor
        try:
            dominio_sessoes.registrar_presenca(
                sessao, quem_registra=membro, presentes=request.POST.getlist("presente"),
                justificativas=justificativas,
                motivo_correcao=request.POST.get("motivo_correcao", ""))
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        except PermissionDenied as exc:
            messages.error(request, str(exc) or _("Ação não permitida."))
        else:
            messages.success(request, _("Presença dos membros registrada."))
        return redirect(voltar)


def _texto_do_voto(tipo: str, voto: Voto | None) -> str:
    """A vote in the procedure's words (e.g. "Enquadra como pessoa com deficiência")."""
    if voto is None:
        return ""
    proc = procedimento(tipo)
    return str(proc.confirma if voto.sentido == Voto.Sentido.CONFIRMA else proc.nao_confirma)


class _AvaliacaoMixin(_ComTermoMixin):
    def carregar(self, pk: int):
        self.avaliacao = get_object_or_404(
            Avaliacao.objects.select_related("comissao__certame", "inscricao__candidato",
                                             "convocacao__sessao"), pk=pk)
        self.membro = self.membro_ou_404(self.avaliacao.comissao_id)
        resposta = self.exigir_termo(self.membro)
        if resposta is None and not avaliacoes_visiveis(self.membro).filter(
                pk=self.avaliacao.pk).exists():
            raise Http404
        return resposta

    def voltar(self):
        return redirect("comissao:avaliacao", pk=self.avaliacao.pk)


@exige_confirmacao
class AvaliacaoView(_AvaliacaoMixin, TemplateView):
    """One candidate: the vote form, the member's own vote; the others' votes only once
    the evaluation is closed."""

    template_name = "comissoes/avaliacao.html"

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated or not request.user.has_perm(
                "comissoes.usar_area_comissao"):
            return super().dispatch(request, *args, **kwargs)
        resposta = self.carregar(kwargs["pk"])
        return resposta or super().dispatch(request, *args, **kwargs)

    def proxima(self) -> Avaliacao | None:
        av = self.avaliacao
        if av.convocacao_id:
            fila = list(_fila(self.membro, av.convocacao.sessao))
        else:
            fila = list(avaliacoes_visiveis(self.membro).filter(convocacao__isnull=True)
                        .order_by("inscricao__numero", "pk"))
        ids = [a.pk for a in fila]
        posicao = ids.index(av.pk) if av.pk in ids else -1
        for candidata in fila[posicao + 1:] + fila[:max(posicao, 0)]:
            if not candidata.encerrada:
                return candidata
        return None

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        av = self.avaliacao
        tipo = av.comissao.tipo
        meu_voto = av.votos.filter(membro=self.membro, substituido_por__isnull=True).first()
        correntes = votos_correntes(av)
        if tipo == DOCUMENTAL:
            ctx.update(self.contexto_documental(kwargs.get("analise_form")))
        elif tipo == PCD:
            ctx.update(self.contexto_pcd(kwargs.get("bio_form")))
        ctx.update(
            procedimento=procedimento(tipo), presencial=procedimento(tipo).exige_presenca,
            resultado_texto=rotulo_resultado(tipo, av.resultado),
            meu_voto_texto=_texto_do_voto(tipo, meu_voto),
            votos_textos=[(v, _texto_do_voto(tipo, v)) for v in correntes] if av.encerrada
            else [],
            avaliacao=av, membro=self.membro, convocacao=av.convocacao,
            preside=preside(self.membro, av),
            nome=av.inscricao.candidato.nome_exibicao, lista_nome=Lista(av.lista).label,
            meu_voto=meu_voto, form=kwargs.get("form") or VotoForm(tipo=tipo),
            votos=correntes if av.encerrada else [],
            num_votos=len(correntes), quorum=quorum(av.comissao),
            # A stopped certame first: nothing is recorded until its retomada.
            sem_voto=(motivo_certame_parado(av.comissao.certame)
                      or dominio_sessoes.motivo_sem_voto(av)
                      or presenca.motivo_sem_presenca(self.membro, av))
            if not av.encerrada else None,
            autos=(autos_do_recurso(av) if av.instancia == Avaliacao.Instancia.RECURSO
                   else None),
            recurso=av.instancia == Avaliacao.Instancia.RECURSO,
            gravacao_form=kwargs.get("gravacao_form") or GravacaoForm(
                initial={"gravacao": av.gravacao}),
            impedimento_form=ImpedimentoForm(), proxima=self.proxima(),
            Comparecimento=Convocacao.Comparecimento)
        return ctx

    def contexto_documental(self, analise_form=None) -> dict:
        """The documents of the list, each with this evaluation's current analysis and the
        viewer link; what the accepted ones still miss of the rule."""
        av = self.avaliacao
        regra = documental.regra_da_inscricao(av.inscricao, av.lista)
        docs = documental.documentos_atuais(av.inscricao, av.lista, regra)
        analises = documental.analises_correntes(av)
        erro_doc, form_erro = analise_form or (None, None)
        itens = [{"documento": d, "tipo_nome": documental.nome_do_tipo(d.tipo),
                  "analise": analises.get(d.pk),
                  "form": (form_erro if erro_doc == d.pk else
                           AnaliseDocumentoForm(prefix=f"doc-{d.pk}"))} for d in docs]
        aceitos = [d.tipo for d in docs if d.pk in analises and analises[d.pk].aceito]
        return {
            "regra": regra, "documentos": itens,
            "faltantes_aceitos": documental.faltantes(regra, aceitos) if regra else [],
            "submetido": documental.submissao(av.inscricao, av.lista),
            "espera_documentos": (None if av.encerrada else
                                  documental.motivo_sem_analise(av)),
        }

    def contexto_pcd(self, bio_form=None) -> dict:
        """The medical report(s) sent and the biopsychosocial record; an appeal starts from
        the first instance's record."""
        av = self.avaliacao
        regra = documental.regra_da_inscricao(av.inscricao, av.lista)
        laudos = [{"documento": d, "tipo_nome": documental.nome_do_tipo(d.tipo)}
                  for d in documental.documentos_atuais(av.inscricao, av.lista, regra)]
        bio = pcd.registro(av)
        inicial = bio
        if inicial is None and av.instancia == Avaliacao.Instancia.RECURSO:
            primeira = Avaliacao.objects.filter(
                inscricao_id=av.inscricao_id, lista=av.lista,
                instancia=Avaliacao.Instancia.PRIMEIRA, comissao__tipo=PCD).first()
            inicial = pcd.registro(primeira) if primeira else None
        if bio_form is None:
            dados = {}
            if inicial:
                dados = {**inicial["dimensoes"], "compatibilidade": inicial["compatibilidade"],
                         "compativel": "sim" if inicial["compativel"] else "nao"}
            bio_form = BiopsicossocialForm(initial=dados)
        dimensoes = []
        if bio:
            dimensoes = [(rotulo, bio["dimensoes"].get(chave, ""))
                         for chave, rotulo in pcd.DIMENSOES]
        return {"laudos": laudos, "bio": bio, "bio_dimensoes": dimensoes, "bio_form": bio_form,
                "cargo": av.inscricao.cargo,
                # The biopsychosocial evaluation's basis under the certame's regime.
                "fundamento_avaliacao": fundamento_procedimento(
                    av.inscricao.certame.regime_legal, PCD)}

    def post(self, request, *args, **kwargs):
        form = VotoForm(request.POST, tipo=self.avaliacao.comissao.tipo)
        if form.is_valid():
            try:
                dominio_sessoes.votar(
                    self.avaliacao, self.membro, form.cleaned_data["sentido"],
                    form.cleaned_data["motivacao"],
                    motivo_substituicao=form.cleaned_data["motivo_substituicao"])
            except ValidationError as exc:
                erros_no_form(form, exc)
            except PermissionDenied as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, _("Voto registrado."))
                return self.voltar()
        return self.render_to_response(self.get_context_data(form=form), status=400)


@exige_confirmacao
class _AcaoAvaliacaoView(_AvaliacaoMixin, View):
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        resposta = self.carregar(kwargs["pk"])
        if resposta is not None:
            return resposta
        try:
            destino = self.agir()
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        except PermissionDenied as exc:
            messages.error(request, str(exc) or _("Ação não permitida."))
        else:
            if destino is not None:
                return destino
        return self.voltar()

    def agir(self):  # pragma: no cover - overridden
        raise NotImplementedError


@exige_confirmacao
class AnaliseDocumentoView(AvaliacaoView):
    """POST: a member records whether one document is accepted (documentary committee)."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        doc = get_object_or_404(DocumentoEnviado, pk=kwargs["doc"],
                                inscricao_id=self.avaliacao.inscricao_id,
                                lista=self.avaliacao.lista)
        form = AnaliseDocumentoForm(request.POST, prefix=f"doc-{doc.pk}")
        if form.is_valid():
            try:
                documental.analisar_documento(self.avaliacao, doc, self.membro,
                                              aceito=form.cleaned_data["aceito"],
                                              motivo=form.cleaned_data["motivo"])
            except ValidationError as exc:
                erros_no_form(form, exc)
            except PermissionDenied as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, _("Análise do documento registrada."))
                return self.voltar()
        return self.render_to_response(self.get_context_data(analise_form=(doc.pk, form)),
                                       status=400)


@exige_confirmacao
class BiopsicossocialView(AvaliacaoView):
    """POST: the president records the team's biopsychosocial evaluation (PcD)."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        form = BiopsicossocialForm(request.POST)
        if form.is_valid():
            try:
                pcd.registrar_avaliacao_biopsicossocial(
                    self.avaliacao, self.membro, dimensoes=form.dimensoes(),
                    compativel=form.cleaned_data["compativel"],
                    compatibilidade=form.cleaned_data["compatibilidade"],
                    motivo_substituicao=form.cleaned_data["motivo_substituicao"])
            except ValidationError as exc:
                erros_no_form(form, exc)
            except PermissionDenied as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, _("Avaliação biopsicossocial registrada."))
                return self.voltar()
        return self.render_to_response(self.get_context_data(bio_form=form), status=400)


class ImpedimentoView(_AcaoAvaliacaoView):
    """The member declares a conflict with this candidate; the candidate leaves their queue."""

    def agir(self):
        form = ImpedimentoForm(self.request.POST)
        if not form.is_valid():
            raise ValidationError(_("Informe o motivo do impedimento (ao menos 10 caracteres)."))
        registrar_impedimento(self.membro, self.avaliacao.inscricao,
                              motivo=form.cleaned_data["motivo"], autor=self.request.user)
        messages.success(self.request, _("Impedimento registrado: você não verá nem votará "
                                         "neste candidato."))
        if self.avaliacao.convocacao_id:
            return redirect("comissao:sessao", pk=self.avaliacao.convocacao.sessao_id)
        return redirect("comissao:painel")


class GravacaoView(_AcaoAvaliacaoView):
    def agir(self):
        dominio_sessoes.anexar_gravacao(self.avaliacao, presidente=self.membro,
                                        referencia=self.request.POST.get("gravacao", ""))
        messages.success(self.request, _("Gravação anexada."))


class EncerrarAvaliacaoView(_AcaoAvaliacaoView):
    """Irreversible (only an appeal changes the outcome): confirmed by a checkbox."""

    def agir(self):
        if not confirmado(self.request):
            return recusar(self.request, reverse("comissao:avaliacao", args=[self.avaliacao.pk]))
        dominio_sessoes.encerrar(self.avaliacao, self.membro,
                                 gravacao=self.request.POST.get("gravacao", ""))
        if self.avaliacao.instancia == Avaliacao.Instancia.RECURSO:
            messages.success(self.request, _("Julgamento do recurso encerrado; parecer "
                                             "gerado."))
        else:
            messages.success(self.request, _("Avaliação encerrada; parecer gerado."))


@exige_confirmacao(verificar=False)
class ComparecimentoView(AreaComissaoMixin, View):
    """An absence or a refused recording closes the evaluation as not confirmed, which
    cannot be undone (only an appeal): those two are confirmed by a checkbox."""

    http_method_names = ["post"]

    def post(self, request, pk):
        conv = get_object_or_404(Convocacao.objects.select_related("sessao"), pk=pk)
        membro = self.membro_ou_404(conv.sessao.comissao_id)
        avaliacao = conv.avaliacoes.filter(comissao_id=conv.sessao.comissao_id).first()
        if avaliacao is None or not avaliacoes_visiveis(membro).filter(
                pk=avaliacao.pk).exists():
            raise Http404
        voltar = (reverse("comissao:avaliacao", args=[avaliacao.pk])
                  if request.POST.get("voltar") == "avaliacao"
                  else reverse("comissao:sessao", args=[conv.sessao_id]))
        if request.POST.get("comparecimento") in (
                Convocacao.Comparecimento.AUSENTE, Convocacao.Comparecimento.RECUSOU_GRAVACAO
        ) and not confirmado(request):
            return recusar(request, voltar)
        try:
            dominio_sessoes.registrar_comparecimento(conv, request.POST.get("comparecimento", ""),
                                                     presidente=membro)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        except PermissionDenied as exc:
            messages.error(request, str(exc) or _("Ação não permitida."))
        else:
            conv.refresh_from_db(fields=["comparecimento"])
            messages.success(request, _("Comparecimento registrado: %(c)s.") % {
                "c": conv.get_comparecimento_display().lower()})
        return redirect(voltar)


@exige_confirmacao
class EncerrarSessaoView(AreaComissaoMixin, View):
    """Irreversible: confirmed by a checkbox."""

    http_method_names = ["post"]

    def post(self, request, pk):
        sessao = get_object_or_404(Sessao, pk=pk)
        membro = self.membro_ou_404(sessao.comissao_id)
        if not confirmado(request):
            return recusar(request, reverse("comissao:sessao", args=[sessao.pk]))
        try:
            dominio_sessoes.encerrar_sessao(sessao, presidente=membro)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        except PermissionDenied as exc:
            messages.error(request, str(exc) or _("Ação não permitida."))
        else:
            messages.success(request, _("Sessão encerrada; a ata está sendo gerada."))
        return redirect("comissao:sessao", pk=sessao.pk)


class AtaView(LoginRequiredMixin, View):
    """The session's minutes (PDF): RH and the session's members only. Other accounts of
    the Comissão group get 404 (existence not revealed); everyone else 403."""

    def get(self, request, pk):
        user = request.user
        if not (user.has_perm("comissoes.gerir_comissoes")
                or user.has_perm("comissoes.usar_area_comissao")):
            raise PermissionDenied
        sessao = get_object_or_404(Sessao, pk=pk)
        if not user.has_perm("comissoes.baixar_ata", sessao):
            raise Http404
        if not sessao.ata and sessao.encerrada_em is None:
            raise Http404(_("A ata é gerada quando a sessão é encerrada."))
        if not arquivo_existe(sessao.ata):
            # Not generated yet (a worker may be behind), or lost: make it now.
            gerar_ata(sessao.pk)
            sessao.refresh_from_db(fields=["ata"])
        return servir_arquivo(sessao.ata, tipo="application/pdf",
                              nome=f"ata-sessao-{sessao.pk}.pdf")


class SessaoCalendarioView(AreaComissaoMixin, View):
    """The session's `.ics` (comissoes.dominio.agenda): its members only (404 for another
    committee's member, existence not revealed)."""

    def get(self, request, pk):
        sessao = get_object_or_404(Sessao.objects.select_related("comissao__certame"), pk=pk)
        self.membro_ou_404(sessao.comissao_id)
        return ics.resposta(agenda.calendario_sessao(sessao), f"sessao-{sessao.pk}.ics")
