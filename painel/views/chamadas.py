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
from django.utils.translation import gettext as _
from django.views import View

from candidatos import chamadas, posse
from certames import calendario, carreira
from certames.forms import erros_no_form
from certames.models import Cargo, Chamada, EnvioDocumentoPosse, EventoChamada
from classificacao import impressos, leitura
from comum import exportacao
from comum.confirmacao import ERRO, exige_confirmacao
from painel import mensagens_cargo
from painel.acesso import RHMixin
from painel.forms.chamadas import ConvocarForm, EventoForm, NomeacaoForm
from painel.forms.posse import AnaliseDocumentoPosseForm


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

    @staticmethod
    def _form_class(tipo):
        # The nomeação is an act with its number and its publication.
        return NomeacaoForm if tipo == EventoChamada.Tipo.NOMEACAO else EventoForm

    def _pagina(self, request, chamada, tipo, form, status=200):
        situacao = carreira.situacao_da_chamada(chamada)
        return render(request, self.template_name, {
            "chamada": chamada, "cargo": chamada.cargo, "tipo": EventoChamada.Tipo(tipo),
            "pendencias": (posse.pendencias_da_nomeacao(chamada, situacao.atos)
                           if tipo == EventoChamada.Tipo.NOMEACAO else []),
            "prazo": posse.prazo_pendente(chamada.cargo.certame, situacao.atos),
            "form": form, "fundamento": chamadas.fundamento_do_evento(
                tipo, chamada.cargo, vaga=chamada.vaga)},
            status=status)

    def get(self, request, pk, tipo):
        chamada = self._chamada(pk, tipo)
        hoje = timezone.localdate()
        return self._pagina(request, chamada, tipo, self._form_class(tipo)(
            initial={"data": hoje, "publicado_em": hoje}))

    def post(self, request, pk, tipo):
        chamada = self._chamada(pk, tipo)
        form = self._form_class(tipo)(request.POST)
        if not form.is_valid():  # the confirmation box is required: nothing recorded
            return self._pagina(request, chamada, tipo, form, status=400)
        antes = mensagens_cargo.ultima_versao(chamada.cargo)
        dados = form.cleaned_data
        publicacao = (chamadas.AtoPublicado(dados["numero_ato"], dados["veiculo_publicacao"],
                                            dados["publicado_em"])
                      if isinstance(form, NomeacaoForm) else None)
        try:
            evento = chamadas.registrar_evento(chamada, tipo, autor=request.user,
                                               data=dados["data"],
                                               motivacao=dados["motivacao"],
                                               publicacao=publicacao)
        except ValidationError as exc:
            form.add_error(None, exc)
            return self._pagina(request, chamada, tipo, form, status=400)
        messages.success(request, mensagens_cargo.evento(evento, antes))
        return redirect("painel:cargo", pk=chamada.cargo_id)


class ChamadaView(RHMixin, View):
    """One call for RH: its acts, the posse's or the exercício's deadline, the documents the
    candidate sent (each with its check) and what the nomeação still waits for."""

    template_name = "painel/chamadas/chamada.html"

    def get(self, request, pk, form_com_erro=None, status=200):
        chamada = get_object_or_404(Chamada.objects.select_related(
            "cargo__certame", "inscricao__candidato"), pk=pk)
        situacao = carreira.situacao_da_chamada(chamada)
        itens = posse.documentos_da_chamada(chamada)
        # The one answer of the check's refusal (`posse.analisar_documento`).
        encerrada = posse.motivo_nao_analisar(chamada.cargo.certame, situacao.atos)
        for item in itens:
            analisavel = item.envio is not None and item.analise is None and not encerrada
            item.form = None
            if analisavel:
                item.form = (form_com_erro[1] if form_com_erro and form_com_erro[0] == item.envio.pk
                             else AnaliseDocumentoPosseForm(prefix=f"envio-{item.envio.pk}"))
        return render(request, self.template_name, {
            "chamada": chamada, "cargo": chamada.cargo, "s": situacao, "itens": itens,
            "prazo": posse.prazo_pendente(chamada.cargo.certame, situacao.atos),
            "encerrada": encerrada,
            "pendencias": [] if encerrada else posse.pendencias_da_nomeacao(chamada,
                                                                            situacao.atos),
            "tipos_evento": chamadas.TIPOS_RH}, status=status)


@exige_confirmacao(verificar=False)
class AnalisarDocumentoPosseView(RHMixin, View):
    """RH accepts or rejects one document sent (a rejection motivated and mailed)."""

    def post(self, request, pk):
        envio = get_object_or_404(EnvioDocumentoPosse.objects.select_related("chamada"), pk=pk)
        form = AnaliseDocumentoPosseForm(request.POST, prefix=f"envio-{envio.pk}")
        if form.is_valid():
            try:
                posse.analisar_documento(envio, aceito=form.cleaned_data["resultado"] == "aceito",
                                         motivacao=form.cleaned_data["motivacao"],
                                         autor=request.user)
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, _("Análise do documento registrada."))
                return redirect(reverse("painel:chamada", args=[envio.chamada_id]) + "#documentos")
        return ChamadaView().get(request, envio.chamada_id, form_com_erro=(envio.pk, form),
                                 status=400)


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
