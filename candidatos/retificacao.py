"""Retificação de dado da inscrição: RH's only way to correct, after the inscrições window,
the reserved-list options or the self-declaration the system recorded wrongly.

The options and the self-declaration are made at the inscrição (the regime's
`fundamento_opcoes_na_inscricao`: LC 22/2026 art. 2º; Lei 3.057/2026 art. 10 caput;
Lei 3.056/2025 art. 5º §2º). A correction therefore never chooses anew: it
restores what the candidate declared at the inscrição, stating what was recorded, what was
declared, the proof of it and the motivation (Lei 9.784/1999, art. 50, through
`nucleo.motivacao`). It is one act of the audit trail with the data before and after, the
candidate is told by e-mail (queued by name on commit) and sees it on the status page; the
lists are recomputed.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from candidatos.models import CorRaca, Inscricao, TipoDeficiencia, erros_autodeclaracao
from candidatos.servicos import fundamento_opcoes_na_inscricao
from certames.auditoria import registrar_ato
from certames.calendario import no_fuso
from certames.models import Ato, Certame
from certames.recalculo import solicitar_recalculo
from certames.travas import travar, travar_sem_ler
from comum import emails
from comum.filas import enfileirar
from comum.formatos import data_hora_br
from nucleo.motivacao import validar_motivacao

#: The act's type in the audit trail.
TIPO_ATO = "retificacao_inscricao"
#: The e-mail task (`candidatos.tasks`, queued by name: the tasks import this module).
TAREFA_NOTIFICAR = "candidatos.notificar_retificacao_inscricao"
#: The fields a retificação may correct: the self-declaration and the options.
CAMPOS = ("cor_raca", "quilombola", "deficiencia", "tipo_deficiencia", "listas")
MINIMO_PROVA = 10


def dados_declarados(inscricao: Inscricao) -> dict:
    """The self-declaration and options as recorded now (JSON-ready)."""
    return {"cor_raca": inscricao.cor_raca, "quilombola": inscricao.quilombola,
            "deficiencia": inscricao.deficiencia,
            "tipo_deficiencia": inscricao.tipo_deficiencia, "listas": list(inscricao.listas)}


def descrever(dados: dict) -> str:
    """One line in Portuguese: "Parda; listas: PPI, PCD"."""
    partes = [str(CorRaca(dados["cor_raca"]).label) if dados.get("cor_raca") else "—"]
    if dados.get("quilombola"):
        partes.append(_("quilombola"))
    if dados.get("deficiencia"):
        tipo = dados.get("tipo_deficiencia")
        partes.append(_("pessoa com deficiência (%(t)s)") % {
            "t": TipoDeficiencia(tipo).label if tipo else "—"})
    listas = ", ".join(dados.get("listas") or []) or _("nenhuma lista reservada")
    return _("%(autodeclaracao)s; listas: %(listas)s") % {
        "autodeclaracao": ", ".join(str(p) for p in partes), "listas": listas}


@transaction.atomic
def retificar(inscricao: Inscricao, *, autor, cor_raca: str, quilombola: bool,
              deficiencia: bool, tipo_deficiencia: str, listas: list[str],
              declarado_na_inscricao: str, prova: str, motivacao: str) -> Ato:
    """Correct a data error of the inscrição's self-declaration or options; returns the act.

    `declarado_na_inscricao` says what the candidate declared at the inscrição, `prova` where
    that is shown (the receipt, the banca's inscrição form...). The new data must be valid
    under the regime and differ from what is recorded."""
    # A correction may take a list away from the candidate: a specific motivation.
    motivacao = validar_motivacao(
        motivacao, desfavoravel=True, campo="motivacao",
        especifica=_("o erro de registro e por que os dados corretos são os declarados"))
    erros: dict[str, list[str]] = {}
    if len((declarado_na_inscricao or "").strip()) < MINIMO_PROVA:
        erros["declarado_na_inscricao"] = [_(
            "Informe o que o(a) candidato(a) declarou na inscrição.")]
    if len((prova or "").strip()) < MINIMO_PROVA:
        erros["prova"] = [_(
            "Informe a prova do que foi declarado na inscrição (comprovante, ficha da banca, "
            "registro do sistema).")]
    # Parents first, as every writer of options (the portal, the import) does.
    travar_sem_ler(Certame, inscricao.certame_id)
    insc = travar(Inscricao, inscricao, "cargo__certame", "candidato")
    certame = insc.cargo.certame
    tipo_deficiencia = tipo_deficiencia if deficiencia else ""
    depois = {"cor_raca": cor_raca, "quilombola": bool(quilombola),
              "deficiencia": bool(deficiencia), "tipo_deficiencia": tipo_deficiencia,
              "listas": list(listas)}
    for campo, mensagens in erros_autodeclaracao(
            certame.regime_legal, cor_raca=cor_raca, quilombola=depois["quilombola"],
            deficiencia=depois["deficiencia"], tipo_deficiencia=tipo_deficiencia,
            listas=depois["listas"]).items():
        erros.setdefault(campo, []).extend(mensagens)
    antes = dados_declarados(insc)
    if not erros and {**depois, "listas": sorted(depois["listas"])} == {
            **antes, "listas": sorted(antes["listas"])}:
        erros["__all__"] = [_("Os dados informados são os já registrados: nada a retificar.")]
    if erros:
        raise ValidationError(erros)
    for campo in CAMPOS:
        setattr(insc, campo, depois[campo])
    insc._change_reason = TIPO_ATO  # the row's history (simple_history) names the act
    insc.save(update_fields=[*CAMPOS, "atualizada_em"])
    fundamento = fundamento_opcoes_na_inscricao(certame)
    ato = registrar_ato(
        tipo=TIPO_ATO, autor=autor, certame=certame, objeto=insc,
        descricao=_("Retificação de dado da inscrição %(n)s: registrado “%(antes)s”, "
                    "retificado para “%(depois)s”.") % {
            "n": insc.numero, "antes": descrever(antes), "depois": descrever(depois)},
        motivacao=motivacao, fundamento_legal=fundamento,
        antes=antes,
        depois={**depois, "declarado_na_inscricao": declarado_na_inscricao.strip(),
                "prova": prova.strip()})
    solicitar_recalculo([insc.cargo_id], _("retificação de dado da inscrição %(n)s") % {
        "n": insc.numero})
    ato_id = ato.pk
    transaction.on_commit(lambda: enfileirar(TAREFA_NOTIFICAR, ato_id))
    return ato


# --- what the candidate sees ------------------------------------------------------------------


@dataclass(frozen=True)
class Retificacao:
    """One retificação as the candidate's status page and e-mail show it."""

    ato: Ato
    antes: str
    depois: str
    declarado: str
    prova: str
    fundamento: str


def _como_retificacao(ato: Ato) -> Retificacao:
    depois = ato.depois or {}
    return Retificacao(ato, descrever(ato.antes or {}), descrever(depois),
                       depois.get("declarado_na_inscricao", ""), depois.get("prova", ""),
                       ato.fundamento_legal)


def retificacoes_da_inscricao(inscricao: Inscricao) -> list[Retificacao]:
    """The retificações of the inscrição, oldest first."""
    atos = Ato.objects.filter(certame_id=inscricao.certame_id, tipo=TIPO_ATO,
                              objeto_tipo__app_label="candidatos",
                              objeto_tipo__model="inscricao",
                              objeto_id=str(inscricao.pk)).order_by("criado_em", "pk")
    return [_como_retificacao(ato) for ato in atos]


def notificar(ato_id: int) -> bool:
    """E-mail the candidate about one retificação (the task's body). False: no address."""
    ato = Ato.objects.select_related("certame__orgao").get(pk=ato_id, tipo=TIPO_ATO)
    insc = Inscricao.objects.select_related("candidato").get(pk=int(ato.objeto_id))
    email = insc.candidato.email
    if not email:
        return False
    r = _como_retificacao(ato)
    with no_fuso(ato.certame):  # the act's hour in the órgão's clock
        emails.retificacao_inscricao(email, {
            "quando": data_hora_br(ato.criado_em), "certame": ato.certame.titulo,
            "numero": insc.numero, "antes": r.antes, "depois": r.depois,
            "declarado": r.declarado, "prova": r.prova, "motivacao": ato.motivacao,
            "fundamento": r.fundamento}, ato=ato, inscricao=insc)
    return True
