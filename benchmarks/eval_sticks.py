"""Stick reader accuracy on the seeded synthetic set, per stick style (issue targets: at least
99% of clean throws read right, at most 0.5% of all images `ok` with a wrong count, at least 90%
of bad scenes answered `rethrow`).

Each set-up is calibrated from its own three pictures and every image is read twice, with the
calibration and without; the clean-throw rate counts the calibrated readings and the common
set's uncalibrated ones, the wrong-count rate counts every reading. `--split holdout` uses
seeds, a stick set, a tray and a light that the reader was never tuned on.

Run: .venv/bin/python benchmarks/eval_sticks.py [--split tune|holdout] [--setups N] [--images N]
"""

from __future__ import annotations

import argparse
import time

from vision import evaluation


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=sorted(evaluation.SPLIT_SEEDS), default="holdout")
    parser.add_argument("--setups", type=int, default=10)
    parser.add_argument("--images", type=int, default=40)
    args = parser.parse_args()
    started = time.monotonic()
    outcomes: list[evaluation.Outcome] = []
    for case in evaluation.setups(args.split, args.setups):
        outcomes += evaluation.run_setup(case, args.images)
    for label, score in evaluation.by_style(outcomes).items():
        print(score.line(label))
    counted = evaluation.score(evaluation.expected_to_read(outcomes))
    everything = evaluation.score(outcomes)
    print(counted.line("clean throws (counted)"))
    print(everything.line("all readings"))
    print(
        f"{args.split}: {args.setups} set-ups x {args.images} images, "
        f"{time.monotonic() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
