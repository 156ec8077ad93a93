"""The candidate's area lists no procedure by name: a plug-in's windows and notices reach the
status page, the notices and the windows of every page through its hooks
(`nucleo.registro.Procedimento.janelas_do_candidato`, `avisos_do_candidato`)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from nucleo import registro
from nucleo.candidato import AVISO_RESULTADO, DEFESA, RECURSO, Aviso, JanelaAberta
from portal import avisos, situacao
from tests.factories import InscricaoFactory

pytestmark = pytest.mark.django_db

AGORA = timezone.make_aware(dt.datetime(2026, 12, 2, 10, 0))
INICIO = AGORA - dt.timedelta(days=1)
FIM = AGORA + dt.timedelta(days=4)


class _Ouvidoria(registro.Procedimento):
    """A procedure the portal has never heard of."""

    chave = "ouvidoria_teste"
    slug = "ouvidoria_teste"
    nome = "ouvidoria"
    titulo = "Ouvidoria"

    def janelas_do_candidato(self, s, agora):
        return [JanelaAberta(DEFESA, self.chave, f"manifestação {s.inscricao.numero}", INICIO,
                             FIM, "/ouvidoria/1/")]

    def avisos_do_candidato(self, s, agora):
        return [Aviso(AVISO_RESULTADO, INICIO, s.inscricao, "Resposta da ouvidoria",
                      "Veja a resposta.", "/ouvidoria/1/"),
                Aviso(AVISO_RESULTADO, FIM, s.inscricao, "Ainda não publicada", "", "/x/")]


@pytest.fixture
def ouvidoria():
    plugin = registro.registrar(_Ouvidoria())
    yield plugin
    registro._REGISTRO.pop(plugin.chave)


def test_a_janela_do_plugin_chega_ao_status_sem_o_portal_conhecer_o_procedimento(ouvidoria):
    insc = InscricaoFactory()
    s = situacao.situacao_da_inscricao(insc, AGORA)
    assert [j for j in s.janelas if j.procedimento == "ouvidoria_teste"] == [JanelaAberta(
        DEFESA, "ouvidoria_teste", f"manifestação {insc.numero}", INICIO, FIM,
        "/ouvidoria/1/")]
    assert s.janelas[0].texto == f"Prazo de defesa aberto: manifestação {insc.numero}"


def test_os_avisos_do_plugin_chegam_aos_avisos_ate_agora(ouvidoria):
    insc = InscricaoFactory()
    lidos = [(a.tipo, a.titulo, a.url) for a in avisos.avisos_da_inscricao(insc, AGORA)]
    # Its own notice (the one dated after `agora` is not shown yet), and the notice of the
    # window it opened.
    assert lidos == [
        (AVISO_RESULTADO, "Resposta da ouvidoria", "/ouvidoria/1/"),
        (RECURSO, f"Prazo de defesa aberto: manifestação {insc.numero}", "/ouvidoria/1/"),
    ]


def test_sem_o_plugin_nada_dele_aparece():
    insc = InscricaoFactory()
    s = situacao.situacao_da_inscricao(insc, AGORA)
    assert [j for j in s.janelas if j.procedimento == "ouvidoria_teste"] == []
    assert [a for a in avisos.avisos_da_inscricao(insc, AGORA, s)
            if a.url == "/ouvidoria/1/"] == []
