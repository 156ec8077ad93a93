from comum.papeis import papeis_do_usuario


def papeis(request):
    """Which audiences the current user belongs to, for the navigation."""
    return {"papeis": papeis_do_usuario(getattr(request, "user", None))}
