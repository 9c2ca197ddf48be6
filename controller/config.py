"""The configuration: one TOML file, validated whole before anything starts.

Every key has a default, and the defaults run `senet-board serve --sim` on any machine. A wrong
file (bad TOML, an unknown key, a value of the wrong type or out of range) raises `ConfigError`
naming the key, so a person editing the file on a Pi knows what to fix. Every key is documented
in `docs/configuration.md` (a test keeps the two in step).
"""

from __future__ import annotations

import dataclasses
import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_type_hints

TOKEN_ENV = "SENET_BOARD_TOKEN"
SIDES = ("W", "B")
DEFAULT_JOURNAL = "~/.local/share/senet-board/journal.sqlite3"


class ConfigError(ValueError):
    """The configuration is wrong; the message starts with the key (`game.variant: ...`)."""


Check = Callable[[Any], str | None]


def _key(default: Any, check: Check | None = None) -> Any:
    """A key with its default and an optional range check returning a complaint or None."""
    return field(default=default, metadata={"check": check})


def _positive(value: float) -> str | None:
    return None if value > 0 else "must be greater than 0"


def _not_negative(value: float) -> str | None:
    return None if value >= 0 else "must be 0 (off) or more"


def _pin(value: int) -> str | None:
    return None if 2 <= value <= 27 else "must be a BCM GPIO number from 2 to 27"


def _port(value: int) -> str | None:
    return None if 1 <= value <= 65535 else "must be a TCP port from 1 to 65535"


def _not_empty(value: str) -> str | None:
    return None if value.strip() else "must not be empty"


def _sides(value: list[str]) -> str | None:
    bad = [side for side in value if side not in SIDES]
    if bad:
        return f"sides are 'W' (light) or 'B' (dark), got {bad}"
    return None if len(set(value)) == len(value) else "names a side twice"


@dataclass(frozen=True)
class BoardConfig:
    url: str = _key("/dev/senet-board", _not_empty)


@dataclass(frozen=True)
class CameraConfig:
    source: str = _key("picamera2", _not_empty)
    calibration: str = _key("")


@dataclass(frozen=True)
class GameConfig:
    variant: str = _key("kendall", _not_empty)
    options: dict[str, str] = field(default_factory=dict)
    light_name: str = _key("Light")
    dark_name: str = _key("Dark")
    computer: list[str] = field(default_factory=list, metadata={"check": _sides})
    throw_timeout_s: float = _key(0.0, _not_negative)
    idle_reset_s: float = _key(0.0, _not_negative)
    quiet_period_s: float = _key(0.4, _positive)
    computer_delay_s: float = _key(1.0, _not_negative)


@dataclass(frozen=True)
class GpioConfig:
    enabled: bool = _key(True)
    confirm_pin: int = _key(17, _pin)
    new_game_pin: int = _key(27, _pin)
    takeback_pin: int = _key(22, _pin)
    buzzer_pin: int = _key(18, _pin)
    status_led_pin: int = _key(23, _pin)
    long_press_s: float = _key(2.0, _positive)


@dataclass(frozen=True)
class JournalConfig:
    path: str = _key(DEFAULT_JOURNAL, _not_empty)


@dataclass(frozen=True)
class ApiConfig:
    host: str = _key("127.0.0.1", _not_empty)
    port: int = _key(8080, _port)
    cors_origins: list[str] = field(default_factory=list)
    admin_token: str = _key("")
    referee_token: str = _key("")
    kiosk_can_start_games: bool = _key(False)


@dataclass(frozen=True)
class Config:
    board: BoardConfig = field(default_factory=BoardConfig)
    camera: CameraConfig = field(default_factory=CameraConfig)
    game: GameConfig = field(default_factory=GameConfig)
    gpio: GpioConfig = field(default_factory=GpioConfig)
    journal: JournalConfig = field(default_factory=JournalConfig)
    api: ApiConfig = field(default_factory=ApiConfig)

    @property
    def journal_path(self) -> Path:
        """The journal file with `~` expanded."""
        return Path(self.journal.path).expanduser()

    def to_dict(self) -> dict[str, dict[str, Any]]:
        """Every section and key (tokens included: only for the admin)."""
        return dataclasses.asdict(self)


SECTIONS: dict[str, type[Any]] = get_type_hints(Config)


def keys() -> list[str]:
    """Every key as `section.key`, in file order (the documentation covers each)."""
    return [f"{name}.{f.name}" for name, cls in SECTIONS.items() for f in dataclasses.fields(cls)]


def _type_error(expected: Any, value: Any) -> str | None:
    """A complaint when `value` is not of the TOML type `expected`, else None."""
    origin = getattr(expected, "__origin__", None)
    if expected is bool:
        ok = isinstance(value, bool)
    elif expected is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif expected is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif expected is str:
        ok = isinstance(value, str)
    elif origin is list:
        ok = isinstance(value, list) and all(isinstance(item, str) for item in value)
        return None if ok else f"must be a list of strings, got {value!r}"
    elif origin is dict:
        ok = isinstance(value, dict) and all(isinstance(v, str) for v in value.values())
        return None if ok else f"must be a table of strings (key = \"value\"), got {value!r}"
    else:  # pragma: no cover - only the types above are used
        raise TypeError(expected)
    return None if ok else f"must be {expected.__name__}, got {type(value).__name__} {value!r}"


def build_section(name: str, cls: type[Any], values: Mapping[str, Any], base: Any = None) -> Any:
    """One section from a mapping of its keys, over `base` (or the defaults); checked."""
    hints = get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    changes: dict[str, Any] = {}
    for key, value in values.items():
        if key not in fields:
            known = ", ".join(fields)
            raise ConfigError(f"{name}.{key}: unknown key (the [{name}] keys are {known})")
        complaint = _type_error(hints[key], value)
        check: Check | None = fields[key].metadata.get("check")
        if complaint is None and check is not None:
            complaint = check(value)
        if complaint is not None:
            raise ConfigError(f"{name}.{key}: {complaint}")
        changes[key] = float(value) if hints[key] is float else value
    return dataclasses.replace(base if base is not None else cls(), **changes)


def from_mapping(data: Mapping[str, Any], environ: Mapping[str, str] | None = None) -> Config:
    """A checked `Config` from parsed TOML; the environment's token wins over the file's."""
    sections: dict[str, Any] = {}
    for name, values in data.items():
        if name not in SECTIONS:
            raise ConfigError(f"{name}: unknown section (sections are {', '.join(SECTIONS)})")
        if not isinstance(values, dict):
            raise ConfigError(f"{name}: must be a [{name}] table")
        sections[name] = build_section(name, SECTIONS[name], values)
    config = Config(**sections)
    token = (os.environ if environ is None else environ).get(TOKEN_ENV)
    if token:
        config = dataclasses.replace(config, api=dataclasses.replace(config.api, admin_token=token))
    return config


def load_config(path: Path | str | None = None, environ: Mapping[str, str] | None = None) -> Config:
    """The configuration from `path` (None: all defaults), checked; `ConfigError` if wrong."""
    if path is None:
        return from_mapping({}, environ)
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"{path}: cannot read the configuration file: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: the configuration file is not UTF-8 text") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML: {error}") from None
    return from_mapping(data, environ)
