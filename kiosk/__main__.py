import sys

from kiosk.cli import main

sys.exit(main())
