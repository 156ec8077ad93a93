"""Claims of imported records (reivindicações de cadastro), the RH pages (at
/rh/reivindicacoes/; moved from `candidatos/views_reivindicacao_rh.py`): the claims waiting
for analysis and one claim with its decision.

What RH sees is what the decision needs (LGPD, Lei 13.709/2018, art. 6º, III: necessidade):
what the claimant typed beside the record's identification data (name, birth date, masked
e-mail and phone, the numbers, certames and cargos of its inscrições). Never the
self-declaration, disability, scores or lists: colour/race and disability are sensitive data
(art. 5º, II) and say nothing about who the claimant is. The decision calls
`portal.decidir_reivindicacao`, which records the act.
"""

from __future__ import annotations

import unicodedata

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from candidatos.contas import cadastro as contas
from candidatos.contas import reivindicacoes
from candidatos.forms import DecisaoReivindicacaoForm
from candidatos.models import PedidoCadastro, somente_digitos
from certames.forms import erros_no_form
from certames.models import Ato
from comum.confirmacao import exige_confirmacao
from painel.acesso import RHMixin

POR_PAGINA = 50
Situacao = PedidoCadastro.Situacao


def _comparavel(texto: str) -> str:
    sem_acento = unicodedata.normalize("NFKD", texto or "").encode("ascii", "ignore").decode()
    return " ".join(sem_acento.upper().split())


def mascarar_telefone(telefone: str) -> str:
    digitos = somente_digitos(telefone)
    return f"***{digitos[-4:]}" if len(digitos) >= 4 else ""


class ListaView(RHMixin, TemplateView):
    """The claims waiting for analysis (oldest first) or the decided ones."""

    template_name = "painel/reivindicacoes/lista.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        decididas = self.request.GET.get("situacao") == "decididas"
        pedidos = PedidoCadastro.objects.filter(via=PedidoCadastro.Via.ANALISE_RH)
        if decididas:
            pedidos = pedidos.exclude(situacao=Situacao.EM_ANALISE).order_by("-concluido_em",
                                                                               "-id")
        else:
            pedidos = pedidos.filter(situacao=Situacao.EM_ANALISE).order_by("criado_em", "id")
        pagina = Paginator(pedidos.select_related("decidido_por"), POR_PAGINA).get_page(
            self.request.GET.get("page"))
        ctx.update(decididas=decididas, page_obj=pagina, pedidos=pagina.object_list,
                   em_analise=reivindicacoes.reivindicacoes_em_analise().count())
        return ctx


@exige_confirmacao
class DetalheView(RHMixin, TemplateView):
    """One claim: what was typed against the record, the guidance, the decision."""

    template_name = "painel/reivindicacoes/detalhe.html"

    def pedido(self) -> PedidoCadastro:
        pedido = get_object_or_404(
            PedidoCadastro.objects.select_related("candidato", "decidido_por", "conta"),
            pk=self.kwargs["pk"])
        if pedido.via != PedidoCadastro.Via.ANALISE_RH:
            raise Http404
        return pedido

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        pedido = kwargs.get("pedido") or self.pedido()
        cand = pedido.candidato
        inscricoes = [
            {"numero": numero, "certame": f"{edital} — {titulo}", "cargo": f"{codigo} — {nome}"}
            for numero, edital, titulo, codigo, nome in cand.inscricoes.order_by(
                "certame__data_publicacao_edital", "numero").values_list(
                "numero", "certame__numero_edital", "certame__titulo", "cargo__codigo",
                "cargo__nome")]
        alvo = contas.normalizar_inscricao(pedido.numero_inscricao)
        ctx.update(
            pedido=pedido,
            cadastro={
                "nome": cand.nome, "nome_social": cand.nome_social,
                "data_nascimento": cand.data_nascimento,
                "email": contas.mascarar_email(cand.email),
                "telefone": mascarar_telefone(cand.telefone),
                "tem_conta": cand.usuario_id is not None,
            },
            inscricoes=inscricoes,
            confere={
                "nome": _comparavel(pedido.nome) == _comparavel(cand.nome),
                "data_nascimento": (None if cand.data_nascimento is None
                                    else pedido.data_nascimento == cand.data_nascimento),
                "numero_inscricao": (None if not alvo else any(
                    contas.normalizar_inscricao(i["numero"]) == alvo for i in inscricoes)),
            },
            outras=(PedidoCadastro.objects.filter(candidato=cand, via=pedido.via,
                                                  situacao=Situacao.EM_ANALISE)
                    .exclude(pk=pedido.pk).order_by("criado_em")),
            atos=(Ato.objects.filter(objeto_tipo__model="pedidocadastro",
                                     objeto_id=str(pedido.pk))
                  .select_related("autor").order_by("criado_em", "id")),
            em_analise=pedido.situacao == Situacao.EM_ANALISE,
            fundamento=contas.FUNDAMENTO_DECISAO,
        )
        ctx["conta_existente"] = pedido.conta_id is not None
        ctx.setdefault("form", DecisaoReivindicacaoForm(
            conta_existente=ctx["conta_existente"]))
        return ctx

    def post(self, request, pk):
        pedido = self.pedido()
        form = DecisaoReivindicacaoForm(request.POST,
                                        conta_existente=pedido.conta_id is not None)
        if form.is_valid():
            aprovar = form.cleaned_data["decisao"] == DecisaoReivindicacaoForm.APROVAR
            try:
                reivindicacoes.decidir_reivindicacao(pedido, aprovar=aprovar,
                                                     motivacao=form.cleaned_data["motivacao"],
                                                     autor=request.user)
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, (_(
                    "Reivindicação aprovada: o cadastro passou à conta que o pediu; o requerente "
                    "foi avisado por e-mail.") if pedido.conta_id is not None else _(
                    "Reivindicação aprovada: conta criada e vinculada; o requerente foi avisado "
                    "por e-mail.")) if aprovar else _(
                    "Reivindicação recusada; o requerente foi avisado por e-mail."))
                return redirect("painel:reivindicacoes_lista")
        return self.render_to_response(self.get_context_data(pedido=pedido, form=form),
                                       status=400)
