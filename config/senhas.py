"""The password hasher of the log-in: Argon2id at OWASP's recommended minimum.

On result day every candidate logs in, and each log-in checks one password. Django's default
(PBKDF2-SHA256, 1,000,000 iterations) costs about half a second of CPU per check. The OWASP
Password Storage Cheat Sheet recommends Argon2id with one of five configurations it calls
equally strong (they trade memory for passes: 46 MiB x 1, 19 MiB x 2, 12 MiB x 3, 9 MiB x 4,
7 MiB x 5, one lane). The last one costs the least here: 16-19 ms a check against 21-26 ms for
19 MiB x 2 (the working set fits the processor's caches better), and log-ins per second at 50
clients went from 45.8 to 52-57 (measured on the benchmark's machine: docs/escala.md, "The
log-in").

The check itself runs in libsodium (PyNaCl), whose Argon2 fills memory with the processor's
vector instructions (AVX2/AVX-512 where present, chosen at run time): the same hash, the same
bytes, in about 10 ms instead of argon2-cffi's reference code's 15-17 ms. libsodium reads the
PHC string Django stores after its ``argon2`` prefix (``$argon2id$v=19$m=...,t=...,p=...$
salt$hash``), whatever the salt's length, so every stored hash verifies unchanged; making a
hash (a new account, a changed password, an upgrade) stays with argon2-cffi, which takes
Django's salt. A string libsodium refuses to read (another variant, parameters outside its
limits) is checked by argon2-cffi, as before.

`PASSWORD_HASHERS` keeps PBKDF2 after it: existing hashes still verify, and Django rewrites a
hash made by another hasher, or by this one with other parameters (the 19 MiB x 2 of the
first version), at the next successful log-in (`check_password`'s setter).
"""

from django.contrib.auth.hashers import Argon2PasswordHasher
from nacl import exceptions as nacl_erros
from nacl.pwhash import argon2id

#: The PHC prefix of the variant libsodium's `argon2id.verify` reads.
PREFIXO_ARGON2ID = "$argon2id$"


class Argon2idOwasp(Argon2PasswordHasher):
    """Argon2id (Django's default variant), m=7168 KiB, t=5, p=1 (OWASP's fifth
    configuration); checked by libsodium."""

    time_cost = 5
    memory_cost = 7168  # KiB (7 MiB)
    parallelism = 1

    def verify(self, password, encoded):
        algoritmo, _, phc = encoded.partition("$")
        if algoritmo != self.algorithm:
            raise ValueError(f"not an {self.algorithm} hash: {algoritmo!r}")
        phc = "$" + phc
        if not phc.startswith(PREFIXO_ARGON2ID):
            return super().verify(password, encoded)  # argon2i / argon2d: argon2-cffi
        try:
            return argon2id.verify(phc.encode("ascii"), password.encode("utf-8"))
        except nacl_erros.InvalidkeyError:
            return False  # the wrong password
        except (nacl_erros.CryptoError, ValueError, TypeError, UnicodeEncodeError):
            # libsodium cannot read this string (p > 1, limits, a malformed field):
            # argon2-cffi answers, as Django's own hasher would.
            return super().verify(password, encoded)
