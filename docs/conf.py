"""Sphinx configuration for the zhengshangyou documentation.

Build (warnings are errors, as in CI)::

    python3 -m sphinx -W --keep-going -b html docs docs/_build/html
    python3 -m sphinx -W -b doctest docs docs/_build/doctest

No extension here needs the network: intersphinx is deliberately not used.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import zhengshangyou  # noqa: E402

try:
    import hypothesis  # noqa: F401  (zhengshangyou.testing needs it)
except ImportError:
    autodoc_mock_imports = ["hypothesis"]

# -- Project information -----------------------------------------------------

project = "zhengshangyou"
author = "The zhengshangyou developers"
copyright = "the zhengshangyou developers, MIT License"
release = zhengshangyou.__version__
version = ".".join(release.split(".")[:2])

# -- General configuration ---------------------------------------------------

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
root_doc = "index"
language = "en"
default_role = "literal"
highlight_language = "python3"

# -- autodoc -------------------------------------------------------------------

autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {"show-inheritance": True}
# The package re-exports the public names of its submodules; the API page
# documents each object once, under the submodule that defines it.
add_module_names = False

# -- doctest -------------------------------------------------------------------

# The examples of these pages are ``.. doctest::`` blocks, each page importing
# what it uses. Plain ``>>>`` blocks are not run here: the only ones are the
# docstrings autodoc pulls in from src/, which pytest already runs
# (--doctest-modules) in their own module's namespace.
doctest_test_doctest_blocks = ""

# -- HTML ----------------------------------------------------------------------

html_theme = "furo"
html_title = f"zhengshangyou {release}"
html_static_path = ["_static"]
# Lets literals wrap inside table cells, so every table fits the page.
html_css_files = ["custom.css"]
