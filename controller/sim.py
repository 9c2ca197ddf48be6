"""The `--sim` rig: the virtual board (the real firmware behind a pty) and the synthetic camera.

The service opens the virtual board's pty through the real `BoardLink` and watches the
synthetic camera through the real `ThrowWatcher` and stick reader, exactly as it would a board
and a camera; only the physics is simulated. The kiosk's sim panel and test scripts act on
the rig through `act` (lift or place a piece) and `throw` (sticks with N flat faces up, or a
bad scene), and the game follows through the whole pipeline.
"""

from __future__ import annotations

from firmware_bridge.virtual import VirtualBoard
from vision.synthetic import BAD_SCENES, SyntheticCamera

ACTIONS = ("lift", "place")
PIECES = ("W", "B")
CAMERA_FPS = 10.0


class SimRig:
    """A virtual board and a synthetic camera, with their own random seed."""

    def __init__(self, *, seed: int = 0) -> None:
        self.board = VirtualBoard(seed=seed)
        # 10 frames a second are plenty to see sticks settle, and rendering each costs
        # tens of milliseconds: the simulated camera must not starve the rest of the sim.
        self.camera = SyntheticCamera(seed=seed, fps=CAMERA_FPS)

    def start(self, squares: str) -> None:
        """Start the firmware behind its pty, with pieces standing as `squares` says."""
        self.board.set_houses(squares)
        self.board.start()

    def stop(self) -> None:
        self.board.stop()

    def act(self, action: str, house: int, piece: str | None = None) -> None:
        """Lift the piece off `house`, or place `piece` (`W`/`B`) on it; `ValueError` if bad."""
        if action not in ACTIONS:
            raise ValueError(f"action must be one of {', '.join(ACTIONS)}, got {action!r}")
        if isinstance(house, bool) or not isinstance(house, int) or not 1 <= house <= 30:
            raise ValueError(f"house must be a whole number 1-30, got {house!r}")
        if action == "lift":
            self.board.lift(house)
            return
        if piece not in PIECES:
            raise ValueError(f"piece must be W (light) or B (dark), got {piece!r}")
        self.board.place(house, piece)

    def throw(self, flat: int | None = None, scene: str | None = None) -> None:
        """Throw the sticks so `flat` flat faces land up, or end in one of `BAD_SCENES`."""
        if (flat is None) == (scene is None):
            raise ValueError("give either flat (0-4) or scene, not both")
        if scene is not None:
            if scene not in BAD_SCENES:
                raise ValueError(f"scene must be one of {', '.join(BAD_SCENES)}, got {scene!r}")
            self.camera.throw_bad(scene)
            return
        if isinstance(flat, bool) or not isinstance(flat, int) or not 0 <= flat <= 4:
            raise ValueError(f"flat must be a whole number 0-4, got {flat!r}")
        self.camera.throw(flat)
