"""One module per resource; each has a `router` that `create_app` includes."""
