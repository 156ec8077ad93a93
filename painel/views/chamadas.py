"""RH's call acts: call the next positions of the published order, record
nomeação, posse, exercício, desistência, tornar sem efeito and fim de fila, and export the
order of nomeação (item 3). Each irreversible act has a confirmation step: the first POST
without the checkbox shows what will happen; the act needs the checkbox."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views import View

from candidatos import chamadas
from certames import calendario, carreira
from certames.models import Cargo, Chamada, EventoChamada
from classificacao import impressos, leitura
from comum import exportacao
from comum.confirmacao import ERRO, exige_confirmacao
from painel import mensagens_cargo
from painel.acesso import RHMixin
from painel.forms.chamadas import ConvocarForm, EventoForm


@exige_confirmacao(verificar=False)
class ConvocarView(RHMixin, View):
    """The first POST without the box shows which positions would be called (400, nothing
    recorded, the box's error); the act needs the box."""

    template_name = "painel/chamadas/convocar.html"

    def _pagina(self, request, cargo, form, status=200):
        previstas, erro = [], None
        try:
            versao = chamadas.versao_para_chamar(cargo)
            feitas = list(Chamada.objects.filter(cargo=cargo).order_by("posicao"))
            previstas = chamadas.proximas(cargo, versao, feitas)
        except ValidationError as exc:
            erro = " ".join(exc.messages)
        quantidade = form.cleaned_data.get("quantidade") if form.is_bound and hasattr(
            form, "cleaned_data") else None
        # The snapshot holds ids only: the page fetches the few inscrições it shows.
        previstas = leitura.anexar_inscricoes(
            previstas[:quantidade] if quantidade else previstas[:10])
        return render(request, self.template_name, {
            "cargo": cargo, "form": form, "erro": erro, "aviso": form.aviso(cargo.certame),
            "fundamento": carreira.fundamento_ordem(cargo), "previstas": previstas},
            status=status)

    def get(self, request, pk):
        cargo = get_object_or_404(Cargo.objects.select_related("certame__orgao"), pk=pk)
        # The default deadline counted as every period (Lei 9.784/1999, art. 66).
        prazo = calendario.fim_do_prazo(timezone.now(), chamadas.PRAZO_PADRAO_DIAS,
                                        cargo.certame).date()
        return self._pagina(request, cargo, ConvocarForm(initial={
            "quantidade": 1, "prazo": prazo}))

    def post(self, request, pk):
        cargo = get_object_or_404(Cargo.objects.select_related("certame"), pk=pk)
        form = ConvocarForm(request.POST)
        if not form.is_valid():
            return self._pagina(request, cargo, form, status=400)
        if not form.cleaned_data["confirmacao"]:
            form.add_error("confirmacao", ERRO)
            return self._pagina(request, cargo, form, status=400)
        dados = form.cleaned_data
        try:
            novas = chamadas.convocar(cargo, dados["quantidade"], prazo=dados["prazo"],
                                      autor=request.user)
        except ValidationError as exc:
            form.add_error(None, exc)
            return self._pagina(request, cargo, form, status=400)
        messages.success(request, mensagens_cargo.convocacoes(novas))
        if aviso := form.aviso(cargo.certame):
            messages.warning(request, aviso)
        return redirect("painel:cargo", pk=cargo.pk)


@exige_confirmacao(verificar=False)
class EventoView(RHMixin, View):
    template_name = "painel/chamadas/evento.html"

    def _chamada(self, pk, tipo):
        # The annulment is the procedure's act (`candidatos.procedimentos`): no page here.
        if tipo not in dict(chamadas.TIPOS_RH):
            raise Http404
        return get_object_or_404(Chamada.objects.select_related(
            "cargo__certame", "inscricao__candidato"), pk=pk)

    def _pagina(self, request, chamada, tipo, form, status=200):
        return render(request, self.template_name, {
            "chamada": chamada, "cargo": chamada.cargo, "tipo": EventoChamada.Tipo(tipo),
            "form": form, "fundamento": chamadas.fundamento_do_evento(
                tipo, chamada.cargo, vaga=chamada.vaga)},
            status=status)

    def get(self, request, pk, tipo):
        chamada = self._chamada(pk, tipo)
        return self._pagina(request, chamada, tipo,
                            EventoForm(initial={"data": timezone.localdate()}))

    def post(self, request, pk, tipo):
        chamada = self._chamada(pk, tipo)
        form = EventoForm(request.POST)
        if not form.is_valid():  # the confirmation box is required: nothing recorded
            return self._pagina(request, chamada, tipo, form, status=400)
        antes = mensagens_cargo.ultima_versao(chamada.cargo)
        try:
            evento = chamadas.registrar_evento(chamada, tipo, autor=request.user,
                                               data=form.cleaned_data["data"],
                                               motivacao=form.cleaned_data["motivacao"])
        except ValidationError as exc:
            form.add_error(None, exc)
            return self._pagina(request, chamada, tipo, form, status=400)
        messages.success(request, mensagens_cargo.evento(evento, antes))
        return redirect("painel:cargo", pk=chamada.cargo_id)


class ExportarOrdemView(RHMixin, View):
    """The order of nomeação as CSV or XLSX (formula-safe: comum.exportacao) or as the
    PDF laid out for the Diário Oficial (classificacao.impressos, rendered by a Celery task)."""

    def get(self, request, pk, formato):
        if formato not in (*exportacao.FORMATOS, "pdf"):
            raise Http404
        cargo = get_object_or_404(Cargo.objects.select_related("certame__orgao"), pk=pk)
        if formato == "pdf":
            return impressos.resposta_pdf(
                request, impressos.Tipo.ORDEM_NOMEACAO, cargo,
                voltar=reverse("painel:cargo", args=[cargo.pk]) + "#ordem-nomeacao")
        return exportacao.resposta_exportacao(
            formato, f"ordem-nomeacao-{cargo.codigo}", carreira.COLUNAS_EXPORTACAO,
            carreira.linhas_exportacao(cargo), titulo=carreira.titulo_exportacao())
