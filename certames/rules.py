"""Permissions of the certames app (package `rules`), checked by views and tested as a matrix."""

import rules

from comum.papeis import e_rh

rules.add_perm("certames.acessar_rh", e_rh)
rules.add_perm("certames.ver_auditoria", e_rh)
rules.add_perm("certames.importar_inscricoes", e_rh)
