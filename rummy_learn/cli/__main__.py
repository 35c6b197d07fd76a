"""``python -m rummy_learn.cli``."""

import sys

from rummy_learn.cli import main

sys.exit(main())
