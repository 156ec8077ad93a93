"""Special conditions at the exam (atendimento especializado): the domain.

The laws (federal parameters: the seed municipal laws are silent on the exam's conditions):

- Decreto 9.508/2018, art. 4º: the exam is adapted to the candidate's disability through
  tecnologias assistivas and adaptações razoáveis (its Anexo lists them: Braille, enlarged
  print, reader, transcriber, Libras interpreter, accessible room and furniture...); the
  candidate requests them in the period the edital sets, saying which ones; extra time is
  requested with a justification backed by the opinion of a multiprofessional team or of a
  specialist in the candidate's impediments;
- Lei 13.872/2019: the mother may breastfeed a child up to 6 months old on the exam day if she
  asked in advance (arts. 1º and 2º; the age is declared at the inscrição and the birth
  certificate shown at the exam, art. 2º, parágrafo único); an adult companion she indicates
  keeps the child in a room near the exam (art. 3º); she may breastfeed every 2 hours for up
  to 30 minutes per child, and the time spent is compensated in the exam (art. 4º).

What the product decided (the laws leave the form to the edital):

- the request period is the inscrição window (Etapa "inscricoes"): Decreto 9.508/2018,
  art. 4º ("no prazo determinado em edital") read as the inscrição period. Within it a new
  request supersedes the earlier one (acts are never rewritten);
- every condition except breastfeeding requires a medical report (laudo médico; for extra
  time, the specialist's or multiprofessional team's opinion): PDF, JPEG or PNG checked by
  content (`comum.arquivos`). Breastfeeding requires the child's birth date (art. 2º,
  parágrafo único: the certificate is shown at the exam, not uploaded); the companion may be
  named now or on the exam day (art. 3º);
- RH decides each requested condition (granted or rejected), with a motivation for the
  decision (Lei 9.784/1999, art. 50; `nucleo.motivacao`) and a specific one for each rejected
  condition (art. 50, I: acts that deny rights); granted extra time states its minutes (1 to
  `MAXIMO_MINUTOS`, product limit). A later decision supersedes an earlier one until the
  candidate appeals;
- the appeal is the kernel's (`nucleo.recursos`, one per request) against a decision that
  rejects any condition, within `PRAZO_RECURSO_DIAS` (ten: Lei 9.784/1999, art. 59) of the
  decision, which the candidate sees at once in their area; counted as the fraud procedure
  counts it (art. 66; `procedimentos.fim_do_prazo_recurso`). Addressed to the RH user who
  decided, who may reconsider within five days (granting every condition denied) or keep the
  decision; then judged by the certame's superior authority, a role RH assigns per certame
  (art. 56, §1º: `nucleo.autoridade`), never by another RH user. The ruling supersedes the
  decision and cannot take back a condition granted at first instance (no reformatio in peius
  without hearing the candidate: art. 64, parágrafo único);
- decisions are notified to the candidate individually and never published in lists: the
  conditions reveal health data (LGPD, Lei 13.709/2018, arts. 5º, II and 11). RH exports, for
  the exam venue, only the granted conditions (never the report, nor the disability).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django import forms
from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from localflavor.br.validators import BRCPFValidator

from candidatos.models import (
    CondicaoEspecial,
    CondicaoSolicitada,
    DecisaoAtendimento,
    Inscricao,
    ItemDecisaoAtendimento,
    PedidoAtendimento,
    formatar_cpf,
    somente_digitos,
)
from candidatos.procedimentos import fim_do_prazo_recurso
from candidatos.servicos import FINAIS
from certames import cronograma
from certames.auditoria import registrar_ato
from certames.models import Certame, Etapa
from certames.regras.regimes import Regime
from certames.travas import travar, travar_certame
from comum import arquivos
from comum.filas import enfileirar
from comum.papeis import e_rh
from nucleo import autoridade, registro
from nucleo import recursos as kernel
from nucleo.lotes import JanelaRecurso
from nucleo.models import Recurso
from nucleo.motivacao import validar_motivacao

#: The plug-in's key in the procedure kernel's records (`nucleo.Recurso.procedimento`).
#: Never change it.
CHAVE = "atendimento_especializado"

Condicao = CondicaoEspecial
Resultado = ItemDecisaoAtendimento.Resultado
Fase = DecisaoAtendimento.Fase
#: The decisions on an appeal: the decider's reconsideration or the superior's ruling.
FASES_DO_RECURSO = (Fase.RECURSO, Fase.RECONSIDERACAO)

FUNDAMENTO_PCD = "Decreto 9.508/2018, art. 4º (parâmetro federal)"
FUNDAMENTO_LACTANTE = "Lei 13.872/2019, arts. 1º a 4º (parâmetro federal)"
FUNDAMENTO_MOTIVACAO = "Lei 9.784/1999, art. 50"
FUNDAMENTO_RECURSO = "Lei 9.784/1999, arts. 56, 59 e 64"

#: The e-mail telling the candidate a decision was made (a Celery task of candidatos.tasks,
#: queued by name on commit).
TAREFA_AVISO = "candidatos.avisar_decisao_atendimento"

#: Conditions that need the medical report (all but breastfeeding).
EXIGEM_LAUDO = frozenset(set(Condicao.values) - {Condicao.LACTANTE})
#: Conditions whose detail is required ("outra": what it is).
EXIGEM_DETALHE = frozenset({Condicao.OUTRA})
#: Days to appeal from the decision (Lei 9.784/1999, art. 59).
PRAZO_RECURSO_DIAS = 10
#: Granted extra time: 1 to this many minutes (product limit; the decree fixes none).
MAXIMO_MINUTOS = 240
#: Product limits on the candidate's text.
MINIMO_JUSTIFICATIVA = 10
MAXIMO_JUSTIFICATIVA = 2000
#: Breastfeeding: the child's age limit on the exam day (Lei 13.872/2019, arts. 1º and 2º).
#: The exam comes after the request, so a child who has completed 7 months at the request is
#: refused at once (the reading favourable to the mother: "até 6 meses" includes a child of
#: 6 months and some days); any other case RH decides.
MESES_LACTANTE = 6


def fundamento(condicao: str) -> str:
    return FUNDAMENTO_LACTANTE if condicao == Condicao.LACTANTE else FUNDAMENTO_PCD


# --- reading --------------------------------------------------------------------------------


def pedidos_da_inscricao(inscricao: Inscricao) -> QuerySet[PedidoAtendimento]:
    return PedidoAtendimento.objects.filter(inscricao=inscricao).order_by("solicitado_em", "pk")


def pedido_vigente(inscricao: Inscricao) -> PedidoAtendimento | None:
    """The latest request of the inscrição (a later one supersedes the earlier)."""
    return (PedidoAtendimento.objects.filter(inscricao=inscricao)
            .order_by("-solicitado_em", "-pk").first())


def vigente(pedido: PedidoAtendimento) -> bool:
    return pedido_vigente(pedido.inscricao) == pedido


def decisao_primeira(pedido: PedidoAtendimento) -> DecisaoAtendimento | None:
    """The first-instance decision in force (the latest)."""
    return (pedido.decisoes.filter(fase=Fase.PRIMEIRA_INSTANCIA)
            .order_by("-decidida_em", "-pk").first())


def julgamento(pedido: PedidoAtendimento) -> DecisaoAtendimento | None:
    """The appeal's decision: the decider's reconsideration or the superior's ruling."""
    return (pedido.decisoes.filter(fase__in=FASES_DO_RECURSO)
            .order_by("-decidida_em", "-pk").first())


def decisao_vigente(pedido: PedidoAtendimento) -> DecisaoAtendimento | None:
    """The appeal's decision, or else the first-instance decision in force."""
    return julgamento(pedido) or decisao_primeira(pedido)


def recurso_do_pedido(pedido: PedidoAtendimento | None) -> Recurso | None:
    return kernel.recurso_de(CHAVE, pedido.pk) if pedido and pedido.pk else None


def desfavoravel(decisao: DecisaoAtendimento | None) -> bool:
    return bool(decisao) and decisao.itens.filter(resultado=Resultado.INDEFERIDO).exists()


def etapas_pedido(certame: Certame) -> list[Etapa]:
    return list(Etapa.objects.filter(certame=certame, tipo=Etapa.Tipo.INSCRICOES)
                .order_by("inicio", "pk"))


def janela_pedido_aberta(certame: Certame, agora: dt.datetime | None = None) -> bool:
    agora = agora or timezone.now()
    return any(e.aberta(agora) for e in etapas_pedido(certame))


def _checar_janela_pedido(certame: Certame, agora: dt.datetime) -> None:
    cronograma.recusar_fora_da_janela(
        etapas_pedido(certame), agora,
        sem_etapa=_("O cronograma deste certame não prevê o período de inscrições, no qual se "
                    "pede o atendimento especializado."),
        futura=_("O atendimento especializado é pedido no período de inscrições, que ainda "
                 "não começou: vai de %(i)s a %(f)s."),
        encerrada=_("O atendimento especializado é pedido no período de inscrições, que "
                    "terminou em %(f)s") + f" ({FUNDAMENTO_PCD}).")


def etapas_analise(certame: Certame) -> list[Etapa]:
    return list(Etapa.objects.filter(certame=certame, tipo=Etapa.Tipo.ANALISE_ATENDIMENTO)
                .order_by("inicio", "pk"))


def _checar_janela_analise(certame: Certame, agora: dt.datetime) -> None:
    """RH decides inside the schedule's analysis stage (a motivated act
    inside a window the edital publishes; its order against the inscrições is checked by
    `certames.cronograma`)."""
    cronograma.recusar_fora_da_janela(
        etapas_analise(certame), agora,
        sem_etapa=_("O cronograma deste certame não prevê a etapa “Análise dos pedidos de "
                    "atendimento especializado”, dentro da qual o RH decide os pedidos: "
                    "inclua-a no cronograma."),
        futura=_("A análise dos pedidos de atendimento especializado ainda não começou: vai "
                 "de %(i)s a %(f)s."),
        encerrada=_("O prazo de análise dos pedidos de atendimento especializado terminou em "
                    "%(f)s."))


def janela_analise_aberta(certame: Certame, agora: dt.datetime | None = None) -> bool:
    agora = agora or timezone.now()
    return any(e.aberta(agora) for e in etapas_analise(certame))


def janela_recurso(pedido: PedidoAtendimento, agora: dt.datetime | None = None
                   ) -> JanelaRecurso:
    """From the first-instance decision, `PRAZO_RECURSO_DIAS` days (Lei 9.784/1999, art. 59;
    art. 66 for the count). An unsaved `Etapa`, derived from a stored date. Undecided: none."""
    agora = agora or timezone.now()
    decisao = decisao_primeira(pedido)
    if decisao is None:
        return JanelaRecurso([], agora, CHAVE)
    etapa = Etapa(certame_id=pedido.inscricao.certame_id, inicio=decisao.decidida_em,
                  fim=fim_do_prazo_recurso(decisao.decidida_em, PRAZO_RECURSO_DIAS),
                  descricao=_("Recurso da decisão sobre o atendimento especializado"))
    return JanelaRecurso([etapa], agora, CHAVE)


def motivo_para_nao_recorrer(pedido: PedidoAtendimento,
                             agora: dt.datetime | None = None) -> str | None:
    return kernel.motivo_para_nao_recorrer(CHAVE, pedido, agora=agora)


# --- the candidate's request ------------------------------------------------------------------


def _checar_titular(autor, insc: Inscricao) -> None:
    candidato = getattr(autor, "candidato", None)
    if getattr(candidato, "pk", None) != insc.candidato_id:
        raise PermissionDenied(_("Só o(a) próprio(a) candidato(a) pede o atendimento "
                                 "especializado."))


def _limpar_condicoes(condicoes: dict[str, str]) -> dict[str, str]:
    escolhidas = {}
    for codigo, detalhe in condicoes.items():
        if codigo not in Condicao.values:
            raise ValidationError(_("Condição inválida."))
        detalhe = (detalhe or "").strip()
        if len(detalhe) > 200:
            raise ValidationError(_("O detalhe de cada condição pode ter até 200 caracteres."))
        if codigo in EXIGEM_DETALHE and not detalhe:
            raise ValidationError(_("Descreva a outra condição de que você precisa."))
        escolhidas[codigo] = detalhe
    if not escolhidas:
        raise ValidationError(_("Escolha ao menos uma condição."))
    return escolhidas


def somar_meses(data: dt.date, meses: int) -> dt.date:
    """The same day `meses` months later (the month's last day when it has no such day)."""
    indice = data.month - 1 + meses
    ano, mes = data.year + indice // 12, indice % 12 + 1
    proximo = dt.date(ano + mes // 12, mes % 12 + 1, 1)
    return min(data.replace(year=ano, month=mes, day=1) + dt.timedelta(days=data.day - 1),
               proximo - dt.timedelta(days=1))


@dataclass
class DadosLactante:
    nascimento_crianca: dt.date | None = None
    acompanhante_nome: str = ""
    acompanhante_cpf: str = ""


def _limpar_lactante(dados: DadosLactante, agora: dt.datetime) -> DadosLactante:
    nome = (dados.acompanhante_nome or "").strip()
    cpf = somente_digitos(dados.acompanhante_cpf)
    if dados.nascimento_crianca is None:
        raise ValidationError(_(
            "Informe a data de nascimento da criança: a idade é declarada na inscrição e a "
            "certidão de nascimento é apresentada no dia da prova (%(f)s).") % {
            "f": "Lei 13.872/2019, art. 2º, parágrafo único"})
    hoje = timezone.localdate(agora)
    if dados.nascimento_crianca > hoje:
        raise ValidationError(_("A data de nascimento da criança não pode estar no futuro."))
    if hoje >= somar_meses(dados.nascimento_crianca, MESES_LACTANTE + 1):
        raise ValidationError(_(
            "A criança já tem mais de %(m)d meses: o direito é da mãe de filho de até %(m)d "
            "meses no dia da prova, que é posterior ao pedido (%(f)s).") % {
            "m": MESES_LACTANTE, "f": "Lei 13.872/2019, arts. 1º e 2º"})
    if bool(nome) != bool(cpf):
        raise ValidationError(_("Informe o nome e o CPF do(a) acompanhante, ou deixe os dois "
                                "em branco para indicá-lo(a) no dia da prova (%(f)s).") % {
            "f": "Lei 13.872/2019, art. 3º"})
    if cpf:
        try:
            BRCPFValidator()(cpf)
        except ValidationError:
            raise ValidationError(_("O CPF do(a) acompanhante é inválido.")) from None
    return DadosLactante(dados.nascimento_crianca, nome[:200], cpf)


def solicitar(inscricao: Inscricao, *, autor, condicoes: dict[str, str], justificativa: str,
              laudo=None, lactante: DadosLactante | None = None,
              agora: dt.datetime | None = None) -> PedidoAtendimento:
    """The candidate's request for their own inscrição, in the inscrição window; a later
    request supersedes the earlier one (unless it is under appeal). The stored report is
    removed if the transaction fails."""
    agora = agora or timezone.now()
    escolhidas = _limpar_condicoes(condicoes)
    justificativa = (justificativa or "").strip()
    if len(justificativa) < MINIMO_JUSTIFICATIVA:
        raise ValidationError(_(
            "Explique por que você precisa das condições (ao menos %(n)d caracteres).") % {
            "n": MINIMO_JUSTIFICATIVA})
    if len(justificativa) > MAXIMO_JUSTIFICATIVA:
        raise ValidationError(_("A justificativa pode ter até %(n)d caracteres.") % {
            "n": MAXIMO_JUSTIFICATIVA})
    tipo_laudo = None
    if set(escolhidas) & EXIGEM_LAUDO:
        if not laudo:
            raise ValidationError(_(
                "Anexe o laudo médico (para o tempo adicional, o parecer da equipe "
                "multiprofissional ou do especialista): %(f)s.") % {"f": FUNDAMENTO_PCD})
        tipo_laudo = arquivos.validar_anexo(laudo)
    elif laudo:
        raise ValidationError(_("O laudo médico só é pedido para as condições da pessoa com "
                                "deficiência; a lactante não anexa laudo."))
    dados_lactante = DadosLactante()
    if Condicao.LACTANTE in escolhidas:
        dados_lactante = _limpar_lactante(lactante or DadosLactante(), agora)
    pedido = None
    try:
        with transaction.atomic():
            pedido = _solicitar(inscricao, autor, escolhidas, justificativa, laudo, tipo_laudo,
                                dados_lactante, agora)
    except BaseException:
        if pedido is not None and pedido.laudo:
            pedido.laudo.delete(save=False)
        raise
    return pedido


def _solicitar(inscricao, autor, escolhidas, justificativa, laudo, tipo_laudo, lactante,
               agora) -> PedidoAtendimento:
    insc = travar(Inscricao, inscricao, "certame", "candidato")
    _checar_titular(autor, insc)
    _checar_janela_pedido(insc.certame, agora)
    if insc.situacao in FINAIS:
        raise ValidationError(_("A inscrição está %(s)s.") % {
            "s": insc.get_situacao_display().lower()})
    anterior = pedido_vigente(insc)
    if anterior is not None:
        recurso = recurso_do_pedido(anterior)
        if recurso is not None and julgamento(anterior) is None:
            raise ValidationError(_("Há um recurso seu aguardando julgamento: um novo pedido "
                                    "só depois dele."))
    pedido = PedidoAtendimento(
        inscricao=insc, autor=autor, solicitado_em=agora, justificativa=justificativa,
        nascimento_crianca=lactante.nascimento_crianca,
        acompanhante_nome=lactante.acompanhante_nome,
        acompanhante_cpf=lactante.acompanhante_cpf)
    if tipo_laudo is not None:
        pedido.laudo_tipo_conteudo = tipo_laudo.tipo_conteudo
        pedido.laudo.save(arquivos.nome_armazenado(tipo_laudo), laudo, save=False)
    pedido.save()
    CondicaoSolicitada.objects.bulk_create([
        CondicaoSolicitada(pedido=pedido, condicao=codigo, detalhe=detalhe)
        for codigo, detalhe in escolhidas.items()])
    fundamentos = sorted({fundamento(c) for c in escolhidas})
    registrar_ato(
        tipo="atendimento_pedido", autor=autor, certame=insc.certame, objeto=pedido,
        descricao=_("Pedido de atendimento especializado da inscrição %(n)s%(s)s.") % {
            "n": insc.numero,
            "s": _(" (substitui o pedido anterior)") if anterior is not None else ""},
        fundamento_legal="; ".join(fundamentos)[:250],
        depois={"condicoes": sorted(escolhidas), "laudo": bool(tipo_laudo),
                "substitui": anterior.pk if anterior else None})
    return pedido


# --- RH's decision and the appeal's ruling ----------------------------------------------------


@dataclass
class ResultadoCondicao:
    """RH's result for one requested condition."""

    resultado: str
    motivacao: str = ""
    minutos: int | None = None


def _limpar_resultados(pedido: PedidoAtendimento, resultados: dict[str, ResultadoCondicao]
                       ) -> list[ItemDecisaoAtendimento]:
    pedidas = list(pedido.condicoes.order_by("pk").values_list("condicao", flat=True))
    faltam = [c for c in pedidas if c not in resultados]
    if faltam:
        raise ValidationError(_("Decida cada condição pedida: falta %(c)s.") % {
            "c": ", ".join(str(Condicao(c).label) for c in faltam)})
    if set(resultados) - set(pedidas):
        raise ValidationError(_("Só se decidem as condições pedidas."))
    itens = []
    for codigo in pedidas:
        dado = resultados[codigo]
        rotulo = Condicao(codigo).label
        if dado.resultado not in Resultado.values:
            raise ValidationError(_("Resultado inválido para %(c)s.") % {"c": rotulo})
        motivacao = (dado.motivacao or "").strip()
        minutos = None
        if dado.resultado == Resultado.INDEFERIDO:
            try:
                motivacao = validar_motivacao(
                    motivacao, desfavoravel=True,
                    especifica=_("diga por que “%(c)s” não é concedida, %(f)s") % {
                        "c": rotulo, "f": FUNDAMENTO_MOTIVACAO})
            except ValidationError as exc:
                raise ValidationError(_("%(c)s: %(e)s") % {
                    "c": rotulo, "e": " ".join(exc.messages)}) from None
        elif codigo == Condicao.TEMPO_ADICIONAL:
            if dado.minutos is None or not 1 <= int(dado.minutos) <= MAXIMO_MINUTOS:
                raise ValidationError(_(
                    "Informe os minutos de tempo adicional concedidos (de 1 a %(m)d).") % {
                    "m": MAXIMO_MINUTOS})
            minutos = int(dado.minutos)
        itens.append(ItemDecisaoAtendimento(condicao=codigo, resultado=dado.resultado,
                                            motivacao=motivacao, minutos_adicionais=minutos))
    return itens


def _checar_rh(autor) -> None:
    if not e_rh(autor):
        raise PermissionDenied(_("Só o RH decide o atendimento especializado."))


def _descrever(itens: list[ItemDecisaoAtendimento]) -> str:
    return "; ".join(f"{Condicao(i.condicao).label}: {Resultado(i.resultado).label.lower()}"
                     for i in itens)


@transaction.atomic
def decidir(pedido: PedidoAtendimento, *, autor, resultados: dict[str, ResultadoCondicao],
            motivacao: str, agora: dt.datetime | None = None) -> DecisaoAtendimento:
    """RH's motivated decision on every requested condition (a later one supersedes an
    earlier one until the candidate appeals)."""
    _checar_rh(autor)
    agora = agora or timezone.now()
    pedido = travar(PedidoAtendimento, pedido, "inscricao__certame")
    travar_certame(pedido.inscricao.certame_id)
    _checar_janela_analise(pedido.inscricao.certame, agora)
    if not vigente(pedido):
        raise ValidationError(_("Este pedido foi substituído por um pedido mais recente do(a) "
                                "candidato(a): decida o pedido vigente."))
    if recurso_do_pedido(pedido) is not None:
        raise ValidationError(_("O(a) candidato(a) já recorreu: a revisão se faz no "
                                "julgamento do recurso."))
    itens = _limpar_resultados(pedido, resultados)
    motivacao = validar_motivacao(motivacao, desfavoravel=False)
    anterior = decisao_primeira(pedido)
    decisao = DecisaoAtendimento.objects.create(
        pedido=pedido, fase=Fase.PRIMEIRA_INSTANCIA, motivacao=motivacao, autor=autor,
        decidida_em=agora)
    for item in itens:
        item.decisao = decisao
    ItemDecisaoAtendimento.objects.bulk_create(itens)
    insc = pedido.inscricao
    registrar_ato(
        tipo="atendimento_decisao", autor=autor, certame=insc.certame, objeto=pedido,
        descricao=_("Decisão sobre o atendimento especializado da inscrição %(n)s%(s)s: "
                    "%(d)s.") % {"n": insc.numero, "d": _descrever(itens),
                                 "s": _(" (substitui a decisão anterior)") if anterior else ""},
        motivacao=motivacao,
        fundamento_legal="; ".join([*sorted({fundamento(i.condicao) for i in itens}),
                                    FUNDAMENTO_MOTIVACAO])[:250],
        antes={"decisao": anterior.pk} if anterior else None,
        depois={"decisao": decisao.pk,
                "itens": {i.condicao: i.resultado for i in itens}})
    _avisar(decisao)
    return decisao


def apresentar_recurso(pedido: PedidoAtendimento, *, autor, texto: str, arquivos=(),
                       agora: dt.datetime | None = None) -> Recurso:
    """The candidate's one appeal (the kernel's), within the window of the decision."""
    return kernel.apresentar_recurso(CHAVE, pedido, autor=autor, texto=texto,
                                     arquivos_enviados=arquivos, agora=agora)


def motivo_para_nao_julgar(pedido: PedidoAtendimento, user,
                           agora: dt.datetime | None = None) -> str | None:
    """Why `user` cannot judge the appeal now: only the certame's superior authority, once
    the decider has kept the decision or the reconsideration period has ended
    (`nucleo.autoridade`)."""
    recurso = recurso_do_pedido(pedido)
    if recurso is None:
        return _("Não há recurso a julgar neste pedido.")
    return autoridade.motivo_para_nao_julgar(recurso, user, agora)


def reconsiderar(pedido: PedidoAtendimento, *, autor, motivacao: str, minutos: int | None,
                 agora: dt.datetime) -> dict:
    """The decider reconsiders (the plug-in's `reconsiderar`, inside the kernel's transaction,
    `nucleo.autoridade`): every requested condition granted, the denied extra time with the
    minutes given now. A new decision that supersedes the first one; the candidate is told."""
    pedido = travar(PedidoAtendimento, pedido, "inscricao__certame")
    primeira = decisao_primeira(pedido)
    anteriores = {i.condicao: i for i in primeira.itens.all()}
    resultados = {}
    for codigo in pedido.condicoes.order_by("pk").values_list("condicao", flat=True):
        item = anteriores.get(codigo)
        concedida = item is not None and item.resultado == Resultado.DEFERIDO
        resultados[codigo] = ResultadoCondicao(
            Resultado.DEFERIDO, minutos=(item.minutos_adicionais if concedida else minutos)
            if codigo == Condicao.TEMPO_ADICIONAL else None)
    itens = _limpar_resultados(pedido, resultados)
    decisao = DecisaoAtendimento.objects.create(
        pedido=pedido, fase=Fase.RECONSIDERACAO, motivacao=motivacao, autor=autor,
        decidida_em=agora)
    for item in itens:
        item.decisao = decisao
    ItemDecisaoAtendimento.objects.bulk_create(itens)
    _avisar(decisao)
    return {"descricao": _("Decisão sobre o atendimento especializado da inscrição %(n)s "
                           "reconsiderada por quem a proferiu: %(d)s (recurso atendido).") % {
                               "n": pedido.inscricao.numero, "d": _descrever(itens)},
            "depois": {"decisao": decisao.pk, "antes": primeira.pk,
                       "itens": {i.condicao: i.resultado for i in itens}}}


@transaction.atomic
def julgar_recurso(pedido: PedidoAtendimento, *, autor,
                   resultados: dict[str, ResultadoCondicao], motivacao: str,
                   agora: dt.datetime | None = None) -> DecisaoAtendimento:
    """The one motivated ruling on the appeal, by the certame's superior authority once the
    decider did not reconsider (`nucleo.autoridade`); it restates every condition and
    supersedes the decision, never taking back a granted condition."""
    _checar_rh(autor)
    agora = agora or timezone.now()
    travar_certame(pedido.inscricao.certame_id)
    pedido = travar(PedidoAtendimento, pedido, "inscricao__certame")
    motivo = motivo_para_nao_julgar(pedido, autor, agora)
    if motivo:
        raise ValidationError(motivo)
    itens = _limpar_resultados(pedido, resultados)
    primeira = decisao_primeira(pedido)
    concedidas = set(primeira.itens.filter(resultado=Resultado.DEFERIDO)
                     .values_list("condicao", flat=True))
    retiradas = [i for i in itens
                 if i.condicao in concedidas and i.resultado == Resultado.INDEFERIDO]
    if retiradas:
        raise ValidationError(_(
            "O julgamento do recurso não retira condição já concedida (%(c)s): o recurso não "
            "agrava a situação de quem recorre sem ouvi-lo(a) (Lei 9.784/1999, art. 64, "
            "parágrafo único).") % {
            "c": ", ".join(str(Condicao(i.condicao).label) for i in retiradas)})
    motivacao = validar_motivacao(
        motivacao, desfavoravel=any(i.resultado == Resultado.INDEFERIDO for i in itens),
        especifica=_("aprecie as razões do recurso"))
    decisao = DecisaoAtendimento.objects.create(
        pedido=pedido, fase=Fase.RECURSO, motivacao=motivacao, autor=autor, decidida_em=agora)
    for item in itens:
        item.decisao = decisao
    ItemDecisaoAtendimento.objects.bulk_create(itens)
    insc = pedido.inscricao
    registrar_ato(
        tipo="atendimento_julgamento_recurso", autor=autor, certame=insc.certame,
        objeto=pedido,
        descricao=_("Julgamento do recurso sobre o atendimento especializado da inscrição "
                    "%(n)s: %(d)s.") % {"n": insc.numero, "d": _descrever(itens)},
        motivacao=motivacao, fundamento_legal=FUNDAMENTO_RECURSO,
        antes={"decisao": primeira.pk},
        depois={"decisao": decisao.pk, "itens": {i.condicao: i.resultado for i in itens}})
    _avisar(decisao)
    return decisao


def _avisar(decisao: DecisaoAtendimento) -> None:
    transaction.on_commit(lambda: enfileirar(TAREFA_AVISO, decisao.pk))


def avisar_decisao(decisao_id: int) -> bool:
    """Tell the candidate, by e-mail, that their request was decided (no condition nor
    motivation in the e-mail: health data; they read it in their area). Returns whether an
    e-mail was sent."""
    decisao = (DecisaoAtendimento.objects
               .select_related("pedido__inscricao__candidato", "pedido__inscricao__certame")
               .get(pk=decisao_id))
    insc = decisao.pedido.inscricao
    if not insc.candidato.email:
        return False
    if decisao.fase == Fase.RECURSO:
        corpo = _("O seu recurso sobre o atendimento especializado na prova da inscrição %(n)s "
                  "(%(c)s) foi julgado. Veja o resultado de cada condição na sua área do "
                  "candidato.")
    elif decisao.fase == Fase.RECONSIDERACAO:
        corpo = _("A decisão sobre o seu atendimento especializado na prova da inscrição %(n)s "
                  "(%(c)s) foi reconsiderada por quem a proferiu, em razão do seu recurso. Veja "
                  "o resultado de cada condição na sua área do candidato.")
    else:
        corpo = _("O seu pedido de atendimento especializado na prova da inscrição %(n)s "
                  "(%(c)s) foi decidido. Veja o resultado de cada condição e a motivação na sua "
                  "área do candidato; se alguma condição foi indeferida, você pode recorrer em "
                  "até %(d)d dias (Lei 9.784/1999, art. 59).")
    send_mail(_("Atendimento especializado — inscrição %(n)s") % {"n": insc.numero},
              corpo % {"n": insc.numero, "c": insc.certame.titulo, "d": PRAZO_RECURSO_DIAS},
              settings.DEFAULT_FROM_EMAIL, [insc.candidato.email], fail_silently=True)
    return True


# --- what the candidate and RH see ------------------------------------------------------------


@dataclass
class Situacao:
    """A request as its pages show it."""

    pedido: PedidoAtendimento | None
    decisao: DecisaoAtendimento | None = None
    itens: list[ItemDecisaoAtendimento] = field(default_factory=list)
    recurso: Recurso | None = None
    janela: JanelaRecurso | None = None
    motivo_sem_recurso: str | None = None
    #: Where the appeal is (with the decider, the superior authority, decided).
    tramite: autoridade.Tramite | None = None

    @property
    def estado(self) -> str:
        if self.pedido is None:
            return ""
        if self.decisao is None:
            return "recurso" if self.recurso else "analise"
        if self.recurso and self.decisao.fase == Fase.PRIMEIRA_INSTANCIA:
            return "recurso"
        return "decidido"

    @property
    def rotulo(self) -> str:
        return str(ROTULOS_ESTADO.get(self.estado, ""))

    @property
    def pode_recorrer(self) -> bool:
        return self.pedido is not None and self.motivo_sem_recurso is None


ROTULOS_ESTADO = {
    "analise": gettext_lazy("Em análise pelo RH"),
    "recurso": gettext_lazy("Recurso aguardando julgamento"),
    "decidido": gettext_lazy("Decidido"),
}


def situacao(pedido: PedidoAtendimento | None, agora: dt.datetime | None = None) -> Situacao:
    agora = agora or timezone.now()
    if pedido is None:
        return Situacao(None)
    decisao = decisao_vigente(pedido)
    recurso = recurso_do_pedido(pedido)
    return Situacao(
        pedido, decisao, list(decisao.itens.order_by("pk")) if decisao else [],
        recurso, janela_recurso(pedido, agora), motivo_para_nao_recorrer(pedido, agora),
        autoridade.tramite(recurso, agora) if recurso is not None else None)


@dataclass(frozen=True)
class Aviso:
    """A line of the candidate's "O que vem a seguir" (`portal.passos.proximos_passos`
    wraps it): a decision made at `data`."""

    tipo: str  # "resultado" (the portal's PASSO_* kinds)
    texto: str
    data: dt.datetime
    url: str
    prazo: bool


def avisos(inscricao: Inscricao, agora: dt.datetime, dias_novidade: int) -> list[Aviso]:
    """What the candidate has to see about their request in force: a decision of the last
    `dias_novidade` days. The appeal window open against a rejection is one of the
    inscrição's windows (`candidatos.janelas`, read by the dashboard with every other)."""
    pedido = pedido_vigente(inscricao)
    if pedido is None:
        return []
    url = reverse("condicoes:inscricao", args=[inscricao.pk])
    decisao = decisao_vigente(pedido)
    if decisao is not None and decisao.decidida_em >= agora - dt.timedelta(days=dias_novidade):
        return [Aviso("resultado", _("%(f)s sobre o atendimento especializado") % {
            "f": decisao.get_fase_display()}, decisao.decidida_em, url, False)]
    return []


# --- the exam venue's list -----------------------------------------------------------------------

#: CSV keys (open, stable) and the XLSX's labels, in order.
COLUNAS = ("inscricao", "nome", "cargo", "condicoes", "tempo_adicional_minutos",
           "sala_especial", "acompanhante_lactante", "observacoes")
ROTULOS_COLUNAS = (gettext_lazy("Inscrição"), gettext_lazy("Nome"), gettext_lazy("Cargo"),
                   gettext_lazy("Condições concedidas"),
                   gettext_lazy("Tempo adicional (minutos)"),
                   gettext_lazy("Sala ou mobiliário"),
                   gettext_lazy("Acompanhante da lactante"), gettext_lazy("Observações"))
#: What the room needs.
SALA = (Condicao.SALA_ACESSO, Condicao.MOBILIARIO, Condicao.LACTANTE)


def concedidas(certame: Certame) -> list[tuple[PedidoAtendimento, list[ItemDecisaoAtendimento]]]:
    """Each inscrição's request in force whose decision in force grants something, by
    inscrição number."""
    pedidos = (PedidoAtendimento.objects.filter(inscricao__certame=certame)
               .select_related("inscricao__candidato", "inscricao__cargo")
               .prefetch_related("condicoes", "decisoes__itens")
               .order_by("inscricao__numero", "-solicitado_em", "-pk"))
    vistos: set[int] = set()
    linhas = []
    for pedido in pedidos:
        if pedido.inscricao_id in vistos:
            continue
        vistos.add(pedido.inscricao_id)
        if pedido.inscricao.situacao in FINAIS:
            continue
        decisoes = sorted(pedido.decisoes.all(), key=lambda d: (d.decidida_em, d.pk))
        recurso = [d for d in decisoes if d.fase in FASES_DO_RECURSO]
        decisao = (recurso or [d for d in decisoes if d.fase == Fase.PRIMEIRA_INSTANCIA]
                   or [None])[-1]
        if decisao is None:
            continue
        itens = [i for i in sorted(decisao.itens.all(), key=lambda i: i.pk)
                 if i.resultado == Resultado.DEFERIDO]
        if itens:
            linhas.append((pedido, itens))
    return linhas


def linhas_exportacao(certame: Certame) -> list[list]:
    """The exam venue's rows: the granted conditions, never the report nor the disability."""
    linhas = []
    for pedido, itens in concedidas(certame):
        insc = pedido.inscricao
        detalhes = {c.condicao: c.detalhe for c in pedido.condicoes.all()}
        nomes, sala, obs = [], [], []
        minutos = None
        for item in itens:
            rotulo = str(Condicao(item.condicao).label)
            detalhe = detalhes.get(item.condicao, "")
            nomes.append(f"{rotulo} ({detalhe})" if detalhe else rotulo)
            if item.condicao == Condicao.TEMPO_ADICIONAL:
                minutos = item.minutos_adicionais
            if item.condicao in SALA:
                sala.append(rotulo)
            if item.condicao == Condicao.LACTANTE:
                obs.append(_("Amamentação a cada 2 horas, até 30 minutos por filho, tempo "
                             "compensado na prova; certidão de nascimento no dia da prova "
                             "(Lei 13.872/2019, arts. 2º e 4º)"))
        acompanhante = ""
        if pedido.acompanhante_nome and any(i.condicao == Condicao.LACTANTE for i in itens):
            acompanhante = _("%(n)s (CPF %(c)s)") % {
                "n": pedido.acompanhante_nome, "c": formatar_cpf(pedido.acompanhante_cpf)}
        linhas.append([insc.numero, insc.candidato.nome_exibicao, insc.cargo.nome,
                       "; ".join(nomes), minutos, "; ".join(sala), acompanhante,
                       "; ".join(obs)])
    return linhas


def registrar_exportacao(certame: Certame, *, autor, formato: str, total: int) -> None:
    registrar_ato(
        tipo="atendimento_exportacao", autor=autor, certame=certame,
        descricao=_("Lista de atendimento especializado para o local de prova (%(f)s, "
                    "%(n)d inscrições).") % {"f": formato.upper(), "n": total},
        fundamento_legal=f"{FUNDAMENTO_PCD}; {FUNDAMENTO_LACTANTE}"[:250])


# --- the plug-in of the procedure kernel --------------------------------------------------------


class ProcedimentoAtendimento(registro.Procedimento):
    chave = CHAVE
    slug = "atendimento_especializado"
    nome = gettext_lazy("decisão sobre o atendimento especializado")
    titulo = gettext_lazy("Atendimento especializado na prova")
    etapa_recurso = ""
    publica_em_lotes = False

    def decididos(self, certame):
        return (PedidoAtendimento.objects.filter(inscricao__certame=certame,
                                                 decisoes__isnull=False).distinct())

    def em_aberto(self, certame):
        return PedidoAtendimento.objects.filter(inscricao__certame=certame,
                                                decisoes__isnull=True)

    def objetos(self, ids):
        return (PedidoAtendimento.objects.filter(pk__in=list(ids))
                .select_related("inscricao__certame").order_by("inscricao__numero", "pk"))

    def certame_id(self, objeto) -> int:
        return objeto.inscricao.certame_id

    def rotulo(self, objeto) -> str:
        return objeto.inscricao.numero

    def desfavoravel(self, objeto) -> bool:
        return desfavoravel(decisao_primeira(objeto))

    def motivo_favoravel(self, objeto) -> str:
        return _("Todas as condições pedidas foram concedidas: não há decisão a recorrer.")

    def motivo_para_nao_recorrer(self, objeto, agora) -> str | None:
        if not vigente(objeto):
            return _("Este pedido foi substituído por um pedido mais recente.")
        if decisao_primeira(objeto) is None:
            return _("O pedido ainda não foi decidido.")
        return None

    def janela_recurso(self, objeto, agora):
        return janela_recurso(objeto, agora)

    def recurso_julgado(self, recurso) -> bool:
        return DecisaoAtendimento.objects.filter(pedido_id=recurso.objeto_id,
                                                 fase__in=FASES_DO_RECURSO).exists()

    # RH decides the request: the appeal goes to the decider, then to the certame's superior
    # authority (Lei 9.784/1999, art. 56, §1º; `nucleo.autoridade`).
    decisao_do_rh = True

    def autor_da_decisao(self, objeto) -> int | None:
        primeira = decisao_primeira(objeto)
        return primeira.autor_id if primeira else None

    def campos_reconsideracao(self, objeto) -> dict:
        """The minutes of extra time, when the reconsideration grants denied extra time."""
        primeira = decisao_primeira(objeto)
        if primeira is None or not primeira.itens.filter(
                condicao=Condicao.TEMPO_ADICIONAL, resultado=Resultado.INDEFERIDO).exists():
            return {}
        return {"minutos": forms.IntegerField(
            label=_("Minutos de tempo adicional concedidos (se reconsiderar)"),
            required=False, min_value=1, max_value=MAXIMO_MINUTOS)}

    def reconsiderar(self, recurso, objeto, *, autor, motivacao, dados, agora) -> dict:
        return reconsiderar(objeto, autor=autor, motivacao=motivacao,
                            minutos=dados.get("minutos"), agora=agora)

    def url_rh(self, objeto) -> str:
        return reverse("painel:atendimento_pedido", args=[objeto.pk])

    def objeto_do_candidato(self, usuario, pk: int):
        """The appeal address names the inscrição (`condicoes:recurso`): its request in force."""
        insc = Inscricao.objects.filter(pk=pk, candidato__usuario=usuario).first()
        return pedido_vigente(insc) if insc is not None else None

    def pagina_do_objeto(self, objeto) -> str:
        return reverse("condicoes:inscricao", args=[objeto.inscricao_id])

    def ao_apresentar_recurso(self, recurso, objeto, autor) -> dict:
        return {"descricao": _("Recurso contra a decisão sobre o atendimento especializado "
                               "da inscrição %(n)s.") % {"n": objeto.inscricao.numero},
                "depois": {"pedido": objeto.pk}}

    def consolidar(self, final, objetos, autor) -> dict:
        return {}

    def fundamento(self, regime: Regime, chave: str = "") -> str:
        if chave == "recurso":
            return FUNDAMENTO_RECURSO
        return f"{FUNDAMENTO_PCD}; {FUNDAMENTO_LACTANTE}"


def registrar_plugin() -> None:
    registro.registrar(ProcedimentoAtendimento())
