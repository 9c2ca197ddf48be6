"""`python -m controller` is the same as the `senet-board` command."""

import sys

from controller.cli import main

sys.exit(main())
