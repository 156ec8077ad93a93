"""The legal calendar: which days an órgão has office hours, where its clock is, and the one
count of every deadline of the product (`fim_do_prazo`).

Lei 9.784/1999, art. 66 (applied subsidiarily to the municipal procedures: art. 69; STJ,
Súmula 633):

    "Os prazos começam a correr a partir da data da cientificação oficial, excluindo-se da
    contagem o dia do começo e incluindo-se o do vencimento.
    § 1º Considera-se prorrogado o prazo até o primeiro dia útil seguinte se o vencimento
    cair em dia em que não houver expediente ou este for encerrado antes da hora normal.
    § 2º Os prazos expressos em dias contam-se de modo contínuo."

Rules decided here:

- a day without office hours is a Saturday, a Sunday, a national or state holiday (the
  `holidays` package, Brazil and the órgão's UF, category "public": Lei 662/1949 and Lei
  14.759/2023, which made 20 November national; the states' own laws), or a day the órgão's RH
  recorded (`Feriado`: its municipal holidays, pontos facultativos and days whose office
  hours closed early, each with the act that declared it). The federal pontos facultativos
  (Carnival, Corpus Christi...) are not assumed: a municipality declares its own, so RH records
  them;
- `fim_do_prazo`: the day of the start excluded, `dias` days counted continuously (caput,
  §2º), the end moved to the first following working day when it falls on a day without
  office hours or with office hours closed early (§1º; only the end moves: the law moves
  nothing else), the period ending at 23:59:59 of that day in the órgão's time zone;
- the órgão's time zone is its own setting (`Orgao.fuso_horario`) or its UF's
  (`FUSO_POR_UF`); a page of a certame shows times in its órgão's zone
  (`FusoHorarioMiddleware`, the template tag `fuso_da_pagina`);
- the edital's schedule keeps the dates RH typed (they are the edital's own: the product
  never moves a published date); RH is warned when a stage ends on a day without office
  hours (`aviso_de_vencimento`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import lru_cache

import holidays
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from certames.auditoria import registrar_ato
from certames.calendario.fuso import (  # noqa: F401 (the clock is part of this module's API)
    FUSO_PADRAO,
    FUSO_POR_UF,
    FusoHorarioMiddleware,
    ativar_fuso,
    fuso,
    hoje_no_orgao,
    no_fuso,
    nome_do_fuso,
    orgao_de,
)
from certames.models import Feriado, Orgao
from comum.formatos import data_br

FUNDAMENTO_PRAZO = "Lei 9.784/1999, art. 66"
FUNDAMENTO_PRORROGACAO = "Lei 9.784/1999, art. 66, §1º"

#: The longest run of days without office hours looked ahead (Carnival and a weekend, a
#: holiday bridged by pontos facultativos...: far fewer in any real calendar).
MAXIMO_DIAS_SEM_EXPEDIENTE = 31

NACIONAL = "nacional"
ESTADUAL = "estadual"
FIM_DE_SEMANA = "fim_de_semana"
TIPOS = {
    NACIONAL: gettext_lazy("feriado nacional"),
    ESTADUAL: gettext_lazy("feriado estadual"),
    Feriado.Tipo.MUNICIPAL: gettext_lazy("feriado municipal"),
    Feriado.Tipo.PONTO_FACULTATIVO: gettext_lazy("ponto facultativo"),
    Feriado.Tipo.EXPEDIENTE_REDUZIDO: gettext_lazy("dia de expediente encerrado antes da "
                                                   "hora normal"),
}
DIAS_DA_SEMANA = {5: gettext_lazy("sábado"), 6: gettext_lazy("domingo")}


# --- days without office hours ----------------------------------------------------------------


@dataclass(frozen=True)
class SemExpediente:
    """Why a day has no (full) office hours."""

    data: dt.date
    tipo: str
    nome: str = ""

    def descricao(self) -> str:
        """E.g. "feriado nacional (Dia Nacional de Zumbi e da Consciência Negra)", "sábado"."""
        if self.tipo == FIM_DE_SEMANA:
            return str(DIAS_DA_SEMANA[self.data.weekday()])
        return f"{TIPOS[self.tipo]} ({self.nome})"


@lru_cache(maxsize=512)
def feriados_publicos(uf: str, ano: int) -> dict[dt.date, SemExpediente]:
    """The national and the UF's holidays of a year (the `holidays` package, in Portuguese;
    a day both national and state is national)."""
    nacionais = holidays.country_holidays("BR", years=ano, language="pt_BR")
    saida = {d: SemExpediente(d, NACIONAL, nome) for d, nome in nacionais.items()}
    if uf in holidays.country_holidays("BR").subdivisions:
        estaduais = holidays.country_holidays("BR", subdiv=uf, years=ano, language="pt_BR")
        for d, nome in estaduais.items():
            saida.setdefault(d, SemExpediente(d, ESTADUAL, nome))
    return saida


def _do_orgao(orgao: Orgao, de: dt.date, ate: dt.date) -> dict[dt.date, SemExpediente]:
    """The órgão's own recorded days between two dates, both included (one query)."""
    if orgao.pk is None:
        return {}
    return {f.data: SemExpediente(f.data, f.tipo, f.nome)
            for f in Feriado.objects.filter(orgao=orgao, data__range=(de, ate))}


def _sem_expediente(data: dt.date, orgao: Orgao,
                    proprios: dict[dt.date, SemExpediente]) -> SemExpediente | None:
    publico = feriados_publicos(orgao.uf, data.year).get(data)
    if publico is not None:
        return publico
    if data in proprios:
        return proprios[data]
    if data.weekday() in DIAS_DA_SEMANA:
        return SemExpediente(data, FIM_DE_SEMANA)
    return None


def sem_expediente(data: dt.date, alvo) -> SemExpediente | None:
    """Why `data` has no (full) office hours at the órgão of `alvo`; None: a working day."""
    orgao = orgao_de(alvo)
    return _sem_expediente(data, orgao, _do_orgao(orgao, data, data))


def dia_util(data: dt.date, alvo) -> bool:
    """`data` is a working day of the órgão of `alvo` (art. 66, §1º)."""
    return sem_expediente(data, alvo) is None


def proximo_dia_util(data: dt.date, alvo) -> dt.date:
    """The first working day of the órgão of `alvo` after `data` (`data` excluded)."""
    return _primeiro_util(data + dt.timedelta(days=1), orgao_de(alvo))


def _primeiro_util(data: dt.date, orgao: Orgao) -> dt.date:
    """`data` if a working day, else the first working day after it."""
    proprios = _do_orgao(orgao, data, data + dt.timedelta(days=MAXIMO_DIAS_SEM_EXPEDIENTE))
    for n in range(MAXIMO_DIAS_SEM_EXPEDIENTE + 1):
        dia = data + dt.timedelta(days=n)
        if _sem_expediente(dia, orgao, proprios) is None:
            return dia
    raise ValidationError(_("O calendário do órgão não tem dia útil nos %(n)d dias seguintes "
                            "a %(d)s: confira os feriados cadastrados.") % {
        "n": MAXIMO_DIAS_SEM_EXPEDIENTE, "d": data_br(data)})


def vencimento(data: dt.date, alvo) -> dt.date:
    """The last day of a period whose count ends on `data`: `data` itself, or the first
    working day after it when `data` has no office hours or closed early (art. 66, §1º)."""
    return _primeiro_util(data, orgao_de(alvo))


# --- the count ----------------------------------------------------------------------------------


def fim_do_dia(data: dt.date, alvo) -> dt.datetime:
    """23:59:59 of `data` in the time zone of the órgão of `alvo`."""
    return dt.datetime.combine(data, dt.time(23, 59, 59), tzinfo=fuso(alvo))


def fim_do_prazo(inicio: dt.datetime, dias: int, alvo) -> dt.datetime:
    """The end of a period of `dias` days from `inicio` at the órgão of `alvo` (an Orgao, a
    Certame or anything of a certame): the day of the start excluded and the day of the end
    included (Lei 9.784/1999, art. 66, caput), days counted continuously (§2º), the end moved
    to the first following working day when it falls on a day without office hours or with
    office hours closed early (§1º); the period ends at 23:59:59 of that day in the órgão's
    time zone. Every deadline counted in days goes through here."""
    orgao = orgao_de(alvo)
    zona = fuso(orgao)
    ultimo = timezone.localtime(inicio, zona).date() + dt.timedelta(days=dias)
    return fim_do_dia(_primeiro_util(ultimo, orgao), orgao)


def aviso_de_vencimento(data: dt.date | dt.datetime | None, alvo, *, sujeito) -> str | None:
    """The warning RH reads when a deadline it sets ends on a day without office hours (not
    an error: the law extends it, `vencimento`). `sujeito`: e.g. "O fim desta etapa"."""
    if data is None:
        return None
    orgao = orgao_de(alvo)
    if orgao is None:
        return None
    if isinstance(data, dt.datetime):
        data = timezone.localtime(data, fuso(orgao)).date()
    motivo = sem_expediente(data, orgao)
    if motivo is None:
        return None
    return _("%(s)s cai em %(d)s, %(m)s: pela %(f)s, o prazo se prorroga até %(p)s.") % {
        "s": sujeito, "d": data_br(data), "m": motivo.descricao(),
        "f": FUNDAMENTO_PRORROGACAO, "p": data_br(vencimento(data, orgao))}


# --- the órgão's own days (RH) ------------------------------------------------------------------


def registrar(orgao: Orgao, *, data: dt.date, nome: str, tipo: str, fundamento: str,
              autor) -> Feriado:
    """RH records a day of the órgão without office hours (or closed early). A past day is
    refused: the deadlines it would move have run already."""
    with transaction.atomic():
        orgao = Orgao.objects.select_for_update().get(pk=orgao.pk)
        if data < hoje_no_orgao(orgao):
            raise ValidationError(_("Não se cadastra um dia que já passou: os prazos que ele "
                                    "prorrogaria já correram."))
        if Feriado.objects.filter(orgao=orgao, data=data).exists():
            raise ValidationError(_("Já há um dia cadastrado em %(d)s para este órgão.") % {
                "d": data_br(data)})
        feriado = Feriado.objects.create(orgao=orgao, data=data, nome=nome, tipo=tipo,
                                         fundamento=fundamento, registrado_por=autor)
        registrar_ato(tipo="feriado_registrado", autor=autor, objeto=feriado,
                      descricao=_("%(t)s em %(d)s (%(n)s) no calendário de %(o)s.") % {
                          "t": feriado.get_tipo_display(), "d": data_br(data), "n": nome,
                          "o": orgao.nome},
                      fundamento_legal=f"{FUNDAMENTO_PRORROGACAO}; {fundamento}"[:250],
                      depois={"data": data.isoformat(), "nome": nome, "tipo": tipo,
                              "fundamento": fundamento})
        return feriado


def motivo_nao_remover(feriado: Feriado) -> str | None:
    """A day that has come (today or past) is kept: it may have moved a deadline."""
    if feriado.data <= hoje_no_orgao(feriado.orgao):
        return _("O dia %(d)s já chegou e pode ter prorrogado prazos: ele fica no "
                 "calendário.") % {"d": data_br(feriado.data)}
    return None


def remover(feriado: Feriado, *, autor) -> None:
    """RH removes a future day it had recorded (`motivo_nao_remover`)."""
    with transaction.atomic():
        Orgao.objects.select_for_update().get(pk=feriado.orgao_id)
        feriado = Feriado.objects.select_related("orgao").get(pk=feriado.pk)
        motivo = motivo_nao_remover(feriado)
        if motivo:
            raise ValidationError(motivo)
        registrar_ato(tipo="feriado_removido", autor=autor, objeto=feriado,
                      descricao=_("%(t)s em %(d)s (%(n)s) retirado do calendário de %(o)s.")
                      % {"t": feriado.get_tipo_display(), "d": data_br(feriado.data),
                         "n": feriado.nome, "o": feriado.orgao.nome},
                      fundamento_legal=FUNDAMENTO_PRORROGACAO,
                      antes={"data": feriado.data.isoformat(), "nome": feriado.nome,
                             "tipo": feriado.tipo, "fundamento": feriado.fundamento})
        feriado.delete()


