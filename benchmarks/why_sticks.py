"""Why one image of the seeded evaluation set was read as it was: a picture and a listing.

For changing the reader: `eval_sticks.py --compare` names the readings that changed, this
shows one of them. The image is read with the set-up's calibration and without; for each
reader the listing gives every look taken at the frame (see `StickReader.looks`), what each
found (the objects, measured, and the scene's problem), and the faces' measurements and
votes. The picture has a part per reader, three tiles a line: the frame annotated as
evidence, the detection masks of the first look (objects white, could-be-shadow blue, both
purple, the tray's outline green), then one tile per look with the objects it found
(stick-shaped green, others red).

eval_sticks numbers a set-up's readings two per image, calibrated first: its reading N is
image N // 2 here.

Run: .venv/bin/python benchmarks/why_sticks.py --split low --setup 74 --image 8
         [--out why.png]
"""

from __future__ import annotations

import argparse
from pathlib import Path

import cv2
import numpy as np

from vision import evaluation
from vision.detect import detection_image, object_mask
from vision.evidence import annotate, banner
from vision.features import NAMES
from vision.floor import fit_floor
from vision.reader import (
    LookTaken,
    Measurement,
    StickReader,
    is_stick_shaped,
    what_the_looks_found,
    working_image,
)

TILE_WIDTH = 640
TILES_A_LINE = 3
STICK_COLOUR = (60, 200, 60)
OTHER_COLOUR = (60, 60, 230)
OUTLINE_COLOUR = (60, 220, 60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=sorted(evaluation.SPLIT_SEEDS), default="tune")
    parser.add_argument("--setup", type=int, required=True, help="the set-up's index")
    parser.add_argument("--image", type=int, required=True, help="the image's index in it")
    parser.add_argument("--out", type=Path, default=Path("why.png"))
    args = parser.parse_args()
    if min(args.setup, args.image) < 0:
        parser.error("--setup and --image count from 0")
    case = evaluation.case_of(args.split, args.setup)
    setup = case.setup()
    kind, image, flat = evaluation.image_shown(case, setup, args.image)
    print(
        f"{args.split} set-up {args.setup} "
        f"({case.style}, {setup.tray.name}, {setup.lighting.name}), "
        f"image {args.image}: {kind}, {flat} flat"
    )
    rows = []
    for calibrated, reader in evaluation.setup_readers(case, setup):
        name = "calibrated" if calibrated else "without calibration"
        if reader is None:
            print(f"\n== {name}: calibration failed")
            continue
        rows.append(_explain(name, reader, image))
    picture = np.vstack(rows)
    cv2.imwrite(str(args.out), picture)
    print(f"\npicture: {args.out}")


def _explain(name: str, reader: StickReader, image: np.ndarray) -> np.ndarray:
    """Print why `reader` read `image` as it did; the picture's row for it."""
    looks = list(reader.looks(image))
    final = what_the_looks_found(looks)
    reading = reader.reading_of(final)
    answer = f"ok, {reading.flat} flat" if reading.status == "ok" else reading.reason
    print(f"\n== {name}: {answer}")
    work, _ = working_image(image)
    masks = _masks(reader, work, looks[0].found.outline)
    tiles = [_fitted(annotate(image, reading)), _fitted(masks)]
    for taken in looks:
        _print_look(taken)
        tiles.append(_fitted(_look_tile(work, taken)))
    for stick, vote in zip(final.sticks, reader.model.classify_throw(final.sticks), strict=True):
        x, y = stick.blob.center
        features = " ".join(f"{n}={v:.3f}" for n, v in zip(NAMES, stick.features, strict=True))
        print(
            f"  stick at ({x:.0f}, {y:.0f}): {vote.face} {vote.confidence:.2f} {vote.why}\n"
            f"    {features}\n    sharpness={stick.sharpness:.2f} "
            f"ends={stick.end_sharpness:.2f} whole_width={stick.whole_width} "
            f"shaped_light={stick.shaped_light}"
        )
    return _grid(tiles)


def _print_look(taken: LookTaken) -> None:
    found = taken.found
    print(
        f"  look {taken.how}: {'stands' if taken.stands else 'does not stand'}; "
        f"{found.problem or 'clean'}; a stick {found.stick_length:.0f} px long"
    )
    for blob in found.blobs:
        print(
            f"    {'stick ' if is_stick_shaped(blob) else 'object'} at "
            f"({blob.center[0]:.0f}, {blob.center[1]:.0f}) {blob.length:.0f}x{blob.width:.1f} "
            f"px, angle {blob.angle:.0f}, fill {blob.fill:.2f}, "
            f"shadow-like {blob.shadowlike:.2f}, along the edge {blob.touches_edge:.2f}, "
            f"reach {blob.reach:.1f}{', in shade' if blob.in_shade else ''}"
            f"{', on a mark' if blob.on_mark else ''}"
            f"{', at the frame' if blob.touches_frame else ''}"
        )


def _masks(reader: StickReader, work: np.ndarray, outline: np.ndarray | None) -> np.ndarray:
    """The first look's detection masks, at the working image's size, and the tray's
    `outline` it found."""
    small = detection_image(work)
    calibration = reader.calibration
    floor = fit_floor(small, calibration.tray if calibration else None)
    contrast = calibration.contrast if calibration else 1.0
    objects, shadowy, _ = object_mask(small, floor, contrast)
    tile = np.zeros_like(small)
    tile[..., 2] = objects * 255
    tile[..., 1] = objects * 255 * (1 - shadowy)
    tile[..., 0] = np.maximum(objects * 255, shadowy.astype(np.uint8) * 200)
    tile = cv2.resize(tile, (work.shape[1], work.shape[0]), interpolation=cv2.INTER_NEAREST)
    if outline is not None:
        _draw_outline(tile, outline)
    banner(tile, "objects / could be shadow")
    return tile


def _look_tile(work: np.ndarray, taken: LookTaken) -> np.ndarray:
    """The working image, dimmed, with the tray's outline and the objects one look found."""
    tile = (work * 0.6).astype(np.uint8)
    found: Measurement = taken.found
    if found.outline is not None:
        _draw_outline(tile, found.outline)
    for blob in found.blobs:
        colour = STICK_COLOUR if is_stick_shaped(blob) else OTHER_COLOUR
        corners = np.round(np.array(blob.corners)).astype(np.int32)
        cv2.polylines(tile, [corners], True, colour, 1, cv2.LINE_AA)
    verdict = "stands" if taken.stands else "no"
    banner(tile, f"{taken.how}: {verdict}; {found.problem or 'clean'}")
    return tile


def _draw_outline(tile: np.ndarray, outline: np.ndarray) -> None:
    size = np.array([tile.shape[1], tile.shape[0]], np.float32)
    points = np.round(outline.reshape(-1, 2) * size).astype(np.int32)
    cv2.polylines(tile, [points], True, OUTLINE_COLOUR, 1, cv2.LINE_AA)


def _fitted(tile: np.ndarray) -> np.ndarray:
    """`tile` at TILE_WIDTH pixels wide."""
    height = round(tile.shape[0] * TILE_WIDTH / tile.shape[1])
    return cv2.resize(tile, (TILE_WIDTH, height), interpolation=cv2.INTER_AREA)


def _grid(tiles: list[np.ndarray]) -> np.ndarray:
    """`tiles` (all TILE_WIDTH wide) in lines of TILES_A_LINE."""
    lines = [tiles[i : i + TILES_A_LINE] for i in range(0, len(tiles), TILES_A_LINE)]
    width = TILE_WIDTH * TILES_A_LINE
    return np.vstack([_padded(_padded_below(line), width) for line in lines])


def _padded_below(line: list[np.ndarray]) -> np.ndarray:
    height = max(tile.shape[0] for tile in line)
    border = cv2.BORDER_CONSTANT
    return np.hstack([cv2.copyMakeBorder(t, 0, height - t.shape[0], 0, 0, border) for t in line])


def _padded(row: np.ndarray, width: int) -> np.ndarray:
    return cv2.copyMakeBorder(row, 0, 0, 0, width - row.shape[1], cv2.BORDER_CONSTANT)


if __name__ == "__main__":
    main()
