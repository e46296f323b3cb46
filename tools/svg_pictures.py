"""Draw the payments of docs/pictures.md and screenshot them in headless Chromium.

    python -P tools/svg_pictures.py [OUT_DIR]      (default docs/pictures; needs `chromium`)

Each case is paid, drawn with tapwise.svg and shown by a real browser, so the PNGs are what a
notebook or a web page shows, not what the code meant to draw.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import tapwise
import tapwise.svg

ROOT = Path(__file__).resolve().parents[1]


def cases() -> dict[str, dict]:
    return {
        "three_color": json.loads((ROOT / "examples/three_color.json").read_text()),
        "convoke_chord": json.loads((ROOT / "examples/convoke_chord.json").read_text()),
        "infeasible": {"cost": "{U}{U}{U}{G}", "sources": [{"name": "Island", "count": 2}, {"name": "Forest"}]},
        "quick": {**tapwise.read_board("Lotus Petal, Simian Spirit Guide, Sol Ring, 2 tapped Forest, "
                                       "Hallowed Fountain, City of Brass"), "cost": "{4}{R}{W}{G/P}"},
    }


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, problem in cases().items():
        svg = tapwise.svg.payment(tapwise.pay(problem), problem)
        root = svg.split(">", 1)[0]
        width, height = (int(root.split(f'{k}="')[1].split('"')[0]) for k in ("width", "height"))
        with tempfile.TemporaryDirectory() as tmp:
            page = Path(tmp) / f"{name}.svg"
            page.write_text(svg, encoding="utf-8")
            subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                            "--disable-background-networking", "--disable-component-update", "--disable-sync",
                            "--no-first-run", f"--user-data-dir={tmp}/profile", f"--screenshot={out / name}.png",
                            f"--window-size={width},{height}", str(page)], check=True, capture_output=True,
                           timeout=120)
        print(f"{out / name}.png  {width}x{height}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "pictures")
