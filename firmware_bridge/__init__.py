"""The Pi side of the serial link to the board: protocol codec, link session, virtual board."""
