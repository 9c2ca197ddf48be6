"""The HTTP layer: a FastAPI app over the `GameService`, plus the kiosk page it serves.

`create_app(service, config)` is the only entry point; everything it does goes through the
service facade, so the API never touches the board, the camera or the journal directly.
"""

from controller.api.app import create_app

__all__ = ["create_app"]
