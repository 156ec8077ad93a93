"""The outbox's reading side and its calendar files: what RH's pages show of a notice
(`estado`) and the `.ics` of a session or a schedule (`ics`). The outbox itself is
`comum.models.Aviso`, written by `comum.emails`."""
