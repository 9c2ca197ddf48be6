# Hall sensor scanning: calibration, classification with hysteresis, debounce, faults.
# MicroPython: no typing; the HAL supplies read_sensor(mux, channel) and load/save.

import board_config as cfg

EMPTY = "."
LIGHT = "W"
DARK = "B"
FAULT = "?"


def classify(value, baseline, stable):
    """The state one reading shows, given the sensor's baseline and its debounced state.

    A piece keeps its state down to EXIT_THRESHOLD but needs ENTER_THRESHOLD to appear, so
    a reading near one threshold does not toggle; readings at a rail mean a broken sensor.
    """
    if value < cfg.RAIL_LOW or value > cfg.RAIL_HIGH:
        return FAULT
    delta = value - baseline
    if stable == LIGHT and delta <= -cfg.EXIT_THRESHOLD:
        return LIGHT
    if stable == DARK and delta >= cfg.EXIT_THRESHOLD:
        return DARK
    if delta <= -cfg.ENTER_THRESHOLD:
        return LIGHT
    if delta >= cfg.ENTER_THRESHOLD:
        return DARK
    return EMPTY


def scans_needed(old, new):
    """How much evidence a change from old to new needs before it is believed."""
    if new == FAULT:
        return cfg.FAULT_SCANS
    if new == EMPTY and old != FAULT:
        return cfg.LEAVE_SCANS
    return cfg.ARRIVE_SCANS


class Scanner:
    """Reads all 30 sensors and keeps each one's debounced state.

    Debounce is a score per sensor: a reading of the candidate state adds one, a reading of
    the stable state takes DISAGREE_PENALTY, a third state restarts the candidate once the
    score is spent. The change is believed when the score reaches scans_needed().
    """

    def __init__(self, hal):
        self.hal = hal
        n = cfg.HOUSES
        self.wiring = [cfg.sensor_wiring(house) for house in range(1, n + 1)]
        # Both multiplexers share their select lines: reading in channel order selects each
        # channel once per scan (16 switches and settling waits instead of 30).
        self.read_order = sorted(range(n), key=lambda i: (self.wiring[i][1], self.wiring[i][0]))
        self.baselines = [cfg.NOMINAL_BASELINE] * n
        self.uncalibratable = [False] * n
        self.calibrated = False
        self.readings = [cfg.NOMINAL_BASELINE] * n
        self.stable = [EMPTY] * n
        self.candidate = [EMPTY] * n
        self.score = [0] * n
        self.load_calibration()

    def read_all(self):
        read = self.hal.read_sensor
        readings = self.readings
        wiring = self.wiring
        for i in self.read_order:
            mux, channel = wiring[i]
            readings[i] = read(mux, channel)
        return readings

    def scan(self):
        """One scan; True when a debounced state changed."""
        readings = self.read_all()
        stable = self.stable
        candidate = self.candidate
        score = self.score
        baselines = self.baselines
        penalty = cfg.DISAGREE_PENALTY
        changed = False
        for i in range(len(readings)):
            old = stable[i]
            state = classify(readings[i], baselines[i], old)
            if state == old:
                score[i] = max(0, score[i] - penalty)
            elif state == candidate[i] and score[i] > 0:
                score[i] += 1
                if score[i] >= scans_needed(old, state):
                    stable[i] = state
                    score[i] = 0
                    changed = True
            elif score[i] <= penalty:
                candidate[i] = state
                score[i] = 1
            else:
                score[i] -= penalty
        return changed

    def prime(self):
        """Takes the board as it stands at start-up, by a majority over PRIME_SCANS scans.

        Without this, a restarted firmware would report a full board as empty until every
        piece had passed the arrival debounce: a false snapshot of all pieces lifted.
        """
        n = len(self.stable)
        votes = [{} for _ in range(n)]
        for _ in range(cfg.PRIME_SCANS):
            readings = self.read_all()
            for i in range(n):
                state = classify(readings[i], self.baselines[i], EMPTY)
                votes[i][state] = votes[i].get(state, 0) + 1
        for i in range(n):
            best = EMPTY
            for state in votes[i]:
                if votes[i][state] > votes[i].get(best, 0):
                    best = state
            self.stable[i] = best
            self.candidate[i] = best
            self.score[i] = 0

    def states(self):
        """30 characters W, B, . or ? (faulty sensor), house 1 first."""
        out = []
        for i in range(len(self.stable)):
            out.append(FAULT if self.uncalibratable[i] else self.stable[i])
        return "".join(out)

    def calibrate(self):
        """Takes the zero-field baselines with the board empty; returns houses that failed.

        A sensor whose average is too far from mid-scale (a piece on it, a dead sensor)
        keeps its old baseline and is reported faulty until a calibration succeeds.
        """
        n = len(self.baselines)
        sums = [0] * n
        for _ in range(cfg.CALIBRATION_SCANS):
            readings = self.read_all()
            for i in range(n):
                sums[i] += readings[i]
        failed = []
        for i in range(n):
            average = sums[i] // cfg.CALIBRATION_SCANS
            if abs(average - cfg.NOMINAL_BASELINE) > cfg.BASELINE_TOLERANCE:
                self.uncalibratable[i] = True
                failed.append(i + 1)
            else:
                self.uncalibratable[i] = False
                self.baselines[i] = average
        self.calibrated = not failed
        stored = []
        for i in range(n):
            stored.append("0" if self.uncalibratable[i] else str(self.baselines[i]))
        self.hal.save(cfg.CALIBRATION_FILE, ",".join(stored))
        return failed

    def load_calibration(self):
        text = self.hal.load(cfg.CALIBRATION_FILE)
        if not text:
            return
        try:
            values = [int(v) for v in text.strip().split(",")]
        except ValueError:
            return
        if len(values) != len(self.baselines):
            return
        for i in range(len(values)):
            if abs(values[i] - cfg.NOMINAL_BASELINE) <= cfg.BASELINE_TOLERANCE:
                self.baselines[i] = values[i]
            else:
                self.uncalibratable[i] = True
        self.calibrated = True not in self.uncalibratable
