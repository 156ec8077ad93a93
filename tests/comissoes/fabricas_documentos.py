"""Factories for the documentary verification and the PcD evaluation (tests)."""

import datetime as dt
from decimal import Decimal

from django.utils import timezone

from certames.models import Etapa
from comissoes.models import Comissao
from tests.comissoes.fabricas import PDF, arquivo, candidato_com_conta, comissao_votante, membro
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory

_n = iter(range(10**6))

SMBV, SEV, PIR, FED = ("smbv-lc22-2026", "severinia-lei3057-2026", "pirangi-lei3056-2025",
                       "federal-lei15142-2025")

MOTIVO_DOC_NAO = ("A declaração apresentada não identifica a comunidade indígena nem traz a "
                  "assinatura de liderança reconhecida.")
MOTIVO_DOC_SIM = "TADII e RANI regulares, emitidos em nome do(a) candidato(a)."
MOTIVO_PCD_NAO = ("O laudo e o exame não indicam impedimento de longo prazo: a limitação "
                  "relatada é transitória e sem barreira à participação.")
MOTIVO_PCD_SIM = "Impedimento de longo prazo de natureza física confirmado pela equipe."


def certame_(regime=SMBV, **extra):
    extra.setdefault("data_publicacao_edital", dt.date(2026, 10, 1))
    return CertameFactory(regime=regime, **extra)


def etapa(certame, tipo, de_dias=-1.0, ate_dias=1.0):
    agora = timezone.now()
    return Etapa.objects.create(certame=certame, tipo=tipo,
                                inicio=agora + dt.timedelta(days=de_dias),
                                fim=agora + dt.timedelta(days=ate_dias))


def janela_documental(certame, de_dias=-1.0, ate_dias=1.0):
    return etapa(certame, Etapa.Tipo.VERIFICACAO_DOCUMENTAL, de_dias, ate_dias)


def janela_pcd(certame, de_dias=-1.0, ate_dias=1.0):
    return etapa(certame, Etapa.Tipo.AVALIACAO_PCD, de_dias, ate_dias)


def optante(certame=None, *, cargo=None, listas=("I",), cor="indigena", nota="80", **extra):
    """An inscrição with a candidate who has a login."""
    cargo = cargo or CargoFactory(certame=certame, vagas=10)
    candidato = candidato_com_conta(f"optante{next(_n)}")
    if "PCD" in listas:
        extra.setdefault("deficiencia", True)
        extra.setdefault("tipo_deficiencia", "fisica")
    return InscricaoFactory(cargo=cargo, candidato=candidato, listas=list(listas),
                            cor_raca=cor, nota=Decimal(nota) if nota else None, **extra)


def enviar(insc, lista, tipo, conteudo=PDF, nome=None, **kw):
    from comissoes.dominio.documental import enviar_documento

    return enviar_documento(insc, lista, tipo, arquivo(nome or f"{tipo.lower()}.pdf", conteudo),
                            autor=insc.candidato.usuario, **kw)


def comissao_documental(certame, n=3, **extra):
    return comissao_votante(certame, Comissao.Tipo.VERIFICACAO_DOCUMENTAL, n=n, **extra)


def equipe(certame, n=3, **extra):
    """A multiprofessional team: a physician president and professionals of other areas."""
    comissao = Comissao.objects.create(certame=certame, tipo=Comissao.Tipo.EQUIPE_MULTIPROFISSIONAL,
                                       nome=f"Equipe multiprofissional {next(_n)}", tamanho=n,
                                       **extra)
    areas = ["medicina", "psicologia", "serviço social", "terapia ocupacional", "fisioterapia"]
    membros = [membro(comissao, presidente=(i == 0), area_profissional=areas[i % len(areas)],
                      medico=(i == 0)) for i in range(n)]
    return comissao, membros
