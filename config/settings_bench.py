"""Settings of the load benchmark (``make bench-carga``, ``manage.py bench_carga``): the
production settings unchanged, except that the static files are collected into the
benchmark's own temporary folder (``BENCH_STATIC_ROOT``), never into the project's.
"""

import os

from .settings import *  # noqa: F403

STATIC_ROOT = os.environ["BENCH_STATIC_ROOT"]
