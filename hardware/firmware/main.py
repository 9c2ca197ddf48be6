# Runs on the Pico at power-up: the board firmware on the Pico's hardware.
# Ctrl-C (from mpremote) stops it and leaves the REPL, so the firmware can be updated.

import board_firmware
import hal_pico

board_firmware.run(hal_pico.PicoHal())
