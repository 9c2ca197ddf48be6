"""Deciding which face is up from a stick's features, with a confidence.

Two models. `CommonFaces` needs no calibration and knows only the common set: a flat face
painted dark (it reflects far less than the floor and is dark in the picture) and a round face
of plain wood (bright, and visibly darker towards its sides because it curves away from the
light). Anything else is "cannot tell". `CalibratedFaces` compares the features with those of
the four flat and four round faces seen during calibration, feature by feature, scaled by how
much each varied there (never less than a physical floor), and refuses sticks that look like
neither.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from vision.features import NAMES
from vision.reading import Face

# Smallest spread assumed per feature: what light and camera changes move it by anyway.
SPREAD_FLOOR = np.array([0.18, 0.08, 0.08, 0.2, 0.12, 0.08, 0.06, 0.06], np.float32)
OUTLIER_DISTANCE = 4.0


@dataclass(frozen=True)
class FaceVote:
    face: Face | None
    confidence: float
    why: str = ""


class FaceModel(Protocol):
    def classify(self, features: np.ndarray, grey: float) -> FaceVote: ...

    def plausible_set(self, features: list[np.ndarray], faces: list[Face | None]) -> str | None:
        """A reason to distrust the four votes together, or None."""
        ...


def _logistic(x: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, x))))


class CommonFaces:
    """Dark-painted flat faces and plain-wood round faces, without calibration."""

    def classify(self, features: np.ndarray, grey: float) -> FaceVote:
        f = dict(zip(NAMES, (float(v) for v in features), strict=True))
        # Dark paint: well under the floor's reflectance and dark grey in the picture.
        dark = min((math.log(0.8) - f["core"]) / 0.1, (88 - grey) / 6)
        # Plain wood, round: brighter, and shaded like a half-cylinder across its width.
        wood = min(
            (f["core"] - math.log(0.5)) / 0.1, (grey - 88) / 6, (f["roundness"] - 0.15) / 0.1
        )
        if f["bars"] > 0.3:
            return FaceVote(None, 0.5, "has painted marks (a marked flat face?)")
        if dark >= 1 and wood < 0:
            return FaceVote("flat", _logistic(2 * dark + 2))
        if wood >= 1 and dark < 0:
            return FaceVote("round", _logistic(2 * wood + 2))
        return FaceVote(
            None, 0.5, "does not look like a dark flat face or a plain wooden round face"
        )

    def plausible_set(self, features: list[np.ndarray], faces: list[Face | None]) -> str | None:
        """Four light faces may be another set's flat faces: then every one must show clear round
        shading, and they are refused otherwise (a throw of four round faces is rarer, 1 in 16,
        than a wrong count from a set this model does not know)."""
        if "flat" in faces:
            return None
        f = [dict(zip(NAMES, (float(v) for v in vector), strict=True)) for vector in features]
        if all(x["roundness"] >= 0.4 and x["plateau"] <= 0.8 for x in f):
            return None
        return "no dark face in view and no calibration: calibrate for this stick set"


@dataclass(frozen=True)
class CalibratedFaces:
    """Both faces as measured in calibration: mean and spread of every feature."""

    flat_mean: np.ndarray
    round_mean: np.ndarray
    spread: np.ndarray

    @classmethod
    def from_samples(cls, flat: np.ndarray, round_: np.ndarray) -> CalibratedFaces:
        pooled = np.sqrt((flat.var(axis=0) + round_.var(axis=0)) / 2)
        return cls(flat.mean(axis=0), round_.mean(axis=0), np.maximum(pooled, SPREAD_FLOOR))

    def classify(self, features: np.ndarray, grey: float) -> FaceVote:
        to_flat = (features - self.flat_mean) / self.spread
        to_round = (features - self.round_mean) / self.spread
        d_flat = float(np.sqrt(np.mean(to_flat**2)))
        d_round = float(np.sqrt(np.mean(to_round**2)))
        if min(d_flat, d_round) > OUTLIER_DISTANCE:
            return FaceVote(None, 0.5, "looks like neither face seen in calibration")
        # Log-likelihood ratio of two Gaussians with the same spread.
        evidence = 0.5 * float(np.sum(to_round**2) - np.sum(to_flat**2))
        evidence /= math.sqrt(len(features))
        p_flat = _logistic(evidence)
        face: Face = "flat" if p_flat >= 0.5 else "round"
        return FaceVote(face, max(p_flat, 1 - p_flat))

    def plausible_set(self, features: list[np.ndarray], faces: list[Face | None]) -> str | None:
        return None
