#!/usr/bin/python3
"""Writes gbstats-fixture.json: what GrowthBook's own stats engine (gbstats) answers for fixed counts.

The results engine (../experiment-results.ts) must equal these figures to 1e-3 (reference.test.ts). gbstats is not
vendored; run it from GrowthBook's source, with Debian's Python packages (as the committed fixture was made; pip's
`gbstats` and its requirements would do as well):

    git clone https://github.com/growthbook/growthbook      # packages/stats is gbstats
    (GROWTHBOOK_COMMIT names the commit in the fixture when the source is not a git checkout)
    apt-get install -y python3-numpy python3-scipy python3-pandas python3-pydantic python3-packaging
    GBSTATS_SRC=/path/to/growthbook/packages/stats \
      /usr/bin/python3 config-server/experiments/reference/make-gbstats-fixture.py \
      > config-server/experiments/reference/gbstats-fixture.json

What is computed per case:
- lift: gbstats.frequentist.tests.SequentialTwoSidedTTest on two ProportionStatistic (n = borrowers exposed,
  sum = borrowers converted), difference_type "relative", alpha 0.05, sequential_tuning_parameter 5000 (GrowthBook's
  defaults): `expected` (relative lift), `ci` (the always-valid interval) and `pValue`; `errorMessage` when gbstats
  declines (no conversions in the base arm, or no variance).
- srm: gbstats.utils.check_srm (what GrowthBook shows) and scipy.stats.chisquare against the configured split; the two
  must agree with each other too.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.environ.get("GBSTATS_SRC", "."))

import numpy as np  # noqa: E402
import scipy  # noqa: E402
from scipy.stats import chisquare  # noqa: E402

from gbstats.frequentist.tests import SequentialConfig, SequentialTwoSidedTTest  # noqa: E402
from gbstats.models.statistics import ProportionStatistic  # noqa: E402
from gbstats.utils import check_srm  # noqa: E402
import gbstats  # noqa: E402

ALPHA = 0.05
TUNING = 5000

# (name, candidate share of the split, exposures base, exposures candidate,
#  exposed base, conversions base, exposed candidate, conversions candidate)
CASES = [
    ("even, small, no effect", 0.5, 200, 200, 200, 30, 200, 31),
    ("even, first look that may decide", 0.5, 150, 150, 150, 20, 150, 45),
    ("registrations +20% at 5,000 a side", 0.5, 5000, 5000, 5000, 750, 5000, 900),
    ("registrations +20% at 1,000 a side", 0.5, 1000, 1000, 1000, 150, 1000, 180),
    ("confirmations fall 25%", 0.5, 4000, 4000, 4000, 1200, 4000, 900),
    ("rare complaints, candidate fewer", 0.5, 20000, 20000, 20000, 240, 20000, 150),
    ("rare complaints, no difference", 0.5, 8000, 8000, 8000, 80, 8000, 84),
    ("10% rollout", 0.1, 45000, 5000, 45000, 6750, 5000, 800),
    ("25% rollout, tiny lift", 0.25, 30000, 10000, 30000, 3000, 10000, 1030),
    ("one million borrowers, +2%", 0.5, 500000, 500000, 500000, 75000, 500000, 76500),
    ("repayments near 90%", 0.5, 3000, 3000, 3000, 2700, 3000, 2760),
    ("47/53 split at 2,000", 0.5, 940, 1060, 940, 140, 1060, 160),
    ("47/53 split at 10,000", 0.5, 4700, 5300, 4700, 705, 5300, 795),
    ("exposed fewer than exposures (goal not yet counted for all)", 0.5, 2500, 2480, 2100, 315, 2090, 370),
    ("7 and 13 exposures (below SRM minimum)", 0.5, 7, 13, 7, 1, 13, 3),
    ("no base conversions", 0.5, 400, 400, 400, 0, 400, 6),
]


def gbstats_version() -> str:
    if os.environ.get("GROWTHBOOK_COMMIT"):
        return os.environ["GROWTHBOOK_COMMIT"]
    try:
        return subprocess.check_output(
            ["git", "-C", os.environ.get("GBSTATS_SRC", "."), "rev-parse", "HEAD"], text=True
        ).strip()
    except Exception:
        return "unknown"


def lift(n_a, c_a, n_b, c_b):
    test = SequentialTwoSidedTTest(
        [(ProportionStatistic(n=n_a, sum=c_a), ProportionStatistic(n=n_b, sum=c_b))],
        SequentialConfig(difference_type="relative", alpha=ALPHA, sequential_tuning_parameter=TUNING),
    )
    r = test.compute_result()
    if r.errorMessage:
        return {"errorMessage": r.errorMessage}
    return {"estimate": float(r.expected), "low": float(r.ci[0]), "high": float(r.ci[1]), "p": float(r.pValue)}


def main():
    cases = []
    for name, share, e_a, e_b, n_a, c_a, n_b, c_b in CASES:
        weights = [1 - share, share]
        total = e_a + e_b
        scipy_p = chisquare([e_a, e_b], [total * w for w in weights]).pvalue
        cases.append(
            {
                "name": name,
                "candidateShare": share,
                "exposures": {"base": e_a, "candidate": e_b},
                "base": {"exposed": n_a, "conversions": c_a},
                "candidate": {"exposed": n_b, "conversions": c_b},
                "gbstats": lift(n_a, c_a, n_b, c_b),
                "srm": {"gbstatsCheckSrm": float(check_srm([e_a, e_b], weights)), "scipyChisquare": float(scipy_p)},
            }
        )
    out = {
        "generatedBy": "config-server/experiments/reference/make-gbstats-fixture.py",
        "engine": {
            "gbstats": gbstats.__version__,
            "growthbookCommit": gbstats_version(),
            "scipy": scipy.__version__,
            "numpy": np.__version__,
            "python": sys.version.split()[0],
        },
        "settings": {"alpha": ALPHA, "sequentialTuningParameter": TUNING, "differenceType": "relative"},
        "cases": cases,
    }
    json.dump(out, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
