"""The password hasher of the log-in: Argon2id at OWASP's recommended minimum.

On result day every candidate logs in, and each log-in checks one password. Django's default
(PBKDF2-SHA256, 1,000,000 iterations) costs about half a second of CPU per check. The OWASP
Password Storage Cheat Sheet recommends Argon2id with one of five configurations it calls
equally strong (they trade memory for passes: 46 MiB x 1, 19 MiB x 2, 12 MiB x 3, 9 MiB x 4,
7 MiB x 5, one lane). The last one costs the least here: 16-19 ms a check against 21-26 ms for
19 MiB x 2 (the working set fits the processor's caches better), and log-ins per second at 50
clients went from 45.8 to 52-57 (measured on the benchmark's machine: docs/escala.md, "The
log-in").

`PASSWORD_HASHERS` keeps PBKDF2 after it: existing hashes still verify, and Django rewrites a
hash made by another hasher, or by this one with other parameters (the 19 MiB x 2 of the
first version), at the next successful log-in (`check_password`'s setter).
"""

from django.contrib.auth.hashers import Argon2PasswordHasher


class Argon2idOwasp(Argon2PasswordHasher):
    """Argon2id (Django's default variant), m=7168 KiB, t=5, p=1 (OWASP's fifth
    configuration)."""

    time_cost = 5
    memory_cost = 7168  # KiB (7 MiB)
    parallelism = 1
