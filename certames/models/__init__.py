"""The certames app's models, one module per subject; every name is importable from here
(`from certames.models import Certame`), as the migrations and the other apps do."""

from certames.models.base import (
                                  OUTROS_PARAMETROS,
                                  PARAMETROS_MOTOR,
                                  Ato,
                                  Cargo,
                                  Certame,
                                  Etapa,
                                  Orgao,
                                  VagaSurgida,
                                  parametros_motor,
                                  regime_choices,
)
from certames.models.calendario import Feriado
from certames.models.chamadas import Chamada, EventoChamada
from certames.models.classificacao import (
                                  AlteracaoColuna,
                                  ConvocacaoVersao,
                                  ListaVersao,
                                  Publicacao,
                                  ResumoClassificacao,
                                  VersaoClassificacao,
)
from certames.models.documentos import ArquivoPublicacao, DocumentoPdf, PreparoPublicacao
from certames.models.instantaneo import indice_no_pacote, versoes_que_citam
from certames.models.posse import AnaliseDocumentoPosse, DocumentoPosse, EnvioDocumentoPosse
from certames.models.situacao import AtoSituacaoCertame
from certames.models.sorteio import AnuncioSorteio, DestinoVagaSurgida, Sorteio

__all__ = [
    "OUTROS_PARAMETROS", "PARAMETROS_MOTOR", "AlteracaoColuna", "AnaliseDocumentoPosse",
    "AnuncioSorteio", "ArquivoPublicacao", "Ato", "AtoSituacaoCertame", "DocumentoPosse",
    "EnvioDocumentoPosse", "Cargo", "Certame", "Chamada", "ConvocacaoVersao",
    "DestinoVagaSurgida", "DocumentoPdf", "Etapa", "EventoChamada", "Feriado", "ListaVersao",
    "Orgao", "PreparoPublicacao", "Publicacao", "ResumoClassificacao", "Sorteio", "VagaSurgida",
    "VersaoClassificacao", "indice_no_pacote", "parametros_motor", "regime_choices",
    "versoes_que_citam",
]
