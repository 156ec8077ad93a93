"""Phase 2 of the import, inside the write transaction: the file against the database.

Numbers and CPFs already taken, the self-declaration and options fixed after the inscrições
window, and the tie-break keys (every scored inscrição of a cargo is ranked by the same keys,
spec section 5, so a file may not leave a cargo with scored inscrições of two different key
counts). Also decided here: the stored score a blank score cell keeps, and the stored record
each CPF of the file writes to.
"""

from __future__ import annotations

from django.db.models import Count, Func, IntegerField
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from candidatos.importacao.consultas import (
    _candidatos_existentes,
    _inscricoes_existentes,
    _inscricoes_por_cpf_cargo,
)
from candidatos.importacao.linhas import _Linha
from candidatos.importacao.valores import MANTER
from candidatos.models import Inscricao, mesmo_email
from candidatos.servicos import motivo_opcoes_fixadas
from certames.models import Cargo, Certame
from comum.planilhas import ArquivoRejeitado, ErroLinha


def _rejeitar(erros: list[ErroLinha], excedentes: int = 0) -> None:
    """Refuse the file with its first errors (by line and column) and their total."""
    erros.sort(key=lambda e: (e.linha, e.coluna))
    raise ArquivoRejeitado(erros, len(erros) + excedentes)


class _TamanhoJSON(Func):
    """Number of elements of a JSON array column, computed by the database."""

    function = "JSON_ARRAY_LENGTH"  # SQLite
    output_field = IntegerField()

    def as_postgresql(self, compiler, connection, **extra):
        return self.as_sql(compiler, connection, function="JSONB_ARRAY_LENGTH", **extra)


def _validar_contra_banco(certame: Certame, validas: list[_Linha], nomes_desempate: list[str],
                          erros: list[ErroLinha], excedentes: int = 0,
                          ) -> tuple[dict[str, dict], dict[str, dict]]:
    """Phase 2 (inside the write transaction): conflicts with the stored rows, by bulk
    look-ups (no per-row queries). Raises ArquivoRejeitado with these and `erros`."""
    existentes_num = _inscricoes_existentes(certame, [lin.valores["inscricao"] for lin in validas])
    _resolver_notas_mantidas(validas, existentes_num)
    cadastros = _candidatos_existentes([lin.valores["cpf"] for lin in validas])
    for linha in validas:
        v = linha.valores
        insc = existentes_num.get(v["inscricao"])
        if insc is not None and (insc["candidato__cpf"] != v["cpf"]
                                 or insc["cargo_id"] != v["cargo"].pk):
            erros.append(ErroLinha(linha.numero_linha, "inscricao", _(
                "a inscrição %(i)s já existe para outro candidato ou cargo") % {
                "i": v["inscricao"]}))
    erros.extend(_erros_opcoes_fixadas(certame, validas, existentes_num))
    # Both records of a CPF count (the account's and the banca's not yet claimed): one
    # person, one inscrição per cargo.
    ja_inscritos = _inscricoes_por_cpf_cargo(
        certame, [c["pk"] for linhas in cadastros.values() for c in linhas])
    for linha in validas:
        v = linha.valores
        numero = ja_inscritos.get((v["cpf"], v["cargo"].pk))
        if numero is not None and numero != v["inscricao"]:
            erros.append(ErroLinha(linha.numero_linha, "cpf", _(
                "o candidato já está inscrito neste cargo com o número %(n)s") % {"n": numero}))
    erros.extend(_erros_desempate(validas, existentes_num, nomes_desempate))
    if erros or excedentes:
        _rejeitar(erros, excedentes)
    return existentes_num, _destinos(validas, cadastros)


def _resolver_notas_mantidas(validas: list[_Linha], existentes_num: dict[str, dict]) -> None:
    """A blank score cell keeps the stored score (never erased without "apagar"): the row
    takes the stored score and, when its tie-break cells are blank too, the stored keys, and
    is marked `mantida` (the file does not rewrite that score: `_erros_desempate`). A new
    inscrição with a blank score has none."""
    for linha in validas:
        v = linha.valores
        if v["nota"] is not MANTER:
            continue
        existente = existentes_num.get(v["inscricao"])
        v["nota"] = existente["nota"] if existente is not None else None
        if v["nota"] is not None and not v["desempate"]:
            v["desempate"] = list(existente["desempate"] or [])
            v["mantida"] = True


def _destinos(validas: list[_Linha], cadastros: dict[str, list[dict]]) -> dict[str, dict]:
    """The stored record each CPF of the file writes to (cpf -> its row; a CPF absent gets a
    new record without an account).

    An imported inscrição joins an existing account only when the e-mail the banca imported
    is the account's own (the e-mail its owner proved: the sign-up's link, or the claim RH
    approved), the proof of `candidatos.contas.cadastro`; never by the CPF alone
    (anyone may have signed up with a CPF the banca had not imported yet). Otherwise the
    file's rows go to the CPF's record without an account (created if need be), which the
    account holder may claim (`portal.solicitar_vinculo`); the account's own record is not
    touched."""
    destinos: dict[str, dict] = {}
    for linha in validas:
        v = linha.valores
        if v["cpf"] in destinos:
            continue
        linhas = cadastros.get(v["cpf"], [])
        conta = next((c for c in linhas if c["usuario_id"] is not None), None)
        sem_conta = next((c for c in linhas if c["usuario_id"] is None), None)
        if conta is not None and mesmo_email(v.get("email"), conta["email_da_conta"]):
            destinos[v["cpf"]] = conta
        elif sem_conta is not None:
            destinos[v["cpf"]] = sem_conta
    return destinos


#: The self-declaration and the options: fixed at the inscrição.
CAMPOS_DECLARADOS = ("cor_raca", "quilombola", "deficiencia", "tipo_deficiencia", "listas")


def _erros_opcoes_fixadas(certame: Certame, validas: list[_Linha],
                          existentes_num: dict[str, dict]) -> list[ErroLinha]:
    """After the inscrições window a re-import may bring new inscrições and scores, but not
    change the self-declaration or the options of a stored inscrição (LC 22/2026 art. 2º;
    Lei 3.057/2026 art. 10 caput; Lei 3.056/2025 art. 5º §2º: the regime's
    `fundamento_opcoes_na_inscricao`): a data error is corrected by RH's retificação."""
    motivo = motivo_opcoes_fixadas(certame)
    if motivo is None:
        return []
    erros = []
    for linha in validas:
        v = linha.valores
        existente = existentes_num.get(v["inscricao"])
        if existente is None:
            continue
        arquivo = {"cor_raca": v["cor_raca"], "quilombola": v.get("quilombola", False),
                   "deficiencia": v.get("deficiencia", False),
                   "tipo_deficiencia": v["tipo_deficiencia"], "listas": sorted(v["listas"])}
        guardado = {c: existente[c] for c in CAMPOS_DECLARADOS} | {
            "listas": sorted(existente["listas"] or [])}
        diferentes = [c for c in CAMPOS_DECLARADOS if arquivo[c] != guardado[c]]
        if diferentes:
            erros.append(ErroLinha(linha.numero_linha, diferentes[0], _(
                "a inscrição %(i)s já existe com outra autodeclaração ou opção (%(campos)s). "
                "%(motivo)s") % {"i": v["inscricao"], "campos": ", ".join(diferentes),
                                 "motivo": motivo}))
    return erros


def _erros_desempate(validas: list[_Linha], existentes_num: dict[str, dict],
                     nomes_desempate: list[str]) -> list[ErroLinha]:
    """Every scored inscrição of a cargo is ranked by the same tie-break keys (spec section 5;
    the engine refuses a cargo whose candidates have different key counts). After the import,
    each cargo's scored inscrições are the file's scored rows (one key per tie-break column)
    plus the stored scored ones the file does not overwrite: these must have as many keys."""
    chaves = len(nomes_desempate)
    coluna = ", ".join(nomes_desempate) or "desempate"
    linhas_por_cargo: dict[int, list[int]] = {}
    cargo_por_id: dict[int, Cargo] = {}
    for linha in validas:
        if linha.valores["nota"] is not None and not linha.valores.get("mantida"):
            cargo = linha.valores["cargo"]
            linhas_por_cargo.setdefault(cargo.pk, []).append(linha.numero_linha)
            cargo_por_id[cargo.pk] = cargo
    if not linhas_por_cargo:
        return []
    # Stored scored inscrições by (cargo, number of keys): one grouped query.
    restantes: dict[tuple[int, int], int] = {}
    for cargo_id, tamanho, total in (
            Inscricao.objects.filter(cargo_id__in=sorted(linhas_por_cargo), nota__isnull=False)
            .values_list("cargo_id", _TamanhoJSON("desempate"))
            .annotate(total=Count("pk")).order_by()):
        restantes[(cargo_id, tamanho)] = restantes.get((cargo_id, tamanho), 0) + total
    # Those the file overwrites no longer count with their stored keys.
    for linha in validas:
        existente = existentes_num.get(linha.valores["inscricao"])
        if (existente is not None and existente["nota"] is not None
                and not linha.valores.get("mantida")):
            chave = (existente["cargo_id"], len(existente["desempate"] or []))
            if chave in restantes:
                restantes[chave] -= 1
    erros: list[ErroLinha] = []
    for cargo_id, numeros_linhas in sorted(linhas_por_cargo.items(),
                                           key=lambda item: item[1][0]):
        guardadas = sorted(t for (c, t), total in restantes.items()
                           if c == cargo_id and total > 0)
        if not guardadas or guardadas == [chaves]:
            continue
        cargo = cargo_por_id[cargo_id]
        em_linhas = ngettext("%(n)d linha com nota deste cargo no arquivo",
                             "%(n)d linhas com nota deste cargo no arquivo",
                             len(numeros_linhas)) % {"n": len(numeros_linhas)}
        if len(guardadas) == 1:
            mensagem = _(
                "o cargo %(cargo)s já tem inscrições com nota e %(guardadas)s; esta planilha "
                "traz %(arquivo)s. Todas as inscrições com nota de um cargo são classificadas "
                "pelos mesmos critérios: envie as colunas de desempate do cargo ou regrave "
                "todas as suas notas (%(linhas)s).") % {
                "cargo": cargo.codigo,
                "guardadas": ngettext("%(n)d critério de desempate",
                                      "%(n)d critérios de desempate",
                                      guardadas[0]) % {"n": guardadas[0]},
                "arquivo": ngettext("%(n)d coluna de desempate", "%(n)d colunas de desempate",
                                    chaves) % {"n": chaves},
                "linhas": em_linhas}
        else:
            mensagem = _(
                "o cargo %(cargo)s já tem inscrições com nota com números diferentes de "
                "critérios de desempate (%(guardadas)s); envie uma planilha que regrave todas "
                "as notas do cargo com os mesmos critérios (%(linhas)s).") % {
                "cargo": cargo.codigo, "guardadas": ", ".join(map(str, guardadas)),
                "linhas": em_linhas}
        erros.append(ErroLinha(numeros_linhas[0], coluna, mensagem))
    return erros
