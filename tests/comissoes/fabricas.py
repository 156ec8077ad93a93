"""Factories for committees (tests)."""

import factory
from django.utils import timezone

from comissoes.models import Avaliacao, Comissao, MembroComissao
from tests.factories import CertameFactory, InscricaoFactory, usuario

_n = iter(range(10**6))


class ComissaoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Comissao

    certame = factory.SubFactory(CertameFactory)
    tipo = Comissao.Tipo.HETEROIDENTIFICACAO
    nome = "Comissão de heteroidentificação"


def membro(comissao, *, presidente=False, assinado=True, genero="feminino", cor_raca="preta",
           regiao="sudeste", **extra) -> MembroComissao:
    user = usuario(f"membro{next(_n)}", "Comissao")
    return MembroComissao.objects.create(
        comissao=comissao, usuario=user, presidente=presidente, genero=genero,
        cor_raca=cor_raca, regiao=regiao,
        termo_confidencialidade_em=timezone.now() if assinado else None, **extra)


def avaliacao(comissao=None, *, inscricao=None, lista="PP", instancia="primeira") -> Avaliacao:
    comissao = comissao or ComissaoFactory()
    inscricao = inscricao or InscricaoFactory(cargo__certame=comissao.certame, listas=[lista])
    return Avaliacao.objects.create(comissao=comissao, inscricao=inscricao, lista=lista,
                                    instancia=instancia)
