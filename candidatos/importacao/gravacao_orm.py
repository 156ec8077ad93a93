"""The import's writer through the ORM (SQLite and any other database; on PostgreSQL when
asked): bulk operations with their history rows (simple-history), in batches of `LOTE`."""

from __future__ import annotations

from typing import Any

from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from candidatos.importacao.consultas import (
    CAMPOS_CANDIDATO,
    CAMPOS_INSCRICAO,
    LOTE,
    _candidatos_existentes,
    _em_lotes,
)
from candidatos.importacao.plano import MOTIVO_HISTORICO, _Plano
from candidatos.models import Candidato, Inscricao
from certames.models import Certame


def _aplicar_mudancas(modelo, mudancas: dict[int, dict[str, Any]], campos, autor) -> None:
    """Load only the changed rows, apply the changes and save them with their history."""
    objetos = []
    for lote in _em_lotes(sorted(mudancas)):
        for obj in modelo.objects.filter(pk__in=lote):
            for campo, valor in mudancas[obj.pk].items():
                setattr(obj, campo, valor)
            objetos.append(obj)
    bulk_update_with_history(objetos, modelo, list(campos), batch_size=LOTE, default_user=autor,
                             default_change_reason=MOTIVO_HISTORICO)


def _gravar_orm(certame: Certame, plano: _Plano, candidatos_existentes: dict[str, dict], *,
                autor) -> None:
    """Write the plan with the ORM's bulk operations, history rows included."""
    novos = [Candidato(cpf=cpf, **campos) for cpf, campos in plano.candidatos_novos.items()]
    if novos:
        bulk_create_with_history(novos, Candidato, batch_size=LOTE, default_user=autor,
                                 default_change_reason=MOTIVO_HISTORICO)
    if plano.candidatos_alterados:
        _aplicar_mudancas(Candidato, plano.candidatos_alterados, CAMPOS_CANDIDATO, autor)
    pk_candidato = {cpf: c["pk"] for cpf, c in candidatos_existentes.items()}
    if novos:  # the new pks, whatever the backend returns from the bulk insert
        pk_candidato |= {cpf: c["pk"] for cpf, linhas in
                         _candidatos_existentes(plano.candidatos_novos).items()
                         for c in linhas if c["usuario_id"] is None}
    criar = [Inscricao(certame=certame, cargo_id=nova["cargo_id"],
                       candidato_id=pk_candidato[nova["cpf"]], numero=nova["numero"],
                       **{c: valor for c, valor in nova.items()
                          if c not in ("cpf", "cargo_id", "numero")})
             for nova in plano.inscricoes_novas]
    if criar:
        bulk_create_with_history(criar, Inscricao, batch_size=LOTE, default_user=autor,
                                 default_change_reason=MOTIVO_HISTORICO)
    if plano.inscricoes_alteradas:
        _aplicar_mudancas(Inscricao, plano.inscricoes_alteradas, CAMPOS_INSCRICAO, autor)
