"""Basic land names and the mana they imply (305.6): the one card knowledge the loader needs."""

from __future__ import annotations

BASIC_LANDS: dict[str, str] = {
    "plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G", "wastes": "C",
}
SNOW_PREFIX = "snow-covered "


def basic_land(name: str) -> tuple[str, bool] | None:
    """``(mana type, is snow)`` for a basic land name (any case), else None."""
    key = name.strip().lower()
    snow = key.startswith(SNOW_PREFIX)
    if snow:
        key = key[len(SNOW_PREFIX):]
    mana = BASIC_LANDS.get(key)
    return (mana, snow) if mana else None
