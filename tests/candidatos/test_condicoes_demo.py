"""The demo (carregar_demo) shows a request for special conditions in Severínia, whose
inscrições are open: the persona's, decided, with the appeal window open."""

import io

import pytest
from django.core.management import call_command
from django.utils import timezone

from candidatos import condicoes
from candidatos.models import PedidoAtendimento

pytestmark = pytest.mark.django_db


def test_demo_tem_pedido_decidido_da_persona_e_segunda_carga_nao_repete():
    call_command("carregar_demo", "--inscricoes", "300", stdout=io.StringIO())
    pedido = PedidoAtendimento.objects.get()
    assert pedido.inscricao.candidato.usuario.username == "candidato"
    assert pedido.inscricao.certame.regime == "severinia-lei3057-2026"
    sit = condicoes.situacao(pedido, timezone.now())
    assert [(i.condicao, i.resultado, i.minutos_adicionais) for i in sit.itens] == [
        ("ampliada", "deferido", None), ("tempo_adicional", "deferido", 60),
        ("sala_acesso", "indeferido", None)]
    assert sit.pode_recorrer
    call_command("carregar_demo", "--inscricoes", "300", stdout=io.StringIO())
    assert PedidoAtendimento.objects.count() == 1
