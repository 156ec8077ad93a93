"""The retention policy of the personal data the system holds (LGPD, Lei 13.709/2018), as data.

One `Regra` per kind of data: what it is (models, fields, files), the event its period counts
from, the period, what happens at its end, and the legal basis. `privacidade.expurgo` and the
command `manage.py expurgar_dados` execute the rules whose action is not MANTER; the
candidate's page "Meus dados (LGPD)" shows every rule. Changing a period is changing this
module (and the table of docs/operacao.md).

Principles (what the laws fix and what the product decided):

- The decisions and their motivations (pareceres, votes, exemption decisions, list states,
  procedures), the published lists and the acts of the audit trail are never deleted by the
  system. They are the administration's record (CF art. 37, caput: publicidade) and remain
  needed while a claim against the municipality is possible: five years from the act
  (Decreto 20.910/1932, art. 1º). The elimination of public records needs the authorisation
  of the public archive institution (Lei 8.159/1991, art. 9º): it follows the municipality's
  temporality table, not this command.
- The sensitive inputs of those decisions (LGPD, art. 5º, II: racial or ethnic origin,
  health) are what is shredded at the end of the period: anonymised in place, also in the
  history tables (django-simple-history) and in the copies kept inside the acts, or, for
  files, deleted from storage. A marker (`privacidade.models.Expurgo`) says when and under
  which rule; an act (`expurgo_lgpd`) records the counts, never the data (LGPD, art. 15 and
  16: end of the treatment, conservation only for a legal obligation).
- Every period counts from one reference date, `fim_do_certame` (the end of the certame's
  life), except those of data that belong to no certame: the CadÚnico extract
  (`fim_extrato`) and the portal's sign-up requests (`fim_do_pedido`: the day the request
  ended, confirmed, refused, failed or expired). None of the laws the product was built from
  fixes a retention period: every period below is a product default (`padrao_do_produto`),
  chosen from the legal deadlines cited beside it.
- A sign-up request (`candidatos.PedidoCadastro`) is a means, not a record: once it ends, what
  a confirmed one proved lives in the account and the registration (rule `identificacao`),
  and what the person typed is no longer needed (LGPD, art. 6º, III, and art. 15, I). Only a
  claim decided by RH is an administrative decision (Lei 9.784/1999, art. 50): its fact,
  author, motivation and dates stay with the decisions; what was typed stays as long as the
  decision can be challenged or annulled.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from dateutil.relativedelta import relativedelta
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from candidatos.contas import validade_do_link
from candidatos.models import PedidoCadastro
from certames.models import Certame, Etapa
from certames.regras.procedimentos import AVALIACAO_PCD, DOADOR_SANGUE, DOCUMENTAL
from certames.regras.regimes import fundamentos_dos_regimes

#: What happens at the end of the period.
ANONIMIZAR = "anonimizar"
APAGAR_ARQUIVOS = "apagar_arquivos"
APAGAR_REGISTROS = "apagar_registros"
MANTER = "manter"

ACOES = {
    ANONIMIZAR: _("anonimizar os campos"),
    APAGAR_ARQUIVOS: _("apagar os arquivos"),
    APAGAR_REGISTROS: _("apagar os registros"),
    MANTER: _("manter (não há expurgo automático)"),
}

# Citations used by more than one rule.
LGPD = "LGPD (Lei 13.709/2018)"
F_FIM = (f"{LGPD}, art. 15, I, e art. 16 (término do tratamento; conservação só para "
         "obrigação legal)")
F_PRESCRICAO = "Decreto 20.910/1932, art. 1º (prescrição quinquenal contra a Fazenda Pública)"
# The municipal laws' citations are the regimes' data (`certames.regras.regimes`): this
# policy covers every certame, so it cites each registered regime.
F_ANULACAO = (
    "anulação da nomeação por fraude ou declaração falsa: "
    + fundamentos_dos_regimes(lambda r: r.regra_fraude.anulacao) + "; "
    + fundamentos_dos_regimes(
        lambda r: r.isencao.falsidade.anulacao if r.isencao is not None else "")
    + "; Lei 9.784/1999, art. 54, por analogia onde o Município não tiver lei própria")
F_RESERVA = fundamentos_dos_regimes(lambda r: r.fundamento_opcoes_na_inscricao)
F_AVALIACAO_PCD = fundamentos_dos_regimes(lambda r: r.procedimento(AVALIACAO_PCD).fundamento)
F_DOCUMENTOS = "; ".join(filter(None, (
    fundamentos_dos_regimes(lambda r: r.procedimento(DOCUMENTAL).fundamento),
    fundamentos_dos_regimes(
        lambda r: r.isencao.modalidade(DOADOR_SANGUE).fundamento
        if r.isencao is not None and DOADOR_SANGUE in r.isencao.codigos else ""))))
F_CONSULTA_CADUNICO = fundamentos_dos_regimes(
    lambda r: r.isencao.fundamento_consulta if r.isencao is not None else "")
F_VALIDADE_ISENCAO = fundamentos_dos_regimes(
    lambda r: r.isencao.fundamento_deferimento if r.isencao is not None else "")
F_FALSIDADE_ISENCAO = fundamentos_dos_regimes(
    lambda r: r.isencao.falsidade.anulacao if r.isencao is not None else "")
F_VALIDADE = "CF, art. 37, III (validade do concurso: até 2 anos, prorrogável uma vez)"
F_DEFESA = f"{LGPD}, art. 11, II, d, e art. 16, I (exercício regular de direitos em processo)"

#: Years the sensitive inputs outlive the certame: the five-year prescription of claims against
#: the municipality (Decreto 20.910/1932, art. 1º), counted conservatively from the end of the
#: certame, which is after every act of it. Product default.
ANOS_APOS_O_CERTAME = 5
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


@dataclass(frozen=True)
class Regra:
    codigo: str
    titulo: str
    #: What it is, in plain words (shown to the candidate).
    dados: str
    #: Where it lives: models, fields and files (for RH and docs/operacao.md).
    onde: tuple[str, ...]
    #: Why it is held.
    finalidade: str
    #: The event the period counts from.
    evento: str
    #: The period after the event; None: no automatic end (MANTER).
    periodo: relativedelta | None
    prazo: str
    acao: str
    #: What happens at the end, and what stays.
    ao_fim: str
    #: Legal basis of the treatment, of the period and of its end.
    fundamento: str
    #: The period is the product's default (no law fixes it).
    padrao_do_produto: bool = True

    @property
    def acao_texto(self) -> str:
        return str(ACOES[self.acao])

    @property
    def expurgavel(self) -> bool:
        return self.acao != MANTER


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
)

LAUDOS = Regra(
    codigo="laudos",
    titulo=_("Laudos médicos (pessoa com deficiência)"),
    dados=_("Os arquivos de laudo médico enviados para a lista de pessoas com deficiência "
            "(dado de saúde)."),
    onde=("comissoes.DocumentoEnviado (lista PCD): arquivo e nome original",),
    finalidade=_("Avaliação biopsicossocial da equipe multiprofissional e seu recurso."),
    evento=_("fim do certame"),
    periodo=relativedelta(years=ANOS_APOS_O_CERTAME),
    prazo=_("5 anos após o fim do certame"),
    acao=APAGAR_ARQUIVOS,
    ao_fim=_("O arquivo é apagado e o nome original substituído por uma marca. Ficam o tipo, "
             "o tamanho, o resumo SHA-256 e a data de envio (que provam qual arquivo foi "
             "examinado), a avaliação, o parecer e os atos."),
    fundamento=(
        f"Tratamento: {LGPD}, art. 11, II, a e b ({F_AVALIACAO_PCD}). Prazo: {F_PRESCRICAO}; "
        f"{F_ANULACAO}; {F_DEFESA}. Fim: {F_FIM}."),
)

DOCUMENTOS = Regra(
    codigo="documentos",
    titulo=_("Documentos e anexos enviados"),
    dados=_("Os arquivos enviados pelo candidato, exceto laudos: comprovação de condição "
            "indígena ou quilombola, anexos de recursos (também os do recurso da isenção) e "
            "comprovantes de doação de sangue e do CadÚnico de outro município."),
    onde=("comissoes.DocumentoEnviado (listas I, Q, PPI, PP): arquivo e nome original",
          "nucleo.AnexoRecurso (recursos de todos os procedimentos, também da isenção): "
          "arquivo e nome original",
          "candidatos.PedidoIsencao: arquivos comprovante_doacao e comprovante_cadunico"),
    finalidade=_("Verificação documental, recursos e pedido de isenção da taxa."),
    evento=_("fim do certame"),
    periodo=relativedelta(years=ANOS_APOS_O_CERTAME),
    prazo=_("5 anos após o fim do certame"),
    acao=APAGAR_ARQUIVOS,
    ao_fim=_("O arquivo é apagado e o nome original substituído por uma marca. Ficam os "
             "metadados (tipo, tamanho, SHA-256, data), as análises, os pareceres, as "
             "decisões e os atos."),
    fundamento=(
        f"Tratamento: {LGPD}, art. 11, II, a e b ({F_DOCUMENTOS}). Prazo: {F_PRESCRICAO}; "
        f"{F_ANULACAO}; {F_DEFESA}. Fim: {F_FIM}."),
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
    padrao_do_produto=False,
)

DECISOES = Regra(
    codigo="decisoes",
    titulo=_("Inscrição, notas, decisões e trilha de auditoria"),
    dados=_("Número de inscrição, cargo, opção pelas listas reservadas, notas, situação, "
            "posições nas listas, pareceres e votos das comissões, decisões sobre isenção e "
            "recursos, procedimentos administrativos, decisões sobre reivindicações de "
            "cadastro, publicações e os atos da trilha de auditoria."),
    onde=("candidatos.Inscricao (exceto a autodeclaração), SituacaoLista, DecisaoIsencao, "
          "ProcedimentoAdministrativo",
          "candidatos.PedidoCadastro: CPF, forma de comprovação, situação, datas, quem decidiu "
          "e a motivação (exceto o que foi digitado)",
          "comissoes.Avaliacao, Voto, Recurso, AnaliseDocumento",
          "certames.VersaoClassificacao e posições, Publicacao, Ato"),
    finalidade=_("Classificação, convocação e controle dos atos da administração."),
    evento=_("—"),
    periodo=None,
    prazo=_("permanente no sistema; no mínimo 5 anos após o fim do certame"),
    acao=MANTER,
    ao_fim=_("Não há expurgo automático: a eliminação de documentos públicos depende da "
             "tabela de temporalidade do Município."),
    fundamento=(
        f"CF, art. 37, caput (publicidade); {F_PRESCRICAO}; Lei 8.159/1991, art. 9º "
        f"(eliminação só com autorização da instituição arquivística); {LGPD}, art. 16, I."),
    padrao_do_produto=False,
)

#: Every rule, in the order they are shown and executed.
REGRAS: tuple[Regra, ...] = (AUTODECLARACAO, LAUDOS, DOCUMENTOS, CADUNICO, EXTRATO_CADUNICO,
                             IMPORTACOES, PEDIDOS_CADASTRO, REIVINDICACOES, IDENTIFICACAO,
                             DECISOES)
POR_CODIGO = {r.codigo: r for r in REGRAS}
EXPURGAVEIS = tuple(r for r in REGRAS if r.expurgavel)


def regra(codigo: str) -> Regra:
    return POR_CODIGO[codigo]


# --- the reference date ---------------------------------------------------------------------


def fim_do_certame(certame) -> dt.date | None:
    """The end of the certame's life, from which the retention periods count; None while it
    has not ended (nothing of it expires). THE one place to change when the certame gets a
    homologation date.

    The validity (CF art. 37, III: up to two years, extendable once) counts from the
    homologation, as editais provide. Today there is no homologation date, so its proxy is the
    latest of: the edital's publication, the end of the schedule's "Resultado final /
    homologação" stage, and the first time the certame's history shows it homologated or
    closed. The latest is taken so that the end is never earlier than the real one. A
    cancelled certame ends when it was cancelled (no validity runs).
    """
    status = Certame.Status
    if certame.status in (status.RASCUNHO, status.PUBLICADO, status.EM_ANDAMENTO):
        return None
    historia = certame.history.order_by("history_date")
    if certame.status == status.CANCELADO:
        quando = (historia.filter(status=status.CANCELADO)
                  .values_list("history_date", flat=True).first())
        return timezone.localdate(quando) if quando else timezone.localdate(certame.criado_em)
    datas = [certame.data_publicacao_edital]
    fim_etapa = (Etapa.objects.filter(certame=certame, tipo=Etapa.Tipo.RESULTADO_FINAL)
                 .order_by("-fim").values_list("fim", flat=True).first())
    if fim_etapa is not None:
        datas.append(timezone.localdate(fim_etapa))
    homologado = (historia.filter(status__in=(status.HOMOLOGADO, status.ENCERRADO))
                  .values_list("history_date", flat=True).first())
    if homologado is not None:
        datas.append(timezone.localdate(homologado))
    return max(datas) + relativedelta(months=certame.validade_meses + certame.prorrogacao_meses)


def retido_ate(regra_: Regra, referencia: dt.date) -> dt.date:
    """The last day the data is kept: the reference date plus the period. It is past
    retention from the next day on."""
    assert regra_.periodo is not None
    return referencia + regra_.periodo


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
    PASSWORD_RESET_TIMEOUT, `candidatos.contas.validade_do_link`), unless confirmed before:
    nothing sweeps it, the clock decides, as in the sign-up flow."""
    situacao = PedidoCadastro.Situacao
    if pedido.situacao == situacao.EM_ANALISE:
        return None
    if pedido.concluido_em is not None:
        return timezone.localdate(pedido.concluido_em)
    if pedido.situacao == situacao.AGUARDANDO:
        return timezone.localdate(pedido.criado_em + validade_do_link())
    return timezone.localdate(pedido.criado_em)
