"""The web API, one router per area, each module's ``router``: advice (``/api/bid``, ``declare``,
``solve``, ``analyse``, ``estimate``), jobs (advice whose progress the page polls), games (a
person's match against computers), tables (the tables of people, ``/api/tables``), pages (the
rules' data, the server's addresses, the pages themselves)."""
