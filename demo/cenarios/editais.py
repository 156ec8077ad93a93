"""What RH records with each demo edital: the órgão, the certame, its cargos and schedule,
the superior authority's designation and, in Pirangi, the public draw of the reserved seats.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.db import models

from certames.auditoria import registrar_ato
from certames.models import Cargo, Certame, Etapa, Orgao, Sorteio
from certames.sorteio import anunciar, sortear
from comum.formatos import data_br
from demo.cenarios.definicao import CertameDemo, momento
from nucleo import autoridade


def sincronizar(modelo: type[models.Model], chaves: dict, valores: dict, *,
                validar: bool = False, criacao: dict | None = None
                ) -> tuple[models.Model, bool]:
    """Create, or update only the fields that differ (so a re-run adds no history rows).
    `criacao` holds values written only when the row is created (e.g. a certame's status,
    which the demo's own acts change afterwards: the homologation)."""
    obj = modelo.objects.filter(**chaves).first()
    if obj is None:
        obj = modelo(**chaves, **valores, **(criacao or {}))
        if validar:
            obj.full_clean()
        obj.save()
        return obj, True
    mudaram = [campo for campo, valor in valores.items() if getattr(obj, campo) != valor]
    if mudaram:
        for campo in mudaram:
            setattr(obj, campo, valores[campo])
        if validar:
            obj.full_clean()
        obj.save(update_fields=mudaram)
    return obj, False


def designar_autoridade_superior(demos: tuple[CertameDemo, ...], certames: list[Certame],
                                  usuarios: dict) -> None:
    """Each certame's superior authority (`autoridade`, the Secretária de Administração),
    designated by RH with the edital: it judges the appeals against RH's decisions that
    the decider did not reconsider (Lei 9.784/1999, art. 56, §1º). Once per certame."""
    for demo, certame in zip(demos, certames, strict=True):
        if autoridade.autoridade_em_vigor(certame) is not None:
            continue
        autoridade.designar(
            certame, usuario=usuarios["autoridade"], autor=usuarios["rh"],
            agora=momento(demo.publicacao, 9),
            ato=f"Portaria da Prefeitura de {demo.municipio} (demonstração), publicada com "
                f"o edital {demo.numero_edital}",
            motivacao="Secretária Municipal de Administração, superior hierárquica do setor "
                      "de RH que conduz o certame.")


def gravar_certame(demo: CertameDemo, autor) -> Certame:
    """The órgão, the certame, its cargos and its schedule's stages, as `demo` defines them."""
    orgao, _ = sincronizar(Orgao, {"nome": demo.orgao},
                           {"municipio": demo.municipio, "uf": demo.uf})
    certame, criado = sincronizar(
        Certame, {"orgao": orgao, "numero_edital": demo.numero_edital},
        {"titulo": demo.titulo, "tipo": Certame.Tipo.CONCURSO, "regime": demo.regime,
         "data_publicacao_edital": demo.publicacao, "validade_meses": 24,
         "parametros": demo.parametros,
         "criterios_heteroidentificacao": demo.criterios_heteroidentificacao},
        validar=True, criacao={"status": Certame.Status.EM_ANDAMENTO})
    if criado:
        registrar_ato(
            tipo="carga_demonstracao",
            descricao=f"Certame de demonstração criado: {orgao.municipio}/{orgao.uf}, "
                      f"edital {certame.numero_edital}.",
            autor=autor, certame=certame, objeto=certame)
    for cargo in demo.cargos:
        sincronizar(Cargo, {"certame": certame, "codigo": cargo.codigo}, {
            "nome": cargo.nome, "vagas": cargo.vagas, "requisitos": cargo.requisitos,
            "atribuicoes": cargo.atribuicoes, "remuneracao": Decimal(cargo.remuneracao),
            "taxa_inscricao": Decimal(cargo.taxa)}, validar=True)
    for etapa in demo.etapas:
        inicio = momento(demo.publicacao + dt.timedelta(days=etapa.inicio), 8)
        fim = momento(demo.publicacao + dt.timedelta(days=etapa.fim), 23, 59)
        sincronizar(Etapa, {"certame": certame, "tipo": etapa.tipo},
                    {"inicio": inicio, "fim": fim, "descricao": etapa.descricao},
                    validar=True)
    return certame


def sortear_pirangi(certame: Certame, demo: CertameDemo, autor) -> None:
    """Pirangi applies its reserve to the whole edital (Lei 3.056/2025, art. 1º, §1º, and
    art. 8º): the seats the cargos' whole parts leave were drawn in public, announced on
    day 1 with the Loteria Federal's draw of day 5 as the seed (certames/sorteio.py)."""
    if Sorteio.objects.filter(certame=certame).exists():
        return
    dia_da_semente = demo.publicacao + dt.timedelta(days=5)
    anunciar(certame, autor=autor, hoje=demo.publicacao + dt.timedelta(days=1),
             data_da_semente=dia_da_semente,
             fonte_semente=f"1º prêmio da Loteria Federal, extração de "
                           f"{data_br(dia_da_semente)}")
    sortear(certame, semente="46213", autor=autor, hoje=dia_da_semente)
