"""The password hasher of the log-in: Argon2id at OWASP's minimum.

On result day every candidate logs in, and each log-in checks one password. Django's default
(PBKDF2-SHA256, 1,000,000 iterations) costs about half a second of CPU per check; Argon2id with
19 MiB of memory, 2 passes and 1 lane (the OWASP Password Storage Cheat Sheet's first
recommended configuration) costs a tenth of that and resists GPU cracking by its memory, not
by its time. Measured on the benchmark's machine: docs/escala.md, "The log-in".

`PASSWORD_HASHERS` keeps PBKDF2 after it: existing hashes still verify, and Django rewrites a
hash made by another hasher, or by this one with other parameters, at the next successful
log-in (`check_password`'s setter).
"""

from django.contrib.auth.hashers import Argon2PasswordHasher


class Argon2idOwasp(Argon2PasswordHasher):
    """Argon2id (Django's default variant), m=19456 KiB, t=2, p=1."""

    time_cost = 2
    memory_cost = 19456  # KiB (19 MiB)
    parallelism = 1
