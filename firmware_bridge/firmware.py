"""The firmware modules as the host imports them: the very files that go onto the Pico.

On the Pico the firmware files sit flat at the root of the filesystem and import each other
by bare name (`import board_codec`); here `hardware/firmware` goes on `sys.path` once so the
same imports resolve to the same files, and every host module shares one copy of each.
"""

from __future__ import annotations

import sys
from pathlib import Path

import hardware

FIRMWARE_DIR = Path(hardware.__file__).resolve().parent / "firmware"

if str(FIRMWARE_DIR) not in sys.path:
    sys.path.append(str(FIRMWARE_DIR))

import board_codec  # noqa: E402
import board_config  # noqa: E402
import board_firmware  # noqa: E402
import board_leds  # noqa: E402
import board_sensors  # noqa: E402
import hal_sim  # noqa: E402

__all__ = [
    "FIRMWARE_DIR",
    "board_codec",
    "board_config",
    "board_firmware",
    "board_leds",
    "board_sensors",
    "hal_sim",
]
