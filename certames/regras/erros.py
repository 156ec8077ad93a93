"""Errors of the engine. Messages are in Portuguese: they reach editors and candidates."""

from __future__ import annotations

__all__ = ["ErroEntrada", "ErroParametro"]


class ErroEntrada(ValueError):
    """Invalid engine input; the message names the field, e.g.
    ``candidatos[3].nota: valor inválido 'abc'``."""

    def __init__(self, mensagem: str) -> None:
        super().__init__(mensagem)
        self.mensagem = mensagem

    def __str__(self) -> str:
        return self.mensagem


class ErroParametro(ErroEntrada):
    """An edital setting the law forbids, or an out-of-range one.

    ``campo`` is the setting's path inside ``parametros`` (e.g. ``limiar_arredondamento``).
    """

    def __init__(self, campo: str, mensagem: str) -> None:
        super().__init__(f"parametros.{campo}: {mensagem}")
        self.campo = campo
