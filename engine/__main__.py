"""Command-line entry points (stable: other tools use them).

  python -m engine cards --ruleset micromafik --json
  python -m engine simulate --ruleset micromafik --players 8 --games N --seed S --json
  python -m engine stats --ruleset mafik --games N --players 16 [--players-range 8-16] [--seed S] [--json]
                         [--chart out.png]
"""

from __future__ import annotations

import argparse
import json
import sys

from engine.core.ruleset import get_ruleset, ruleset_names
from engine.sim import simulate
from engine.stats import balance, faction_rates


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


def _player_counts(args: argparse.Namespace) -> list[int]:
    if args.players_range is None:
        return [args.players]
    low, _, high = args.players_range.partition("-")
    if not (low.isdigit() and high.isdigit()) or not 0 < int(low) <= int(high):
        raise SystemExit(f"--players-range: expected LOW-HIGH, e.g. 8-16, not {args.players_range!r}")
    return list(range(int(low), int(high) + 1))


def _stats(args: argparse.Namespace) -> int:
    reports = [balance(args.ruleset, n, args.games, args.seed) for n in _player_counts(args)]
    if args.chart:
        from pathlib import Path

        from engine.charts import win_rate_chart

        win_rate_chart(args.ruleset, faction_rates(reports), args.games, Path(args.chart))
    if args.json:
        print(json.dumps(reports[0] if args.players_range is None else reports, ensure_ascii=False))
    else:
        for report in reports:
            _print_balance(report)
    return 1 if any(r["outcomes"].get("error") for r in reports) else 0


def _print_balance(report: dict[str, object]) -> None:
    print(f"{report['ruleset']}, {report['players']} players, {report['games']} games, "
          f"{report['mean_phases']} phases on average")
    for title, key, count in (("outcomes", "outcomes", None), ("factions", "factions", "games"),
                              ("roles", "roles", "seats"), ("cards", "cards", "plays"),
                              ("abilities", "abilities", "plays")):
        rows = report[key]
        assert isinstance(rows, dict)
        if not rows:
            continue
        print(f"  {title}:")
        for name, row in rows.items():
            if count is None:
                print(f"    {name:<24} {row}")
            elif key in ("cards", "abilities"):
                print(f"    {name:<24} {row['plays']:>7} plays  {row['per_game']:>7} a game  "
                      f"players win {100 * row['players_win_rate']:.1f}%")
            else:
                print(f"    {name:<24} {row['wins']:>7}/{row[count]:<7} {100 * row['win_rate']:.1f}%")


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
    stats = sub.add_parser("stats", help="win rates by faction and role, and the cards played, from random games")
    stats.add_argument("--ruleset", choices=ruleset_names(), default="micromafik")
    stats.add_argument("--players", type=int, default=8)
    stats.add_argument("--players-range", metavar="LOW-HIGH", help="every number of players from LOW to HIGH")
    stats.add_argument("--games", type=int, default=100, help="games per number of players")
    stats.add_argument("--seed", type=int, default=1)
    stats.add_argument("--json", action="store_true")
    stats.add_argument("--chart", metavar="PNG", help="draw the win rates by faction over the number of players")
    stats.set_defaults(run=_stats)
    args = parser.parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
