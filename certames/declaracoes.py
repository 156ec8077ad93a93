"""What the certames app declares to the shared mechanisms (registered at app loading by
`CertamesConfig.ready`): its append-only tables and audited columns
(`comum.somente_insercao`), the models its public pages show and the tables they cover
(`comum.cache_publico`), the labels of the acts it writes (`certames.auditoria`) and its rules
of the retention policy (`certames.retencao`): the decisions and the trail, kept, and the
outbox's notices (`comum.models.Aviso`: the shared tools declare nothing, so the floor above
them declares their data), shredded.

A notice is the proof that the interested party was told of an act (Lei 9.784/1999, art. 26):
what proves it — which mail, its subject, the act, whom it concerned, its state, its dates
and its tries — stays with the decisions; what it carried — the text, the addresses, the
attachments, the server's words — lasts as long as the act it notified may be challenged
(the rule of the sensitive inputs: five years after the end of the certame), or, for the
account's mails that notify no act (the sign-up's, the password reset), as long as a sign-up
request's typed data (90 days: a complaint of misuse or a security incident)."""

from __future__ import annotations

from dateutil.relativedelta import relativedelta
from django.db import models
from django.utils.translation import gettext_lazy as _

from certames import retencao
from certames.auditoria import declarar_rotulos
from certames.retencao import (
    ANONIMIZAR,
    ANOS_APOS_O_CERTAME,
    F_DEFESA,
    F_FIM,
    F_PRESCRICAO,
    LGPD,
    MANTER,
    Alvo,
    Executor,
    Regra,
    alvos_por_certame,
    alvos_por_data,
    lotes,
    marca,
)
from comum import cache_publico, somente_insercao
from comum.cache_publico import INICIO, TODOS
from comum.models import Aviso, TentativaAviso

TABELAS_PROTEGIDAS = (
    # the acts, the history of the edital and the classification snapshots
    "certames_ato",
    "certames_historicalcertame",
    "certames_historicalcargo",
    "certames_historicaletapa",
    "certames_historicalvagasurgida",
    "certames_versaoclassificacao",
    # each list packed in one row, the slots and call order in another
    "certames_listaversao",
    "certames_convocacaoversao",
    "certames_publicacao",
    # the call history: convocações and what happened to them
    "certames_chamada",
    "certames_eventochamada",
    "certames_alteracaocoluna",
    # what the called candidate sends for the posse and RH's check of it
    "certames_enviodocumentoposse",
    "certames_analisedocumentoposse",
    # the public draw of the whole-edital reserve
    "certames_anunciosorteio",
    "certames_sorteio",
    "certames_destinovagasurgida",
    # the suspensions, retomadas and cancellation of a certame (editais.situacao)
    "certames_atosituacaocertame",
)

COLUNAS_AUDITADAS = {
    "certames_ato": (("certame_id",), ("tipo",)),
    "certames_certame": ((), ("regime", "parametros", "status", "validade_meses",
                              "homologado_em", "prorrogado_em", "prorrogacao_meses",
                              "criterios_heteroidentificacao")),
    "certames_cargo": (("certame_id", "codigo"), ("vagas",)),
    "certames_vagasurgida": (("cargo_id",), ("quantidade",)),
}

FONTES_PUBLICAS = {
    # the list of certames (home page) and every certame's header
    "certames.Orgao": ((), (TODOS,)),
    # the órgão's own days without office hours move the deadlines its certames' pages show
    # (certames.calendario): rare, so every page is renewed
    "certames.Feriado": ((), (TODOS,)),
    "certames.Certame": (("pk",), (INICIO,)),
    "certames.Cargo": (("certame",), (INICIO,)),
    # the certame's page: schedule, vacancy table, arising vacancies and their destination;
    # a stage also renews the list of certames (the candidate's dashboard lists the ones open
    # for inscrição: candidatos/cache_situacao.py)
    "certames.Etapa": (("certame",), (INICIO,)),
    "certames.VagaSurgida": (("cargo__certame",), ()),
    "certames.DestinoVagaSurgida": (("vaga_surgida__cargo__certame",), ()),
    # every act of a certame (homologation, validity, retificações, imports...)
    "certames.Ato": (("certame",), ()),
    # the published lists (a new publication of a cargo's classification)
    "certames.Publicacao": (("versao__cargo__certame",), ()),
    # the order of nomeação: calls and their events (posse, desistência...)
    "certames.Chamada": (("cargo__certame",), ()),
    "certames.EventoChamada": (("chamada__cargo__certame",), ()),
    # a PDF rendered by the worker replaces the "wait" page (never stored: no-store)
    "certames.DocumentoPdf": (("certame", "cargo__certame"), ()),
    # a publication's document rendered by the worker replaces its "em preparação"
    "certames.ArquivoPublicacao": (("publicacao__versao__cargo__certame",), ()),
    # the public draw
    "certames.AnuncioSorteio": (("certame",), ()),
    "certames.Sorteio": (("certame",), ()),
    # the suspension, retomada or cancellation: the certame's banner and history
    "certames.AtoSituacaoCertame": (("certame",), ()),
}

COBERTAS = {
    # written by the publication (`classificacao.listas.publicar`) with `bulk_create`; with
    # a worker, by `classificacao.preparo.gravar_resumos`, whose every batch renews the
    # certame in its own transaction
    "certames.ResumoClassificacao": "certames.Publicacao",
    # a snapshot is read only through a publication of it
    "certames.VersaoClassificacao": "certames.Publicacao",
    "certames.ListaVersao": "certames.Publicacao",
}

ROTULOS_ATOS = {
    # The certame and its edital
    "alteracao_edital": _("Alteração do edital"),
    "ordem_convocacao_edital": _("Ordem de convocação estabelecida no edital"),
    "vaga_surgida": _("Registro de vaga surgida"),
    # The public draw of the whole-edital reserve (certames/sorteio.py)
    "sorteio_anunciado": _("Anúncio do sorteio público das vagas reservadas"),
    "sorteio_realizado": _("Sorteio público das vagas reservadas"),
    # The órgão's calendar (certames/calendario/)
    "feriado_registrado": _("Registro de dia sem expediente no calendário do órgão"),
    "feriado_removido": _("Retirada de dia sem expediente do calendário do órgão"),
}

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
    ordem=100,
    padrao_do_produto=False,
)


#: Days an account's mail that notifies no act keeps its text and address: those of a portal
#: sign-up request's typed data (candidatos/declaracoes/privacidade.py, the same reasons).
#: Product default.
DIAS_AVISO_DE_CONTA = 90
F_NOTIFICACAO = ("Lei 9.784/1999, art. 26 e 28 (a intimação do interessado), aplicada "
                 "subsidiariamente (art. 69)")

AVISOS = Regra(
    codigo="avisos",
    titulo=_("Avisos por e-mail dos atos e dos certames"),
    dados=_("O texto de cada e-mail que o sistema enviou ou tentou enviar sobre um certame ou "
            "um ato (convocações, resultados, protocolos de recurso, retificações, lembretes), "
            "os endereços de destino e de resposta, os anexos (.ics) e as respostas de erro do "
            "servidor de e-mail."),
    onde=("comum.Aviso de um certame, de uma inscrição ou de um ato: para, responder_a, "
          "corpo, corpo_html, anexos, ultimo_erro",
          "comum.TentativaAviso desses avisos: erro"),
    finalidade=_("Provar que o interessado foi avisado do ato, com o que foi dito, e reenviar "
                 "um aviso que falhou."),
    evento=_("fim do certame (aviso de um ato sem certame: o seu registro)"),
    periodo=relativedelta(years=ANOS_APOS_O_CERTAME),
    prazo=_("5 anos após o fim do certame; o aviso de um ato sem certame, 5 anos após o seu "
            "registro"),
    acao=ANONIMIZAR,
    ao_fim=_("O texto, os endereços, os anexos e as respostas do servidor viram a marca do "
             "expurgo. Ficam o tipo do e-mail, o assunto, o ato, a inscrição ou a conta "
             "avisada, a situação, as datas de registro e de envio e cada tentativa (quando e "
             "com que resultado): o que prova que o aviso foi enviado. Um aviso ainda na fila "
             "não é expurgado; um aviso expurgado não pode ser reenviado."),
    fundamento=(
        f"Tratamento: {LGPD}, art. 7º, II e III, e art. 23; {F_NOTIFICACAO}. Prazo (prova da "
        f"ciência do ato enquanto ele puder ser contestado): {F_PRESCRICAO}; {F_DEFESA}. Fim: "
        f"{F_FIM}."),
    ordem=84,
)

AVISOS_CONTA = Regra(
    codigo="avisos_conta",
    titulo=_("Avisos por e-mail da conta"),
    dados=_("O texto e o endereço dos e-mails da conta que não avisam um ato: a confirmação "
            "do cadastro no portal, o aviso de tentativa de cadastro com o CPF, a redefinição "
            "de senha, o convite a membro de comissão (os links de uso único nunca são "
            "guardados)."),
    onde=("comum.Aviso sem certame, sem inscrição e sem ato: os mesmos campos de “avisos”",
          "comum.TentativaAviso desses avisos: erro"),
    finalidade=_("Comprovar o envio ao titular do endereço e apurar uso indevido de uma conta "
                 "ou de um CPF."),
    evento=_("registro do aviso"),
    periodo=relativedelta(days=DIAS_AVISO_DE_CONTA),
    prazo=_("90 dias após o registro do aviso"),
    acao=ANONIMIZAR,
    ao_fim=_("Como em “avisos”: o texto, os endereços e as respostas do servidor viram a "
             "marca do expurgo; ficam o tipo do e-mail, o assunto, a conta, a situação, as "
             "datas e as tentativas."),
    fundamento=(
        f"Tratamento: {LGPD}, art. 7º, III, e art. 23, com a segurança do art. 6º, VII, e art. "
        "46. Prazo: o dos pedidos de cadastro (regra “pedidos_cadastro”): apurar reclamação de "
        f"uso indevido ou incidente de segurança (art. 46 e 48). Fim: {LGPD}, art. 6º, III "
        f"(necessidade); {F_FIM}."),
    ordem=86,
)

def _ids(alvos: list[Alvo]):
    """The notices' ids in batches of `retencao.LOTE`."""
    return lotes([a.objeto.pk for a in alvos])


#: What a notice's shredding blanks (`Avisos.aplicar`).
CAMPOS_AVISO = ("para", "responder_a", "corpo", "corpo_html", "anexos", "ultimo_erro")


class Avisos(Executor):
    """The notices of a certame (its own, or their inscrição's), past the certame's period,
    and those of an act without a certame, five years after they were recorded (AVISOS);
    never one still queued nor one shredded already."""

    regra = AVISOS

    def _avisos(self) -> models.QuerySet:
        return (Aviso.objects.exclude(estado=Aviso.Estado.NA_FILA)
                .filter(expurgado_em__isnull=True).only("pk", "criado_em"))

    def alvos(self, em):
        avisos = self._avisos()
        return [*alvos_por_certame(avisos.filter(certame__isnull=False), self.regra, em,
                                   "certame_id"),
                *alvos_por_certame(avisos.filter(certame__isnull=True, inscricao__isnull=False),
                                   self.regra, em, "inscricao__certame_id"),
                *alvos_por_data(avisos.filter(certame__isnull=True, inscricao__isnull=True,
                                              ato__isnull=False), self.regra, em, "criado_em")]

    def contar_extras(self, alvos, resultado):
        resultado.historico = sum(self._tentativas(lote).count() for lote in _ids(alvos))

    @staticmethod
    def _tentativas(avisos: list[int]) -> models.QuerySet:
        """The tries of these notices whose server's words are to be shredded.
        `TentativaAviso` refuses any change through its manager (append-only); this plain
        QuerySet is the shredders' one exception (on PostgreSQL the trigger accepts it only
        with `certames.expurgo_lgpd` on)."""
        return (models.QuerySet(model=TentativaAviso).filter(aviso_id__in=avisos)
                .exclude(erro=""))

    def aplicar(self, alvos, resultado, quando):
        texto = marca(self.regra, quando)
        self.tentativas: dict[int, int] = {}
        resultado.historico = 0
        for lote in _ids(alvos):
            self.tentativas.update(self._tentativas(lote).values("aviso_id").order_by()
                                   .annotate(n=models.Count("pk")).values_list("aviso_id", "n"))
            Aviso.objects.filter(pk__in=lote).exclude(ultimo_erro="").update(ultimo_erro=texto)
            Aviso.objects.filter(pk__in=lote).update(
                para=texto[:1000], responder_a="", corpo=texto, corpo_html="", anexos=[],
                expurgado_em=quando)
            resultado.historico += self._tentativas(lote).update(erro=texto)

    def campos(self, alvo):
        return {"campos": list(CAMPOS_AVISO), "tentativas": self.tentativas.get(alvo.objeto.pk, 0)}


class AvisosConta(Avisos):
    """The account's mails that notify no act, 90 days after they were recorded
    (AVISOS_CONTA)."""

    regra = AVISOS_CONTA

    def alvos(self, em):
        return alvos_por_data(self._avisos().filter(
            certame__isnull=True, inscricao__isnull=True, ato__isnull=True), self.regra, em,
            "criado_em")


def declarar() -> None:
    """Register the declarations above (CertamesConfig.ready)."""
    somente_insercao.declarar_tabelas("certames", TABELAS_PROTEGIDAS)
    somente_insercao.declarar_colunas("certames", COLUNAS_AUDITADAS)
    cache_publico.declarar_fontes(FONTES_PUBLICAS)
    cache_publico.declarar_cobertas(COBERTAS)
    declarar_rotulos(ROTULOS_ATOS)
    retencao.declarar(DECISOES, Avisos(), AvisosConta())
