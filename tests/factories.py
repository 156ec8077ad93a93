"""factory-boy factories shared by the tests."""

import datetime as dt
import random
from decimal import Decimal

import factory
from django.contrib.auth.models import Group, User
from django.utils import timezone

from candidatos import chamadas
from candidatos.models import Candidato, Inscricao
from certames.calendario import feriados_publicos
from certames.models import Cargo, Certame, Etapa, EventoChamada, Orgao


def gerar_cpf(rnd: random.Random | None = None) -> str:
    """A valid CPF (11 digits, both check digits computed)."""
    rnd = rnd or random.Random()
    while True:
        base = [rnd.randint(0, 9) for _ in range(9)]
        if len(set(base)) > 1:
            break
    for peso_inicial in (10, 11):
        soma = sum(d * p for d, p in zip(base, range(peso_inicial, 1, -1), strict=False))
        resto = soma % 11
        base.append(0 if resto < 2 else 11 - resto)
    return "".join(map(str, base))


_cpf_rnd = random.Random(20261130)


class OrgaoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Orgao

    nome = factory.Sequence(lambda n: f"Prefeitura Municipal {n}")
    municipio = "Pirangi"
    uf = "SP"


#: The stages of the classification's publications a test certame has by default
#: (`CertameFactory(cronograma=False)`: none): from the day the edital was published, so the
#: schedule's guard admits every publication (certames/cronograma.py, `motivo_publicacao`).
ETAPAS_DE_PUBLICACAO = (Etapa.Tipo.RESULTADO_PRELIMINAR, Etapa.Tipo.RESULTADO_FINAL)


def etapas_de_publicacao(certame: Certame, tipos=ETAPAS_DE_PUBLICACAO) -> list[Etapa]:
    """One-day stages of these kinds on the edital's publication day (local time)."""
    inicio = timezone.make_aware(dt.datetime.combine(certame.data_publicacao_edital,
                                                     dt.time(0, 0)))
    return [Etapa.objects.create(certame=certame, tipo=tipo, inicio=inicio,
                                 fim=inicio + dt.timedelta(hours=23, minutes=59))
            for tipo in tipos]


class CertameFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Certame
        skip_postgeneration_save = True

    orgao = factory.SubFactory(OrgaoFactory)
    numero_edital = factory.Sequence(lambda n: f"{n:03d}/2026")
    titulo = "Concurso público para provimento de cargos efetivos"
    regime = "pirangi-lei3056-2025"
    data_publicacao_edital = dt.date(2026, 2, 10)
    status = Certame.Status.EM_ANDAMENTO

    @factory.post_generation
    def cronograma(obj, create, extracted, **kwargs):  # noqa: N805
        """`cronograma=False`: no stage; by default the classification's publication stages
        (`ETAPAS_DE_PUBLICACAO`)."""
        if create and extracted is not False:
            etapas_de_publicacao(obj)


class CargoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Cargo

    certame = factory.SubFactory(CertameFactory)
    codigo = factory.Sequence(lambda n: f"C{n:02d}")
    nome = "Auxiliar Administrativo"
    vagas = 10
    taxa_inscricao = Decimal("50.00")


class CandidatoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Candidato

    cpf = factory.LazyFunction(lambda: gerar_cpf(_cpf_rnd))
    nome = factory.Sequence(lambda n: f"Candidata Teste {n}")
    email = factory.Sequence(lambda n: f"candidata{n}@example.com")


class InscricaoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Inscricao

    cargo = factory.SubFactory(CargoFactory)
    certame = factory.SelfAttribute("cargo.certame")
    candidato = factory.SubFactory(CandidatoFactory)
    numero = factory.Sequence(lambda n: f"{n:06d}")
    cor_raca = "parda"
    listas = factory.LazyFunction(list)
    situacao = Inscricao.Situacao.HABILITADO


class EtapaFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Etapa

    certame = factory.SubFactory(CertameFactory)
    tipo = Etapa.Tipo.INSCRICOES
    inicio = factory.LazyFunction(lambda: timezone.now() - dt.timedelta(days=1))
    fim = factory.LazyFunction(lambda: timezone.now() + dt.timedelta(days=1))


def usuario(username: str, *grupos: str, staff: bool = False) -> User:
    user = User.objects.create_user(username=username, password="senha-teste-123",
                                    is_staff=staff)
    for nome in grupos:
        # get_or_create: a transactional test's flush also empties the groups that the
        # migrations created.
        user.groups.add(Group.objects.get_or_create(name=nome)[0])
    return user


def dia_util_desde(dia: dt.date, uf: str = "SP") -> dt.date:
    """`dia`, or the first day after it, with office hours at an órgão of `uf` without days
    of its own (the factories' órgão): a call's deadline the calendar does not extend, so a
    test reads it as typed."""
    while dia.weekday() >= 5 or dia in feriados_publicos(uf, dia.year):
        dia += dt.timedelta(days=1)
    return dia


def nomear(chamada, autor, *, data: dt.date | None = None, publicado_em: dt.date | None = None,
           numero_ato: str = "Portaria 1/2026", hoje: dt.date | None = None):
    """The nomeação as RH records it after the candidate's aceite (candidatos/chamadas.py):
    the aceite (by the candidate, on the call's day), then the nomeação with its
    act's number and its publication (the Diário Oficial, default the act's day)."""
    if not EventoChamada.objects.filter(chamada=chamada, tipo="aceite").exists():
        # Within the call's deadline: on the day of the call.
        chamadas.registrar_evento(chamada, "aceite", autor=None, pelo_candidato=True,
                                  data=timezone.localdate(chamada.chamada_em),
                                  hoje=timezone.localdate(chamada.chamada_em))
    data = data or hoje or timezone.localdate()
    return chamadas.registrar_evento(
        chamada, "nomeacao", autor=autor, data=data, hoje=hoje or max(data, publicado_em or data),
        publicacao=chamadas.AtoPublicado(numero_ato, "Diário Oficial do Município",
                                         publicado_em or data))
