"""The world of the exam's application tests: a certame with its schedule relative to now,
two cargos, confirmed and unconfirmed inscrições, a venue with two rooms of three (one
accessible) and one candidate granted the "sala de fácil acesso"."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from candidatos import condicoes
from candidatos.models import Inscricao
from certames.models import Etapa
from comum.papeis import GRUPO_CANDIDATO, GRUPO_RH
from provas.aplicacao import locais
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    CertameFactory,
    EtapaFactory,
    InscricaoFactory,
    usuario,
)

DIA = dt.timedelta(days=1)
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
PAGA = Inscricao.SituacaoTaxa.PAGA
ISENTA = Inscricao.SituacaoTaxa.ISENTA
PENDENTE = Inscricao.SituacaoTaxa.PENDENTE
NAO_CONFIRMADA = Inscricao.SituacaoTaxa.NAO_CONFIRMADA


def inscrever(w, cargo, nome, numero, taxa=PAGA, *, usuario_login=None, **extra):
    candidato = CandidatoFactory(nome=nome, usuario=usuario_login, **extra)
    return InscricaoFactory(cargo=cargo, candidato=candidato, numero=numero,
                            situacao_taxa=taxa)


def conceder(w, inscricao, user, conds: dict):
    """A request made in the inscrição window and granted in the analysis stage."""
    pedido = condicoes.solicitar(
        inscricao, autor=user, condicoes={c: "" for c in conds},
        justificativa="Uso cadeira de rodas, conforme o laudo.",
        laudo=SimpleUploadedFile("laudo.pdf", PDF, content_type="application/pdf"),
        agora=w.agora - 25 * DIA)
    R = condicoes.ResultadoCondicao
    condicoes.decidir(pedido, autor=w.rh, agora=w.agora - DIA, motivacao="Laudo analisado.",
                      resultados={c: R("deferido", minutos=m) for c, m in conds.items()})
    return pedido


def mundo() -> SimpleNamespace:
    """Five confirmed inscrições (worked in tests/provas/test_aplicacao.py) and two that are
    not (the inscrições and the payment deadline over), rooms 'Sala 1' (3, accessible) and
    'Sala 2' (3) of 'Escola Estadual Centro'."""
    w = SimpleNamespace(agora=timezone.now())
    w.rh = usuario("rh_prova", GRUPO_RH)
    w.certame = CertameFactory()
    T = Etapa.Tipo
    EtapaFactory(certame=w.certame, tipo=T.INSCRICOES, inicio=w.agora - 30 * DIA,
                 fim=w.agora - 20 * DIA)
    # Fábio's fee was not paid by the deadline: not confirmed, no longer confirmable.
    w.pagamento = EtapaFactory(certame=w.certame, tipo=T.PAGAMENTO_TAXA,
                               inicio=w.agora - 30 * DIA, fim=w.agora - 19 * DIA)
    EtapaFactory(certame=w.certame, tipo=T.ANALISE_ATENDIMENTO, inicio=w.agora - 30 * DIA,
                 fim=w.agora + 5 * DIA)
    w.etapa = EtapaFactory(certame=w.certame, tipo=T.APLICACAO_PROVA,
                           inicio=w.agora + 10 * DIA, fim=w.agora + 10 * DIA
                           + dt.timedelta(hours=4))
    w.cargo_a = CargoFactory(certame=w.certame, codigo="A01", nome="Agente Administrativo")
    w.cargo_b = CargoFactory(certame=w.certame, codigo="A02", nome="Assistente Social")
    w.user_daniel = usuario("daniel", GRUPO_CANDIDATO)
    w.user_ana = usuario("ana", GRUPO_CANDIDATO)
    w.bruno = inscrever(w, w.cargo_a, "Bruno Alves", "100003")
    w.carla = inscrever(w, w.cargo_a, "Carla Souza", "100001", ISENTA)
    w.ana = inscrever(w, w.cargo_b, "Ana Lima", "100005", usuario_login=w.user_ana)
    w.daniel = inscrever(w, w.cargo_b, "Daniel Rocha", "100002", usuario_login=w.user_daniel)
    w.elisa = inscrever(w, w.cargo_b, "Élida Martins", "100004")
    w.fabio = inscrever(w, w.cargo_a, "Fábio Pendente", "100006", PENDENTE)
    w.gil = inscrever(w, w.cargo_b, "Gil Sem Taxa", "100007", NAO_CONFIRMADA)
    C = condicoes.Condicao
    conceder(w, w.daniel, w.user_daniel, {C.SALA_ACESSO: None, C.TEMPO_ADICIONAL: 60})
    w.local = locais.cadastrar_local(w.certame, nome="Escola Estadual Centro",
                                     endereco="Rua das Flores, 100", cidade="Severínia",
                                     autor=w.rh)
    w.sala1 = locais.cadastrar_sala(w.local, nome="Sala 1", capacidade=3, acessivel=True,
                                    autor=w.rh)
    w.sala2 = locais.cadastrar_sala(w.local, nome="Sala 2", capacidade=3, acessivel=False,
                                    autor=w.rh)
    return w
