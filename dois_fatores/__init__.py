"""The second factor of those who decide: RH accounts (superusers included), staff and
committee members confirm their log-in with a TOTP code (django-otp) or a single-use recovery
code; candidates are never asked.

- `middleware.ExigeSegundoFatorMiddleware`: the RH, committee and admin pages
  (settings.SEGUNDO_FATOR_PREFIXOS) refuse a session that has not passed the second factor;
  it goes to the code page (or the enrolment page, when the account has no device yet).
- `servicos`: every step is one function (enrol, verify a code, new recovery codes, reset by a
  superuser as an act), each recording an `EventoSegundoFator` (append-only).
- `views`, `forms`, `urls` (/contas/segundo-fator/) and `urls_rh` (/rh/segundo-fator/: the
  superuser's reset).

Why: LGPD (Lei 13.709/2018), art. 46 — the agents of processing adopt security measures
able to protect personal data from unauthorised access; those who decide reach every
candidate's data, so a stolen password alone must not open it.
"""
