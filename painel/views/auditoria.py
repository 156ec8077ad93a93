"""RH: the audit trail — the acts (moved from `certames/views/rh.py`) and, in a second tab
(/rh/auditoria/banco/), the changes of decision-bearing columns recorded by the database's
triggers (moved from `certames/views/auditoria_banco.py`).

Every row of the second tab is one change of one column
(comum/somente_insercao.py, `COLUNAS_AUDITADAS`), written by PostgreSQL even when the change
was raw SQL. A change made by the application comes with an act in the same transaction; one
without ("sem ato") deserves a look.
"""

from __future__ import annotations

from functools import cache

from django.apps import apps
from django.db import connection
from django.db.models import Exists, OuterRef
from django.views.generic import ListView

from certames.models import AlteracaoColuna, Ato
from comum.avisos import estado as estado_avisos
from comum.somente_insercao import COLUNAS_AUDITADAS
from nucleo.rotulos_atos import rotulo_do_ato
from painel.acesso import RHMixin
from painel.forms.auditoria import FiltroAtosForm

TABELA_ATO = "certames_ato"


@cache
def _modelos_por_tabela() -> dict[str, type]:
    return {m._meta.db_table: m for m in apps.get_models()}


def nome_tabela(tabela: str) -> str:
    modelo = _modelos_por_tabela().get(tabela)
    return str(modelo._meta.verbose_name) if modelo else tabela


def nome_coluna(tabela: str, coluna: str) -> str:
    modelo = _modelos_por_tabela().get(tabela)
    if modelo:
        for campo in modelo._meta.concrete_fields:
            if campo.column == coluna:
                return str(campo.verbose_name)
    return coluna


class AlteracoesBancoView(RHMixin, ListView):
    template_name = "painel/auditoria/auditoria_banco.html"
    context_object_name = "alteracoes"
    paginate_by = 50

    def get_queryset(self):
        g = self.request.GET
        mesmo_ato = AlteracaoColuna.objects.filter(tabela=TABELA_ATO,
                                                   transacao=OuterRef("transacao"))
        qs = AlteracaoColuna.objects.annotate(com_ato=Exists(mesmo_ato))
        tabela = g.get("tabela", "")
        if tabela in COLUNAS_AUDITADAS:
            qs = qs.filter(tabela=tabela)
        else:
            # The acts' own rows only mark the transactions that recorded an act.
            qs = qs.exclude(tabela=TABELA_ATO)
        if g.get("coluna"):
            qs = qs.filter(coluna=g["coluna"].strip())
        if g.get("registro_id"):
            qs = qs.filter(registro_id=g["registro_id"].strip())
        if g.get("sem_ato"):
            qs = qs.filter(com_ato=False)
        return qs

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["tabelas"] = sorted(((t, nome_tabela(t)) for t in COLUNAS_AUDITADAS),
                                key=lambda par: par[1])
        tabela = self.request.GET.get("tabela", "")
        ctx["colunas"] = ([(c, nome_coluna(tabela, c)) for c in COLUNAS_AUDITADAS[tabela][1]]
                          if tabela in COLUNAS_AUDITADAS else [])
        for alteracao in ctx["alteracoes"]:
            alteracao.nome_tabela = nome_tabela(alteracao.tabela)
            alteracao.nome_coluna = nome_coluna(alteracao.tabela, alteracao.coluna)
        ctx["sem_gatilhos"] = connection.vendor != "postgresql"
        ctx["filtros"] = self.request.GET.copy()
        ctx["filtros"].pop("page", None)
        return ctx


class AuditoriaView(RHMixin, ListView):
    """The acts, in Portuguese (`nucleo.rotulos_atos`), filtered by kind, certame, author,
    dates and object (`FiltroAtosForm`); a refused filter shows its message and no act."""

    template_name = "painel/auditoria/auditoria.html"
    context_object_name = "atos"
    paginate_by = 50

    def get_queryset(self):
        qs = Ato.objects.select_related("autor", "certame", "objeto_tipo")
        self.filtro = FiltroAtosForm(self.request.GET or None)
        if self.filtro.is_bound:
            if not self.filtro.is_valid():
                return qs.none()
            qs = self.filtro.filtrar(qs)
        return qs

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["filtro"] = self.filtro
        resumos = estado_avisos.por_ato(a.pk for a in ctx["atos"])
        for ato in ctx["atos"]:
            ato.rotulo = rotulo_do_ato(ato.tipo)
            ato.resumo_aviso = resumos.get(ato.pk)
        return ctx
