"""
WSGI config for config project.

It exposes the WSGI callable as a module-level variable named ``application``.

For more information on this file, see
https://docs.djangoproject.com/en/5.2/howto/deployment/wsgi/
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings')

application = get_wsgi_application()

# gunicorn runs no system check: refuse to serve plain HTTP in production unless PERMITIR_HTTP
# says so (certames.E002; docs/falhas.md, "Endurecimento").
from comum.seguranca import verificar_ao_iniciar  # noqa: E402

verificar_ao_iniciar()

# The tasks and the broker's client ready before the first request queues one (comum/filas.py).
from comum.filas import preparar_processo  # noqa: E402

preparar_processo()

# Every view module imported now, not in the first request a worker serves (0.3 s here; a
# worker recycled by --max-requests starts again).
from django.urls import get_resolver  # noqa: E402

get_resolver()._populate()

# The cache backends built now: the first request a worker serves would otherwise import
# Redis's client (70 ms here, more than the cached page it asks for). They connect at first use.
from django.conf import settings  # noqa: E402
from django.core.cache import caches  # noqa: E402

for _alias in settings.CACHES:
    caches[_alias]
