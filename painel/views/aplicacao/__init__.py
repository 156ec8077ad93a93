"""RH's pages of the exam's application (provas.aplicacao): venues, rooms, the allocation
and the venue's list."""
