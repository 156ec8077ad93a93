"""Create the PostgreSQL roles of a deployment and apply the application role's grants.

Run once by the DBA (a superuser connection in DATABASE_URL), and again whenever needed
(idempotent):

    manage.py papeis_banco --dono certames_dono --aplicacao certames_app \\
        [--senha-dono ...] [--senha-app ...]

* the owner role (LOGIN) owns the database, its schema and every table, sequence, view and
  function in it: migrations run with its DATABASE_URL;
* the application role (LOGIN, no superuser, no membership in the owner) gets SELECT, INSERT,
  UPDATE, DELETE on the tables except UPDATE, DELETE and TRUNCATE on the audit, history and
  snapshot tables (comum/privilegios_banco.py); the server and the workers use its
  DATABASE_URL, with DATABASE_APP_ROLE set where `migrate` runs so new tables get grants.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.utils.translation import gettext as _

from comum.privilegios_banco import aplicar_privilegios, papel_existe

ATRIBUTOS_APP = "LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS"
ATRIBUTOS_DONO = "LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS"


class Command(BaseCommand):
    help = ("Cria (idempotente) o papel dono das tabelas e o papel da aplicação no PostgreSQL, "
            "transfere a posse dos objetos do esquema ao dono e aplica as permissões da "
            "aplicação. Execute com uma conexão de superusuário (DBA).")

    def add_arguments(self, parser):
        parser.add_argument("--dono", required=True,
                            help="papel dono das tabelas (roda as migrações)")
        parser.add_argument("--aplicacao", required=True,
                            help="papel com que o servidor e os workers se conectam")
        parser.add_argument("--senha-dono", default=None, help="senha de login do dono")
        parser.add_argument("--senha-app", default=None, help="senha de login da aplicação")
        parser.add_argument("--sem-transferir", action="store_true",
                            help="não transferir ao dono a posse do banco e dos objetos")
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS)

    def handle(self, *args, **opts):
        conexao = connections[opts["database"]]
        if conexao.vendor != "postgresql":
            raise CommandError(_("Os papéis do banco só existem no PostgreSQL (DATABASE_URL "
                                 "aponta para %(banco)s).") % {"banco": conexao.vendor})
        dono, app = opts["dono"], opts["aplicacao"]
        if dono == app:
            raise CommandError(_("O dono e a aplicação devem ser papéis diferentes."))
        q = conexao.ops.quote_name
        with conexao.cursor() as cursor:
            cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
            superusuario = cursor.fetchone()[0]
        if not superusuario:
            raise CommandError(_("Execute com uma conexão de superusuário (DBA)."))
        with conexao.cursor() as cursor:
            # Dedicated roles only: never strip a superuser (or this very login) of its rights.
            cursor.execute("SELECT rolname FROM pg_roles WHERE rolname IN (%s, %s) "
                           "AND (rolsuper OR rolname = current_user)", [dono, app])
            recusados = [linha[0] for linha in cursor.fetchall()]
        if recusados:
            raise CommandError(_(
                "O papel %(p)s é superusuário ou é o desta conexão; use papéis próprios para "
                "o dono e a aplicação.") % {"p": ", ".join(recusados)})
        with transaction.atomic(using=conexao.alias), conexao.cursor() as cursor:
            self._papel(cursor, q, dono, ATRIBUTOS_DONO, opts["senha_dono"])
            self._papel(cursor, q, app, ATRIBUTOS_APP, opts["senha_app"])
            # The application must not inherit the owner's rights.
            cursor.execute(
                "SELECT 1 FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid "
                "JOIN pg_roles u ON u.oid = m.member WHERE r.rolname = %s AND u.rolname = %s",
                [dono, app])
            if cursor.fetchone():
                cursor.execute(f"REVOKE {q(dono)} FROM {q(app)}")
            cursor.execute("SELECT pg_has_role(%s, %s, 'MEMBER')", [app, dono])
            if cursor.fetchone()[0]:
                raise CommandError(_(
                    "O papel %(app)s é membro (indireto) de %(dono)s; remova essa associação.")
                    % {"app": app, "dono": dono})
            cursor.execute("SELECT current_database(), current_schema()")
            banco, esquema = cursor.fetchone()
            if not opts["sem_transferir"]:
                transferidos = self._transferir(cursor, q, dono, banco, esquema)
                self.stdout.write(_("Posse transferida a %(dono)s: %(n)d objeto(s).")
                                  % {"dono": dono, "n": transferidos})
            # Before PostgreSQL 15 every role could create objects in `public`.
            cursor.execute(f"REVOKE CREATE ON SCHEMA {q(esquema)} FROM PUBLIC")
            cursor.execute(f"GRANT CONNECT ON DATABASE {q(banco)} TO {q(dono)}, {q(app)}")
        protegidas = aplicar_privilegios(conexao, app)
        self.stdout.write(self.style.SUCCESS(_(
            "Papéis prontos: dono %(dono)s, aplicação %(app)s; %(n)d tabela(s) protegida(s) "
            "sem UPDATE, DELETE e TRUNCATE para a aplicação.")
            % {"dono": dono, "app": app, "n": len(protegidas)}))

    def _papel(self, cursor, q, papel, atributos, senha):
        verbo = "ALTER" if papel_existe(cursor, papel) else "CREATE"
        if senha is not None:
            cursor.execute(f"{verbo} ROLE {q(papel)} {atributos} PASSWORD %s", [senha])
        else:
            cursor.execute(f"{verbo} ROLE {q(papel)} {atributos}")
        self.stdout.write((_("Papel %(p)s: atualizado.") if verbo == "ALTER"
                           else _("Papel %(p)s: criado.")) % {"p": papel})

    def _transferir(self, cursor, q, dono, banco, esquema) -> int:
        """The owner owns the database, the schema and every object of the schema that no
        extension owns. Sequences owned by a column follow their table."""
        cursor.execute(f"ALTER DATABASE {q(banco)} OWNER TO {q(dono)}")
        cursor.execute(f"ALTER SCHEMA {q(esquema)} OWNER TO {q(dono)}")
        cursor.execute(
            """
            SELECT c.relkind, c.relname FROM pg_class c
            JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = %s AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
              AND pg_get_userbyid(c.relowner) <> %s
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                              AND d.objid = c.oid AND d.deptype IN ('e', 'a', 'i'))
            ORDER BY c.relname
            """, [esquema, dono])
        objetos = cursor.fetchall()
        tipos = {"r": "TABLE", "p": "TABLE", "v": "VIEW", "m": "MATERIALIZED VIEW",
                 "S": "SEQUENCE", "f": "FOREIGN TABLE"}
        for relkind, nome in objetos:
            cursor.execute(
                f"ALTER {tipos[relkind]} {q(esquema)}.{q(nome)} OWNER TO {q(dono)}")
        cursor.execute(
            """
            SELECT p.oid::regprocedure::text FROM pg_proc p
            JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname = %s AND pg_get_userbyid(p.proowner) <> %s AND p.prokind = 'f'
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass
                              AND d.objid = p.oid AND d.deptype = 'e')
            """, [esquema, dono])
        funcoes = [linha[0] for linha in cursor.fetchall()]
        for assinatura in funcoes:
            cursor.execute(f"ALTER FUNCTION {assinatura} OWNER TO {q(dono)}")
        return len(objetos) + len(funcoes)
