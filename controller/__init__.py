"""The game: rules core, game session, referee, persistence, HTTP API and kiosk, command line."""

__version__ = "0.1.0"
