"""The candidate's own acts: sign-up and its confirmation, inscrição, change of the reserved-list
option. Each one checks the rule, writes in one transaction, records the act and queues the
follow-up work on commit (architecture: "decisions are acts").

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

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from candidatos import isencao, servicos
from candidatos.models import (
    Candidato,
    EstadoLista,
    Inscricao,
    PedidoIsencao,
    PublicacaoIsencao,
    SituacaoLista,
    erros_autodeclaracao,
)
from certames.auditoria import registrar_ato
from certames.classificacao import versao_publicada
from certames.models import Cargo, Certame, Etapa, PosicaoLista, VagaPreenchida
from certames.papeis import GRUPO_CANDIDATO
from certames.regras.aritmetica import formatar_percentual

#: Certame situations in which inscrições may be accepted (with the window open).
STATUS_ACEITA_INSCRICOES = (Certame.Status.PUBLICADO, Certame.Status.EM_ANDAMENTO)

#: Numbers the portal gives: the edital's year and a zero-padded sequence per certame
#: ("2026000001"). Imported numbers (the banca's) are kept as they come; the sequence goes on
#: from the highest number of the same width, so it never reuses one.
DIGITOS_SEQUENCIA = 6
DIGITOS_NUMERO = 4 + DIGITOS_SEQUENCIA
TENTATIVAS_NUMERO = 5

PIRANGI = "pirangi-lei3056-2025"
FUNDAMENTO_OPCAO_PIRANGI = "Lei 3.056/2025, art. 5º, §2º"


# --- windows --------------------------------------------------------------------------------


def etapa_inscricoes_aberta(certame: Certame, em=None) -> Etapa | None:
    """The open inscrições window of the certame now (or at `em`), if any."""
    agora = em or timezone.now()
    return (certame.etapas.filter(tipo=Etapa.Tipo.INSCRICOES, inicio__lte=agora, fim__gte=agora)
            .order_by("fim").last())


def inscricoes_abertas(certame: Certame, em=None) -> bool:
    return (certame.status in STATUS_ACEITA_INSCRICOES
            and etapa_inscricoes_aberta(certame, em) is not None)


def certames_com_inscricoes_abertas(em=None):
    agora = em or timezone.now()
    return (Certame.objects.filter(
        status__in=STATUS_ACEITA_INSCRICOES, etapas__tipo=Etapa.Tipo.INSCRICOES,
        etapas__inicio__lte=agora, etapas__fim__gte=agora)
        .select_related("orgao").distinct().order_by("-data_publicacao_edital", "numero_edital"))


def fundamento_alteracao_opcao(certame: Certame) -> str:
    """The basis of the rule "the option may change until the end of the inscrições window"."""
    if certame.regime == PIRANGI:
        return FUNDAMENTO_OPCAO_PIRANGI
    return _("%(lei)s não disciplina a alteração da opção: regra do edital (padrão do "
             "sistema: até o fim do período de inscrições)") % {"lei": certame.regime_legal.lei}


def _texto_janela(certame: Certame) -> str:
    etapas = list(certame.etapas.filter(tipo=Etapa.Tipo.INSCRICOES).order_by("inicio"))
    if not etapas:
        return _("O cronograma deste certame não tem período de inscrições.")
    agora = timezone.now()
    fmt = "%d/%m/%Y %H:%M"
    futuras = [e for e in etapas if e.inicio > agora]
    if futuras:
        return _("O período de inscrições começa em %(inicio)s.") % {
            "inicio": timezone.localtime(futuras[0].inicio).strftime(fmt)}
    return _("O período de inscrições terminou em %(fim)s.") % {
        "fim": timezone.localtime(etapas[-1].fim).strftime(fmt)}


def motivo_inscricoes_fechadas(certame: Certame) -> str | None:
    """Why the certame does not accept inscrições now (a Portuguese sentence), or None."""
    if certame.status not in STATUS_ACEITA_INSCRICOES:
        return _("Este certame não está recebendo inscrições (situação: %(s)s).") % {
            "s": certame.get_status_display().lower()}
    if etapa_inscricoes_aberta(certame) is None:
        return _("Inscrições fechadas. %(janela)s") % {"janela": _texto_janela(certame)}
    return None


def motivo_opcao_inalteravel(inscricao: Inscricao) -> str | None:
    """Why the candidate may not change the reserved-list option now, or None."""
    certame = inscricao.cargo.certame
    if inscricao.situacao in servicos.FINAIS:
        return _("A inscrição está %(s)s.") % {"s": inscricao.get_situacao_display().lower()}
    if etapa_inscricoes_aberta(certame) is None:
        return _("A opção pelas vagas reservadas só pode ser alterada ou retirada até o fim do "
                 "período de inscrições (%(fundamento)s). %(janela)s") % {
            "fundamento": fundamento_alteracao_opcao(certame), "janela": _texto_janela(certame)}
    return None


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
            "nome": self.nome, "p": self.percentual, "f": self.fundamento}


def opcoes_do_regime(regime) -> list[OpcaoLista]:
    """The reserved lists a regime offers, with percentage and citation (from the regime)."""
    opcoes = [OpcaoLista(g.codigo, g.nome[:1].upper() + g.nome[1:],
                         formatar_percentual(g.percentual), g.fundamento)
              for g in regime.grupos]
    opcoes.append(OpcaoLista("PCD", _("Pessoas com deficiência"),
                             formatar_percentual(regime.pcd.percentual), regime.pcd.fundamento))
    return opcoes


# --- sign-up and confirmation ---------------------------------------------------------------


class CadastroRecusado(ValidationError):
    """The sign-up or its confirmation cannot go on (the message says why)."""


def conta_de_outro(cpf: str) -> bool:
    """True when the CPF already has an account: an active user with it as username, or a
    Candidato linked to a user (links are made only by a confirmation or by RH)."""
    User = get_user_model()
    if User.objects.filter(username=cpf, is_active=True).exists():
        return True
    return Candidato.objects.filter(cpf=cpf, usuario__isnull=False).exists()


MENSAGEM_CONTA_EXISTENTE = gettext_lazy(
    "Já existe uma conta para este CPF. Entre com o CPF e a senha ou use “Esqueceu a senha?”; "
    "se você não reconhece essa conta, procure a organizadora do certame.")


@transaction.atomic
def cadastrar_candidato(*, cpf: str, nome: str, nome_social: str, data_nascimento, email: str,
                        telefone: str, senha: str):
    """Create (or refresh, if never confirmed) the inactive account of a candidate.

    The account becomes usable only through `confirmar_cadastro`. A Candidato with the CPF
    (e.g. imported from the banca) is reused: only its blank fields are filled here; nothing
    it holds is overwritten by an unconfirmed sign-up.
    """
    User = get_user_model()
    if conta_de_outro(cpf):
        raise CadastroRecusado(MENSAGEM_CONTA_EXISTENTE)
    user = User.objects.select_for_update().filter(username=cpf).first()
    if user is None:
        user = User(username=cpf)
    elif user.last_login is not None:
        # An account that was used and later deactivated is RH's business, not a sign-up's.
        raise CadastroRecusado(_("Esta conta está desativada. Procure a organizadora do "
                                 "certame."))
    user.first_name = nome[:150]
    user.email = email
    user.is_active = False
    user.set_password(senha)
    user.save()

    candidato = Candidato.objects.select_for_update().filter(cpf=cpf).first()
    if candidato is None:
        candidato = Candidato(cpf=cpf, nome=nome, nome_social=nome_social,
                              data_nascimento=data_nascimento, email=email, telefone=telefone)
        candidato.full_clean()
        candidato.save()
        criado = True
    else:
        criado = False
        vazios = {"nome_social": nome_social, "data_nascimento": data_nascimento,
                  "telefone": telefone}
        mudou = [campo for campo, valor in vazios.items()
                 if valor and not getattr(candidato, campo)]
        for campo in mudou:
            setattr(candidato, campo, vazios[campo])
        if mudou:
            candidato.save(update_fields=mudou)
    registrar_ato(tipo="cadastro_candidato", autor=None, objeto=candidato,
                  descricao=_("Cadastro no portal do candidato (aguardando confirmação do "
                              "e-mail)."),
                  depois={"usuario": user.pk, "candidato_novo": criado})
    return user


def link_confirmacao(user) -> tuple[str, str]:
    """(uidb64, token) of the confirmation link, as Django's password reset builds them."""
    return urlsafe_base64_encode(force_bytes(user.pk)), default_token_generator.make_token(user)


def usuario_do_link(uidb64: str, token: str):
    """The user a confirmation link points to, if the token is valid; else None."""
    User = get_user_model()
    try:
        pk = force_str(urlsafe_base64_decode(uidb64))
        user = User.objects.get(pk=pk)
    except (TypeError, ValueError, OverflowError, User.DoesNotExist, ValidationError):
        return None
    return user if default_token_generator.check_token(user, token) else None


@transaction.atomic
def confirmar_cadastro(user) -> Candidato:
    """Activate the account, put it in the Candidato group and link it to its Candidato."""
    User = get_user_model()
    user = User.objects.select_for_update().get(pk=user.pk)
    cpf = user.username
    candidato = Candidato.objects.select_for_update().filter(cpf=cpf).first()
    if candidato is not None and candidato.usuario_id not in (None, user.pk):
        raise CadastroRecusado(_(
            "Este CPF já está vinculado a outra conta. Procure a organizadora do certame."))
    if candidato is None:  # the row was removed meanwhile: rebuild it from the account
        candidato = Candidato(cpf=cpf, nome=user.first_name or cpf, email=user.email)
        candidato.full_clean()
    candidato.usuario = user
    # The e-mail just proved is the candidate's contact from now on.
    candidato.email = user.email
    candidato.save()
    user.is_active = True
    user.save(update_fields=["is_active"])
    grupo, _criado = Group.objects.get_or_create(name=GRUPO_CANDIDATO)
    user.groups.add(grupo)
    registrar_ato(tipo="confirmacao_cadastro", autor=user, objeto=candidato,
                  descricao=_("E-mail confirmado; conta vinculada ao candidato."),
                  depois={"usuario": user.pk})
    return candidato


# --- inscrição ------------------------------------------------------------------------------


def _proximo_numero(certame: Certame) -> str:
    ultimo = (Inscricao.objects.filter(certame=certame,
                                       numero__regex=rf"^[0-9]{{{DIGITOS_NUMERO}}}$")
              .order_by("-numero").values_list("numero", flat=True).first())
    primeiro = certame.data_publicacao_edital.year * 10**DIGITOS_SEQUENCIA + 1
    return f"{max(int(ultimo or 0) + 1, primeiro):0{DIGITOS_NUMERO}d}"


MENSAGEM_JA_INSCRITO = gettext_lazy("Você já tem uma inscrição neste cargo (nº %(n)s).")


def _ja_inscrito(candidato: Candidato, cargo: Cargo) -> ValidationError | None:
    existente = Inscricao.objects.filter(candidato=candidato, cargo=cargo).first()
    if existente is None:
        return None
    return ValidationError({"cargo": [MENSAGEM_JA_INSCRITO % {"n": existente.numero}]})


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
    certame = Certame.objects.select_for_update().get(pk=cargo.certame_id)
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
    from candidatos.tasks import enfileirar_comprovante

    enfileirar_comprovante(insc)
    return insc


@transaction.atomic
def alterar_opcoes_pelo_candidato(inscricao: Inscricao, listas: list[str], *, autor) -> Inscricao:
    """The candidate changes or withdraws the reserved-list option, within the window.

    Same validation and act as RH's change (`servicos.alterar_opcoes`), which also queues the
    recompute; the candidate's motivation is automatic and cites the rule of the window.
    """
    insc = (Inscricao.objects.select_for_update().select_related("cargo__certame")
            .get(pk=inscricao.pk))
    motivo = motivo_opcao_inalteravel(insc)
    if motivo:
        raise ValidationError(motivo)
    listas = list(listas)
    if sorted(listas) == sorted(insc.listas):
        return insc
    motivacao = _("Alteração pelo próprio candidato durante o período de inscrições (%(f)s).") % {
        "f": fundamento_alteracao_opcao(insc.cargo.certame)}
    insc = servicos.alterar_opcoes(insc, listas, autor=autor, motivacao=motivacao)
    from candidatos.tasks import enfileirar_comprovante

    enfileirar_comprovante(insc)
    return insc


# --- the status of an inscrição, as the candidate sees it -----------------------------------

#: Convocations (models come later: for now the certame's schedule) and the lists they concern.
CONVOCACOES = {
    Etapa.Tipo.HETEROIDENTIFICACAO: {"PP", "PPI"},
    Etapa.Tipo.VERIFICACAO_DOCUMENTAL: {"I", "Q", "PPI"},
    Etapa.Tipo.AVALIACAO_PCD: {"PCD"},
}


@dataclass
class ResultadoIsencao:
    resultado: str
    rotulo: str
    motivo: str


@dataclass
class JanelaRecurso:
    etapa: Etapa
    url: str | None


@dataclass
class Classificacao:
    versao: object
    publicacao: object
    posicoes: list
    vaga: object | None
    exclusoes: list[dict]


@dataclass
class SituacaoInscricao:
    inscricao: Inscricao
    opcoes: list[OpcaoLista]
    situacao_taxa: str
    situacao_taxa_rotulo: str
    url_isencao: str | None
    pedido_isencao: object | None
    isencao_preliminar: ResultadoIsencao | None
    isencao_final: ResultadoIsencao | None
    convocacoes: list[Etapa]
    decisoes: list
    recursos_abertos: list[JanelaRecurso]
    classificacao: Classificacao | None
    pode_alterar_opcoes: bool
    motivo_opcao_inalteravel: str | None
    fundamento_opcao: str
    # Committee procedures (heteroidentification): individual convocations, published
    # pareceres and appeals, and administrative procedures about this inscrição.
    convocacoes_individuais: list = field(default_factory=list)
    resultados_comissoes: list = field(default_factory=list)
    #: The documents page, where the inscrição's lists need documentary proof or a report.
    url_documentos: str | None = None
    procedimentos: list = field(default_factory=list)


def _exige_documentos(inscricao: Inscricao) -> bool:
    """Whether some list of the inscrição needs documents (indigenous or quilombola proof,
    PcD medical report) under the certame's regime and edital."""
    from certames.regras.documentos import regra_documental

    certame = inscricao.cargo.certame
    return any(regra_documental(certame.regime, lista, certame.parametros) is not None
               for lista in inscricao.listas)


def _url_isencao(nome: str, inscricao: Inscricao) -> str:
    """A page of the fee exemption of this inscrição (`isencao:inscricao`, `isencao:recurso`)."""
    return reverse(f"isencao:{nome}", args=[inscricao.pk])


def _resultado_isencao(resultado: str, motivo: str) -> ResultadoIsencao | None:
    if not resultado:
        return None
    return ResultadoIsencao(resultado, PedidoIsencao.Resultado(resultado).label, motivo)


def situacao_da_inscricao(inscricao: Inscricao, em=None) -> SituacaoInscricao:
    """Everything the status page shows. Only published results: exemption results after their
    PublicacaoIsencao, positions from the latest published snapshot; never who judged."""
    agora = em or timezone.now()
    certame = inscricao.cargo.certame
    try:
        pedido = inscricao.pedido_isencao
    except Inscricao.pedido_isencao.RelatedObjectDoesNotExist:
        pedido = None
    preliminar = final = None
    if pedido is not None:
        fases = set(PublicacaoIsencao.objects.filter(certame=certame)
                    .values_list("fase", flat=True))
        if PublicacaoIsencao.Fase.PRELIMINAR in fases:
            preliminar = _resultado_isencao(pedido.resultado_preliminar,
                                            pedido.motivo_preliminar)
        if PublicacaoIsencao.Fase.FINAL in fases:
            final = _resultado_isencao(pedido.resultado_final, pedido.motivo_final)
    # The fee situation derived from the clock (a pending fee after the payment deadline is
    # "não confirmada"), as the exemption pages show it.
    taxa = isencao.situacao_taxa_efetiva(inscricao, agora)
    url_isencao = (_url_isencao("inscricao", inscricao)
                   if isencao.oferece_isencao(certame) and inscricao.cargo.taxa_inscricao
                   else None)
    # An appeal lies against a published rejection (Lei 3.057/2026, art. 3º, §2º).
    recorrivel = bool(preliminar and final is None
                      and preliminar.resultado == PedidoIsencao.Resultado.INDEFERIDO)

    listas = set(inscricao.listas)
    etapas = list(certame.etapas.order_by("inicio", "pk"))
    convocacoes = [e for e in etapas if listas & CONVOCACOES.get(e.tipo, set())]
    from comissoes.dominio.convocacao import convocacoes_do_candidato
    from comissoes.dominio.procedimentos import PROCEDIMENTOS
    from comissoes.dominio.resultados import resultados_por_procedimento

    resultados_comissoes = resultados_por_procedimento(inscricao, agora)
    # Committee procedures (heteroidentification, documents, PcD) whose appeal the candidate
    # can file now, by the Etapa of their appeal window.
    recorriveis = {PROCEDIMENTOS[r.procedimento].etapa_recurso for r in resultados_comissoes
                   if any(item.pode_recorrer for item in r.itens)}
    recursos = []
    for etapa in etapas:
        if etapa.tipo.startswith("recurso_") and etapa.aberta(agora):
            url = None
            if etapa.tipo == Etapa.Tipo.RECURSO_ISENCAO and recorrivel:
                url = _url_isencao("recurso", inscricao)
            elif etapa.tipo in recorriveis:
                url = reverse("recursos:inscricao", args=[inscricao.pk])
            recursos.append(JanelaRecurso(etapa, url))

    decisoes = list(SituacaoLista.objects.filter(inscricao=inscricao)
                    .exclude(estado=EstadoLista.PENDENTE).order_by("lista"))

    classificacao = None
    publicada = versao_publicada(inscricao.cargo)
    if publicada is not None:
        versao, publicacao = publicada
        posicoes = list(PosicaoLista.objects.filter(versao=versao, inscricao=inscricao)
                        .order_by("lista", "posicao"))
        vaga = VagaPreenchida.objects.filter(versao=versao, inscricao=inscricao).first()
        exclusoes = [e for e in versao.exclusoes if e.get("inscricao") == inscricao.numero]
        classificacao = Classificacao(versao, publicacao, posicoes, vaga, exclusoes)

    motivo = motivo_opcao_inalteravel(inscricao)
    return SituacaoInscricao(
        inscricao=inscricao, opcoes=[o for o in opcoes_do_regime(certame.regime_legal)
                                     if o.codigo in listas],
        situacao_taxa=taxa, situacao_taxa_rotulo=Inscricao.SituacaoTaxa(taxa).label,
        url_isencao=url_isencao, pedido_isencao=pedido, isencao_preliminar=preliminar,
        isencao_final=final,
        convocacoes=convocacoes, decisoes=decisoes, recursos_abertos=recursos,
        classificacao=classificacao, pode_alterar_opcoes=motivo is None,
        motivo_opcao_inalteravel=motivo, fundamento_opcao=fundamento_alteracao_opcao(certame),
        convocacoes_individuais=convocacoes_do_candidato(inscricao),
        resultados_comissoes=resultados_comissoes,
        url_documentos=(reverse("documentos:inscricao", args=[inscricao.pk])
                        if _exige_documentos(inscricao) else None),
        procedimentos=list(inscricao.procedimentos.order_by("-aberto_em")))
