"""``python -m zhengshangyou``: the command line (see :mod:`zhengshangyou.cli`)."""

from zhengshangyou.cli import run

if __name__ == "__main__":
    run()
