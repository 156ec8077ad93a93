import pytest

from tests.banco import como_dono


@pytest.fixture
def dono(db):
    """The shredding runs with the owner's DATABASE_URL (docs/operacao.md): under the
    application role the append-only tables refuse even the flagged UPDATE, for lack of the
    privilege."""
    with como_dono():
        yield
