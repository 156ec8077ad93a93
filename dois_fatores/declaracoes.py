"""What the second-factor app declares to the shared mechanisms (registered at app loading by
`DoisFatoresConfig.ready`): its append-only table (`comum.somente_insercao`), the label of
its act (`certames.auditoria`) and the retention of the addresses in its trail
(`certames.retencao`)."""

from __future__ import annotations

from dateutil.relativedelta import relativedelta
from django.db import models
from django.utils.translation import gettext_lazy as _

from certames import retencao
from certames.auditoria import declarar_rotulos
from certames.retencao import ANONIMIZAR, F_FIM, LGPD, Executor, Regra, alvos_por_data, lotes
from comum import somente_insercao
from dois_fatores.models import EventoSegundoFator

TABELAS_PROTEGIDAS = ("dois_fatores_eventosegundofator",)

ROTULOS_ATOS = {
    "segundo_fator_redefinido": _("Redefinição do segundo fator de uma conta"),
}

#: Months a use of the second factor keeps the address it came from: what the Marco Civil da
#: Internet sets for the access logs of an internet application (Lei 12.965/2014, art. 15:
#: six months), applied here by analogy. Product default.
MESES_ENDERECO = 6

ENDERECOS = Regra(
    codigo="segundo_fator_enderecos",
    titulo=_("Endereços IP do uso do segundo fator"),
    dados=_("O endereço IP de cada uso do segundo fator pelas contas do RH, das comissões e "
            "da administração: código aceito ou recusado, tentativa no bloqueio, código de "
            "recuperação, cadastro, novos códigos, redefinição (candidatos não usam o segundo "
            "fator)."),
    onde=("dois_fatores.EventoSegundoFator: endereco",),
    finalidade=_("Apurar o acesso indevido a uma conta que decide (incidente de segurança)."),
    evento=_("uso do segundo fator"),
    periodo=relativedelta(months=MESES_ENDERECO),
    prazo=_("6 meses após o uso"),
    acao=ANONIMIZAR,
    ao_fim=_("O endereço IP é apagado. Ficam a conta, quando, o tipo do evento e do "
             "dispositivo e quem redefiniu: a trilha de segurança da conta."),
    fundamento=(
        f"Tratamento: {LGPD}, art. 7º, II, art. 46 (medidas de segurança) e art. 49. Prazo: "
        "Marco Civil da Internet (Lei 12.965/2014), art. 15 (registros de acesso a "
        f"aplicações guardados por 6 meses), por analogia. Fim: {LGPD}, art. 6º, III "
        f"(necessidade); {F_FIM}."),
    ordem=88,
)


class Enderecos(Executor):
    """The addresses of the second factor's uses older than six months (ENDERECOS); a use
    whose address is gone is not taken again."""

    regra = ENDERECOS

    def alvos(self, em):
        return alvos_por_data(EventoSegundoFator.objects.filter(endereco__isnull=False)
                              .only("pk", "criado_em"), self.regra, em, "criado_em")

    def aplicar(self, alvos, resultado, quando):
        # The trail refuses changes through its manager (append-only); this plain QuerySet
        # is the shredders' one exception (on PostgreSQL the trigger accepts it only with
        # `certames.expurgo_lgpd` on).
        for lote in lotes([a.objeto.pk for a in alvos]):
            models.QuerySet(model=EventoSegundoFator).filter(
                pk__in=lote).update(endereco=None)

    def campos(self, alvo):
        return {"campos": ["endereco"]}


def declarar() -> None:
    """Register the declarations above (DoisFatoresConfig.ready)."""
    somente_insercao.declarar_tabelas("dois_fatores", TABELAS_PROTEGIDAS)
    declarar_rotulos(ROTULOS_ATOS)
    retencao.declarar(Enderecos())
