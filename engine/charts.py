"""The win-rate chart of `python -m engine stats --chart` (matplotlib, imported only when drawing)."""

from __future__ import annotations

from pathlib import Path


def win_rate_chart(ruleset: str, series: dict[str, list[tuple[int, float]]], games: int, out: Path) -> None:
    """A PNG: each faction's win rate (0–100 %) over the number of players."""
    import matplotlib

    matplotlib.use("Agg")  # no display: a file only
    from matplotlib import pyplot as plt
    from matplotlib.ticker import MaxNLocator

    figure, axes = plt.subplots(figsize=(8, 5), dpi=100)
    for faction, points in series.items():
        xs, ys = zip(*sorted(points), strict=True)
        axes.plot(xs, [100 * y for y in ys], marker="o", label=faction)
    axes.set_title(f"{ruleset}: win rate by faction ({games} games per point)")
    axes.set_xlabel("players")
    axes.set_ylabel("win rate, %")
    axes.set_ylim(0, 100)
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.grid(True, alpha=0.3)
    axes.legend()
    figure.tight_layout()
    figure.savefig(out, format="png")
    plt.close(figure)
