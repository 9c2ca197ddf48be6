"""The configuration file: defaults that run, and every mistake named by its key."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from controller.config import TOKEN_ENV, Config, ConfigError, keys, load_config

DOCS = Path(__file__).resolve().parents[2] / "docs"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "senet-board.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_no_file_gives_the_defaults_that_run_sim() -> None:
    config = load_config(None, environ={})
    assert config == Config()
    assert config.game.variant == "kendall"
    assert config.api.host == "127.0.0.1" and config.api.port == 8080
    assert config.api.cors_origins == [] and config.api.kiosk_can_start_games is False


def test_a_file_overrides_only_what_it_names(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        '[game]\nvariant = "jequier"\ncomputer = ["B"]\nthrow_timeout_s = 30\n'
        '[api]\nport = 9000\ncors_origins = ["http://kiosk.local"]\n',
    )
    config = load_config(path, environ={})
    assert config.game.variant == "jequier"
    assert config.game.computer == ["B"]
    assert config.game.throw_timeout_s == 30.0 and isinstance(config.game.throw_timeout_s, float)
    assert config.api.port == 9000 and config.api.cors_origins == ["http://kiosk.local"]
    assert config.board == Config().board


def test_the_environment_token_replaces_the_admin_token(tmp_path: Path) -> None:
    path = write(tmp_path, '[api]\nadmin_token = "from-file"\n')
    assert load_config(path, environ={}).api.admin_token == "from-file"
    assert load_config(path, environ={TOKEN_ENV: "from-env"}).api.admin_token == "from-env"


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("[game]\nvariant = 3\n", "game.variant: must be str"),
        ("[game]\nthrow_timeout_s = -1\n", "game.throw_timeout_s: must be 0"),
        ("[game]\nthrow_timeout_s = true\n", "game.throw_timeout_s: must be float"),
        ("[game]\ncomputer = [\"X\"]\n", "game.computer: sides are"),
        ("[game]\ncomputer = \"B\"\n", "game.computer: must be a list"),
        ("[game]\noptions = { harsh_captures = 1 }\n", "game.options: must be a table"),
        ("[game]\nvarient = \"kendall\"\n", "game.varient: unknown key"),
        ("[gpio]\nconfirm_pin = 40\n", "gpio.confirm_pin: must be a BCM"),
        ("[gpio]\nenabled = \"yes\"\n", "gpio.enabled: must be bool"),
        ("[api]\nport = 0\n", "api.port: must be a TCP port"),
        ("[api]\nport = \"8080\"\n", "api.port: must be int"),
        ("[boards]\nurl = \"/dev/ttyACM0\"\n", "boards: unknown section"),
        ("board = \"/dev/ttyACM0\"\n", "board: must be a [board] table"),
        ("[journal]\npath = \"  \"\n", "journal.path: must not be empty"),
    ],
)
def test_a_wrong_value_is_refused_naming_its_key(tmp_path: Path, text: str, named: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_config(write(tmp_path, text), environ={})
    assert str(caught.value).startswith(named)


def test_bad_toml_names_the_file_and_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "[game]\nvariant = kendall\n")
    with pytest.raises(ConfigError, match=r"not valid TOML.*line 2"):
        load_config(path, environ={})


def test_a_missing_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        load_config(tmp_path / "absent.toml", environ={})


def test_every_key_is_documented() -> None:
    text = (DOCS / "configuration.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `([a-z_]+\.[a-z_]+)` \|", text, flags=re.MULTILINE))
    assert documented == set(keys())


def test_the_example_file_loads_and_names_every_key() -> None:
    path = DOCS / "senet-board.example.toml"
    load_config(path, environ={})
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert {f"{section}.{key}" for section, values in data.items() for key in values} == set(
        keys()
    )
