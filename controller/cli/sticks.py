"""`senet-board sticks`: calibrate the stick camera, read photos of throws, watch a camera."""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from controller.cli.common import CliError
from vision.calibration import Calibration, CalibrationError, calibrate, exposure_warning
from vision.evidence import annotate, banner, headline
from vision.reader import StickReader
from vision.reading import ThrowReading
from vision.sources import SourceError, open_source
from vision.synthetic import SyntheticCamera
from vision.watcher import ThrowResult, ThrowWatcher

CALIBRATION_PICTURES = ("empty.png", "flat.png", "round.png")


def register(subparsers: Any) -> None:
    sticks = subparsers.add_parser("sticks", help="read the throwing sticks with a camera")
    commands = sticks.add_subparsers(dest="sticks_command", metavar="COMMAND", required=True)

    cal = commands.add_parser(
        "calibrate",
        help="calibrate from empty.png, flat.png, round.png",
        description="Calibrate from three photos taken by the camera in its place: empty.png "
        "(the empty tray), flat.png (the four sticks flat face up) and round.png (round face "
        "up). Lay the sticks apart, a few centimetres from the walls, and turned like the "
        "spokes of a wheel, none parallel.",
    )
    cal.add_argument("folder", metavar="DIR", help="folder holding the three pictures")
    cal.add_argument(
        "-o", "--output", required=True, metavar="FILE", help="calibration JSON to write"
    )
    cal.set_defaults(handler=run_calibrate)

    read = commands.add_parser("read", help="read throws from photos, one line per image")
    read.add_argument("images", nargs="+", metavar="IMAGE")
    read.add_argument(
        "--calibration", metavar="FILE", help="calibration JSON (for non-common sets)"
    )
    read.add_argument("--json", action="store_true", help="one JSON object per line")
    read.add_argument("--evidence", metavar="DIR", help="also write annotated JPEGs here")
    read.set_defaults(handler=run_read)

    watch = commands.add_parser("watch", help="print a result each time thrown sticks settle")
    watch.add_argument(
        "--camera",
        required=True,
        metavar="SRC",
        help="device index, video file or URL, image folder, picamera2, synthetic",
    )
    watch.add_argument("--calibration", metavar="FILE")
    watch.add_argument(
        "--preview", metavar="FILE", help="keep the latest annotated frame here (JPEG)"
    )
    watch.add_argument("--evidence", metavar="DIR", help="write each result's evidence JPEG here")
    watch.add_argument("--json", action="store_true", help="one JSON object per result")
    watch.add_argument("--count", type=int, default=0, help="stop after this many results")
    watch.add_argument("--seconds", type=float, default=0.0, help="stop after this long")
    watch.set_defaults(handler=run_watch)


def _load_calibration(path: str | None) -> Calibration | None:
    if path is None:
        return None
    try:
        return Calibration.load(path)
    except CalibrationError as error:
        raise CliError(str(error)) from error


def _read_image(path: Path) -> np.ndarray | None:
    """The image at `path`, or None when it is missing or not an image (OpenCV's own warning
    for a missing file is not shown: the command says what is wrong in its own words)."""
    if not path.is_file():
        return None
    image: np.ndarray | None = cv2.imread(str(path), cv2.IMREAD_COLOR)
    return image


def run_calibrate(args: argparse.Namespace) -> int:
    folder = Path(args.folder)
    if not folder.is_dir():
        raise CliError(f"not a folder: {folder}")
    pictures = []
    for name in CALIBRATION_PICTURES:
        image = _read_image(folder / name)
        if image is None:
            raise CliError(f"cannot read {folder / name} (need {', '.join(CALIBRATION_PICTURES)})")
        pictures.append(image)
    try:
        calibration = calibrate(*pictures)
        calibration.save(args.output)
    except CalibrationError as error:
        raise CliError(str(error)) from error
    except OSError as error:
        raise CliError(f"cannot write {args.output}: {error.strerror}") from error
    width = calibration.image_size[0]
    faint = (
        f"; the faces are close to the floor's colour, so objects are looked for at "
        f"{calibration.contrast:.0%} of the usual contrast (a tray of another colour reads "
        "more surely)"
        if calibration.contrast < 1
        else ""
    )
    marks = len(calibration.marks)
    plural = "s" if marks > 1 else ""
    seen = f"; {marks} mark{plural} of the empty tray passed over" if marks else ""
    print(
        f"calibrated: stick {calibration.stick_length * width:.0f} x "
        f"{calibration.stick_width * width:.0f} px, tray outline of {len(calibration.tray)} points;"
        f" written to {args.output}{faint}{seen}"
    )
    warning = exposure_warning(calibration)
    if warning:
        print(f"warning: {warning}", file=sys.stderr)
    return 0


def run_read(args: argparse.Namespace) -> int:
    reader = StickReader(_load_calibration(args.calibration))
    evidence = Path(args.evidence) if args.evidence else None
    if evidence is not None:
        evidence.mkdir(parents=True, exist_ok=True)
    status = 0
    written: set[str] = set()
    for name in args.images:
        image = _read_image(Path(name))
        if image is None:
            status = 1
            unreadable = ThrowReading.rethrow("cannot read this image file")
            print(unreadable.to_json(image=name) if args.json else f"{name}: {unreadable.reason}")
            continue
        reading = reader.read(image)
        print(reading.to_json(image=name) if args.json else f"{name}: {headline(reading)}")
        if evidence is not None:
            path = evidence / _evidence_name(Path(name).stem, written)
            cv2.imwrite(str(path), annotate(image, reading))
    return status


def _evidence_name(stem: str, written: set[str]) -> str:
    """`STEM.evidence.jpg`, numbered when another image of this run had the same stem (the
    same name in two folders, or as .png and .jpg)."""
    name, number = f"{stem}.evidence.jpg", 1
    while name in written:
        number += 1
        name = f"{stem}-{number}.evidence.jpg"
    written.add(name)
    return name


def _demo_thrower(camera: SyntheticCamera, stop: threading.Event) -> None:
    """Throws and collects the simulated sticks, so `watch --camera synthetic` shows something."""
    rng = random.Random(1)
    while not stop.wait(0.5):
        camera.throw(rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 4]))
        if stop.wait(3.0):
            return
        camera.clear()
        if stop.wait(2.0):
            return


def _write_atomically(path: Path, data: bytes) -> None:
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".preview-")
    with os.fdopen(handle, "wb") as out:
        out.write(data)
    os.replace(temporary, path)


def run_watch(args: argparse.Namespace) -> int:
    reader = StickReader(_load_calibration(args.calibration))
    try:
        source = open_source(args.camera)
    except SourceError as error:
        raise CliError(str(error)) from error
    preview = Path(args.preview) if args.preview else None
    evidence = Path(args.evidence) if args.evidence else None
    for folder in (preview.parent if preview else None, evidence):
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
    done = threading.Event()
    results: list[ThrowResult] = []
    # Named by when the watch began, so a second run into the same folder keeps the first's.
    run_name = time.strftime("throw-%Y%m%d-%H%M%S", time.gmtime())

    def on_result(result: ThrowResult) -> None:
        results.append(result)
        reading = result.reading
        print(
            reading.to_json(frame_time=round(result.frame_time, 3))
            if args.json
            else headline(reading)
        )
        sys.stdout.flush()
        if evidence is not None:
            (evidence / f"{run_name}-{len(results):04d}.jpg").write_bytes(result.evidence_jpeg)
        if args.count and len(results) >= args.count:
            done.set()

    watcher = ThrowWatcher(source, reader, on_result)
    stop_demo = threading.Event()
    if isinstance(source, SyntheticCamera):
        threading.Thread(target=_demo_thrower, args=(source, stop_demo), daemon=True).start()
    watcher.start()
    started = time.monotonic()
    said = None
    try:
        while not done.wait(0.5):
            if args.seconds and time.monotonic() - started >= args.seconds:
                break
            if watcher.state == "error" and watcher.error != said:
                said = watcher.error
                print(f"camera: {said}", file=sys.stderr)
            frame = watcher.latest
            if preview is not None and frame is not None:
                image = frame.image.copy()
                banner(image, f"watching: {watcher.state}")
                ok, encoded = cv2.imencode(".jpg", image)
                if ok:
                    _write_atomically(preview, encoded.tobytes())
    finally:
        stop_demo.set()
        watcher.stop()
    if args.count and len(results) < args.count:
        print(
            f"stopped after {args.seconds:g} s with {len(results)} of {args.count} throws read",
            file=sys.stderr,
        )
        return 1
    if not results:
        print(f"no throw came to rest in {args.seconds:g} s", file=sys.stderr)
    return 0
