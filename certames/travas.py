"""The one way a domain function locks rows: `SELECT ... FOR UPDATE OF <the row's own table>`.

Every state change reads the rows it decides on through these functions, inside its
`transaction.atomic()`, so two requests deciding on the same row run one after the other and
the second sees what the first wrote. The lock is always taken with `of=("self",)`: related
rows brought by `select_related` (or joined by a model's `Meta.ordering`) are read, not
locked, because PostgreSQL refuses FOR UPDATE on the nullable side of an outer join and
because locking a parent through a child would take locks in an order nobody chose. A parent
that must be locked is locked by its own call, before the child (certame, then cargo, then
inscrição), which is the order every domain function follows.

Outside PostgreSQL (SQLite in development and most tests) Django ignores `select_for_update`:
the functions still read and return the rows.
"""

from __future__ import annotations

from typing import TypeVar

from django.db import models
from django.db.models import QuerySet

from certames.models import Certame
from comum.models import SomenteInsercao

M = TypeVar("M", bound=models.Model)

#: Fields that already make an order total (the primary key).
_CHAVES = {"pk", "-pk", "id", "-id"}


def _consulta(origem: type[M] | models.Manager[M] | QuerySet[M]) -> QuerySet[M]:
    """A queryset from a model class, a manager or a queryset (filters kept), locked."""
    if isinstance(origem, QuerySet):
        consulta = origem
    elif isinstance(origem, models.Manager):
        consulta = origem.all()
    elif isinstance(origem, type) and issubclass(origem, models.Model):
        consulta = origem._default_manager.all()
    else:
        raise TypeError(f"Expected a model, manager or queryset, got {origem!r}.")
    return consulta.select_for_update(of=("self",))


def _chave(consulta: QuerySet[M], linha) -> object:
    """The primary key of `linha` (an instance of the queryset's model, or a key)."""
    if isinstance(linha, models.Model):
        if not isinstance(linha, consulta.model):
            raise TypeError(f"{type(linha).__name__} is not a {consulta.model.__name__}.")
        return linha.pk
    return linha


def travar(origem: type[M] | QuerySet[M], linha, *relacionados: str) -> M:
    """Lock and return the row `linha` (an instance or its primary key) of `origem` (a model or
    a queryset, whose filters also apply), reading `relacionados` with `select_related`.

    Raises the model's DoesNotExist when the row is not there (or not in the queryset)."""
    consulta = _consulta(origem)
    if relacionados:
        consulta = consulta.select_related(*relacionados)
    return consulta.get(pk=_chave(consulta, linha))


def travar_por(origem: type[M] | QuerySet[M], *relacionados: str, **filtros) -> M:
    """Lock and return the one row of `origem` matching `filtros` (`get` semantics:
    DoesNotExist or MultipleObjectsReturned otherwise)."""
    consulta = _consulta(origem)
    if relacionados:
        consulta = consulta.select_related(*relacionados)
    return consulta.get(**filtros)


def travar_primeiro(origem: type[M] | QuerySet[M], *relacionados: str, **filtros) -> M | None:
    """Lock and return the first row of `origem` matching `filtros` (the queryset's order, else
    the model's, else the primary key: `QuerySet.first`), or None."""
    consulta = _consulta(origem).filter(**filtros)
    if relacionados:
        consulta = consulta.select_related(*relacionados)
    return consulta.first()


def travar_varios(origem: type[M] | QuerySet[M], *ordem: str) -> list[M]:
    """Lock every row of `origem` and return them as a list, in a stable order: by `ordem`
    (default: the primary key), the primary key breaking ties.

    Two transactions locking overlapping sets in the same order cannot deadlock on them; an
    order that is not total would let the database choose it, differently each time."""
    ordem = tuple(ordem)
    if not _CHAVES.intersection(ordem):
        ordem += ("pk",)
    return list(_consulta(origem).order_by(*ordem))


def travar_sem_ler(origem: type[M] | QuerySet[M], linha) -> bool:
    """Lock the row `linha` (an instance or its primary key) without loading it: the cheap
    form for a row that only serialises (reads one column). True if the row exists."""
    consulta = _consulta(origem)
    return bool(list(consulta.filter(pk=_chave(consulta, linha)).order_by().values_list("pk")))


def travar_certame(certame: Certame | int) -> Certame:
    """Lock and return the certame (an instance or its primary key).

    The certame's row serialises the steps that decide over the whole certame: imports of
    inscrições, inscrições and option changes in the portal, publications of results and the
    end of payment deadlines. Lock it before any of its cargos or inscrições."""
    return travar(Certame, certame)


def travar_decisao(modelo: type[M], pk) -> M:
    """The decided object of a procedure, inside the act's transaction: locked, or re-read
    when it is an append-only record (an act, e.g. a published phase result: immutable, so
    nothing to lock, and PostgreSQL refuses FOR UPDATE to the application role, which has no
    UPDATE on those tables). The certame's lock, taken first, serialises the acts on it."""
    if issubclass(modelo, SomenteInsercao):
        return modelo._default_manager.get(pk=pk)
    return travar(modelo, pk)
