"""The candidatos app's rules of the retention policy (`certames.retencao`) and their
shredders: the self-declaration, the CadÚnico data and extracts, the imported spreadsheets,
the portal's sign-up requests, the identification (declared by `candidatos.declaracoes`).

A sign-up request (`PedidoCadastro`) is a means, not a record: once it ends, what a confirmed
one proved lives in the account and the registration (rule `identificacao`), and what the
person typed is no longer needed (LGPD, art. 6º, III, and art. 15, I). Only a claim decided by
RH is an administrative decision (Lei 9.784/1999, art. 50): its fact, author, motivation and
dates stay with the decisions; what was typed stays as long as the decision can be challenged
or annulled. A request's period counts from the day it ended (`fim_do_pedido`: confirmed,
refused, failed or expired), an extract's from its replacement or reference date
(`fim_extrato`).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter

from dateutil.relativedelta import relativedelta
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from candidatos.contas.cadastro import validade_do_link
from candidatos.models import (
    ExtratoCadUnico,
    Importacao,
    Inscricao,
    PedidoCadastro,
    PedidoIsencao,
    RegistroCadUnico,
)
from certames.models import Ato
from certames.regras.regimes import fundamentos_dos_regimes
from certames.retencao import (
    ANONIMIZAR,
    ANOS_APOS_O_CERTAME,
    APAGAR_ARQUIVOS,
    APAGAR_REGISTROS,
    F_ANULACAO,
    F_DEFESA,
    F_FIM,
    F_PRESCRICAO,
    F_VALIDADE,
    LGPD,
    MANTER,
    Alvo,
    Arquivos,
    Executor,
    Regra,
    alvos_por_certame,
    atos_com_chaves,
    atualizar_ato,
    hoje,
    lotes,
    marca,
    marcados,
    redigir,
    retido_ate,
    sem_marca,
)

#: CadÚnico extract: days a superseded extract's registrations are kept (time for RH to
#: contest an import), and months any extract is kept after its reference date. Product
#: defaults.
DIAS_EXTRATO_SUBSTITUIDO = 90
MESES_EXTRATO = 12
#: Sign-up requests on the portal: days what was typed is kept after a request ended without
#: an RH decision (time to look into a complaint of misuse of a CPF or a security incident,
#: LGPD art. 46 and 48), and years after RH decided a claim (the five-year prescription and
#: the five years to annul an approval, Decreto 20.910/1932 art. 1º; Lei 9.784/1999 art. 54).
#: Product defaults.
DIAS_PEDIDO_CADASTRO = 90
ANOS_REIVINDICACAO_DECIDIDA = 5

F_RESERVA = fundamentos_dos_regimes(lambda r: r.fundamento_opcoes_na_inscricao)
F_CONSULTA_CADUNICO = fundamentos_dos_regimes(
    lambda r: r.isencao.fundamento_consulta if r.isencao is not None else "")
F_VALIDADE_ISENCAO = fundamentos_dos_regimes(
    lambda r: r.isencao.fundamento_deferimento if r.isencao is not None else "")
F_FALSIDADE_ISENCAO = fundamentos_dos_regimes(
    lambda r: r.isencao.falsidade.anulacao if r.isencao is not None else "")

AUTODECLARACAO = Regra(
    codigo="autodeclaracao",
    titulo=_("Autodeclaração de cor ou raça, quilombola e deficiência"),
    dados=_("A cor ou raça declarada (quesito do IBGE), a autoatribuição quilombola, a "
            "declaração de deficiência e o seu tipo, de cada inscrição: no registro da "
            "inscrição, no seu histórico de alterações, nos registros de auditoria da "
            "inscrição e no comprovante de inscrição em PDF."),
    onde=("candidatos.Inscricao: cor_raca, quilombola, deficiencia, tipo_deficiencia; "
          "arquivo comprovante",
          "candidatos.HistoricalInscricao: os mesmos campos",
          "certames.Ato da inscrição: as mesmas chaves em antes/depois"),
    finalidade=_("Concorrer às vagas reservadas e permitir a heteroidentificação, a "
                 "verificação documental, a avaliação da equipe multiprofissional, os "
                 "recursos e a apuração de fraude."),
    evento=_("fim do certame"),
    periodo=relativedelta(years=ANOS_APOS_O_CERTAME),
    prazo=_("5 anos após o fim do certame"),
    acao=ANONIMIZAR,
    ao_fim=_("Cor ou raça e tipo de deficiência ficam em branco, quilombola e deficiência "
             "desmarcados, também no histórico e nas cópias dentro dos atos; o comprovante "
             "em PDF é apagado. Ficam a opção pelas listas reservadas, as decisões, suas "
             "motivações e os atos."),
    fundamento=(
        f"Tratamento: {LGPD}, art. 11, II, a e b, e art. 23 (reserva de vagas: {F_RESERVA}). "
        f"Prazo (prova do que foi declarado): {F_PRESCRICAO}; {F_ANULACAO}; {F_DEFESA}. Fim: "
        f"{F_FIM}."),
    ordem=10,
)

CADUNICO = Regra(
    codigo="cadunico",
    titulo=_("Dados do CadÚnico do pedido de isenção"),
    dados=_("O NIS informado e a renda familiar per capita encontrada no CadÚnico, no pedido "
            "de isenção e no seu histórico."),
    onde=("candidatos.PedidoIsencao: nis, renda_per_capita",
          "candidatos.HistoricalPedidoIsencao: os mesmos campos"),
    finalidade=_("Verificar os requisitos da isenção da taxa que a lei do certame prevê e "
                 "apurar declaração falsa."),
    evento=_("fim do certame"),
    periodo=relativedelta(),
    prazo=_("até o fim do certame"),
    acao=ANONIMIZAR,
    ao_fim=_("O NIS é substituído pela marca “expurgado” e a renda apagada. Ficam o tipo do "
             "pedido, o resultado da verificação, as decisões e suas motivações e os atos "
             "(que nunca guardaram o NIS nem a renda)."),
    fundamento=(
        "Tratamento limitado ao necessário para verificar os requisitos: "
        f"{F_CONSULTA_CADUNICO}; {LGPD}, art. 6º, III, e art. 7º, II e III. Prazo: a isenção "
        f"vale só para o certame ({F_VALIDADE_ISENCAO}), cuja vida termina com a validade — "
        f"{F_VALIDADE}; uma declaração falsa apurada depois ({F_FALSIDADE_ISENCAO}) se prova "
        "pela decisão motivada, que registra o que foi verificado e fica. "
        f"Fim: {F_FIM}."),
    ordem=40,
)

EXTRATO_CADUNICO = Regra(
    codigo="extrato_cadunico",
    titulo=_("Extratos do CadÚnico importados"),
    dados=_("NIS, renda per capita, data de atualização e situação de cada família do "
            "extrato que o Município importa (a maioria não é candidata)."),
    onde=("candidatos.RegistroCadUnico: as linhas do extrato",),
    finalidade=_("Verificação automática dos pedidos de isenção."),
    evento=_("substituição do extrato por um mais novo, ou sua data de referência"),
    periodo=relativedelta(days=DIAS_EXTRATO_SUBSTITUIDO),
    prazo=_("90 dias após ser substituído por um mais novo, ou 12 meses após a data de "
            "referência, o que vier antes"),
    acao=APAGAR_REGISTROS,
    ao_fim=_("As linhas do extrato são apagadas, salvo enquanto um pedido ainda não decidido "
             "depender dele. Fica o registro da importação (arquivo, data de referência, "
             "total de linhas)."),
    fundamento=(
        f"{F_CONSULTA_CADUNICO}; {LGPD}, art. 6º, III, e art. 15, I "
        "(finalidade alcançada: cada pedido é verificado com o extrato mais recente até a "
        "sua data, e o pedido ainda não decidido mantém o seu). Fim: "
        f"{LGPD}, art. 16."),
    ordem=50,
)

IMPORTACOES = Regra(
    codigo="importacoes",
    titulo=_("Planilhas da banca importadas"),
    dados=_("Os arquivos CSV/XLSX de inscrições e notas enviados pela banca (CPF, nome, "
            "autodeclaração de todos os candidatos)."),
    onde=("candidatos.Importacao: arquivo",),
    finalidade=_("Importar as inscrições e as notas; conferir a importação."),
    evento=_("fim do certame"),
    periodo=relativedelta(),
    prazo=_("até o fim do certame"),
    acao=APAGAR_ARQUIVOS,
    ao_fim=_("O arquivo é apagado. Ficam o registro da importação (nome, data, resumo, erros) "
             "e os dados importados, cada um com a sua regra."),
    fundamento=(
        f"{LGPD}, art. 6º, III, e art. 15, I: depois do certame a planilha é só uma cópia do "
        "que as inscrições e o seu histórico guardam."),
    ordem=60,
)

PEDIDOS_CADASTRO = Regra(
    codigo="pedidos_cadastro",
    titulo=_("Pedidos de cadastro no portal"),
    dados=_("O que foi digitado em cada pedido de cadastro no portal que terminou sem "
            "decisão da organizadora (confirmado pelo link, encerrado, expirado ou com data de "
            "nascimento e número de inscrição que não conferiram): nome civil e social, data "
            "de nascimento, e-mail, telefone, número de inscrição informado, o e-mail para onde "
            "foi o link e, num pedido expirado, a senha escolhida (guardada só como hash)."),
    onde=("candidatos.PedidoCadastro sem decisão da organizadora: nome, nome_social, "
          "data_nascimento, email, telefone, numero_inscricao, explicacao, email_destino, "
          "senha",
          "certames.Ato do pedido: cópias desses valores em antes/depois; o CPF mascarado na "
          "descrição do objeto, quando o pedido é apagado"),
    finalidade=_("Comprovar que quem se cadastra é o titular do CPF (link no e-mail, "
                 "conferência da data de nascimento e do número de inscrição) antes de criar a "
                 "conta que dá acesso aos dados da inscrição."),
    evento=_("fim do pedido (confirmação, encerramento, falha na conferência ou expiração do "
             "link)"),
    periodo=relativedelta(days=DIAS_PEDIDO_CADASTRO),
    prazo=_("90 dias após o fim do pedido"),
    acao=ANONIMIZAR,
    ao_fim=_("Nome, data de nascimento, e-mail, telefone, número de inscrição informado, o "
             "e-mail do link e a senha são anonimizados (o nome vira a marca do expurgo, a data "
             "de nascimento 01/01/1900, os demais ficam em branco), também nas cópias dentro "
             "dos atos do pedido. Ficam o CPF (o do cadastro ou da conta a que o pedido se "
             "ligou), a forma de comprovação, a situação, as datas e os atos. O pedido que não "
             "se ligou a cadastro nem a conta (CPF sem inscrição, nunca confirmado) é apagado; "
             "o seu ato registra que ele existiu, com o CPF substituído pela marca."),
    fundamento=(
        f"Tratamento: {LGPD}, art. 7º, III, e art. 23 (atendimento da finalidade pública do "
        "certame), com a segurança que o acesso a dados sensíveis exige (art. 6º, VII, e art. "
        "46). Prazo: a finalidade se esgota com o fim do pedido (art. 15, I): o que uma conta "
        "confirmada usa já está no cadastro e na conta (regra “identificacao”); os 90 dias "
        "servem para apurar reclamação de uso indevido do CPF ou incidente de segurança (art. "
        f"46 e 48). Fim: {LGPD}, art. 6º, III (necessidade); {F_FIM}."),
    ordem=70,
)

REIVINDICACOES = Regra(
    codigo="reivindicacoes",
    titulo=_("Reivindicações de cadastro decididas pela organizadora"),
    dados=_("O que o requerente digitou numa reivindicação de cadastro importado que a "
            "organizadora aprovou ou recusou: nome civil e social, data de nascimento, e-mail, "
            "telefone, número de inscrição informado, explicação e o e-mail do cadastro que foi "
            "avisado da reivindicação."),
    onde=("candidatos.PedidoCadastro aprovado ou recusado pela organizadora: os mesmos campos "
          "de “pedidos_cadastro”",
          "certames.Ato da reivindicação: cópias desses valores em antes/depois"),
    finalidade=_("Conferir a identidade do requerente e provar o que a decisão examinou, na "
                 "defesa da decisão e na anulação de uma aprovação obtida com fraude."),
    evento=_("decisão da organizadora"),
    periodo=relativedelta(years=ANOS_REIVINDICACAO_DECIDIDA),
    prazo=_("5 anos após a decisão"),
    acao=ANONIMIZAR,
    ao_fim=_("Os dados digitados são anonimizados como nos pedidos de cadastro, também nas "
             "cópias dentro dos atos. Ficam o CPF e o cadastro reivindicado, a forma de "
             "comprovação, a situação, quem decidiu, a motivação, as datas, a conta criada e os "
             "atos: a decisão motivada registra o que foi conferido."),
    fundamento=(
        f"Tratamento: {LGPD}, art. 7º, III, e art. 23; art. 6º, VII, e art. 46 (conferência da "
        "identidade antes de dar acesso a dados sensíveis); decisão motivada: Lei 9.784/1999, "
        f"art. 50. Prazo: {F_PRESCRICAO}; anulação de aprovação obtida com fraude (ato "
        "favorável ao destinatário: 5 anos, Lei 9.784/1999, art. 54, por analogia onde o "
        f"Município não tiver lei própria); {LGPD}, art. 7º, VI, e art. 16, I (exercício "
        f"regular de direitos em processo). Fim: {F_FIM}."),
    ordem=80,
)

IDENTIFICACAO = Regra(
    codigo="identificacao",
    titulo=_("Identificação e conta"),
    dados=_("CPF, nome civil e social, data de nascimento, e-mail, telefone e a conta de "
            "acesso."),
    onde=("candidatos.Candidato e seu histórico", "auth.User"),
    finalidade=_("Identificar o candidato nas inscrições, nas listas publicadas (CPF "
                 "mascarado) e nos atos; contato sobre convocações."),
    evento=_("—"),
    periodo=None,
    prazo=_("enquanto houver inscrições e atos que o identifiquem"),
    acao=MANTER,
    ao_fim=_("Não há expurgo automático: o nome e o número de inscrição fazem parte das "
             "listas e dos atos publicados."),
    fundamento=(
        f"{LGPD}, art. 7º, II e III, e art. 23; CF, art. 37, caput (publicidade); "
        f"{F_PRESCRICAO}."),
    ordem=90,
    padrao_do_produto=False,
)


def fim_extrato(data_referencia: dt.date, substituido_em: dt.date | None) -> dt.date:
    """Last day an extract's registrations are kept (EXTRATO_CADUNICO)."""
    limite = data_referencia + relativedelta(months=MESES_EXTRATO)
    if substituido_em is not None:
        limite = min(limite, substituido_em + relativedelta(days=DIAS_EXTRATO_SUBSTITUIDO))
    return limite


def fim_do_pedido(pedido) -> dt.date | None:
    """The day a sign-up request (`candidatos.PedidoCadastro`) ended, from which its period
    counts (PEDIDOS_CADASTRO, REIVINDICACOES); None while it is pending (a claim waiting for
    RH).

    Confirmed, refused, superseded and expired-and-replaced requests carry the moment they
    ended (`concluido_em`); a failed check of birth date and inscrição number ended when it was
    made. One still waiting for its link ends when the link expires (Django's
    PASSWORD_RESET_TIMEOUT, `candidatos.contas.cadastro.validade_do_link`), unless confirmed before:
    nothing sweeps it, the clock decides, as in the sign-up flow."""
    situacao = PedidoCadastro.Situacao
    if pedido.situacao == situacao.EM_ANALISE:
        return None
    if pedido.concluido_em is not None:
        return timezone.localdate(pedido.concluido_em)
    if pedido.situacao == situacao.AGUARDANDO:
        return timezone.localdate(pedido.criado_em + validade_do_link())
    return timezone.localdate(pedido.criado_em)


# --- the shredders ---------------------------------------------------------------------------

#: Fields of the self-declaration, anonymised in the inscrição, its history and its acts.
CAMPOS_AUTODECLARACAO = {"cor_raca": "", "quilombola": False, "deficiencia": False,
                         "tipo_deficiencia": ""}
#: What the NIS becomes (the table requires a NIS on a CadÚnico request).
NIS_EXPURGADO = "expurgado"
#: What a portal sign-up request holds that the person typed (PEDIDOS_CADASTRO,
#: REIVINDICACOES). The table requires a name, a birth date and an e-mail (NOT NULL): the name
#: becomes the marker, the birth date DATA_EXPURGADA (no candidate was born then), the others
#: are blank (an empty address is what the sign-up e-mails already treat as "nobody to send
#: to"). The password hash, already erased when a request ends, is erased from an expired one.
CAMPOS_PEDIDO = ("nome", "nome_social", "data_nascimento", "email", "telefone",
                 "numero_inscricao", "explicacao", "email_destino", "senha")
DATA_EXPURGADA = dt.date(1900, 1, 1)


class Autodeclaracao(Executor):
    regra = AUTODECLARACAO

    def alvos(self, em):
        # Every inscrição of the certame (the receipt, when any, is deleted too).
        alvos = alvos_por_certame(Inscricao.objects.all(), self.regra, em, "certame_id",
                                  carregar=("comprovante",))
        for alvo in alvos:
            if alvo.objeto.comprovante:
                alvo.arquivos["comprovante"] = alvo.objeto.comprovante.name
        return alvos

    def contar_extras(self, alvos, resultado):
        ids = [a.objeto.pk for a in alvos]
        historico = Inscricao.history.model.objects
        resultado.historico = sum(historico.filter(id__in=lote).count() for lote in lotes(ids))
        resultado.atos = sum(1 for _a in atos_com_chaves(Inscricao, ids, CAMPOS_AUTODECLARACAO))

    def aplicar(self, alvos, resultado, quando):
        ids = [a.objeto.pk for a in alvos]
        historico = Inscricao.history.model.objects
        for lote in lotes(ids):
            # QuerySet.update: no new history row (the old ones are anonymised below).
            Inscricao.objects.filter(pk__in=lote).update(comprovante="", **CAMPOS_AUTODECLARACAO)
            resultado.historico += historico.filter(id__in=lote).update(**CAMPOS_AUTODECLARACAO)
        texto = marca(self.regra, quando)
        self.atos_por_objeto = Counter()
        for ato in list(atos_com_chaves(Inscricao, ids, CAMPOS_AUTODECLARACAO)):
            atualizar_ato(ato, redigir(ato.antes, set(CAMPOS_AUTODECLARACAO), texto),
                          redigir(ato.depois, set(CAMPOS_AUTODECLARACAO), texto))
            self.atos_por_objeto[ato.objeto_id] += 1
            resultado.atos += 1

    def campos(self, alvo):
        return {"campos": sorted(CAMPOS_AUTODECLARACAO), "arquivos": sorted(alvo.arquivos),
                "historico": True, "atos": self.atos_por_objeto.get(str(alvo.objeto.pk), 0)}


class Importacoes(Arquivos):
    regra = IMPORTACOES
    fontes = ((lambda: Importacao.objects.all(), "certame_id", "arquivo", ""),)


class CadUnico(Executor):
    regra = CADUNICO

    def alvos(self, em):
        qs = PedidoIsencao.objects.filter(tipo=PedidoIsencao.Tipo.CADUNICO)
        return alvos_por_certame(qs, self.regra, em, "inscricao__certame_id")

    def contar_extras(self, alvos, resultado):
        ids = [a.objeto.pk for a in alvos]
        historico = PedidoIsencao.history.model.objects
        resultado.historico = sum(historico.filter(id__in=lote).count() for lote in lotes(ids))

    def aplicar(self, alvos, resultado, quando):
        ids = [a.objeto.pk for a in alvos]
        historico = PedidoIsencao.history.model.objects
        for lote in lotes(ids):
            PedidoIsencao.objects.filter(pk__in=lote).update(nis=NIS_EXPURGADO,
                                                             renda_per_capita=None)
            resultado.historico += historico.filter(id__in=lote).update(
                nis=NIS_EXPURGADO, renda_per_capita=None)

    def campos(self, alvo):
        return {"campos": ["nis", "renda_per_capita"], "historico": True}


class ExtratoCadUnicoExecutor(Executor):
    regra = EXTRATO_CADUNICO

    def alvos(self, em):
        extratos = list(ExtratoCadUnico.objects.order_by("data_referencia", "importado_em", "pk"))
        pendentes = set(PedidoIsencao.objects.filter(
            tipo=PedidoIsencao.Tipo.CADUNICO, resultado_preliminar="", extrato__isnull=False)
            .values_list("extrato_id", flat=True))
        com_linhas = set(RegistroCadUnico.objects.values_list("extrato_id", flat=True)
                         .distinct())
        ja_marcados = set(marcados(ExtratoCadUnico, self.regra)
                          .values_list("objeto_id", flat=True))
        alvos = []
        for i, extrato in enumerate(extratos):
            if (extrato.pk in pendentes or extrato.pk not in com_linhas
                    or str(extrato.pk) in ja_marcados):
                continue
            # Superseded when a newer extract (the order `cadunico.ultimo_extrato` uses) was
            # imported: from then on the checks use that one.
            mais_novos = [e.importado_em for e in extratos[i + 1:]]
            substituido = (timezone.localdate(max(extrato.importado_em, min(mais_novos)))
                           if mais_novos else None)
            ate = fim_extrato(extrato.data_referencia, substituido)
            if em > ate:
                alvos.append(Alvo(extrato, None, substituido or extrato.data_referencia, ate))
        return alvos

    def contar_registros(self, alvos, resultado):
        """The extracts' lines, not the extracts, are the records."""
        self.contar_extras(alvos, resultado)
        return sum(self.linhas.values())

    def contar_extras(self, alvos, resultado):
        self.linhas = Counter(RegistroCadUnico.objects.filter(
            extrato__in=[a.objeto for a in alvos]).values_list("extrato_id", flat=True))
        resultado.historico = 0

    def aplicar(self, alvos, resultado, quando):
        self.contar_extras(alvos, resultado)
        for alvo in alvos:
            RegistroCadUnico.objects.filter(extrato=alvo.objeto).delete()

    def campos(self, alvo):
        return {"registros_apagados": self.linhas.get(alvo.objeto.pk, 0)}


SituacaoPedido = PedidoCadastro.Situacao
#: Claims RH decided, approving or refusing them (Lei 9.784/1999, art. 50): the only way a
#: claim (`analise_rh`) becomes "concluido" or "recusado", and the only requests with an author
#: of the decision.
DECIDIDOS_PELA_ORGANIZADORA = (
    Q(via=PedidoCadastro.Via.ANALISE_RH,
      situacao__in=[SituacaoPedido.CONCLUIDO, SituacaoPedido.RECUSADO])
    | Q(decidido_por__isnull=False))


def _normalizado(valor) -> str:
    return str(valor).strip().lower()


def _digitado(pedido: PedidoCadastro) -> dict[str, str]:
    """What the person typed in the request (non-empty values, normalised to compare)."""
    return {campo: _normalizado(getattr(pedido, campo)) for campo in CAMPOS_PEDIDO
            if campo != "senha" and getattr(pedido, campo) not in (None, "")}


def _redigir_copias(valor, digitado: dict[str, str], texto: str):
    """`valor` (an act's antes/depois) with the marker in place of each key that holds a copy
    of what was typed: the same field and the same value. Other values under those keys (the
    previous values of the registration an approval changed, kept under "identificacao") stay."""
    if not isinstance(valor, dict):
        return valor
    return {k: (texto if k in digitado and v not in (None, "") and _normalizado(v) == digitado[k]
                else v) for k, v in valor.items()}


class PedidosCadastro(Executor):
    """Portal sign-up requests that ended without an RH decision, past retention
    (PEDIDOS_CADASTRO); `Reivindicacoes` takes the claims RH decided. What was typed is
    anonymised in the request and in the copies inside its acts; a request linked to no
    registration and no account (a CPF no record holds, never confirmed) is deleted, its acts'
    description (the masked CPF) replaced by the marker: only that CPF, of someone who is not a
    candidate, would stay."""

    regra = PEDIDOS_CADASTRO
    #: Delete the requests linked to nothing (never a decided claim).
    apagar_soltos = True

    def _pedidos(self) -> models.QuerySet:
        return (PedidoCadastro.objects.exclude(situacao=SituacaoPedido.EM_ANALISE)
                .exclude(DECIDIDOS_PELA_ORGANIZADORA))

    def _solto(self, pedido: PedidoCadastro) -> bool:
        return self.apagar_soltos and pedido.candidato_id is None and pedido.usuario_id is None

    def alvos(self, em):
        # A request ends on or after the day it was made: a loose bound in the database (the
        # two days cover the end of February in a period of years), the exact test below.
        limite = timezone.make_aware(dt.datetime.combine(
            em - self.regra.periodo + dt.timedelta(days=2), dt.time.min))
        qs = sem_marca(self._pedidos().filter(criado_em__lt=limite), self.regra)
        alvos = []
        for pedido in qs.order_by("pk").iterator(chunk_size=2000):
            fim = fim_do_pedido(pedido)
            if fim is None:
                continue
            ate = retido_ate(self.regra, fim)
            if em > ate:
                alvos.append(Alvo(pedido, None, fim, ate))
        return alvos

    def _atos(self, alvos: list[Alvo], texto: str):
        """(act, antes, depois, description or None) of each act about these requests that
        holds a copy of what was typed or describes a request about to be deleted."""
        pedidos = {str(a.objeto.pk): a.objeto for a in alvos}
        ct = ContentType.objects.get_for_model(PedidoCadastro)
        for lote in lotes(list(pedidos)):
            for ato in (Ato.objects.filter(objeto_tipo=ct, objeto_id__in=lote)
                        .only("pk", "antes", "depois", "objeto_id", "objeto_repr")
                        .order_by("pk")):
                pedido = pedidos[ato.objeto_id]
                digitado = _digitado(pedido)
                antes = _redigir_copias(ato.antes, digitado, texto)
                depois = _redigir_copias(ato.depois, digitado, texto)
                descricao = None
                if self._solto(pedido):
                    descricao = (gettext("Pedido de cadastro nº %(n)s") % {"n": pedido.pk}
                                 + " " + texto)[:250]
                if (antes, depois) != (ato.antes, ato.depois) or descricao is not None:
                    yield ato, antes, depois, descricao

    def contar_extras(self, alvos, resultado):
        resultado.atos = sum(1 for _a in self._atos(alvos, marca(self.regra, hoje())))
        if self.apagar_soltos:
            resultado.apagados = sum(1 for a in alvos if self._solto(a.objeto))

    def aplicar(self, alvos, resultado, quando):
        texto = marca(self.regra, quando)
        self.atos_por_objeto = Counter()
        for ato, antes, depois, descricao in list(self._atos(alvos, texto)):
            atualizar_ato(ato, antes, depois, descricao)
            self.atos_por_objeto[ato.objeto_id] += 1
            resultado.atos += 1
        soltos = [a.objeto.pk for a in alvos if self._solto(a.objeto)]
        ligados = [a.objeto.pk for a in alvos if not self._solto(a.objeto)]
        valores = {campo: "" for campo in CAMPOS_PEDIDO}
        valores.update(nome=texto[:200], data_nascimento=DATA_EXPURGADA)
        for lote in lotes(ligados):
            PedidoCadastro.objects.filter(pk__in=lote).update(**valores)
        for lote in lotes(soltos):
            PedidoCadastro.objects.filter(pk__in=lote).delete()
        if self.apagar_soltos:
            resultado.apagados = len(soltos)

    def campos(self, alvo):
        atos = self.atos_por_objeto.get(str(alvo.objeto.pk), 0)
        if self._solto(alvo.objeto):
            return {"registro_apagado": True, "atos": atos}
        return {"campos": sorted(CAMPOS_PEDIDO), "atos": atos}


class Reivindicacoes(PedidosCadastro):
    """Claims RH decided (REIVINDICACOES): the same anonymisation, never a deletion; the
    decision (author, motivation, dates) stays."""

    regra = REIVINDICACOES
    apagar_soltos = False

    def _pedidos(self):
        return (PedidoCadastro.objects.exclude(situacao=SituacaoPedido.EM_ANALISE)
                .filter(DECIDIDOS_PELA_ORGANIZADORA))


#: The exemption's receipts fall under the rule of the documents the candidate sent
#: (comissoes/declaracoes.py).
ARQUIVOS_DOCUMENTOS = (
    (lambda: PedidoIsencao.objects.all(), "inscricao__certame_id", "comprovante_doacao", ""),
    (lambda: PedidoIsencao.objects.all(), "inscricao__certame_id", "comprovante_cadunico", ""),
)


def objetos_do_titular(candidato, inscricoes: list[int]) -> dict:
    """The candidate's inscrições, exemption requests and the sign-up requests made with their
    CPF (their markers: the candidate's page)."""
    return {
        Inscricao: inscricoes,
        PedidoIsencao: list(PedidoIsencao.objects.filter(inscricao__in=inscricoes)
                            .values_list("pk", flat=True)),
        PedidoCadastro: list(PedidoCadastro.objects.filter(cpf=candidato.cpf)
                             .values_list("pk", flat=True)),
    }
