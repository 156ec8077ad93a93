"""A certame whose end is known to the day, and a candidate with every kind of data the
retention policy covers (tests)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.core.files.base import ContentFile
from django.utils import timezone

from candidatos.models import (
    EstadoLista,
    ExtratoCadUnico,
    Importacao,
    Inscricao,
    PedidoIsencao,
    RegistroCadUnico,
    SituacaoLista,
)
from certames.auditoria import registrar_ato
from certames.models import Certame, Etapa
from comissoes.models import Avaliacao, Comissao, DocumentoEnviado
from nucleo.models import AnexoRecurso, Recurso
from tests.factories import CandidatoFactory, CargoFactory, CertameFactory, InscricaoFactory

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
MOTIVACAO = "Fenótipo compatível com pessoa preta (parecer da comissão)."


def certame_encerrado(fim_resultado: dt.date, **extra) -> Certame:
    """A closed certame whose "Resultado final / homologação" stage ends on `fim_resultado`:
    its end (`fim_do_certame`) is that date plus 24 months. The status is changed with a
    plain UPDATE, so the history does not date the homologation today."""
    certame = CertameFactory(data_publicacao_edital=dt.date(2009, 1, 10), validade_meses=24,
                             **extra)
    fim = timezone.make_aware(dt.datetime.combine(fim_resultado, dt.time(12)))
    Etapa.objects.create(certame=certame, tipo=Etapa.Tipo.RESULTADO_FINAL,
                         inicio=fim - dt.timedelta(days=5), fim=fim)
    Certame.objects.filter(pk=certame.pk).update(status=Certame.Status.ENCERRADO)
    certame.refresh_from_db()
    return certame


@dataclass
class Dados:
    inscricao: Inscricao
    laudo: DocumentoEnviado
    documento: DocumentoEnviado
    anexo: AnexoRecurso
    pedido: PedidoIsencao
    recurso_isencao: Recurso
    anexo_isencao: AnexoRecurso
    doador: PedidoIsencao
    importacao: Importacao
    situacao: SituacaoLista
    avaliacao: Avaliacao


def candidato_completo(certame: Certame, *, candidato=None, numero: str | None = None) -> Dados:
    """An inscrição with a self-declaration (and its history and act), a receipt, a laudo, an
    indigenous document, an appeal attachment, a CadÚnico request with an appeal attachment,
    a blood-donor request, an import file, a list decision and a parecer."""
    cargo = CargoFactory(certame=certame)
    extra = {"numero": numero} if numero else {}
    insc = InscricaoFactory(cargo=cargo, candidato=candidato or CandidatoFactory(),
                            cor_raca="preta", quilombola=True, deficiencia=True,
                            tipo_deficiencia="fisica", listas=["PP", "PCD"], **extra)
    insc.nota = Decimal("81.5")
    insc.save()  # a second history row
    insc.comprovante.save("comprovante.pdf", ContentFile(PDF))
    registrar_ato(tipo="inscricao", certame=certame, objeto=insc,
                  descricao=f"Inscrição {insc.numero}.",
                  depois={"numero": insc.numero, "cor_raca": "preta", "quilombola": True,
                          "deficiencia": True, "tipo_deficiencia": "fisica",
                          "listas": ["PP", "PCD"]})
    laudo = DocumentoEnviado(inscricao=insc, lista="PCD", tipo="LAUDO",
                             nome_original="laudo-CID.pdf", tipo_conteudo="application/pdf",
                             tamanho=len(PDF), sha256="a" * 64)
    laudo.arquivo.save("laudo.pdf", ContentFile(PDF))
    documento = DocumentoEnviado(inscricao=insc, lista="I", tipo="RANI",
                                 nome_original="rani.pdf", tipo_conteudo="application/pdf",
                                 tamanho=len(PDF), sha256="b" * 64)
    documento.arquivo.save("rani.pdf", ContentFile(PDF))
    comissao = Comissao.objects.create(certame=certame, tipo=Comissao.Tipo.HETEROIDENTIFICACAO,
                                       nome="Comissão")
    avaliacao = Avaliacao.objects.create(comissao=comissao, inscricao=insc, lista="PP",
                                         resultado="confirmada", parecer=MOTIVACAO,
                                         encerrada_em=timezone.now())
    recurso = Recurso.objects.create(procedimento="heteroidentificacao", objeto_id=avaliacao.pk,
                                     inscricao=insc, texto="Razões do recurso.")
    anexo = AnexoRecurso(recurso=recurso, nome_original="foto.pdf",
                         tipo_conteudo="application/pdf")
    anexo.arquivo.save("foto.pdf", ContentFile(PDF))
    pedido = PedidoIsencao.objects.create(
        inscricao=insc, tipo=PedidoIsencao.Tipo.CADUNICO, nis="12345678919",
        solicitado_em=timezone.now(), verificacao=PedidoIsencao.Verificacao.APTO,
        renda_per_capita=Decimal("400.00"), limite_renda=Decimal("759.00"))
    recurso_isencao = Recurso.objects.create(procedimento="isencao", objeto_id=pedido.pk,
                                             inscricao=insc, texto="Recurso da isenção.")
    anexo_isencao = AnexoRecurso(recurso=recurso_isencao, nome_original="extrato.pdf",
                                 tipo_conteudo="application/pdf")
    anexo_isencao.arquivo.save("extrato.pdf", ContentFile(PDF))
    outra = InscricaoFactory(cargo=CargoFactory(certame=certame), candidato=insc.candidato)
    doador = PedidoIsencao(inscricao=outra, tipo=PedidoIsencao.Tipo.DOADOR_SANGUE,
                           solicitado_em=timezone.now(),
                           verificacao=PedidoIsencao.Verificacao.NAO_SE_APLICA)
    doador.comprovante_doacao.save("doacao.pdf", ContentFile(PDF))
    importacao = Importacao(certame=certame, nome_arquivo="banca.csv")
    importacao.arquivo.save("banca.csv", ContentFile(b"inscricao;cpf;nome\n"))
    situacao = SituacaoLista.objects.create(inscricao=insc, lista="PP",
                                            estado=EstadoLista.CONFIRMADA, motivacao=MOTIVACAO,
                                            fundamento="Lei 3.056/2025, art. 6º")
    return Dados(insc, laudo, documento, anexo, pedido, recurso_isencao, anexo_isencao, doador,
                 importacao, situacao, avaliacao)


def extrato(data_referencia: dt.date, importado_em: dt.datetime, nis=("12345678919",)):
    ext = ExtratoCadUnico.objects.create(nome_arquivo="cecad.csv",
                                         data_referencia=data_referencia,
                                         total_registros=len(nis))
    ExtratoCadUnico.objects.filter(pk=ext.pk).update(importado_em=importado_em)
    for n in nis:
        RegistroCadUnico.objects.create(extrato=ext, nis=n, renda_per_capita=Decimal("300"),
                                        data_atualizacao=data_referencia, situacao="ativo")
    ext.refresh_from_db()
    return ext
