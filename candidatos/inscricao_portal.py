"""The candidate's own inscrição in the portal: the inscrições window, the inscrição, the change
or withdrawal of the reserved-list option, each option's text beside its law, and the fee as
every candidate page says it. Each act checks the rule, writes in one transaction, records
the act and queues the follow-up work on commit (architecture: "decisions are acts").

What the laws leave open and the product decided:

- Inscrições are accepted while an Etapa of kind "inscricoes" of the certame is open (the
  clock decides: `Etapa.aberta`) and the certame is published or in progress.
- Fee: a cargo with a fee (> 0) starts "pendente"; a cargo without a fee starts "paga" (nothing
  is owed, so the inscrição is confirmed). "isenta" is reserved for a granted exemption, an
  administrative decision (Lei 3.057/2026, art. 2º), and is never set here.
- Change or withdrawal of the reserved-list option: until the end of the inscrições window.
  Pirangi fixes it in law (Lei 3.056/2025, art. 5º, §2º); the other laws are silent, so the
  same window is the product default, an edital rule.
- The self-declaration is valid only for the certame where it was made (Lei 3.057/2026,
  art. 10, §1º): nothing is carried over from another certame's inscrição.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Min, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from candidatos import isencao, servicos
from candidatos.models import Candidato, Inscricao, PedidoIsencao, erros_autodeclaracao
from certames.auditoria import registrar_ato
from certames.models import Cargo, Certame, Etapa
from certames.regras.aritmetica import formatar_percentual
from certames.situacao import motivo_certame_parado
from certames.travas import travar, travar_certame, travar_sem_ler
from comum.filas import enfileirar
from comum.formatos import data_hora_br

#: The receipt's task of candidatos/tasks.py, queued by name (comum/filas.py; tasks imports
#: this module).
TAREFA_COMPROVANTE = "candidatos.gerar_comprovante"


def enfileirar_comprovante(inscricao: Inscricao) -> None:
    """Queue the receipt once the inscrição (or its change) is committed."""
    transaction.on_commit(lambda: enfileirar(TAREFA_COMPROVANTE, inscricao.pk))


#: Certame situations in which inscrições may be accepted (with the window open).
STATUS_ACEITA_INSCRICOES = (Certame.Status.PUBLICADO, Certame.Status.EM_ANDAMENTO)

#: Numbers the portal gives: the edital's year and a zero-padded sequence per certame
#: ("2026000001"). Imported numbers (the banca's) are kept as they come; the sequence goes on
#: from the highest number of the same width, so it never reuses one.
DIGITOS_SEQUENCIA = 6
DIGITOS_NUMERO = 4 + DIGITOS_SEQUENCIA
TENTATIVAS_NUMERO = 5


# --- windows --------------------------------------------------------------------------------


def etapa_inscricoes_aberta(certame: Certame, em=None,
                            etapas: list[Etapa] | None = None) -> Etapa | None:
    """The open inscrições window of the certame now (or at `em`), if any. ``etapas``: the
    certame's schedule when the caller already read it (no query)."""
    agora = em or timezone.now()
    if etapas is not None:
        abertas = [e for e in etapas if e.tipo == Etapa.Tipo.INSCRICOES and e.aberta(agora)]
        return max(abertas, key=lambda e: e.fim) if abertas else None
    return (certame.etapas.filter(tipo=Etapa.Tipo.INSCRICOES, inicio__lte=agora, fim__gte=agora)
            .order_by("fim").last())


def inscricoes_abertas(certame: Certame, em=None, etapas: list[Etapa] | None = None) -> bool:
    """The certame accepts inscrições now (or at `em`): its status, and a stage of the
    inscrições open. ``etapas``: the certame's schedule when the caller already read it."""
    return (certame.status in STATUS_ACEITA_INSCRICOES
            and etapa_inscricoes_aberta(certame, em, etapas) is not None)


def proxima_mudanca_inscricoes(certame: Certame, em=None,
                               etapas: list[Etapa] | None = None) -> dt.datetime | None:
    """The next moment `inscricoes_abertas` may change by the clock alone, after `em` (default
    now): a stage of the inscrições opening, or the instant after one closes (its end is
    inclusive); None when none lies ahead. A change of the certame's status is an act."""
    agora = em or timezone.now()
    if etapas is None:
        etapas = list(certame.etapas.filter(tipo=Etapa.Tipo.INSCRICOES))
    instantes = []
    for etapa in etapas:
        if etapa.tipo != Etapa.Tipo.INSCRICOES:
            continue
        if etapa.inicio > agora:
            instantes.append(etapa.inicio)
        if etapa.fim >= agora:
            instantes.append(etapa.fim + dt.timedelta(microseconds=1))
    return min(instantes, default=None)


def certames_com_inscricoes_abertas(em=None):
    agora = em or timezone.now()
    return (Certame.objects.filter(
        status__in=STATUS_ACEITA_INSCRICOES, etapas__tipo=Etapa.Tipo.INSCRICOES,
        etapas__inicio__lte=agora, etapas__fim__gte=agora)
        .select_related("orgao").distinct().order_by("-data_publicacao_edital", "numero_edital"))


def proximas_mudancas_das_abertas(em=None) -> list[dt.datetime]:
    """When the list of certames open for inscrição (`certames_com_inscricoes_abertas`) may
    next change by the clock alone: the soonest start of a stage of inscrições still to open
    and the soonest end of one not yet ended, among the certames that accept inscrições (one
    query). A cached page showing the list holds no longer (candidatos/cache_situacao.py)."""
    agora = em or timezone.now()
    limites = Etapa.objects.filter(
        tipo=Etapa.Tipo.INSCRICOES, certame__status__in=STATUS_ACEITA_INSCRICOES).aggregate(
        inicio=Min("inicio", filter=Q(inicio__gt=agora)), fim=Min("fim", filter=Q(fim__gte=agora)))
    return [v for v in limites.values() if v is not None]


def fundamento_alteracao_opcao(certame: Certame) -> str:
    """The basis of the rule "the option may change until the end of the inscrições window":
    the regime's law where it says so (`Regime.fundamento_alteracao_opcao`: Lei 3.056/2025,
    art. 5º, §2º), else the edital's rule."""
    fundamento = certame.regime_legal.fundamento_alteracao_opcao
    if fundamento:
        return linguagem_simples(fundamento)
    return _("%(lei)s não disciplina a alteração da opção: vale a regra do edital, até o fim "
             "do período de inscrições") % {"lei": certame.regime_legal.lei}


def _texto_janela(certame: Certame, cronograma: list[Etapa] | None = None) -> str:
    if cronograma is not None:
        etapas = sorted((e for e in cronograma if e.tipo == Etapa.Tipo.INSCRICOES),
                        key=lambda e: e.inicio)
    else:
        etapas = list(certame.etapas.filter(tipo=Etapa.Tipo.INSCRICOES).order_by("inicio"))
    if not etapas:
        return _("O cronograma deste certame não tem período de inscrições.")
    agora = timezone.now()
    futuras = [e for e in etapas if e.inicio > agora]
    if futuras:
        return _("O período de inscrições começa em %(inicio)s.") % {
            "inicio": data_hora_br(futuras[0].inicio)}
    return _("O período de inscrições terminou em %(fim)s.") % {
        "fim": data_hora_br(etapas[-1].fim)}


def motivo_inscricoes_fechadas(certame: Certame) -> str | None:
    """Why the certame does not accept inscrições now (a Portuguese sentence), or None."""
    parado = motivo_certame_parado(certame)
    if parado:
        return parado
    if certame.status not in STATUS_ACEITA_INSCRICOES:
        return _("Este certame não está recebendo inscrições (situação: %(s)s).") % {
            "s": certame.get_status_display().lower()}
    if etapa_inscricoes_aberta(certame) is None:
        return _("Inscrições fechadas. %(janela)s") % {"janela": _texto_janela(certame)}
    return None


def motivo_opcao_inalteravel(inscricao: Inscricao,
                             etapas: list[Etapa] | None = None) -> str | None:
    """Why the candidate may not change the reserved-list option now, or None. ``etapas``:
    the certame's schedule when the caller already read it (the status page: no query)."""
    certame = inscricao.cargo.certame
    parado = motivo_certame_parado(certame)
    if parado:
        return parado
    if inscricao.situacao in servicos.FINAIS:
        return _("A inscrição está %(s)s.") % {"s": inscricao.get_situacao_display().lower()}
    # After the window: fixed at the inscrição, citing the regime's article.
    fixadas = servicos.motivo_opcoes_fixadas(certame, etapas=etapas)
    if fixadas:
        return linguagem_simples(fixadas)
    if etapa_inscricoes_aberta(certame, etapas=etapas) is None:
        return _("A opção pelas vagas reservadas só pode ser alterada ou retirada até o fim do "
                 "período de inscrições (%(fundamento)s). %(janela)s") % {
            "fundamento": fundamento_alteracao_opcao(certame),
            "janela": _texto_janela(certame, etapas)}
    return None


# --- plain words for the candidate ---------------------------------------------------------

#: Internal wording of the rules' citations (`certames.regras`: "padrão do produto" marks a
#: value the law does not fix; "texto não disponível" a law whose text the product lacks) and
#: what the candidate reads instead. The citation itself (law and article) is kept.
_JARGAO = (
    (", texto não disponível)", ")"),
    (" (texto não disponível)", ""),
    ("regra do edital, padrão ", "regra do edital, que segue o "),
    ("padrão do produto", "regra geral do sistema, na falta de regra na lei"),
    ("padrão do sistema", "regra geral do sistema, na falta de regra na lei"),
)


def linguagem_simples(texto: str) -> str:
    """A rule's citation as the candidate reads it: the same law and article, without the
    product's internal wording."""
    texto = str(texto or "")
    for jargao, simples in _JARGAO:
        texto = texto.replace(jargao, simples)
    return texto


# --- the law's text beside each option ------------------------------------------------------


@dataclass(frozen=True)
class OpcaoLista:
    codigo: str
    nome: str
    percentual: str
    fundamento: str

    @property
    def texto(self) -> str:
        return _("%(nome)s — %(p)s das vagas (%(f)s)") % {
            "nome": self.nome, "p": self.percentual, "f": linguagem_simples(self.fundamento)}


def opcoes_do_regime(regime) -> list[OpcaoLista]:
    """The reserved lists a regime offers, with percentage and citation (from the regime)."""
    opcoes = [OpcaoLista(g.codigo, g.nome[:1].upper() + g.nome[1:],
                         formatar_percentual(g.percentual), g.fundamento)
              for g in regime.grupos]
    opcoes.append(OpcaoLista("PCD", _("Pessoas com deficiência"),
                             formatar_percentual(regime.pcd.percentual), regime.pcd.fundamento))
    return opcoes


# --- inscrição ------------------------------------------------------------------------------


def _proximo_numero(certame: Certame) -> str:
    ultimo = (Inscricao.objects.filter(certame=certame,
                                       numero__regex=rf"^[0-9]{{{DIGITOS_NUMERO}}}$")
              .order_by("-numero").values_list("numero", flat=True).first())
    primeiro = certame.data_publicacao_edital.year * 10**DIGITOS_SEQUENCIA + 1
    return f"{max(int(ultimo or 0) + 1, primeiro):0{DIGITOS_NUMERO}d}"


MENSAGEM_JA_INSCRITO = gettext_lazy("Você já tem uma inscrição neste cargo (nº %(n)s).")


MENSAGEM_JA_INSCRITO_SEM_VINCULO = gettext_lazy(
    "Já existe inscrição neste cargo para o seu CPF, registrada pela organizadora e ainda não "
    "vinculada à sua conta: peça o vínculo em “Pedir o vínculo à sua conta”, na sua área.")


def _ja_inscrito(candidato: Candidato, cargo: Cargo) -> ValidationError | None:
    existente = Inscricao.objects.filter(candidato=candidato, cargo=cargo).first()
    if existente is not None:
        return ValidationError({"cargo": [MENSAGEM_JA_INSCRITO % {"n": existente.numero}]})
    # One person, one inscrição per cargo, whichever record holds it: the banca's record of
    # the same CPF, not yet claimed (its number is not shown: it is not proved to be theirs).
    if Inscricao.objects.filter(candidato__cpf=candidato.cpf, cargo=cargo).exclude(
            candidato=candidato).exists():
        return ValidationError({"cargo": [MENSAGEM_JA_INSCRITO_SEM_VINCULO]})
    return None


def inscrever(candidato: Candidato, cargo: Cargo, *, cor_raca: str, quilombola: bool,
              deficiencia: bool, tipo_deficiencia: str, listas: list[str], autor) -> Inscricao:
    """The candidate's inscrição in one cargo, with self-declaration and options.

    Raises ValidationError (field errors where they belong) when the window is closed, the
    options do not match the self-declaration or the regime, or the candidate already holds an
    inscrição in the cargo. The number is the next of the certame's sequence, taken with the
    certame row locked; a clash (SQLite does not lock rows) is retried.
    """
    for tentativa in range(TENTATIVAS_NUMERO):
        try:
            return _inscrever(candidato, cargo, cor_raca=cor_raca, quilombola=quilombola,
                              deficiencia=deficiencia, tipo_deficiencia=tipo_deficiencia,
                              listas=listas, autor=autor)
        except IntegrityError:
            erro = _ja_inscrito(candidato, cargo)
            if erro is not None:
                raise erro from None
            if tentativa == TENTATIVAS_NUMERO - 1:
                raise
    raise AssertionError("unreachable")


@transaction.atomic
def _inscrever(candidato, cargo, *, cor_raca, quilombola, deficiencia, tipo_deficiencia,
               listas, autor) -> Inscricao:
    certame = travar_certame(cargo.certame_id)
    motivo = motivo_inscricoes_fechadas(certame)
    if motivo:
        raise ValidationError(motivo)
    erro = _ja_inscrito(candidato, cargo)
    if erro is not None:
        raise erro
    listas = list(listas)
    if not deficiencia:
        tipo_deficiencia = ""
    erros = erros_autodeclaracao(certame.regime_legal, cor_raca=cor_raca, quilombola=quilombola,
                                 deficiencia=deficiencia, tipo_deficiencia=tipo_deficiencia,
                                 listas=listas)
    if erros:
        raise ValidationError(erros)
    taxa = (Inscricao.SituacaoTaxa.PENDENTE if cargo.taxa_inscricao > 0
            else Inscricao.SituacaoTaxa.PAGA)
    insc = Inscricao(certame=certame, cargo=cargo, candidato=candidato,
                     numero=_proximo_numero(certame), cor_raca=cor_raca, quilombola=quilombola,
                     deficiencia=deficiencia, tipo_deficiencia=tipo_deficiencia, listas=listas,
                     situacao_taxa=taxa, situacao=Inscricao.Situacao.INSCRITO)
    insc.save()
    registrar_ato(
        tipo="inscricao", autor=autor, certame=certame, objeto=insc,
        descricao=_("Inscrição %(n)s no cargo %(c)s.") % {"n": insc.numero, "c": cargo},
        depois={"numero": insc.numero, "cargo": cargo.codigo, "cor_raca": cor_raca,
                "quilombola": quilombola, "deficiencia": deficiencia,
                "tipo_deficiencia": tipo_deficiencia, "listas": listas,
                "situacao_taxa": taxa})
    # An "inscrito" is not classified yet, so no recompute; the receipt is queued.
    enfileirar_comprovante(insc)
    return insc


@transaction.atomic
def alterar_opcoes_pelo_candidato(inscricao: Inscricao, listas: list[str], *, autor) -> Inscricao:
    """The candidate changes or withdraws the reserved-list option, within the window.

    Same validation and act as RH's change (`servicos.alterar_opcoes`), which also queues the
    recompute; the candidate's motivation is automatic and cites the rule of the window.
    """
    # The certame, the cargo and the inscrição are all locked (the certame serialises this
    # change with imports, which rewrite options under the certame's lock), parents first.
    travar_sem_ler(Certame, inscricao.certame_id)
    travar_sem_ler(Cargo, inscricao.cargo_id)
    insc = travar(Inscricao, inscricao, "cargo__certame")
    motivo = motivo_opcao_inalteravel(insc)
    if motivo:
        raise ValidationError(motivo)
    listas = list(listas)
    if sorted(listas) == sorted(insc.listas):
        return insc
    motivacao = _("Alteração pelo próprio candidato durante o período de inscrições (%(f)s).") % {
        "f": fundamento_alteracao_opcao(insc.cargo.certame)}
    insc = servicos.alterar_opcoes(insc, listas, autor=autor, motivacao=motivacao)
    enfileirar_comprovante(insc)
    return insc


# --- the fee, as every candidate page says it ----------------------------------------------


@dataclass(frozen=True)
class TaxaInscricao:
    """The fee of an inscrição as every candidate page says it (dashboard, status page,
    exemption pages): the effective situation (`isencao.situacao_taxa_efetiva`) and where it
    comes from, so "Isenta" never sits beside "sem pedido de isenção"."""

    situacao: str
    rotulo: str
    #: Where the situation comes from, in plain words ("" when there is nothing to add).
    origem: str
    tem_taxa: bool
    #: The candidate may still ask for the exemption on the exemption page.
    pode_pedir_isencao: bool = False


def taxa_da_inscricao(inscricao: Inscricao, agora=None, *, pedido=None,
                      publicacao_final=None, pedido_lido: bool = False,
                      situacao: str | None = None) -> TaxaInscricao:
    """The one description of the fee (pass `pedido`/`publicacao_final` with
    `pedido_lido=True` when the caller already read them, and `situacao`, the effective
    situation `isencao.situacao_taxa_efetiva`, when it computed it)."""
    agora = agora or timezone.now()
    certame = inscricao.certame
    if situacao is None:
        situacao = isencao.situacao_taxa_efetiva(inscricao, agora)
    rotulo = str(Inscricao.SituacaoTaxa(situacao).label)
    if not inscricao.cargo.taxa_inscricao:
        return TaxaInscricao(situacao, rotulo, _("Este cargo não cobra taxa de inscrição."),
                             tem_taxa=False)
    if not pedido_lido:
        pedido = PedidoIsencao.objects.filter(inscricao=inscricao).first()
        publicacao_final = isencao.publicacoes_do_pedido(pedido)[1] if pedido else None
    oferece = isencao.oferece_isencao(certame)
    if pedido is not None:
        if publicacao_final is None:
            origem = _("Pedido de isenção (%(t)s) em análise: o resultado definitivo ainda não "
                       "foi publicado.") % {"t": pedido.get_tipo_display().lower()}
        elif situacao == Inscricao.SituacaoTaxa.ISENTA:
            origem = _("Isenção concedida no seu pedido (%(t)s).") % {
                "t": pedido.get_tipo_display().lower()}
        else:
            origem = _("Pedido de isenção (%(t)s) indeferido no resultado definitivo.") % {
                "t": pedido.get_tipo_display().lower()}
        return TaxaInscricao(situacao, rotulo, origem, tem_taxa=True)
    if situacao == Inscricao.SituacaoTaxa.ISENTA:
        # Recorded by the organisers (the banca's import or RH), not asked in the portal.
        return TaxaInscricao(situacao, rotulo, _(
            "Isenção registrada pela organização do certame; você não precisa pedi-la nem "
            "pagar a taxa."), tem_taxa=True)
    if situacao == Inscricao.SituacaoTaxa.PAGA:
        return TaxaInscricao(situacao, rotulo, _("Pagamento registrado."), tem_taxa=True)
    if not oferece:
        return TaxaInscricao(situacao, rotulo, str(isencao.mensagem_nao_prevista()),
                             tem_taxa=True)
    return TaxaInscricao(situacao, rotulo, _("Você não pediu isenção da taxa."), tem_taxa=True,
                         pode_pedir_isencao=situacao == Inscricao.SituacaoTaxa.PENDENTE)
