"""Stick reader accuracy on the seeded synthetic set, per stick style (issue targets: at least
99% of clean throws read right, at most 0.5% of all images `ok` with a wrong count, at least 90%
of bad scenes answered `rethrow`).

Each set-up is calibrated from its own three pictures and every image is read twice, with the
calibration and without; the clean-throw rate counts the calibrated readings and the common
set's uncalibrated ones, the wrong-count rate counts every reading. `--split holdout` uses
seeds, a stick set, a tray and a light that the reader was never tuned on; `--split low`
the tune split's names under lamps lower than it draws, `--split drawn` floors and lights
drawn at random instead of named, `--split sky` the tune split's names by a warm lamp and a
blue sky (see `vision.evaluation`).

While changing the reader, `--only` picks set-ups of the split by index, `--dump` keeps
every reading (a JSON line each), and `--compare` lists the readings that changed since an
earlier dump: a change is judged reading by reading, not by the totals alone. `--misses` lists
the counted clean throws not read right and every wrong count, each with the set-up and image
that `benchmarks/why_sticks.py` takes (not on the holdout split, which stays unlooked at).

Run: .venv/bin/python benchmarks/eval_sticks.py [--split tune|low|drawn|sky|holdout] [--setups N]
         [--images N] [--only 100-159,200-279] [--jobs 2] [--dump NEW.jsonl]
         [--compare OLD.jsonl] [--misses]
"""

from __future__ import annotations

import argparse
import json
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from vision import evaluation

# One reading as a dump keeps it: where it came from, what it was, what was read.
DumpedReading = dict[str, Any]
# What a reading was, as `evaluation.Outcome` has it.
SCENE_FIELDS = ("style", "tray", "light", "kind", "calibrated", "truth")
# Each image is read twice, with the calibration and without (`evaluation.run_setup`).
READINGS_AN_IMAGE = 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=sorted(evaluation.SPLIT_SEEDS), default="holdout")
    parser.add_argument("--setups", type=int, default=10, help="the first N set-ups")
    parser.add_argument("--only", type=_indices, help="set-up indices instead, as 0-9,20-29")
    parser.add_argument("--images", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=1, help="set-ups read at once")
    parser.add_argument("--dump", type=Path, help="write every reading here (JSON lines)")
    parser.add_argument("--compare", type=Path, help="list readings changed since this dump")
    parser.add_argument("--misses", action="store_true", help="list clean throws read wrong")
    args = parser.parse_args()
    if args.misses and args.split == "holdout":
        parser.error("--misses is not for the holdout split: what it misses stays unlooked at")
    before = _load(args.compare) if args.compare else None
    started = time.monotonic()
    indices = args.only or list(range(args.setups))
    cases = evaluation.setups(args.split, max(indices) + 1)
    jobs = [(i, cases[i], args.images) for i in indices]
    with Pool(args.jobs) as pool:
        results = pool.map(_read_setup, jobs, chunksize=1)
    outcomes = [outcome for _, found in results for outcome in found]
    for label, score in evaluation.by_style(outcomes).items():
        print(score.line(label))
    counted = evaluation.score(evaluation.expected_to_read(outcomes))
    everything = evaluation.score(outcomes)
    print(counted.line("clean throws (counted)"))
    print(everything.line("all readings"))
    print(
        f"{args.split}: {len(indices)} set-ups x {args.images} images, "
        f"{time.monotonic() - started:.0f} s"
    )
    rows = [_row(i, n, o) for i, found in results for n, o in enumerate(found)]
    if args.dump:
        args.dump.write_text("".join(json.dumps(row) + "\n" for row in rows))
    if before is not None:
        for line in _changes(before, rows):
            print(line)
    if args.misses:
        for line in _misses(rows):
            print(line)


def _indices(spec: str) -> list[int]:
    """'0-9,20-29' as the indices 0 to 9 and 20 to 29."""
    indices: list[int] = []
    for part in spec.split(","):
        first, _, last = part.partition("-")
        indices += range(int(first), int(last or first) + 1)
    return indices


def _read_setup(
    job: tuple[int, evaluation.SetupCase, int],
) -> tuple[int, list[evaluation.Outcome]]:
    index, case, images = job
    return index, list(evaluation.run_setup(case, images))


def _row(setup: int, position: int, outcome: evaluation.Outcome) -> DumpedReading:
    reading = outcome.reading
    return {
        "setup": setup,
        "position": position,
        **{name: getattr(outcome, name) for name in SCENE_FIELDS},
        "status": reading.status,
        "flat": reading.flat,
        "reason": reading.reason,
        "counted": outcome.counted,
    }


def _load(path: Path) -> dict[tuple[int, int], DumpedReading]:
    """An earlier `--dump`, read before the run so that a wrong file stops it at once."""
    try:
        rows: list[DumpedReading] = [
            json.loads(line) for line in path.read_text().splitlines() if line.strip()
        ]
        return {(row["setup"], row["position"]): row for row in rows}
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise SystemExit(f"--compare {path}: not a dump of this tool ({error!r})") from error


def _changes(
    before: dict[tuple[int, int], DumpedReading], rows: list[DumpedReading]
) -> list[str]:
    """A line per reading whose answer changed: GAIN (now the answer wanted, see `_right`),
    LOSS (was), WRONG (now `ok` with a wrong count) or CHANGE; readings that do not count
    for the clean rate are marked as such."""
    lines = []
    for row in rows:
        old = before.get((row["setup"], row["position"]))
        if old is None or (old["status"], old["flat"]) == (row["status"], row["flat"]):
            continue
        if row["status"] == "ok" and row["flat"] != row["truth"]:
            tag = "WRONG"
        elif _right(row):
            tag = "GAIN"
        elif _right(old):
            tag = "LOSS"
        else:
            tag = "CHANGE"
        lines.append(
            f"{tag:6s} set-up {row['setup']} reading {row['position']} {row['style']} "
            f"{'calibrated' if row['calibrated'] else 'uncalibrated'}"
            f"{'' if row['counted'] else ' (not counted)'} {row['kind']} {row['truth']}: "
            f"{old['status']} {old['flat']} -> {row['status']} {row['flat']} {row['reason']}"
        )
    return lines


def _misses(rows: list[DumpedReading]) -> list[str]:
    """A line per counted clean throw not read right (MISS) and per reading `ok` with a wrong
    count (WRONG), naming the set-up and image as `benchmarks/why_sticks.py` takes them."""
    lines = []
    for row in rows:
        wrong = row["status"] == "ok" and row["flat"] != row["truth"]
        missed = row["kind"] == "clean" and row["counted"] and not _right(row)
        if not (wrong or missed):
            continue
        answer = f"ok {row['flat']}" if row["status"] == "ok" else row["reason"]
        lines.append(
            f"{'WRONG' if wrong else 'MISS':6s} --setup {row['setup']} --image "
            f"{row['position'] // READINGS_AN_IMAGE} ({row['style']}, {row['tray']}, "
            f"{row['light']}, {'calibrated' if row['calibrated'] else 'uncalibrated'}) "
            f"{row['kind']} {row['truth']}: {answer}"
        )
    return lines


def _right(row: DumpedReading) -> bool:
    """The answer wanted: the right count for a clean throw, `rethrow` for a bad scene."""
    if row["kind"] != "clean":
        return bool(row["status"] == "rethrow")
    return bool(row["status"] == "ok" and row["flat"] == row["truth"])


if __name__ == "__main__":
    main()
