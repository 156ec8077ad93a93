import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from candidatos.importacao import (
    VIA_AUTO,
    VIA_COPIA,
    VIA_ORM,
    ArquivoRejeitado,
    copia_disponivel,
    importar_inscricoes,
)
from certames.models import Certame


class Command(BaseCommand):
    help = (
        "Importa inscrições e notas de uma planilha CSV/XLSX da banca para o certame "
        "(tudo ou nada). CERTAME é o id ou o número do edital."
    )

    def add_arguments(self, parser):
        parser.add_argument("certame")
        parser.add_argument("arquivo")
        parser.add_argument(
            "--via", choices=(VIA_AUTO, VIA_COPIA, VIA_ORM), default=VIA_AUTO,
            help="como gravar: auto (COPY no PostgreSQL, ORM nos demais bancos), copia ou orm")

    def handle(self, *args, **options):
        certame = _certame(options["certame"])
        caminho = Path(options["arquivo"])
        if not caminho.is_file():
            raise CommandError(f"Arquivo não encontrado: {caminho}")
        if options["via"] == VIA_COPIA and not copia_disponivel():
            raise CommandError("COPY exige PostgreSQL e o privilégio TEMPORARY no banco.")
        conteudo = caminho.read_bytes()
        inicio = time.perf_counter()
        try:
            resumo = importar_inscricoes(certame, conteudo, nome_arquivo=caminho.name,
                                         via=options["via"])
        except ArquivoRejeitado as exc:
            for erro in exc.erros:
                self.stderr.write(str(erro))
            raise CommandError(
                f"Arquivo rejeitado com {len(exc.erros)} erro(s); nada foi gravado.") from None
        duracao = time.perf_counter() - inicio
        dados = resumo.como_dict()
        self.stdout.write(
            f"{dados['linhas']} linhas: {dados['inscricoes_criadas']} inscrições criadas, "
            f"{dados['inscricoes_atualizadas']} atualizadas, "
            f"{dados['inscricoes_inalteradas']} inalteradas; "
            f"{dados['candidatos_criados']} candidatos criados, "
            f"{dados['candidatos_atualizados']} atualizados.")
        taxa = dados["linhas"] / duracao if duracao > 0 else 0
        self.stdout.write(f"Tempo: {duracao:.2f} s — {taxa:,.0f} linhas/s".replace(",", "."))


def _certame(ref: str) -> Certame:
    qs = Certame.objects.all()
    certame = qs.filter(pk=int(ref)).first() if ref.isdigit() else None
    certame = certame or qs.filter(numero_edital=ref).first()
    if certame is None:
        raise CommandError(f"Certame não encontrado: {ref}")
    return certame
