"""What every command module shares."""


class CliError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""
