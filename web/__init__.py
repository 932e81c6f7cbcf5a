"""``skat serve``: the local web app (bid advice, review, solver, play) over the library."""
