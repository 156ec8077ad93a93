"""Documents of a certame's publications.

What a certame publishes, in the formats it is published in:

- the vacancy table of the certame (every cargo: vacancies, the split per list and the
  explanation of each number with its article, the whole-edital draw included): PDF
  (`Tipo.QUADRO_VAGAS`), CSV and JSON;
- each published list of a cargo (one `Publicacao`: preliminary or final): every list (AC,
  the law's groups, PcD) with position, inscrição, name, nota and sub judice, and the call
  order of the snapshot: PDF (public `Tipo.LISTA_PUBLICADA`; RH `Tipo.LISTA_PUBLICADA_RH`,
  which adds the masked CPF), CSV (the lists; the call order apart) and JSON.

Privacy (LGPD, Lei 13.709/2018, art. 6º, III): the public files hold what the published
lists hold by law, the inscrição number and the name (the social name when given, Decreto
8.727/2016), the nota and the list the person is in (a reserved list is itself public); never
a CPF, not even masked, nor race, disability or income data. Only RH's PDF adds the masked
CPF (***.456.789-**) for the Diário Oficial.

Stability: a publication's content is read from its snapshot (`VersaoClassificacao`, its
positions and call order, all immutable) and the same content always gives the same bytes
(CSV and JSON are written deterministically; the PDF is stored once per content,
`classificacao.impressos`). The name and the nota are read from the inscrição: a retificação of a
name or of a nota after the publication shows in its files (and makes a new PDF).

Open data: the CSV keeps snake_case keys as headers (the JSON's keys; `comum.exportacao`
writes it, `;`-separated with decimal comma for Excel in pt-BR, formulas neutralised); the
JSON schemas are `ESQUEMA_PUBLICACAO` and `ESQUEMA_QUADRO` (documented in docs/contrato-json.md).
"""

from __future__ import annotations

import json
from decimal import Decimal

from django.db.models import Sum
from django.http import HttpResponse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from certames import carreira, distribuicao_edital, instantaneo, regras
from certames.models import Cargo, Certame, Publicacao
from certames.regras.aritmetica import formatar_percentual
from classificacao import diagramacao, leitura
from classificacao.impressos import Impresso, Tipo, registrar
from classificacao.quadro_vagas import listas_da_versao, nome_lista, quadro_de_vagas
from comum import exportacao
from comum.exportacao import celula_csv
from comum.formatos import data_br, data_hora_br

ESQUEMA_PUBLICACAO = "certames.publicacao/1"
ESQUEMA_QUADRO = "classificacao.quadro_vagas/1"
ESQUEMA_ORDEM = "certames.ordem_nomeacao/1"
#: Publicity of the acts of the administration (CF art. 37, caput).
FUNDAMENTO_PUBLICIDADE = "Constituição Federal, art. 37, caput (publicidade)"
TIPO_JSON = "application/json; charset=utf-8"

#: The publication CSV's columns (one row per candidate per list) and the call order's.
COLUNAS_LISTAS = ["lista", "posicao", "inscricao", "nome", "nota", "sub_judice"]
COLUNAS_CONVOCACAO = ["posicao", "vaga", "lista_de_origem", "inscricao", "nome", "sub_judice"]


def _cabecalho(certame: Certame) -> dict:
    return {"orgao": certame.orgao.nome, "municipio": certame.orgao.municipio,
            "uf": certame.orgao.uf, "edital": certame.numero_edital,
            "certame": certame.titulo}


def _fundamento_lista(regime: regras.Regime, lista: str) -> str:
    if lista == regras.AC:
        return regime.fundamento_concorrencia
    if lista == regras.PCD:
        return regime.pcd.fundamento
    grupo = next((g for g in regime.grupos if g.codigo == lista), None)
    return grupo.fundamento if grupo else ""


# --- a published list -----------------------------------------------------------------------


def conteudo_publicacao(publicacao: Publicacao, *, publica: bool = True) -> dict:
    """Everything a publication shows, as plain data (notas as decimal text "95.5000").

    Public: inscrição, name, nota, sub judice; RH (`publica=False`): also the masked CPF."""
    versao = publicacao.versao
    cargo = versao.cargo
    certame = cargo.certame
    try:
        regime = regras.obter_regime(versao.regime)
    except KeyError:
        regime = certame.regime_legal
    por_lista: dict[str, list[dict]] = {}
    todas = list(instantaneo.posicoes(versao))
    convocacao = list(instantaneo.convocacao(versao))
    inscricoes = leitura.inscricoes_das_listas(
        [p.inscricao_id for p in todas]
        + [c.inscricao_id for c in convocacao if c.inscricao_id is not None])
    for p in todas:
        inscricao = inscricoes[p.inscricao_id]
        linha = {"posicao": p.posicao, "inscricao": inscricao.numero, "nome": inscricao.nome,
                 "nota": None if inscricao.nota is None else str(inscricao.nota),
                 "nota_br": "" if inscricao.nota is None else celula_csv(inscricao.nota),
                 "sub_judice": p.sub_judice}
        if not publica:
            linha["cpf"] = inscricao.cpf_mascarado
        por_lista.setdefault(p.lista, []).append(linha)
    listas = [{"lista": lista, "nome": str(nome_lista(regime, lista)),
               "vagas": versao.distribuicao.get(lista),
               "fundamento": _fundamento_lista(regime, lista),
               "candidatos": por_lista.get(lista, [])}
              for lista in listas_da_versao(versao)]
    chamadas = []
    for c in convocacao:
        pessoa = inscricoes.get(c.inscricao_id)  # None: a slot without a candidate
        linha = {"posicao": c.posicao, "vaga": c.vaga, "lista_de_origem": c.lista,
                 "inscricao": pessoa.numero if pessoa else "",
                 "nome": pessoa.nome if pessoa else "",
                 "sub_judice": c.sub_judice}
        if not publica:
            linha["cpf"] = pessoa.cpf_mascarado if pessoa else ""
        chamadas.append(linha)
    return {
        "titulo": str(_("Resultado preliminar da classificação")
                      if publicacao.tipo == Publicacao.Tipo.PRELIMINAR
                      else _("Resultado final da classificação (homologado)")),
        "publica": publica, **_cabecalho(certame),
        "certame_id": certame.pk, "cargo_id": cargo.pk,
        "cargo_codigo": cargo.codigo, "cargo_nome": cargo.nome,
        "publicacao_id": publicacao.pk, "publicacao_tipo": publicacao.tipo,
        "publicacao_rotulo": publicacao.get_tipo_display(),
        "publicada_em": timezone.localtime(publicacao.publicada_em).isoformat(),
        "publicada_em_texto": data_hora_br(publicacao.publicada_em),
        "versao": versao.numero, "regime": regime.nome, "lei": regime.lei,
        "fundamento_publicidade": FUNDAMENTO_PUBLICIDADE,
        "fundamento_convocacao": regime.fundamento_convocacao,
        "vagas": versao.vagas, "explicacao": [str(f) for f in versao.explicacao],
        "listas": listas, "convocacao": chamadas,
    }


def nome_publicacao(publicacao: Publicacao) -> str:
    """Download name: cargo code, publication type and id ("lista-ENF-preliminar-12")."""
    return f"lista-{publicacao.versao.cargo.codigo}-{publicacao.tipo}-{publicacao.pk}"


def _nota(texto: str | None) -> Decimal | None:
    return None if texto is None else Decimal(texto)


def linhas_listas(conteudo: dict) -> list[tuple]:
    """The CSV rows of a publication's lists (COLUNAS_LISTAS), every list in order."""
    return [(lista["lista"], c["posicao"], c["inscricao"], c["nome"], _nota(c["nota"]),
             c["sub_judice"])
            for lista in conteudo["listas"] for c in lista["candidatos"]]


def linhas_convocacao(conteudo: dict) -> list[tuple]:
    return [(c["posicao"], c["vaga"], c["lista_de_origem"], c["inscricao"], c["nome"],
             c["sub_judice"]) for c in conteudo["convocacao"]]


def _numero_json(texto: str | None) -> int | float | None:
    """A nota as a JSON number: its shortest decimal text is the stored decimal's."""
    if texto is None:
        return None
    valor = Decimal(texto)
    return int(valor) if valor == valor.to_integral_value() else float(valor)


def dados_publicacao(conteudo: dict, url: str) -> dict:
    """The open-data JSON of a publication (schema ESQUEMA_PUBLICACAO)."""
    return {
        "esquema": ESQUEMA_PUBLICACAO,
        "url": url,
        "certame": {"id": conteudo["certame_id"], "edital": conteudo["edital"],
                    "titulo": conteudo["certame"], "orgao": conteudo["orgao"],
                    "municipio": conteudo["municipio"], "uf": conteudo["uf"]},
        "cargo": {"id": conteudo["cargo_id"], "codigo": conteudo["cargo_codigo"],
                  "nome": conteudo["cargo_nome"]},
        "publicacao": {"id": conteudo["publicacao_id"], "tipo": conteudo["publicacao_tipo"],
                       "publicada_em": conteudo["publicada_em"],
                       "versao_classificacao": conteudo["versao"]},
        "regime": {"nome": conteudo["regime"], "lei": conteudo["lei"]},
        "vagas": {"total": conteudo["vagas"],
                  "distribuicao": {lista["lista"]: lista["vagas"]
                                   for lista in conteudo["listas"]},
                  "explicacao": conteudo["explicacao"]},
        "listas": [{"lista": lista["lista"], "nome": lista["nome"], "vagas": lista["vagas"],
                    "fundamento": lista["fundamento"],
                    "candidatos": [{"posicao": c["posicao"], "inscricao": c["inscricao"],
                                    "nome": c["nome"], "nota": _numero_json(c["nota"]),
                                    "sub_judice": c["sub_judice"]}
                                   for c in lista["candidatos"]]}
                   for lista in conteudo["listas"]],
        "convocacao": {"fundamento": conteudo["fundamento_convocacao"],
                       "chamadas": [{k: c[k] for k in COLUNAS_CONVOCACAO}
                                    for c in conteudo["convocacao"]]},
    }


# --- the vacancy table of a certame ---------------------------------------------------------


def conteudo_quadro(certame: Certame) -> dict:
    """The vacancy table of every cargo (the public certame page's, `quadro_de_vagas`):
    vacancies of the edital and arisen, the split per list, the explanation of each number
    with its article, and the reserved lists' positions in the call order."""
    cargos = (Cargo.objects.filter(certame=certame)
              .annotate(surgidas=Sum("vagas_surgidas__quantidade")).order_by("codigo"))
    regime, quadro, erro = quadro_de_vagas(certame, cargos)
    base_edital = distribuicao_edital.base_edital(certame)
    pendente = bool(base_edital and not quadro and not erro)
    linhas = [{
        "codigo": linha["cargo"].codigo, "nome": linha["cargo"].nome,
        "vagas_edital": linha["cargo"].vagas, "vagas_surgidas": linha["cargo"].surgidas or 0,
        "vagas_total": linha["total"],
        "distribuicao": dict(zip(regime.listas_com_ac, linha["contagens"], strict=True)),
        "contagens": list(linha["contagens"]),
        "explicacao": [str(f) for f in linha["explicacoes"]],
        "ordem_convocacao": [{"lista": g["lista"], "posicoes": g["posicoes"]}
                             for g in linha["posicoes"]],
        # The positions of the next vacancies that may arise (spec section 7).
        "proximas_vagas": [{"lista": g["lista"], "posicoes": g["posicoes"]}
                           for g in linha["proximas"]],
        "sorteio": linha["sorteio"],
    } for linha in quadro]
    if not quadro:
        # No split yet (the whole-edital draw pending) or invalid settings: the cargos and
        # their vacancies, without a split, as on the public page.
        linhas = [{
            "codigo": cargo.codigo, "nome": cargo.nome, "vagas_edital": cargo.vagas,
            "vagas_surgidas": cargo.surgidas or 0,
            "vagas_total": cargo.vagas + (cargo.surgidas or 0),
            "distribuicao": {}, "contagens": [None] * len(regime.listas_com_ac),
            "explicacao": [], "ordem_convocacao": [], "proximas_vagas": [], "sorteio": False,
        } for cargo in cargos]
    return {
        "titulo": str(_("Quadro de vagas")), **_cabecalho(certame), "certame_id": certame.pk,
        "data_edital": data_br(certame.data_publicacao_edital),
        "regime": regime.nome, "lei": regime.lei,
        "fundamento_convocacao": regime.fundamento_convocacao,
        "listas": [(lista, str(nome_lista(regime, lista))) for lista in regime.listas_com_ac],
        "reservas": [{"lista": g.codigo, "nome": g.nome,
                      "percentual": formatar_percentual(g.percentual),
                      "fundamento": g.fundamento} for g in regime.grupos]
        + [{"lista": regras.PCD, "nome": str(nome_lista(regime, regras.PCD)),
            "percentual": formatar_percentual(regime.pcd.percentual),
            "fundamento": regime.pcd.fundamento}],
        "base_edital": bool(base_edital), "sorteio_pendente": pendente, "erro": str(erro),
        "cargos": linhas,
    }


def nome_quadro(certame: Certame) -> str:
    edital = "".join(c if c.isalnum() else "-" for c in certame.numero_edital).strip("-")
    return f"quadro-vagas-edital-{edital}"


def colunas_quadro(conteudo: dict) -> list[str]:
    return ["codigo", "cargo", "vagas_edital", "vagas_surgidas", "vagas_total",
            *[lista for lista, _nome in conteudo["listas"]], "explicacao"]


def linhas_quadro(conteudo: dict) -> list[tuple]:
    return [(c["codigo"], c["nome"], c["vagas_edital"], c["vagas_surgidas"], c["vagas_total"],
             *c["contagens"], " | ".join(c["explicacao"])) for c in conteudo["cargos"]]


def dados_quadro(conteudo: dict, url: str) -> dict:
    """The open-data JSON of the vacancy table (schema ESQUEMA_QUADRO)."""
    return {
        "esquema": ESQUEMA_QUADRO, "url": url,
        "certame": {"id": conteudo["certame_id"], "edital": conteudo["edital"],
                    "titulo": conteudo["certame"], "orgao": conteudo["orgao"],
                    "municipio": conteudo["municipio"], "uf": conteudo["uf"]},
        "regime": {"nome": conteudo["regime"], "lei": conteudo["lei"]},
        "reservas": conteudo["reservas"],
        "base_edital": conteudo["base_edital"],
        "sorteio_pendente": conteudo["sorteio_pendente"],
        "erro": conteudo["erro"],
        "cargos": [{k: v for k, v in c.items() if k != "contagens"}
                   for c in conteudo["cargos"]],
    }


# --- the order of nomeação as JSON ------------------------------------------------------------


def dados_ordem(cargo: Cargo, url: str) -> dict:
    """The order of nomeação (public: no CPF) as JSON (schema ESQUEMA_ORDEM)."""
    colunas = carreira.colunas_exportacao(publica=True)
    return {
        "esquema": ESQUEMA_ORDEM, "url": url,
        "certame": {"id": cargo.certame_id, "edital": cargo.certame.numero_edital,
                    "titulo": cargo.certame.titulo},
        "cargo": {"id": cargo.pk, "codigo": cargo.codigo, "nome": cargo.nome},
        "fundamento": carreira.fundamento_ordem(cargo),
        "chamadas": [{c: (v.isoformat() if hasattr(v, "isoformat") else v)
                      for c, v in zip(colunas, linha, strict=True) if c != "fundamento"}
                     for linha in carreira.linhas_exportacao(cargo, publica=True)],
    }


# --- answers ----------------------------------------------------------------------------------


def resposta_json(dados: dict, nome: str) -> HttpResponse:
    """The JSON download `nome`.json (UTF-8, keys in a stable order: same data, same bytes)."""
    corpo = json.dumps(dados, ensure_ascii=False, indent=2, sort_keys=False) + "\n"
    resposta = HttpResponse(corpo.encode(), content_type=TIPO_JSON)
    resposta["Content-Disposition"] = content_disposition_header(True, f"{nome}.json") or ""
    return resposta


def resposta_csv(nome: str, colunas: list[str], linhas: list[tuple]) -> HttpResponse:
    return exportacao.resposta_exportacao("csv", nome, colunas, linhas)


def _registrar_publicacao(tipo: str, publica: bool) -> Impresso:
    return registrar(Impresso(
        tipo=tipo, template="", diagramar=diagramacao.lista_publicada,
        conteudo=lambda pub: conteudo_publicacao(pub, publica=publica),
        nome=nome_publicacao, titulo=gettext_lazy("Listas publicadas"), alvo=Publicacao))


registrar(Impresso(
    tipo=Tipo.QUADRO_VAGAS, template="classificacao/impressos/quadro_vagas.html",
    conteudo=conteudo_quadro, nome=nome_quadro, titulo=gettext_lazy("Quadro de vagas"),
    alvo=Certame))
_registrar_publicacao(Tipo.LISTA_PUBLICADA, True)
_registrar_publicacao(Tipo.LISTA_PUBLICADA_RH, False)
