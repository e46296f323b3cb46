"""Cards by name: the card library and the Oracle reader, which turn a card's printed text into the
abilities the loader is handed."""
