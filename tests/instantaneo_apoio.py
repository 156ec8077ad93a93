"""Reading a classification snapshot in tests (`certames.instantaneo`), by inscrição number."""

from __future__ import annotations

from certames import instantaneo
from classificacao import leitura


def linhas(versao, lista: str | None = None) -> list[instantaneo.Posicao]:
    """Positions (every list, or one) with their inscrições attached, in order."""
    itens = instantaneo.posicoes(versao) if lista is None else instantaneo.lista(versao, lista)
    return leitura.anexar_inscricoes(itens)


def numeros(versao, lista: str) -> list[str]:
    return [p.inscricao.numero for p in linhas(versao, lista)]


def numeros_sub_judice(versao, lista: str) -> list[tuple[str, bool]]:
    return [(p.inscricao.numero, p.sub_judice) for p in linhas(versao, lista)]


def por_lista(versao) -> dict[str, dict[str, bool]]:
    """{lista: {número: sub judice}} of every non-empty list."""
    saida: dict[str, dict[str, bool]] = {}
    for p in linhas(versao):
        saida.setdefault(p.lista, {})[p.inscricao.numero] = p.sub_judice
    return saida


def vagas(versao) -> list[instantaneo.VagaOcupada]:
    return leitura.anexar_inscricoes(instantaneo.vagas_preenchidas(versao))


def ordem(versao) -> list[tuple[int, str, str | None]]:
    """The call order as (posição, vaga, número or None)."""
    return [(c.posicao, c.vaga, c.inscricao.numero if c.inscricao else None)
            for c in leitura.anexar_inscricoes(instantaneo.convocacao(versao))]


def gravar(versao, posicoes, vagas=(), convocacao=()) -> None:
    """Write a snapshot by hand. ``posicoes``: (lista, posição, inscrição, sub judice); a gap
    before a given position is filled by a placeholder inscrição of the cargo (the packed
    lists hold positions 1..n). ``vagas``: (vaga, lista, inscrição, fundamento);
    ``convocacao``: (posição, vaga, inscrição or None, lista, sub judice)."""
    from candidatos.models import Inscricao
    from tests.factories import InscricaoFactory

    por_lista: dict[str, dict[int, tuple[int, bool]]] = {}
    for lista, posicao, insc, sub_judice in posicoes:
        por_lista.setdefault(lista, {})[posicao] = (insc.pk, sub_judice)
    enchimento = None
    listas = []
    for lista, mapa in por_lista.items():
        ids, marcas = [], []
        for p in range(1, max(mapa) + 1):
            if p not in mapa and enchimento is None:
                enchimento = (Inscricao.objects.filter(cargo=versao.cargo,
                                                       numero="ENCHIMENTO").first()
                              or InscricaoFactory(cargo=versao.cargo, numero="ENCHIMENTO"))
            pk, sj = mapa.get(p, (getattr(enchimento, "pk", None), False))
            ids.append(pk)
            marcas.append(sj)
        listas.append((lista, ids, marcas))
    instantaneo.gravar(
        versao, listas,
        [instantaneo.VagaOcupada(i, vaga, lista, insc.pk, fundamento)
         for i, (vaga, lista, insc, fundamento) in enumerate(vagas, start=1)],
        [instantaneo.PosicaoConvocacao(p, vaga, insc.pk if insc else None, lista, sj)
         for p, vaga, insc, lista, sj in convocacao])
