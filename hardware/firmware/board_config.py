# Board constants shared by every firmware module: versions, pins, wiring, timing, thresholds.
# MicroPython: plain module constants only (no typing, no dataclasses).

FIRMWARE_VERSION = "0.1.0"
PROTOCOL_VERSION = 1

HOUSES = 30
LEDS = 30

# Pico pins (GPxx numbers). Both CD74HC4067 multiplexers share the four select lines;
# mux 0 carries houses 1-16 on its channels 0-15, mux 1 houses 17-30 on channels 0-13.
PIN_MUX_SELECT = (2, 3, 4, 5)  # S0, S1, S2, S3
PIN_MUX_ADC = (26, 27)  # mux 0 SIG -> GP26/ADC0, mux 1 SIG -> GP27/ADC1
PIN_LED_DATA = 16  # WS2812 DIN through a 74AHCT125 level shifter
MUX_SETTLE_US = 8


def sensor_wiring(house):
    """(mux, channel) that house 1-30 is wired to."""
    if house <= 16:
        return (0, house - 1)
    return (1, house - 17)


# Timing. One scan reads all 30 sensors. A lift (piece -> empty) must hold LEAVE_SCANS
# scans, an arrival (empty -> piece, or a colour change) ARRIVE_SCANS: lifts are reported fast
# (the host lights the destinations), a piece sliding over a house on its way is not reported.
SCAN_PERIOD_MS = 1
LEAVE_SCANS = 8
ARRIVE_SCANS = 60
FAULT_SCANS = 20
PRIME_SCANS = 16  # at start-up the board is taken as it stands, by a vote over this many scans
DISAGREE_PENALTY = 2  # a reading of the stable state takes this much from the change's score
HEARTBEAT_MS = 1000
LINK_LOST_MS = 3000
ANIMATE_MS = 20
BLINK_HALF_MS = 300
PULSE_PERIOD_MS = 1200
SELF_TEST_STEP_MS = 200

# ADC counts (read_u16: 0..65535). Zero field reads about mid-scale; light pieces (north pole
# down) pull the reading down, dark pieces (south pole down) push it up.
NOMINAL_BASELINE = 32768
BASELINE_TOLERANCE = 8000  # a calibrated zero-field reading further than this from mid-scale
ENTER_THRESHOLD = 6000  # |reading - baseline| to become a piece
EXIT_THRESHOLD = 4000  # |reading - baseline| a piece must keep to stay a piece (hysteresis)
RAIL_LOW = 512  # readings outside RAIL_LOW..RAIL_HIGH mean a broken wire or dead sensor
RAIL_HIGH = 65023
CALIBRATION_SCANS = 32
CALIBRATION_FILE = "calib.txt"

MAX_LINE = 400  # longer lines are dropped (the longest frame, a RAW reply, is < 390 bytes)
