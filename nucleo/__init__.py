"""The procedure kernel: what the five decision procedures share.

Heteroidentificação, verificação documental, avaliação PcD (plug-ins in
`comissoes/dominio/plugins.py`), isenção da taxa (`candidatos/isencao/`) and the procedimento
administrativo de fraude ou falsidade (`candidatos/procedimentos/`) each declare their
specifics as a `nucleo.registro.Procedimento` and register it in their app's `ready()`. The
kernel owns the rest and never imports a plug-in:

- `nucleo.models`: the publications of each batch, the batch's content, the appeal and its
  attachments (append-only acts);
- `nucleo.lotes`: batches and appeal windows;
- `nucleo.publicacao`: preliminary and final publication (lock, checks, act, notice);
- `nucleo.recursos`: filing an appeal (window, one per decision, attachments, act, receipt);
- `nucleo.motivacao`: the one motivation rule;
- `nucleo.avisos` / `nucleo.tasks`: the e-mails, always through Celery.

See docs/arquitetura.md, "The procedure kernel", for how to add a procedure.
"""
