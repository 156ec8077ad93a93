"""RH pages of the committees (at /rh/comissoes/; moved from `comissoes/views_rh.py`):
committees and their composition, impedimentos, sessions, the convocation list and its
distribution — for heteroidentification, documentary verification and the multiprofessional
team alike."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView
from rules.contrib.views import PermissionRequiredMixin

from candidatos.models import Lista
from certames.forms import erros_no_form
from certames.models import Certame, Etapa
from comissoes.dominio import composicao, contas, convocacao
from comissoes.dominio.procedimentos import (
    PROCEDIMENTO_DA_ETAPA,
    PROCEDIMENTOS,
    procedimento,
    rotulo_resultado,
)
from comissoes.dominio.sessoes import ETAPAS_POR_TIPO, agendar_sessao, enfileirar_ata
from comissoes.forms import (
    ComissaoForm,
    DistribuicaoForm,
    ImpedimentoRHForm,
    MembroForm,
    MotivoForm,
    NovoMembroForm,
    SessaoForm,
)
from comissoes.models import Comissao, Impedimento, MembroComissao, Sessao
from comum.avisos import estado as estado_avisos
from comum.confirmacao import exige_confirmacao, sem_confirmacao


class GestaoMixin(PermissionRequiredMixin):
    permission_required = "comissoes.gerir_comissoes"


class IndiceView(GestaoMixin, TemplateView):
    template_name = "painel/comissoes/indice.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["certames"] = (Certame.objects.select_related("orgao")
                           .annotate(num_comissoes=Count("comissoes", distinct=True))
                           .order_by("-data_publicacao_edital", "numero_edital"))
        return ctx


@exige_confirmacao
class CertameView(GestaoMixin, TemplateView):
    """A certame's committees (with their composition check), its heteroidentification
    stages and the form to designate a committee."""

    template_name = "painel/comissoes/certame.html"

    def dispatch(self, request, *args, **kwargs):
        self.certame = get_object_or_404(Certame.objects.select_related("orgao"),
                                         pk=kwargs["pk"])
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        comissoes = (self.certame.comissoes.prefetch_related("membros")
                     .annotate(num_sessoes=Count("sessoes", distinct=True)))
        regime = self.certame.regime_legal
        ctx.update(
            certame=self.certame, regime=regime,
            comissoes=[{"comissao": c, "pendencias": composicao.pendencias_da_comissao(c),
                        "titulares": sum(1 for m in c.membros.all() if m.ativo and
                                         m.papel == MembroComissao.Papel.TITULAR)}
                       for c in comissoes],
            etapas=self.certame.etapas.filter(tipo__in=[
                t for p in PROCEDIMENTOS.values() for t in (p.etapa, p.etapa_recurso)]),
            etapas_convocacao=list(PROCEDIMENTO_DA_ETAPA),
            prevista=convocacao.heteroidentificacao_prevista(regime.id,
                                                             self.certame.parametros),
            regra=convocacao.regra_convocacao(regime),
            regras=[{"procedimento": p, "regra": convocacao.regra_convocacao(regime, p.tipo)}
                    for p in PROCEDIMENTOS.values()
                    if convocacao.regra_convocacao(regime, p.tipo).listas],
            form=kwargs.get("form") or ComissaoForm(initial={
                "tipo": Comissao.Tipo.HETEROIDENTIFICACAO}))
        return ctx

    def post(self, request, *args, **kwargs):
        form = ComissaoForm(request.POST)
        if form.is_valid():
            try:
                comissao = composicao.criar_comissao(self.certame, autor=request.user,
                                                     **sem_confirmacao(form.cleaned_data))
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, _("Comissão designada. Agora inclua os membros."))
                return redirect("painel:comissao", pk=comissao.pk)
        return self.render_to_response(self.get_context_data(form=form), status=400)


class ComissaoView(GestaoMixin, TemplateView):
    """One committee: members, composition check, impedimentos and sessions."""

    template_name = "painel/comissoes/comissao.html"

    def dispatch(self, request, *args, **kwargs):
        self.comissao = get_object_or_404(
            Comissao.objects.select_related("certame__orgao"), pk=kwargs["pk"])
        return super().dispatch(request, *args, **kwargs)

    def etapas(self):
        return self.comissao.certame.etapas.filter(
            tipo__in=ETAPAS_POR_TIPO.get(self.comissao.tipo, ()))

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        c = self.comissao
        membros = list(c.membros.select_related("usuario").order_by(
            "-ativo", "-presidente", "papel", "usuario__first_name"))
        for m in membros:
            avisos, afetados = (composicao.avisos_de_separacao(c, m.usuario) if m.ativo
                                else ([], []))
            m.separacao = {"avisos": avisos, "inscricoes": afetados} if avisos else None
        ctx.update(
            comissao=c, certame=c.certame, membros=membros,
            equipe=c.tipo == Comissao.Tipo.EQUIPE_MULTIPROFISSIONAL,
            equipe_config=composicao.config_equipe(c.certame),
            pendencias=composicao.pendencias_da_comissao(c),
            impedimentos=(Impedimento.objects.filter(membro__comissao=c)
                          .select_related("membro__usuario", "inscricao__candidato",
                                          "registrado_por").order_by("-registrado_em")),
            sessoes=c.sessoes.annotate(num_convocacoes=Count("convocacoes")).order_by("inicio"),
            membro_form=kwargs.get("membro_form") or MembroForm(comissao=c),
            novo_membro_form=kwargs.get("novo_membro_form") or NovoMembroForm(comissao=c),
            impedimento_form=kwargs.get("impedimento_form") or ImpedimentoRHForm(comissao=c),
            sessao_form=kwargs.get("sessao_form") or SessaoForm(etapas=self.etapas(),
                                                                comissao=c),
            motivo_form=MotivoForm())
        return ctx


@exige_confirmacao
class AdicionarMembroView(ComissaoView):
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        form = MembroForm(request.POST, comissao=self.comissao)
        if form.is_valid():
            dados = sem_confirmacao(form.cleaned_data)
            usuario = dados.pop("usuario")
            try:
                membro, avisos = composicao.adicionar_membro(self.comissao, usuario,
                                                             autor=request.user, **dados)
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, _("%(m)s incluído(a) na comissão.") % {
                    "m": composicao.nome_do_membro(membro)})
                for aviso in avisos:
                    messages.warning(request, aviso)
                return redirect("painel:comissao", pk=self.comissao.pk)
        return self.render_to_response(self.get_context_data(membro_form=form), status=400)


@exige_confirmacao
class CriarMembroView(ComissaoView):
    """RH creates a member's account (invited by e-mail to set the password) and includes
    them in the committee: no admin needed."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        form = NovoMembroForm(request.POST, comissao=self.comissao)
        if form.is_valid():
            dados = sem_confirmacao(form.cleaned_data)
            try:
                membro, avisos = contas.criar_conta_de_membro(
                    self.comissao, autor=request.user,
                    base_url=request.build_absolute_uri("/"), **dados)
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, _(
                    "Conta criada e %(m)s incluído(a) na comissão. O convite para definir a "
                    "senha foi enviado para %(e)s.") % {
                    "m": composicao.nome_do_membro(membro), "e": membro.usuario.email})
                for aviso in avisos:
                    messages.warning(request, aviso)
                return redirect("painel:comissao", pk=self.comissao.pk)
        return self.render_to_response(self.get_context_data(novo_membro_form=form),
                                       status=400)


@exige_confirmacao
class ImpedimentoRHView(ComissaoView):
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        form = ImpedimentoRHForm(request.POST, comissao=self.comissao)
        if form.is_valid():
            try:
                composicao.registrar_impedimento(
                    form.cleaned_data["membro"], form.cleaned_data["inscricao"],
                    motivo=form.cleaned_data["motivo"], autor=request.user)
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, _("Impedimento registrado."))
                return redirect("painel:comissao", pk=self.comissao.pk)
        return self.render_to_response(self.get_context_data(impedimento_form=form),
                                       status=400)


@exige_confirmacao
class AgendarSessaoView(ComissaoView):
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        form = SessaoForm(request.POST, etapas=self.etapas(), comissao=self.comissao)
        if form.is_valid():
            try:
                sessao = agendar_sessao(self.comissao, autor=request.user,
                                        **sem_confirmacao(form.cleaned_data))
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, _("Sessão agendada."))
                return redirect("painel:sessao", pk=sessao.pk)
        return self.render_to_response(self.get_context_data(sessao_form=form), status=400)


@exige_confirmacao
class MembroAcaoView(GestaoMixin, View):
    """President, titular/suplente, leaving: each an act."""

    http_method_names = ["post"]

    def post(self, request, pk, acao):
        membro = get_object_or_404(MembroComissao, pk=pk)
        motivacao = request.POST.get("motivacao", "")
        try:
            if acao == "presidente":
                composicao.definir_presidente(membro, autor=request.user)
            elif acao in MembroComissao.Papel.values:
                composicao.alterar_papel(membro, acao, autor=request.user, motivacao=motivacao)
            elif acao == "desligar":
                composicao.desativar_membro(membro, autor=request.user, motivacao=motivacao)
            else:
                raise PermissionDenied
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(request, _("Alteração registrada."))
        return redirect("painel:comissao", pk=membro.comissao_id)


class SessaoRHView(GestaoMixin, TemplateView):
    template_name = "painel/comissoes/sessao.html"

    def dispatch(self, request, *args, **kwargs):
        self.sessao = get_object_or_404(
            Sessao.objects.select_related("comissao__certame", "etapa"), pk=kwargs["pk"])
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        convocacoes = (self.sessao.convocacoes.select_related("inscricao__candidato")
                       .prefetch_related("avaliacoes").order_by("horario", "pk"))
        itens = []
        # Whether each convocation's notice went out (comum.avisos.estado).
        atos = convocacao.atos_das_convocacoes(c.pk for c in convocacoes)
        resumos = estado_avisos.por_ato(atos.values())
        for conv in convocacoes:
            av = next((a for a in conv.avaliacoes.all()
                       if a.comissao_id == self.sessao.comissao_id), None)
            itens.append({"convocacao": conv, "avaliacao": av, "ato_id": atos.get(conv.pk),
                          "resumo_aviso": resumos.get(atos.get(conv.pk)),
                          "lista_nome": Lista(conv.lista).label,
                          "resultado": rotulo_resultado(self.sessao.comissao.tipo,
                                                        av.resultado if av else "")})
        ctx.update(sessao=self.sessao, comissao=self.sessao.comissao, itens=itens,
                   presencial=procedimento(self.sessao.comissao.tipo).exige_presenca)
        return ctx


class GerarAtaView(GestaoMixin, View):
    http_method_names = ["post"]

    def post(self, request, pk):
        sessao = get_object_or_404(Sessao, pk=pk)
        if sessao.encerrada_em is None:
            messages.error(request, _("A ata é gerada quando a sessão é encerrada."))
        else:
            enfileirar_ata(sessao)
            messages.success(request, _("A ata está sendo gerada."))
        return redirect("painel:sessao", pk=sessao.pk)


@exige_confirmacao
class ConvocacaoView(GestaoMixin, TemplateView):
    """The convocation list of a first-instance stage (heteroidentification, documentary
    verification, PcD evaluation): who the regime calls, and their distribution into the
    stage's sessions of the committee of that kind."""

    template_name = "painel/comissoes/convocacao.html"

    def dispatch(self, request, *args, **kwargs):
        self.etapa = get_object_or_404(Etapa.objects.select_related("certame__orgao"),
                                       pk=kwargs["pk"], tipo__in=list(PROCEDIMENTO_DA_ETAPA))
        self.tipo = PROCEDIMENTO_DA_ETAPA[self.etapa.tipo]
        return super().dispatch(request, *args, **kwargs)

    def sessoes(self):
        return (Sessao.objects.filter(etapa=self.etapa, encerrada_em__isnull=True,
                                      comissao__tipo=self.tipo)
                .select_related("comissao").order_by("inicio"))

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        certame = self.etapa.certame
        regime = certame.regime_legal
        form = kwargs.get("form") or DistribuicaoForm(sessoes=self.sessoes())
        form.fields["sessoes"].label_from_instance = lambda s: (
            f"{s.comissao.nome} — {s} — {s.local} ({s.get_modalidade_display()})")
        ctx.update(
            etapa=self.etapa, certame=certame, regime=regime,
            procedimento=procedimento(self.tipo),
            regra=convocacao.regra_convocacao(regime, self.tipo),
            prevista=(self.tipo != Comissao.Tipo.HETEROIDENTIFICACAO or
                      convocacao.heteroidentificacao_prevista(regime.id, certame.parametros)),
            chamadas=convocacao.candidatos_a_convocar(certame, self.tipo), form=form,
            sessoes_etapa=(Sessao.objects.filter(etapa=self.etapa).select_related("comissao")
                           .annotate(num=Count("convocacoes"),
                                     notificadas=Count("convocacoes", filter=Q(
                                         convocacoes__notificada_em__isnull=False)))
                           .order_by("inicio")))
        return ctx

    def post(self, request, *args, **kwargs):
        form = DistribuicaoForm(request.POST, sessoes=self.sessoes())
        if form.is_valid():
            try:
                criadas = convocacao.distribuir_convocacoes(
                    self.etapa, list(form.cleaned_data["sessoes"]), autor=request.user,
                    intervalo_minutos=form.cleaned_data["intervalo_minutos"],
                    por_sessao=form.cleaned_data["por_sessao"])
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, _("%(n)d candidato(s) convocado(s); as notificações "
                                            "por e-mail foram enviadas.") % {"n": len(criadas)})
                return redirect("painel:convocacao", pk=self.etapa.pk)
        return self.render_to_response(self.get_context_data(form=form), status=400)
