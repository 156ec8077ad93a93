"""Settings for the certames project, read from the environment (django-environ).

Every setting that differs between a laptop and production comes from an environment
variable; see README.md ("Configuration (environment
variables)") for the list.
"""

from pathlib import Path

import environ
from celery.schedules import crontab

from config.cache import opcoes_redis

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env(
    DEBUG=(bool, False),
    ALLOWED_HOSTS=(list, ["localhost", "127.0.0.1", "[::1]"]),
    CSRF_TRUSTED_ORIGINS=(list, []),
    CELERY_BROKER_URL=(str, ""),
    SECURE_SSL_REDIRECT=(bool, False),
    SECURE_HSTS_SECONDS=(int, 0),
    AXES_ENABLED=(bool, True),
)
if (BASE_DIR / ".env").exists():
    environ.Env.read_env(BASE_DIR / ".env")

DEBUG = env("DEBUG")

if DEBUG:
    SECRET_KEY = env("SECRET_KEY", default="dev-only-insecure-key-do-not-use-in-production")
else:
    # No default outside development: a missing key must stop the server.
    SECRET_KEY = env("SECRET_KEY")

ALLOWED_HOSTS = env("ALLOWED_HOSTS")
CSRF_TRUSTED_ORIGINS = env("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    # third party
    "crispy_forms",
    "crispy_bootstrap5",
    "django_htmx",
    "simple_history",
    "rules.apps.AutodiscoverRulesConfig",
    "axes",
    "django_celery_beat",
    "localflavor",
    # the second factor of RH and committee accounts (dois_fatores/)
    "django_otp",
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    # ours (comum at the bottom: docs/arquitetura.md)
    "comum",
    "certames",
    "nucleo",
    "editais",
    "candidatos",
    "provas",
    "comissoes",
    "classificacao",
    "publico",
    "portal",
    "privacidade",
    "painel",
    "demo",
    "operacao",
    "dois_fatores",
]

MIDDLEWARE = [
    # Every request gets its id first, so every log line of it carries one (operacao/registros.py).
    "operacao.registros.IdRequisicaoMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # before anything reads the body (CSRF parses POST)
    "comum.seguranca.LimiteCorpoMiddleware",
    "comum.seguranca.PoliticaConteudoMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Published public pages served from the cache to anonymous visitors, before sessions,
    # auth and axes do any work (comum/cache_publico.py).
    "comum.cache_publico.CachePublicoMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # A candidate's status page served from the cache, before auth loads the account
    # (candidatos/cache_situacao.py).
    "candidatos.cache_situacao.CacheSituacaoMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # request.user.is_verified(): the session passed the second factor (django-otp); then the
    # RH, committee and admin pages refuse an unverified session (dois_fatores/middleware.py).
    # A candidate's session holds no device: neither adds a query to it.
    "django_otp.middleware.OTPMiddleware",
    "dois_fatores.middleware.ExigeSegundoFatorMiddleware",
    # private, no-store on every answer to a signed-in user (comum/seguranca.py)
    "comum.seguranca.SemCacheAutenticadoMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "comum.seguranca.SessaoCurtaMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A page of a certame in its órgão's time zone; every request starts in the default one
    # (certames/calendario.py).
    "certames.calendario.fuso.FusoHorarioMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # axes must be last
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "comum.context_processors.papeis",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
# Persistent connections (seconds; 0: one per request): a new PostgreSQL connection costs a
# process fork and cold catalog caches, more than a cached page itself. Checked
# before reuse, so a restarted server costs one failed request nothing.
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite: wait for the writer instead of failing with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
# PostgreSQL: the role the application connects as in production (not the tables' owner).
# When set, every `migrate` (run as the owner) re-applies its grants: no UPDATE, DELETE or
# TRUNCATE on the audit, history and snapshot tables (comum/privilegios_banco.py).
DATABASE_APP_ROLE = env.str("DATABASE_APP_ROLE", default="")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The cache (django-environ's CACHE_URL): published public pages are kept there
# (comum/cache_publico.py). Local memory by default (`make run`, one process); several
# processes (gunicorn workers, Celery workers) must share one cache, or an act recorded by one
# would not invalidate the pages the others keep: rediscache://127.0.0.1:6379/1 in production
# (or filecache:///var/tmp/certames-cache on one machine). The system check
# certames.E001 stops `manage.py check`/`migrate` when DEBUG is off and the cache is local
# memory, unless CACHE_LOCAL_PERMITIDO=true (a single-process deployment).
# Redis is a cache, not a dependency (config/cache.py, docs/falhas.md "Redis"): a Redis
# CACHE_URL gets the fail-soft backend, which answers as an empty cache (and logs a warning)
# while Redis is down or hung, with socket timeouts of CACHE_TEMPO_LIMITE seconds and no new
# attempt for CACHE_PAUSA_APOS_FALHA seconds after a failure.
CACHE_TEMPO_LIMITE = env.float("CACHE_TEMPO_LIMITE", default=0.5)
CACHE_PAUSA_APOS_FALHA = env.float("CACHE_PAUSA_APOS_FALHA", default=5.0)
CACHES = {"default": opcoes_redis(env.cache_url("CACHE_URL", default="locmemcache://"),
                                  CACHE_TEMPO_LIMITE)}
CACHE_LOCAL_PERMITIDO = env.bool("CACHE_LOCAL_PERMITIDO", default=False)
# Public pages (comum/cache_publico.py): how long browsers and proxies may reuse a page
# without asking again (seconds; then they revalidate with its ETag), and how long a rendered
# page stays in the cache (a new act makes it unreachable at once: its key changes).
CACHE_PUBLICO_MAX_AGE = env.int("CACHE_PUBLICO_MAX_AGE", default=60)
CACHE_PUBLICO_TTL = env.int("CACHE_PUBLICO_TTL", default=24 * 3600)
# Each process keeps the pages it served and trusts the generations it read from the shared
# cache for this many seconds (an act recorded in another process reaches it within that
# time; 0: always ask the shared cache).
CACHE_PUBLICO_MEMORIA = env.float("CACHE_PUBLICO_MEMORIA", default=1.0)
# The candidate's status page (candidatos/cache_situacao.py): how long a rendered page is kept
# at most (seconds); it is renewed sooner by any act about the inscrição, its certame or the
# account, and by the clock reaching a date the page was computed from.
CACHE_SITUACAO_TTL = env.int("CACHE_SITUACAO_TTL", default=3600)

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "rules.permissions.ObjectPermissionBackend",
    "django.contrib.auth.backends.ModelBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Argon2id first (config/senhas.py: OWASP's 7 MiB x 5, a twentieth of PBKDF2's CPU per log-in);
# PBKDF2 after it, so existing hashes verify and are upgraded at their next log-in.
PASSWORD_HASHERS = [
    "config.senhas.Argon2idOwasp",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.BCryptSHA256PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "inicio"
LOGOUT_REDIRECT_URL = "inicio"

# django-axes: lock an account+IP pair after repeated failures.
AXES_ENABLED = env("AXES_ENABLED")
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 1  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/bloqueado.html"
# The log-in does only the work it needs (portal/entrada.py): no reset when no failure was
# counted, and no row per successful log-in in axes' access log (2 million candidates on
# result day, with their addresses and no retention rule): the log line says who logged in.
AXES_HANDLER = "portal.entrada.HandlerAxes"
AXES_DISABLE_ACCESS_LOG = True
# The client's address, for the lock-out and the abuse limits below (comum/limites.py):
# the connecting address unless reverse proxies are declared; then the X-Forwarded-For entry
# the outermost of them saw. NUM_PROXIES: how many proxies stand in front of the application
# (0: the header is ignored, so a client cannot spoof it); PROXIES_CONFIAVEIS: their addresses
# or networks (comma-separated; the header is honoured only from them). See docs/falhas.md.
NUM_PROXIES = env.int("NUM_PROXIES", default=0)
PROXIES_CONFIAVEIS = env.list("PROXIES_CONFIAVEIS", default=[])
AXES_CLIENT_IP_CALLABLE = "comum.limites.endereco_cliente"

# Abuse limits (comum/limites.py; docs/falhas.md, "Limites contra abuso"): (uses, window in
# seconds), counted in the cache per client address and per typed target (e-mail, CPF).
LIMITES_ABUSO_ATIVOS = env.bool("LIMITES_ABUSO_ATIVOS", default=True)
_HORA, _DIA = 3600, 24 * 3600
LIMITES_ABUSO = {
    "cadastro_cliente": (env.int("LIMITE_CADASTRO_POR_CLIENTE_HORA", default=20), _HORA),
    "cadastro_email": (env.int("LIMITE_CADASTRO_POR_EMAIL_DIA", default=3), _DIA),
    "cadastro_cpf": (env.int("LIMITE_CADASTRO_POR_CPF_DIA", default=3), _DIA),
    "senha_cliente": (env.int("LIMITE_SENHA_POR_CLIENTE_HORA", default=20), _HORA),
    "senha_email": (env.int("LIMITE_SENHA_POR_EMAIL_DIA", default=3), _DIA),
    "busca_cliente": (env.int("LIMITE_BUSCA_POR_CLIENTE_MINUTO", default=60), 60),
}

# The second factor (dois_fatores/): the pages that require a verified session (path prefixes:
# the workspaces, the admin, the password change and the new recovery codes — a stolen
# password alone must change neither), the name the authenticator apps show, how many recovery
# codes an account gets, and django-otp's throttling: after n wrong codes a device refuses
# every code for FACTOR * 2^(n-1) seconds (1, 2, 4, 8... a lock-out that grows with each
# failure).
SEGUNDO_FATOR_PREFIXOS = ("/rh/", "/comissao/", "/admin/", "/contas/password_change/",
                          "/contas/segundo-fator/codigos/")
OTP_TOTP_ISSUER = env("OTP_TOTP_ISSUER", default="Certames")
OTP_TOTP_THROTTLE_FACTOR = env.int("OTP_THROTTLE_FACTOR", default=1)
OTP_STATIC_THROTTLE_FACTOR = env.int("OTP_THROTTLE_FACTOR", default=1)
CODIGOS_RECUPERACAO = 10

LANGUAGE_CODE = "pt-br"
LANGUAGES = [("pt-br", "Português (Brasil)")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "America/Sao_Paulo"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env("STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": env(
            "STATICFILES_BACKEND",
            default="whitenoise.storage.CompressedManifestStaticFilesStorage"
            if not DEBUG
            else "django.contrib.staticfiles.storage.StaticFilesStorage",
        )
    },
}
# Uploaded files (documents, reports) live outside the static area and are served only
# through views that check permissions.
MEDIA_ROOT = Path(env("MEDIA_ROOT", default=str(BASE_DIR / "media")))
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = 30 * 1024 * 1024
# Request bodies are refused (413) above these sizes before a byte is read
# (comum.seguranca.LimiteCorpoMiddleware): a candidate's document is at most 10 MB; RH
# uploads the banca's spreadsheets and the CadÚnico extract.
_MB = 1024 * 1024
LIMITE_CORPO_REQUISICAO = env.int("LIMITE_CORPO_REQUISICAO_MB", default=12) * _MB
LIMITES_CORPO_POR_PREFIXO = [("/rh/", env.int("LIMITE_CORPO_RH_MB", default=60) * _MB)]

# Sessions: candidates keep theirs for a week; RH and comissão sessions end with the browser,
# after 30 minutes idle and 10 hours after log-in (comum.seguranca.SessaoCurtaMiddleware).
SESSION_COOKIE_AGE = 7 * 24 * 3600
# The database holds every session; the cache in front of it fails soft (config/cache.py), so
# log-in and signed-in pages keep working with Redis down.
# cached_db with one write per log-in (config/sessao.py).
SESSION_ENGINE = "config.sessao"
SESSAO_INATIVIDADE_RESTRITA = env.int("SESSAO_INATIVIDADE_MINUTOS", default=30) * 60
SESSAO_DURACAO_MAXIMA_RESTRITA = env.int("SESSAO_DURACAO_MAXIMA_HORAS", default=10) * 3600
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"

# Content-Security-Policy (comum.seguranca.PoliticaConteudoMiddleware): nothing external,
# no inline script or style; Bootstrap's CSS draws some icons from data: URIs.
POLITICA_CONTEUDO = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
    # What a browser blocked reaches the log (operacao/views.py `RelatorioCspView`).
    "report-uri": "/csp/relatorio/",
}

EMAIL_CONFIG = env.email("EMAIL_URL", default="consolemail://")
vars().update(EMAIL_CONFIG)
# Seconds an SMTP connection may hang: a notice's try holds its row until it ends
# (comum.emails.enviar_aviso), and a worker must not wait for ever.
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=30)
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="certames@localhost")

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# Celery: without a broker, tasks run in-process (eager), so `make run` needs no Redis.
CELERY_BROKER_URL = env("CELERY_BROKER_URL")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
# Results (read only by the real-worker tests and by an operator inspecting a task) live beside
# the broker and expire after a day: no table grows with every task run. Without a broker the
# tasks run in-process and nothing is stored.
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", default=CELERY_BROKER_URL or None)
CELERY_RESULT_EXPIRES = 24 * 3600
CELERY_TIMEZONE = TIME_ZONE
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
# Queues: recomputes, e-mails and PDFs each on a queue of their own, so a
# burst of e-mails never delays a recompute; every other task on the default queue. A worker
# consumes the queues it is given (`celery worker -Q recalculo,email`); `make worker` takes all
# of them (FILAS_CELERY). tests/test_filas_celery.py checks every registered task's queue.
CELERY_TASK_DEFAULT_QUEUE = "celery"
TAREFAS_POR_FILA = {
    "recalculo": ["certames.recalcular_classificacao",
                  # a publication's per-candidate summaries (classificacao/preparo.py)
                  "certames.gravar_resumos_publicacao"],
    "email": [
        "comum.enviar_aviso",
        "candidatos.enviar_email_cadastro",
        "candidatos.enviar_redefinicao_senha",
        "candidatos.notificar_abertura_procedimento",
        "candidatos.notificar_decisao_procedimento",
        "candidatos.notificar_julgamento_recurso_procedimento",
        "candidatos.notificar_retificacao_inscricao",
        "candidatos.avisar_correcao_email",
        "candidatos.email_convocacao",
        "candidatos.avisar_publicacao_classificacao",
        "candidatos.avisar_decisao_atendimento",
        "candidatos.avisar_rejeicao_documento_posse",
        "comissoes.notificar_convocacao",
        "comissoes.enviar_convite_membro",
        "nucleo.avisar_publicacao",
        "nucleo.enviar_protocolo_recurso",
        "editais.avisar_retificacao",
        "candidatos.lembrar_prazos",
        "comissoes.lembrar_sessoes",
        "editais.avisar_situacao_certame",
    ],
    "documentos": [
        "certames.gerar_documento_pdf",
        "certames.gerar_arquivo_publicacao",
        "candidatos.gerar_comprovante",
        "comissoes.gerar_ata",
    ],
}
CELERY_TASK_ROUTES = {nome: {"queue": fila}
                      for fila, nomes in TAREFAS_POR_FILA.items() for nome in nomes}
FILAS_CELERY = [CELERY_TASK_DEFAULT_QUEUE, *TAREFAS_POR_FILA]
# Redis gives an unacknowledged message (a worker died holding it) back to the queue after
# this many seconds. It must exceed the longest task (a 100,000-row import takes well under a
# minute); recomputes come back sooner through the sweep below and reject_on_worker_lost.
# A broker down or hung (docs/falhas.md "Redis") costs a request a bounded wait when it queues
# a task after its act: socket timeouts (above the worker's 1 s BRPOP, so consuming is not
# affected) and one publish retry; what the broker refuses is kept in the database and
# re-queued by the sweep below (comum.filas.enfileirar).
TEMPO_LIMITE_BROKER = env.float("CELERY_TEMPO_LIMITE_BROKER", default=2.0)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=900),
    "socket_timeout": TEMPO_LIMITE_BROKER,
    "socket_connect_timeout": TEMPO_LIMITE_BROKER,
}
CELERY_BROKER_CONNECTION_TIMEOUT = TEMPO_LIMITE_BROKER
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0,
                                    "interval_step": 0.2, "interval_max": 0.2}
# `make beat` (celery beat) runs these; the database scheduler copies them into its tables.
CELERY_BEAT_SCHEDULE = {
    "reenfileirar-recalculos-atrasados": {
        "task": "certames.reenfileirar_recalculos_atrasados",
        "schedule": 120.0,
    },
    # Tasks the broker refused during an outage (comum.filas.enfileirar).
    "reenfileirar-tarefas-pendentes": {
        "task": "certames.reenfileirar_tarefas_pendentes",
        "schedule": 60.0,
    },
    # The cached pages' renewals folded (comum.cache_publico.compactar_invalidacoes).
    "compactar-invalidacoes": {
        "task": "certames.compactar_invalidacoes",
        "schedule": 600.0,
    },
    # Imports whose worker died (no heartbeat): marked failed, "nada foi gravado"
    # (candidatos/importacao/vigilancia.py; docs/falhas.md).
    "marcar-importacoes-paradas": {
        "task": "candidatos.marcar_importacoes_paradas",
        "schedule": 60.0,
    },
    # Once a day, the reminders before the deadlines (each sent once: comum.models.Aviso.chave):
    # a call's deadline and an appeal window in 2 days, a committee session tomorrow.
    "lembrar-prazos": {
        "task": "candidatos.lembrar_prazos",
        "schedule": crontab(hour=7, minute=0),
    },
    "lembrar-sessoes": {
        "task": "comissoes.lembrar_sessoes",
        "schedule": crontab(hour=7, minute=5),
    },
}
# The outbox (comum/emails.py): how many tries a queued notice gets before it is marked
# "falhou", and the wait before the second try (doubled for each further one).
AVISOS_TENTATIVAS = env.int("AVISOS_TENTATIVAS", default=5)
AVISOS_ESPERA_SEGUNDOS = env.float("AVISOS_ESPERA_SEGUNDOS", default=60.0)
#: An import "processando" without a heartbeat for this long lost its process. It must
#: exceed the longest write transaction (the heartbeat stops while the rows are written: a
#: 100,000-row file writes in well under a minute).
IMPORTACAO_SEM_BATIMENTO_MINUTOS = env.int("IMPORTACAO_SEM_BATIMENTO_MINUTOS", default=10)

# Security headers; HTTPS-only cookies whenever DEBUG is off.
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_SSL_REDIRECT = env("SECURE_SSL_REDIRECT")
SECURE_HSTS_SECONDS = env("SECURE_HSTS_SECONDS")
SECURE_HSTS_INCLUDE_SUBDOMAINS = bool(SECURE_HSTS_SECONDS)
SECURE_HSTS_PRELOAD = bool(SECURE_HSTS_SECONDS)
# With DEBUG off the system check certames.E002 (comum/seguranca.py) refuses to start while
# SECURE_SSL_REDIRECT, SECURE_HSTS_SECONDS or the secure cookies are off; PERMITIR_HTTP=true
# accepts plain HTTP explicitly (a warning, certames.W002, at every start instead).
PERMITIR_HTTP = env.bool("PERMITIR_HTTP", default=False)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# Who receives the errors by e-mail: ADMINS="Nome <email>, Outro <email>" (empty: nobody).
ADMINS = [(nome.strip(), email.strip(" >")) for nome, email in
          (item.split("<", 1) for item in env.list("ADMINS", default=[]) if "<" in item)]
SERVER_EMAIL = env("SERVER_EMAIL", default=DEFAULT_FROM_EMAIL)
# Optional error reporting to a Sentry-compatible service (operacao/erros.py: no personal data).
SENTRY_DSN = env("SENTRY_DSN", default="")
AMBIENTE = env("AMBIENTE", default="producao")

# Every line with its time, level, request id and account id (operacao/registros.py; never a
# CPF); errors also by e-mail to ADMINS when it is set.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"requisicao": {"()": "operacao.registros.ContextoRequisicao"},
                "com_admins": {"()": "django.utils.log.RequireDebugFalse"}},
    "formatters": {"linha": {"format": ("%(asctime)s %(levelname)s [%(request_id)s] "
                                        "usuario=%(user_id)s %(name)s: %(message)s")}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "linha",
                             "filters": ["requisicao"]},
                 "email_admins": {"class": "django.utils.log.AdminEmailHandler",
                                  "level": "ERROR", "filters": ["com_admins", "requisicao"]}},
    "root": {"handlers": ["console", *(["email_admins"] if ADMINS else [])],
             "level": env("LOG_LEVEL", default="INFO")},
    # fontTools (the long lists' PDFs, comum/pdf/tabular.py) logs every table it subsets.
    "loggers": {"fontTools": {"level": "WARNING"}},
}
