"""Command-line entry points (stable: other tools use them).

  python -m engine cards --ruleset micromafik --json
  python -m engine simulate --ruleset micromafik --players 8 --games N --seed S --json
"""

from __future__ import annotations

import argparse
import json
import sys

from engine.core.ruleset import get_ruleset, ruleset_names
from engine.sim import simulate


def _cards(args: argparse.Namespace) -> int:
    ruleset = get_ruleset(args.ruleset)
    rows = [
        {
            "id": spec.id,
            "name": spec.name,
            "name_en": spec.name_en,
            "colour": spec.colour,
            "cost": spec.cost,
            "tags": sorted(spec.tags),
            "implemented": ruleset.is_implemented(spec.id),
        }
        for spec in ruleset.catalog
    ]
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
    else:
        for row in rows:
            mark = "+" if row["implemented"] else "-"
            print(f"{mark} {row['id']:<22} {row['colour']:<8} cost {row['cost']}  {row['name']}")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    report = simulate(args.ruleset, args.players, args.games, args.seed)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return 1 if report["errors"] else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    cards = sub.add_parser("cards", help="list a rule set's cards")
    cards.add_argument("--ruleset", choices=ruleset_names(), default="micromafik")
    cards.add_argument("--json", action="store_true")
    cards.set_defaults(run=_cards)
    sim = sub.add_parser("simulate", help="play random games through the public API")
    sim.add_argument("--ruleset", choices=ruleset_names(), default="micromafik")
    sim.add_argument("--players", type=int, default=8)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--json", action="store_true")
    sim.set_defaults(run=_simulate)
    args = parser.parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
