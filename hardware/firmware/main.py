# Runs on the Pico at power-up: the board firmware on the Pico's hardware.
# An unexpected error restarts the firmware after a second (the host sees HELLO 0 and
# resynchronises); Ctrl-C (from mpremote) stops it and leaves the REPL, so it can be updated.

import sys
import time

import board_firmware
import hal_pico

while True:
    try:
        board_firmware.run(hal_pico.PicoHal())
    except Exception as exc:  # keep the board alive whatever went wrong
        sys.print_exception(exc)
        time.sleep(1)
