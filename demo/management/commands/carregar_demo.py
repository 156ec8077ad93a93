"""Demo data: four certames (one per seed regime and an older homologated one), their cargos
and schedules, ~2,000 inscrições written through the real importer, committees with their
sessions, votes, published results, an appeal, a cargo in phases with its first phase's
preliminary result, a homologation with calls, and the demo accounts. Every date is today
(or ``--hoje``) plus an offset, so on any date each phase is live somewhere: inscrições and
exemption requests open (Severínia), heteroidentification sessions today (SMBV), appeal
windows open (Pirangi), calls being made (SMBV 001/2025).

Deterministic but for the dates, and idempotent: everything is keyed on natural keys and
generated from a fixed seed, so a second run on the same day creates nothing (on another day
it changes nothing and says so). Each inscrição is a pure function of (certame, cargo,
position), so ``--inscricoes`` can grow the demo later without conflicting with what exists.

This command runs the story in order; its parts are the modules of `demo.cenarios`.
"""

from __future__ import annotations

import datetime as dt
import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from candidatos.importacao import ArquivoRejeitado, importar_inscricoes
from candidatos.models import Candidato, Inscricao
from certames.models import Ato, Cargo, Certame, Etapa, Orgao
from comum.formatos import data_br
from demo.cenarios import (
    aplicacao,
    comissoes,
    contas,
    editais,
    fases,
    procedimentos,
    resultados,
)
from demo.cenarios.contas import (
    CONTA_FASES,
    CONTA_LAUDO,
    MEMBROS,
    SEMENTE_TOTP_DEMO,
    SENHA_MEMBROS,
    USUARIOS,
)
from demo.cenarios.definicao import (
    HOMOLOGADO,
    PIRANGI,
    SEVERINIA,
    SMBV,
    certames_em,
    primeiro_dia,
)
from demo.cenarios.inscricoes import digitos_verificadores_cpf, distribuir, gerar_csvs

#: The names the demo's tests and browser journeys import from the command.
__all__ = ["CONTA_FASES", "CONTA_LAUDO", "MEMBROS", "SENHA_MEMBROS", "USUARIOS", "Command",
           "digitos_verificadores_cpf", "distribuir", "gerar_csvs"]

MINIMO_INSCRICOES = 50


class Command(BaseCommand):
    help = (
        "Carrega dados de demonstração com datas relativas a hoje: quatro certames (Santa "
        "Maria da Boa Vista/PE, Severínia/SP, Pirangi/SP e um certame homologado com "
        "convocações), cargos, cronogramas, inscrições (pelo importador), comissões e as "
        "contas de demonstração. Idempotente: rodar de novo no mesmo dia não cria nada."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--inscricoes", type=int, default=2000,
            help="Total de inscrições distribuídas entre os certames (padrão: 2000).")
        parser.add_argument(
            "--hoje", type=dt.date.fromisoformat, default=None, metavar="AAAA-MM-DD",
            help="Data de referência da demonstração (padrão: hoje). Todas as datas são "
                 "relativas a ela.")

    def handle(self, *args, **options):
        total = options["inscricoes"]
        if total < MINIMO_INSCRICOES:
            raise CommandError(f"--inscricoes deve ser pelo menos {MINIMO_INSCRICOES}.")
        self.hoje = options["hoje"] or timezone.localdate()
        self.demos = certames_em(self.hoje)
        primeiro = primeiro_dia()
        if self.hoje < primeiro:
            raise CommandError(
                f"A demonstração só pode ser carregada com data de referência a partir de "
                f"{data_br(primeiro)}: antes dela, o edital de algum certame seria anterior à "
                f"lei do seu regime (vigência de cada regime: `manage.py regimes`).")
        if self._carregada_em_outra_data():
            return
        inicio = time.perf_counter()
        contadores = self._contar()
        with transaction.atomic():
            usuarios = contas.criar_usuarios()
            certames = [editais.gravar_certame(demo, usuarios["rh"]) for demo in self.demos]
            editais.designar_autoridade_superior(self.demos, certames, usuarios)
            editais.sortear_pirangi(certames[PIRANGI], self.demos[PIRANGI], usuarios["rh"])
            fases.definir_fases(certames[PIRANGI], self.demos[PIRANGI], usuarios["rh"])
            for (demo, conteudo, linhas), certame in zip(gerar_csvs(total, hoje=self.hoje),
                                                         certames, strict=True):
                if certame.homologado_em is None:  # a homologated list is closed
                    self._importar(certame, demo, conteudo, linhas, usuarios["rh"])
            contas.vincular_candidato(usuarios["candidato"])
            procedimentos.atendimento_severinia(certames[SEVERINIA], usuarios, self.hoje)
            avaliadas = comissoes.avaliadas_pirangi(certames[PIRANGI])
            procedimentos.decisoes_pirangi(certames[PIRANGI], usuarios["rh"], avaliadas)
            comissoes.comissao_smbv(certames[SMBV], usuarios, self.hoje)
            contas.criar_conta_laudo(certames[SMBV])
            aplicacao.aplicacao_smbv(certames[SMBV], usuarios["rh"])
            comissoes.comissoes_pirangi(certames[PIRANGI], usuarios, avaliadas, self.hoje)
            fases.resultado_primeira_fase(certames[PIRANGI], self.demos[PIRANGI],
                                          usuarios["rh"], self.hoje)
            contas.criar_conta_fases([cargo for cargo, _f in fases.cargos_em_fases(
                certames[PIRANGI], self.demos[PIRANGI])])
        resultados.publicar_pirangi(certames[PIRANGI], usuarios["rh"], self.hoje)
        resultados.homologar_e_convocar(certames[HOMOLOGADO], self.demos[HOMOLOGADO],
                                        usuarios["rh"], self.hoje)
        self._relatorio(contadores, time.perf_counter() - inicio)

    def _carregada_em_outra_data(self) -> bool:
        """The demo's acts (sessions, votes, publications, the homologation) are dated from
        the day it was loaded: loaded on another day, it is kept as it is, with a notice."""
        demo = self.demos[SEVERINIA]
        certame = Certame.objects.filter(orgao__nome=demo.orgao,
                                         numero_edital=demo.numero_edital).first()
        if certame is None or certame.data_publicacao_edital == demo.publicacao:
            return False
        referencia = certame.data_publicacao_edital + dt.timedelta(days=demo.atraso)
        self.stderr.write(self.style.WARNING(
            f"Os dados de demonstração já existem neste banco, carregados com a data de "
            f"referência {data_br(referencia)}; nada foi alterado. Para uma demonstração com "
            f"as datas de hoje, apague o banco de desenvolvimento (rm db.sqlite3) e rode "
            f"`make run` de novo."))
        return True

    # -- the inscrições, through the real importer ---------------------------------------------

    def _importar(self, certame, demo, conteudo, linhas, autor) -> None:
        nome_arquivo = f"demo-{demo.regime}-{linhas}.csv"
        try:
            resumo = importar_inscricoes(certame, conteudo, autor=autor,
                                         nome_arquivo=nome_arquivo)
        except ArquivoRejeitado as exc:
            for erro in exc.erros[:20]:
                self.stderr.write(str(erro))
            raise CommandError(
                f"O importador rejeitou {nome_arquivo} com {len(exc.erros)} erro(s); nada foi "
                "gravado.") from None
        self.stdout.write(
            f"{demo.municipio}/{demo.uf} — edital {demo.numero_edital} ({demo.regime}): "
            f"{resumo.linhas} linhas, {resumo.inscricoes_criadas} inscrições criadas, "
            f"{resumo.inscricoes_atualizadas} atualizadas, {resumo.inscricoes_inalteradas} "
            f"inalteradas; {resumo.candidatos_criados} candidatos criados.")

    # -- output --------------------------------------------------------------------------------

    @staticmethod
    def _contar() -> dict[str, int]:
        return {
            "Órgãos": Orgao.objects.count(),
            "Certames": Certame.objects.count(),
            "Cargos": Cargo.objects.count(),
            "Etapas": Etapa.objects.count(),
            "Candidatos": Candidato.objects.count(),
            "Inscrições": Inscricao.objects.count(),
            "Usuários": get_user_model().objects.count(),
            "Atos de auditoria": Ato.objects.count(),
        }

    def _relatorio(self, antes: dict[str, int], duracao: float) -> None:
        depois = self._contar()
        self.stdout.write("")
        self.stdout.write(f"{'Registro':<20}{'criados':>10}{'total':>10}")
        for nome, total in depois.items():
            self.stdout.write(f"{nome:<20}{total - antes[nome]:>10}{total:>10}")
        self.stdout.write("")
        self.stdout.write("Contas de demonstração (somente para ambiente de desenvolvimento):")
        self.stdout.write(f"  {'usuário':<12}{'senha':<22}papel")
        for username, senha, grupo, _staff, superusuario, *_ in USUARIOS:
            papel = "superusuário (admin)" if superusuario else grupo
            self.stdout.write(f"  {username:<12}{senha:<22}{papel}")
        membros = ", ".join(u for u, *_ in MEMBROS)
        self.stdout.write(f"  {membros}: senha {SENHA_MEMBROS} (Comissao)")
        self.stdout.write(f"  Segundo fator das contas do RH, do admin e das comissões: "
                          f"oathtool --totp -b {SEMENTE_TOTP_DEMO} (ou um aplicativo "
                          "autenticador com esse segredo; só na demonstração)")
        if get_user_model().objects.filter(username=CONTA_LAUDO).exists():
            self.stdout.write(f"  {CONTA_LAUDO}: senha de candidato (Candidato; laudo PcD a "
                              "enviar em Santa Maria da Boa Vista, edital 001/2026)")
        if get_user_model().objects.filter(username=CONTA_FASES).exists():
            self.stdout.write(f"  {CONTA_FASES}: senha de candidato (Candidato; Pirangi, "
                              "cargo em fases: na prova discursiva pela garantia dos optantes)")
        self.stdout.write(f"Data de referência: {data_br(self.hoje)}.")
        self.stdout.write(self.style.SUCCESS(
            f"Dados de demonstração carregados em {duracao:.1f} s."))
