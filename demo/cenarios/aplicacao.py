"""The exam's application in the demo: Santa Maria da Boa Vista's edital 001/2026 applied its
exam on day 40 (its "Aplicação da prova" stage, after the inscrições and the payment
deadline); RH entered one venue with its rooms (the first two accessible) and published the
allocation on day 37. Seats: rooms of `LUGARES`, as many as the confirmed inscrições need.
Only once: skipped if the certame has a venue."""

from __future__ import annotations

import datetime as dt

from certames.models import Certame, Etapa
from demo.cenarios.definicao import momento
from provas.aplicacao import alocacao, locais
from provas.models import LocalProva

LUGARES = 40
ACESSIVEIS = 2
DIA_DA_ALOCACAO = 37


def aplicacao_smbv(certame: Certame, autor) -> None:
    etapa = Etapa.objects.filter(certame=certame, tipo=Etapa.Tipo.APLICACAO_PROVA).first()
    if etapa is None or LocalProva.objects.filter(certame=certame).exists():
        return
    local = locais.cadastrar_local(certame, nome="Escola Municipal Professora Maria José",
                                   endereco="Rua Coronel Clementino Coelho, 250, Centro",
                                   cidade="Santa Maria da Boa Vista/PE", autor=autor)
    confirmadas = alocacao.inscricoes_da_etapa(etapa).count()
    salas = max(ACESSIVEIS, -(-confirmadas // LUGARES))
    for numero in range(1, salas + 1):
        locais.cadastrar_sala(local, nome=f"Sala {numero:02d}", capacidade=LUGARES,
                              acessivel=numero <= ACESSIVEIS, autor=autor)
    if confirmadas:
        quando = momento(certame.data_publicacao_edital + dt.timedelta(days=DIA_DA_ALOCACAO), 10)
        alocacao.publicar_alocacao(etapa, autor=autor, agora=quando)
