"""``python -m racerbile``: the same as the ``racerbile`` command."""

from racerbile.cli import main

if __name__ == "__main__":
    main()
