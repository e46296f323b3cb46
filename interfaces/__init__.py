"""The ways in: the command line (``cli``), the JSON-lines protocol (``queries``) and how answers
read at a terminal (``render``). They stand above the solver; the solver never imports them."""
