"""gunicorn's settings for deploy/systemd/certames-web.service (`gunicorn -c deploy/gunicorn.conf.py
config.wsgi`). Each can be changed by its environment variable."""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8001")
# Sync workers, 2 per core (docs/escala.md measures this shape).
workers = int(os.environ.get("GUNICORN_WORKERS", 2 * multiprocessing.cpu_count()))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", 120))
graceful_timeout = 30
# A worker is recycled after this many requests (bounds any slow leak).
max_requests = 2000
max_requests_jitter = 200
# The access log with nginx's request id (X-Request-ID), the same id as the app's log lines.
accesslog = "-"
access_log_format = '%(h)s "%(r)s" %(s)s %(B)s %(M)sms [%({x-request-id}i)s]'
errorlog = "-"
forwarded_allow_ips = "127.0.0.1"
