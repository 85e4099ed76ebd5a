"""«Мафия с личинами» (seeds/003_…): hit points, the hospital and the prison, guises that checks draw from,
a secret day vote with strengths and a public list of the ballots, the Джокер's cards. Rules completed:
docs/rulesets/guises.md."""

from engine.rulesets.guises import steps  # noqa: F401  (registration)
from engine.rulesets.guises.ruleset import Guises

RULESET = Guises()

__all__ = ["RULESET"]
