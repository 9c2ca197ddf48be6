"""The seeded evaluation set and its scoring, shared by the tests and `benchmarks/eval_sticks.py`.

Each set-up (stick set, tray, light, camera) is calibrated from its own three pictures, then
shown clean throws and bad scenes. The `tune` split may be looked at while improving the
reader, and so may the `low` split: the same names under other seeds, every lamp LOW_LAMPS
degrees lower than drawn, for the long shadows the tune split has few of. The `holdout`
split uses other seeds and adds a stick set, a tray and a light (`scenes.HELD_OUT`) that
the other splits never contain. The `drawn` split, which may be looked at too, draws each
set-up's floor and light at random (`scenes.conditions_drawn`) instead of from the catalogue:
conditions between and around the named ones, where a reader tuned on those can fail. The
`sky` split, which may be looked at too, lights the tune split's sticks and trays by a warm
lamp and a blue sky (`scenes.lamp_and_sky`), whose tinted shade the drawn split seldom has.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from vision import scenes
from vision.calibration import CalibrationError, calibrate
from vision.reader import StickReader
from vision.reading import ThrowReading
from vision.render import Scene, render

TUNE_STYLES = tuple(s for s in scenes.STYLES if s != scenes.HELD_OUT["style"])
TUNE_TRAYS = tuple(t for t in scenes.TRAYS if t != scenes.HELD_OUT["tray"])
TUNE_LIGHTS = tuple(li for li in scenes.LIGHTS if li != scenes.HELD_OUT["light"])
SPLIT_SEEDS = {"tune": 10_000, "sky": 30_000, "drawn": 50_000, "low": 70_000, "holdout": 90_000}
LOW_LAMPS = 12.0


@dataclass(frozen=True)
class SetupCase:
    style: str
    tray: str
    light: str
    seed: int
    width: int
    height: int
    lamps_lowered: float = 0.0
    conditions_drawn: bool = False
    lamp_and_sky: bool = False

    def setup(self) -> scenes.Setup:
        """The installation this case stands for."""
        made = scenes.make_setup(
            self.style, self.tray, self.light, self.seed, self.width, self.height
        )
        if self.conditions_drawn:
            made = scenes.conditions_drawn(made, self.seed)
        if self.lamp_and_sky:
            made = scenes.lamp_and_sky(made, self.seed)
        return scenes.lamps_lowered(made, self.lamps_lowered) if self.lamps_lowered else made


@dataclass(frozen=True)
class Outcome:
    """One image read once: what it was, what the reader said."""

    style: str
    tray: str
    light: str
    kind: str
    calibrated: bool
    truth: int | None
    reading: ThrowReading

    @property
    def clean(self) -> bool:
        return self.kind == "clean"

    @property
    def wrong_ok(self) -> bool:
        return self.reading.status == "ok" and self.reading.flat != self.truth

    @property
    def right(self) -> bool:
        return self.reading.status == "ok" and self.reading.flat == self.truth

    @property
    def counted(self) -> bool:
        """Counts for the clean-throw rate: every calibrated reading, and the common set's
        without calibration (another set is only required not to read wrong without one)."""
        return self.calibrated or self.style in scenes.COMMON_STYLES


def setups(split: str, count: int) -> list[SetupCase]:
    """`count` set-ups of a split; the holdout split always includes a held-out name."""
    rng = np.random.default_rng(SPLIT_SEEDS[split])
    result = []
    for i in range(count):
        style = TUNE_STYLES[i % len(TUNE_STYLES)]
        tray = TUNE_TRAYS[(i // len(TUNE_STYLES)) % len(TUNE_TRAYS)]
        light = TUNE_LIGHTS[int(rng.integers(len(TUNE_LIGHTS)))]
        if split == "holdout" and i % 2 == 0:
            held = ("style", "tray", "light")[(i // 2) % 3]
            style, tray, light = (
                scenes.HELD_OUT["style"] if held == "style" else style,
                scenes.HELD_OUT["tray"] if held == "tray" else tray,
                scenes.HELD_OUT["light"] if held == "light" else light,
            )
        wide = i % 4 == 3
        result.append(
            SetupCase(
                style,
                tray,
                light,
                SPLIT_SEEDS[split] + i,
                1280 if wide else 640,
                720 if wide else 480,
                LOW_LAMPS if split == "low" else 0.0,
                conditions_drawn=split == "drawn",
                lamp_and_sky=split == "sky",
            )
        )
    return result


def case_of(split: str, index: int) -> SetupCase:
    """Set-up `index` of a split, as `setups` makes it."""
    return setups(split, index + 1)[index]


def truth(scene: Scene) -> int | None:
    """How many flat faces are up in a clean throw (None when it is not four sticks)."""
    if len(scene.sticks) != 4:
        return None
    return sum(1 for s in scene.sticks if math.cos(s.roll) > 0)


def run_setup(case: SetupCase, images: int, bad_share: float = 0.3) -> Iterator[Outcome]:
    """Calibrate one set-up, then read `images` scenes with and without the calibration."""
    setup = case.setup()
    readers = setup_readers(case, setup)
    for kind, scene, seed in scenes_shown(case, setup, images, bad_share):
        image = render(scene, setup.texture_seed, noise_seed=seed)
        for calibrated, reader in readers:
            reading = (
                reader.read(image)
                if reader is not None
                else ThrowReading.rethrow("calibration failed")
            )
            yield Outcome(
                case.style,
                setup.tray.name,
                setup.lighting.name,
                kind,
                calibrated,
                truth(scene),
                reading,
            )


def setup_readers(case: SetupCase, setup: scenes.Setup) -> list[tuple[bool, StickReader | None]]:
    """The set-up's two readers, whether calibrated first: the one calibrated from its own
    three pictures (None when calibration fails), and one without calibration."""
    pictures = scenes.calibration_pictures(setup, case.seed, noise_seed=case.seed)
    readers: list[tuple[bool, StickReader | None]]
    try:
        calibration = calibrate(pictures["empty"], pictures["flat"], pictures["round"])
        readers = [(True, StickReader(calibration))]
    except CalibrationError:
        readers = [(True, None)]
    # Without calibration only the common set must be read; other sets must not read wrong.
    readers.append((False, StickReader()))
    return readers


def scenes_shown(
    case: SetupCase, setup: scenes.Setup, images: int, bad_share: float = 0.3
) -> Iterator[tuple[str, Scene, int]]:
    """The scenes a set-up is shown, in turn: what kind each is (`clean` or a bad kind), the
    scene, and the seed it is rendered with."""
    rng = np.random.default_rng(case.seed)
    for k in range(images):
        seed = case.seed * 1000 + k
        if rng.random() < bad_share:
            kind = scenes.BAD_KINDS[int(rng.integers(len(scenes.BAD_KINDS)))]
            yield kind, scenes.bad_scene(setup, kind, seed), seed
        else:
            yield "clean", scenes.clean_scene(setup, int(rng.integers(0, 5)), seed), seed


def image_shown(
    case: SetupCase, setup: scenes.Setup, image: int
) -> tuple[str, np.ndarray, int | None]:
    """Image `image` of a case (its `setup` built) as the evaluation shows it: its kind
    (`clean` or a bad kind), the picture, and the flat faces up (see `truth`). For looking
    at one reading again, as `benchmarks/why_sticks.py` and the tests do."""
    kind, scene, seed = list(scenes_shown(case, setup, image + 1))[image]
    return kind, render(scene, setup.texture_seed, noise_seed=seed), truth(scene)


@dataclass(frozen=True)
class Score:
    clean: int
    clean_right: int
    images: int
    wrong_ok: int
    bad: int
    bad_rethrow: int

    @property
    def clean_rate(self) -> float:
        return self.clean_right / self.clean if self.clean else float("nan")

    @property
    def wrong_rate(self) -> float:
        return self.wrong_ok / self.images if self.images else float("nan")

    @property
    def rethrow_rate(self) -> float:
        return self.bad_rethrow / self.bad if self.bad else float("nan")

    def line(self, label: str) -> str:
        return (
            f"{label:28s} clean right {self.clean_right:4d}/{self.clean:<4d} {self.clean_rate:7.2%}"
            f"  wrong ok {self.wrong_ok:3d}/{self.images:<4d} {self.wrong_rate:6.2%}"
            f"  bad rethrow {self.bad_rethrow:3d}/{self.bad:<3d} {self.rethrow_rate:7.2%}"
        )


def score(outcomes: list[Outcome]) -> Score:
    clean = [o for o in outcomes if o.clean]
    bad = [o for o in outcomes if not o.clean]
    return Score(
        clean=len(clean),
        clean_right=sum(o.right for o in clean),
        images=len(outcomes),
        wrong_ok=sum(o.wrong_ok for o in outcomes),
        bad=len(bad),
        bad_rethrow=sum(o.reading.status == "rethrow" for o in bad),
    )


def expected_to_read(outcomes: list[Outcome]) -> list[Outcome]:
    """The readings that count for the clean-throw rate (see `Outcome.counted`)."""
    return [o for o in outcomes if o.counted]


def by_style(outcomes: list[Outcome]) -> dict[str, Score]:
    groups: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        mode = "calibrated" if o.calibrated else "no calibration"
        groups[f"{o.style} ({mode})"].append(o)
    return {label: score(group) for label, group in sorted(groups.items())}
