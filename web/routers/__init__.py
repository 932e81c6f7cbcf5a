"""The web API, one router per area: advice (``/api/bid`` ... ``/api/jobs``), games (a person's
match against computers), pages (the rules' data, the server's addresses, the pages themselves);
the tables of people are :mod:`web.table_api`'s router."""
