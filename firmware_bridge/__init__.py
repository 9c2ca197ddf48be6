"""The Pi side of the serial link to the board: protocol codec, link session, virtual board.

- `leds`: `LedCell`, `LedFrame`, `OFF_FRAME`, `make_frame`: what the host asks the LEDs to show.
- `snapshot`: `BoardSnapshot`: which piece stands on each house, and which sensors are faulty.
- `link`: `BoardLink` (handshake, heartbeat, reconnect, LED frames, commands) and its events
  `LinkUp`, `LinkDown`, `SnapshotChanged`, `SensorFault`.
- `virtual`: `VirtualBoard`, the real firmware on simulated sensors behind a pty.
- `codec`: typed messages over the firmware's own codec; `firmware`: the firmware modules as
  the host imports them. The wire format is described in PROTOCOL.md.
"""
