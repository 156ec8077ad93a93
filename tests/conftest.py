import pytest

from tests.factories import CandidatoFactory, usuario


@pytest.fixture
def rh(db):
    return usuario("rh_teste", "RH", staff=True)


@pytest.fixture
def membro_comissao(db):
    return usuario("membro_teste", "Comissao")


@pytest.fixture
def candidato_user(db):
    user = usuario("candidato_teste", "Candidato")
    CandidatoFactory(usuario=user, nome="Maria da Silva")
    return user


@pytest.fixture
def estranho(db):
    return usuario("estranho_teste")
