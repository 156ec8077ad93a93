"""The exam's application: the certame's venues and rooms (`locais`), the allocation of the
confirmed inscrições of each exam stage to rooms, an act (`alocacao`), the candidate's
confirmation card with its verification code (`cartao`, `codigo`) and RH's list per venue and
room (`lista`)."""
