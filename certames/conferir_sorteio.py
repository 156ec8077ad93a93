#!/usr/bin/env python3
"""Re-run the public draw of the reserved vacancies of an edital (whole-edital base).

Usage:  python3 conferir.py sorteio.json [semente]

Standard library only. sorteio.json is the file the certame's public page offers; the seed is
read from it, or from the command line before the draw is made. For each group, in the
order given, draw k = 1..S takes every free vacancy j of every cargo as a ticket, with the
text "semente|grupo|k|codigo|j"; the ticket with the smallest SHA-256 (hex, of the UTF-8
text) wins and its cargo gets the seat. A free vacancy is j = s + 1 .. n, where n is the
cargo's vacancies and s the seats it already holds.
"""

import hashlib
import json
import sys
from fractions import Fraction


def sha256(texto):
    return hashlib.sha256(texto.encode("utf-8")).hexdigest()


def main(argv):
    with open(argv[1], encoding="utf-8") as arquivo:
        dados = json.load(arquivo)
    semente = argv[2] if len(argv) > 2 else dados.get("semente")
    if not semente:
        sys.exit("informe a semente: python3 conferir.py sorteio.json SEMENTE")
    cargos = [c["codigo"] for c in dados["cargos"]]
    vagas = {c["codigo"]: c["vagas"] for c in dados["cargos"]}
    # seats[codigo][grupo]: groups on the cargo base as given; edital groups start with the
    # automatic part floor(n * p).
    assentos = {c["codigo"]: dict(c.get("por_cargo", {})) for c in dados["cargos"]}
    for g in dados["grupos"]:
        p = Fraction(g["percentual"])
        for c in cargos:
            assentos[c][g["grupo"]] = vagas[c] * p.numerator // p.denominator
    linhas = []
    for g in dados["grupos"]:
        grupo = g["grupo"]
        restantes = g["total"] - sum(assentos[c][grupo] for c in cargos)
        # Automatic seats above the total (joint rounding only): withdrawn by the same draw.
        for k in range(1, -restantes + 1):
            d, c, j = min((sha256(f"{semente}|{grupo}|-{k}|{c}|{j}"), c, j)
                          for c in cargos for j in range(1, assentos[c][grupo] + 1))
            assentos[c][grupo] -= 1
            linhas.append(f"{grupo} -{k}: {c} perde a vaga {j} sha256 {d}")
        for k in range(1, restantes + 1):
            bilhetes = [(sha256(f"{semente}|{grupo}|{k}|{c}|{j}"), c, j) for c in cargos
                        for j in range(sum(assentos[c].values()) + 1, vagas[c] + 1)]
            if not bilhetes:
                linhas.append(f"{grupo} {k}: nenhuma vaga livre")
                break
            d, c, j = min(bilhetes)
            assentos[c][grupo] += 1
            linhas.append(f"{grupo} {k}: {c} vaga {j} sha256 {d}")
    for c in cargos:
        partes = [f"AC {vagas[c] - sum(assentos[c].values())}"]
        partes += [f"{lista} {assentos[c].get(lista, 0)}" for lista in dados["listas"]]
        linhas.append(f"{c}: " + ", ".join(partes))
    print("\n".join(linhas))


if __name__ == "__main__":
    main(sys.argv)
