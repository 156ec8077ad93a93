"""Forms used only by RH's pages (the other RH forms live beside their domain)."""
