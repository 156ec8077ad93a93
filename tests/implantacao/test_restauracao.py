"""deploy/backup and deploy/restaurar on PostgreSQL: a database with the demo's data and its
uploaded files is backed up, dropped and restored; every table (the audit trail, the
history and the column history included) holds the same rows, the files are the same bytes,
and the audit's protection (append-only triggers) is back.

Runs where the suite runs on PostgreSQL (.ci/run's second stage), as the superuser the
restore is documented with; its databases are its own and dropped at the end."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.implantacao import apoio

URL = os.environ.get("DATABASE_URL", "")
pytestmark = [
    pytest.mark.skipif(not URL.startswith("postgres"), reason="só em PostgreSQL"),
    pytest.mark.skipif(shutil.which("pg_dump") is None, reason="pg_dump ausente"),
]


def _url(banco: str) -> str:
    """The suite's server, as the superuser postgres, on database `banco`."""
    partes = urlsplit(URL)
    local = f"postgres@{partes.hostname}:{partes.port or 5432}"
    return urlunsplit((partes.scheme, local, f"/{banco}", "", ""))


def _psql(sql: str, banco: str = "postgres") -> str:
    return subprocess.run(["psql", "--no-password", "-At", "-v", "ON_ERROR_STOP=1",
                           "--dbname", _url(banco), "-c", sql],
                          check=True, capture_output=True, text=True).stdout


def _digest_banco(banco: str) -> dict[str, tuple[int, str]]:
    tabelas = _psql("SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
                    "ORDER BY tablename", banco).split()
    saida = {}
    for tabela in tabelas:
        linha = _psql(f'SELECT count(*), md5(coalesce(string_agg(t::text, \'|\' ORDER BY '
                      f't::text), \'\')) FROM "{tabela}" t', banco)
        total, soma = linha.strip().split("|")
        saida[tabela] = (int(total), soma)
    return saida


def _digest_pasta(pasta: Path) -> dict[str, str]:
    return {str(p.relative_to(pasta)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(pasta.rglob("*")) if p.is_file()}


def test_backup_apagar_restaurar_devolve_dados_auditoria_e_arquivos(tmp_path):
    banco = f"certames_restauro_{uuid.uuid4().hex[:8]}"
    ambiente = {**apoio._ambiente(tmp_path, None), "DATABASE_URL": _url(banco),
                "MEDIA_ROOT": str(tmp_path / "media")}
    _psql(f'CREATE DATABASE "{banco}"')
    try:
        for comando in (["migrate", "--noinput"], ["carregar_demo"]):
            subprocess.run([sys.executable, "manage.py", *comando], cwd=apoio.RAIZ,
                           env={**ambiente, "DEBUG": "true"}, check=True, capture_output=True)
        (tmp_path / "media" / "laudos").mkdir(parents=True, exist_ok=True)
        (tmp_path / "media" / "laudos" / "laudo.pdf").write_bytes(b"%PDF-1.4 laudo do teste")
        antes, arquivos = _digest_banco(banco), _digest_pasta(tmp_path / "media")
        assert antes["certames_ato"][0] > 0 and antes["certames_alteracaocoluna"][0] > 0

        feito = subprocess.run([str(apoio.RAIZ / "deploy/backup"), str(tmp_path / "backups")],
                               env=ambiente, check=True, capture_output=True, text=True)
        pasta_backup = Path(feito.stdout.strip())
        assert sorted(p.name for p in pasta_backup.iterdir()) == [
            "SHA256SUMS", "banco.dump", "media.tar.gz"]

        _psql(f'DROP DATABASE "{banco}"')
        _psql(f'CREATE DATABASE "{banco}"')
        restaurada = tmp_path / "media-restaurada"
        subprocess.run([str(apoio.RAIZ / "deploy/restaurar"), str(pasta_backup)],
                       env={**ambiente, "MEDIA_ROOT": str(restaurada)}, check=True,
                       capture_output=True, text=True)

        assert _digest_banco(banco) == antes
        assert _digest_pasta(restaurada) == arquivos
        # The audit trail is protected again: an act cannot be rewritten.
        recusa = subprocess.run(["psql", "--no-password", "--dbname", _url(banco), "-c",
                                 "UPDATE certames_ato SET descricao = 'x'"],
                                capture_output=True, text=True)
        assert recusa.returncode != 0 and "certames_ato" in recusa.stderr
        # A second restore over a database that is no longer empty is refused.
        de_novo = subprocess.run([str(apoio.RAIZ / "deploy/restaurar"), str(pasta_backup)],
                                 env={**ambiente, "MEDIA_ROOT": str(tmp_path / "outra")},
                                 capture_output=True, text=True)
        assert de_novo.returncode == 1
        assert "o banco de destino não está vazio" in de_novo.stderr
    finally:
        _psql(f'DROP DATABASE IF EXISTS "{banco}" WITH (FORCE)')
