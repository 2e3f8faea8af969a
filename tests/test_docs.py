"""The documentation keeps up with the code and the specification.

Nothing is built here (``.ci/run`` builds the site with warnings as errors and
runs its doctests); these tests read the ``.rst`` sources and the package's
source code and check that:

* every rule id and ruling id of the specification (RULES.md) has its own
  section in the rules reference, and no other id does;
* every rule id, registered disagreement and ruling id of FAMILY.md part D (Dou
  Dizhu) has its own section in the Dou Dizhu rules reference, naming at least
  one of its source tags, and no other D id does;
* every public name is documented once in the API reference: each submodule
  that defines ``__all__`` has an ``automodule`` with ``:members:``, every
  name of its ``__all__`` is picked up by it (or by an explicit directive, or
  named in the page), and every name the package re-exports is defined in one
  of those submodules;
* the options table of the rules reference lists every option of ``Rules``, in
  the order the class declares them;
* the release checklist shows every command ``.ci/run`` runs;
* the architecture page's import flow is the one the code follows.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

import zhengshangyou
from zhengshangyou import Rules
from zhengshangyou.rules import option_help

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PACKAGE = ROOT / "src" / "zhengshangyou"

# The ids of RULES.md, written out by hand from the specification (which is not
# part of the repository): section by section, the number of rules it has (R3.1 to
# R3.19, the airplanes R3.18 and R3.19 included), then R10 (section 9, the presets,
# has no id) and the rulings E1 to E25 (E24, the airplanes, and E25, cards no deck
# holds, included); then the lettered ids added for hardening, R1.3a and R2.2a.
RULE_SECTIONS = {"R1": 4, "R2": 7, "R3": 19, "R4": 8, "R5": 6, "R6": 2, "R7": 4, "R8": 4}
RULE_IDS = (
    *(
        f"{section}.{number}"
        for section, count in RULE_SECTIONS.items()
        for number in range(1, count + 1)
    ),
    "R10",
    *(f"E{number}" for number in range(1, 26)),
    "R1.3a",
    "R2.2a",
)


@cache
def page(name: str) -> str:
    return (DOCS / f"{name}.rst").read_text(encoding="utf-8")


def source(module: str) -> ast.Module:
    """The syntax tree of ``module`` (dotted below the package; a subpackage's is its ``__init__``)."""
    path = PACKAGE.joinpath(*module.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    return ast.parse(path.read_text(encoding="utf-8"))


def submodules() -> list[str]:
    """The package's modules, from its source files (``__init__`` and ``__main__`` aside),
    and the subpackages that the package itself imports (``game``; not the optional
    ``envs``), each read as its ``__init__``."""
    top = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    imported = {
        (node.module or "").split(".")[1]
        for node in ast.walk(top)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("zhengshangyou.")
    }
    modules = [path.stem for path in PACKAGE.glob("*.py") if not path.stem.startswith("__")]
    packages = [path.parent.name for path in PACKAGE.glob("*/__init__.py") if path.parent.name in imported]
    return sorted(modules + packages)


def module_all(tree: ast.Module) -> list[str] | None:
    """The literal ``__all__`` of a module, or None when it defines none."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, (list, tuple))
            return [str(name) for name in value]
    return None


def documented_names(tree: ast.Module) -> tuple[set[str], set[str]]:
    """The top-level names a module defines, and those of them autodoc documents
    with ``:members:`` alone: classes and functions with a docstring, and
    assignments followed by a string (an attribute docstring)."""
    defined: set[str] = set()
    with_doc: set[str] = set()
    body = tree.body
    for index, node in enumerate(body):
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            defined.add(node.name)
            if ast.get_docstring(node):
                with_doc.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = {target.id for target in targets if isinstance(target, ast.Name)}
            defined |= names
            following = body[index + 1] if index + 1 < len(body) else None
            if (
                isinstance(following, ast.Expr)
                and isinstance(following.value, ast.Constant)
                and isinstance(following.value.value, str)
            ):
                with_doc |= names
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.count(".") == 2:
            # A subpackage's __init__ names what its modules define (zhengshangyou.game.state).
            inner_defined, inner_with_doc = documented_names(source(node.module.split(".", 1)[1]))
            names = {alias.asname or alias.name for alias in node.names if alias.name in inner_defined}
            defined |= names
            with_doc |= {alias.asname or alias.name for alias in node.names if alias.name in inner_with_doc}
    return defined, with_doc


def automodules() -> dict[str, dict[str, str]]:
    """Each ``.. automodule:: zhengshangyou.X`` of the API page, with its options."""
    found: dict[str, dict[str, str]] = {}
    lines = page("api").splitlines()
    for number, line in enumerate(lines):
        match = re.fullmatch(r"\.\. automodule:: zhengshangyou\.(\w+)\s*", line)
        if not match:
            continue
        options: dict[str, str] = {}
        for option in lines[number + 1 :]:
            option_match = re.fullmatch(r"   :([\w-]+):(.*)", option)
            if not option_match:
                break
            options[option_match.group(1)] = option_match.group(2).strip()
        assert match.group(1) not in found, f"zhengshangyou.{match.group(1)} is documented twice"
        found[match.group(1)] = options
    return found


# --- (a) rule ids ---------------------------------------------------------------


def test_the_list_of_ids_has_every_rule_and_ruling() -> None:
    assert len(RULE_IDS) == len(set(RULE_IDS)) == 54 + 1 + 25 + 2
    assert RULE_IDS[:4] == ("R1.1", "R1.2", "R1.3", "R1.4")
    assert {"R3.17", "R3.18", "R3.19", "E24", "E25"} <= set(RULE_IDS)
    assert "R3.20" not in RULE_IDS
    assert "E26" not in RULE_IDS
    assert RULE_IDS[-2:] == ("R1.3a", "R2.2a")


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_every_rule_id_has_its_section_in_the_rules_reference(rule_id: str) -> None:
    text = page("rules")
    assert f"\n.. _{rule_id}:\n" in text, f"no label .. _{rule_id}: in docs/rules.rst"
    heading = re.compile(rf"^{re.escape(rule_id)} \S.*\n[~-]{{3,}}$", re.MULTILINE)
    assert heading.search(text), f"no section titled '{rule_id} ...' in docs/rules.rst"


def test_the_rules_reference_has_no_other_rule_ids() -> None:
    labels = re.findall(r"^\.\. _((?:R|E)\d[\d.]*[a-z]?):$", page("rules"), re.MULTILINE)
    assert sorted(labels) == sorted(RULE_IDS)


# The ids of FAMILY.md part D (Dou Dizhu), written out by hand from the specification
# (which is not part of the repository, as RULES.md is not), each with the source tags
# FAMILY.md gives it. D0 is the table of the eight tags; D12 cites none but is the
# library's own (its unset wing_trio_adjacent is a library ruling); the rulings DE1 to
# DE14, which mostly cite none, carry the tags of the rules they test.
DOUDIZHU_TAGS = (
    "DDZ-PAGAT", "DDZ-WIKI", "DDZ-DOUZERO", "DDZ-RLCARD", "DDZ-OPENSPIEL", "DDZ-APP", "DDZ-ROB",
    "ANCHORS",
)
_ENGINES = ("DDZ-DOUZERO", "DDZ-RLCARD", "DDZ-OPENSPIEL")
_BOOKS = ("DDZ-PAGAT", "DDZ-WIKI")
DOUDIZHU_IDS: dict[str, tuple[str, ...]] = {
    "D0": DOUDIZHU_TAGS,
    "D1.1": _BOOKS,
    "D2.1": _BOOKS,
    "D2.2": (*_BOOKS, *_ENGINES),  # "all sources"
    "D2.3": ("DDZ-APP", "DDZ-OPENSPIEL"),
    "D3.1": (*_BOOKS, "DDZ-OPENSPIEL"),
    "D3.2": ("DDZ-PAGAT", "DDZ-APP", "DDZ-OPENSPIEL"),
    "D3.3": ("DDZ-PAGAT", "DDZ-APP", "DDZ-OPENSPIEL"),
    "D3.4": ("DDZ-ROB",),
    "D3.5": ("DDZ-RLCARD", "DDZ-DOUZERO"),
    "D3.6": ("DDZ-ROB",),
    "D4.1": ("DDZ-WIKI", *_ENGINES),
    "D4.2": ("DDZ-PAGAT",),
    **{f"D5.{number}": _BOOKS for number in range(1, 11)},
    "D5.11": (*_BOOKS, *_ENGINES),
    "D5.12": (*_BOOKS, *_ENGINES),
    "D5.13": _BOOKS,
    "D5.14": _BOOKS,
    "D5.15": (*_BOOKS, *_ENGINES, "ANCHORS"),
    "D5.16": ("DDZ-RLCARD", "DDZ-OPENSPIEL"),
    "D5.17": _ENGINES,
    "D6.1": ("DDZ-PAGAT", "DDZ-RLCARD", "DDZ-OPENSPIEL"),
    "D6.2": ("DDZ-PAGAT", "DDZ-RLCARD", "DDZ-DOUZERO"),
    "D7.1": (*_BOOKS, *_ENGINES),  # "all"
    "D7.2": ("DDZ-PAGAT", *_ENGINES),
    "D7.3": ("DDZ-PAGAT", "DDZ-OPENSPIEL", "DDZ-DOUZERO"),
    "D8.1": ("DDZ-PAGAT", *_ENGINES),
    "D9.1": ("DDZ-WIKI", "DDZ-OPENSPIEL", "DDZ-APP"),
    "D9.2": ("DDZ-OPENSPIEL", "DDZ-APP", "DDZ-WIKI"),
    "D9.3": ("DDZ-RLCARD",),
    "D9.4": ("DDZ-DOUZERO",),
    "D10": (*_BOOKS, *_ENGINES),  # the presets' "follows" row
    "D11": ("ANCHORS", *_ENGINES),
    "RD-D1": ("ANCHORS", "DDZ-OPENSPIEL"),
    "RD-D2": ("ANCHORS", "DDZ-OPENSPIEL"),
    "RD-D3": ("ANCHORS", "DDZ-DOUZERO"),
    "RD-D4": ("DDZ-DOUZERO",),
    "RD-D5": ("DDZ-DOUZERO",),
    "RD-D6": ("DDZ-DOUZERO",),
    "RD-D7": ("DDZ-RLCARD",),
    "RD-D8": ("ANCHORS", "DDZ-RLCARD"),
    "RD-D9": ("ANCHORS", "DDZ-DOUZERO"),  # registered by the library (the whole-hand harness)
    "D12": ("library ruling",),
    "DE1": ("DDZ-RLCARD", "DDZ-WIKI"),  # rlcard issue #300
    "DE2": ("DDZ-DOUZERO", "ANCHORS"),  # D5.15 (the rocket), D5.4
    "DE3": ("DDZ-DOUZERO", "DDZ-RLCARD", "DDZ-PAGAT", "DDZ-OPENSPIEL"),  # D5.11, D5.15
    "DE4": ("DDZ-PAGAT", "DDZ-RLCARD", "DDZ-DOUZERO", "DDZ-OPENSPIEL"),  # D5.12, RD-D5
    "DE5": _ENGINES,  # D5.15 (wing trios), D5.17
    "DE6": ("DDZ-PAGAT", *_ENGINES),  # D5 (chains)
    "DE7": ("DDZ-PAGAT", "DDZ-RLCARD", "DDZ-DOUZERO", "ANCHORS"),  # D6.2, RD-D1
    "DE8": ("ANCHORS", "DDZ-OPENSPIEL"),  # RD-D2
    "DE9": ("DDZ-PAGAT", "DDZ-APP", "DDZ-OPENSPIEL"),  # D3.1 to D3.3
    "DE10": ("DDZ-ROB",),  # D3.4
    "DE11": ("DDZ-WIKI", *_ENGINES),  # D9.1 to D9.4
    "DE12": ("DDZ-OPENSPIEL", "DDZ-APP"),  # D9.2
    "DE13": ("DDZ-PAGAT", "DDZ-OPENSPIEL"),  # D7.2, D7.3
    "DE14": ("DDZ-WIKI", *_ENGINES),  # D4.1
}


def _section(text: str, rule_id: str) -> str:
    """The text of the section labelled ``rule_id``, up to the next label."""
    start = text.index(f"\n.. _{rule_id}:\n")
    end = text.find("\n.. _", start + 1)
    return text[start : end if end != -1 else len(text)]


def test_the_list_of_D_ids_has_every_rule_and_ruling_of_part_D() -> None:
    # D0; D1.1; D2.1-3; D3.1-6; D4.1-2; D5.1-17; D6.1-2; D7.1-3; D8.1; D9.1-4; D10;
    # D11 and RD-D1 to RD-D8, and RD-D9, registered by the library; D12; DE1 to DE14.
    assert len(DOUDIZHU_IDS) == 1 + 1 + 3 + 6 + 2 + 17 + 2 + 3 + 1 + 4 + 1 + 10 + 1 + 14
    assert {"D5.17", "D9.4", "RD-D8", "RD-D9", "DE14"} <= set(DOUDIZHU_IDS)
    assert not {"D5.18", "D9.5", "RD-D10", "DE15"} & set(DOUDIZHU_IDS)
    assert all(set(tags) <= {*DOUDIZHU_TAGS, "library ruling"} for tags in DOUDIZHU_IDS.values())


def _check_family_section(name: str, rule_id: str, ids: dict[str, tuple[str, ...]], tables: dict[str, tuple[str, ...]]) -> None:
    """``rule_id`` has its labelled section titled by the id in ``docs/NAME.rst``; a
    table of source tags (``tables``: the id, its tags) describes each tag, any other
    section's ``:Sources:`` line names at least one of the tags ``ids`` gives it."""
    text = page(name)
    assert f"\n.. _{rule_id}:\n\n{rule_id} " in text, (
        f"no label .. _{rule_id}: followed by a section titled '{rule_id} ...' in docs/{name}.rst"
    )
    heading = re.compile(rf"^{re.escape(rule_id)} \S.*\n[~-]{{3,}}$", re.MULTILINE)
    assert heading.search(text), f"no section titled '{rule_id} ...' in docs/{name}.rst"
    section = _section(text, rule_id)
    if rule_id in tables:
        for tag in tables[rule_id]:
            assert re.search(rf"^{re.escape(tag)}\n   \S", section, re.MULTILINE), (
                f"{rule_id} does not describe the source tag {tag}"
            )
        return
    sources = re.findall(r"^:Sources: (.*(?:\n   .*)*)", section, re.MULTILINE)
    assert len(sources) == 1, f"{rule_id}: expected one :Sources: line, found {len(sources)}"
    assert any(tag in sources[0] for tag in ids[rule_id]), (
        f"{rule_id}: its sources name none of {ids[rule_id]}"
    )


@pytest.mark.parametrize("rule_id", DOUDIZHU_IDS)
def test_D_ids_in_docs(rule_id: str) -> None:
    """Every id of FAMILY.md part D has its labelled section in the Dou Dizhu rules
    reference, and the section's sources name at least one of its source tags (D0:
    each tag is described)."""
    _check_family_section("doudizhu", rule_id, DOUDIZHU_IDS, {"D0": DOUDIZHU_TAGS})


def test_the_doudizhu_reference_has_no_other_D_ids() -> None:
    labels = re.findall(r"^\.\. _((?:D|DE|RD-D)\d[\d.]*):$", page("doudizhu"), re.MULTILINE)
    assert sorted(labels) == sorted(DOUDIZHU_IDS)


# The ids of FAMILY.md parts B (Big Two) and T (Tiến Lên), written out by hand from the
# specification, each with the source tags FAMILY.md gives it. B0 and T0 are the tables
# of the tags (PD-MISC, which B6.1 and B8 cite, is missing from B0's table and is
# described on the page with the others); B9, T9 and T7.3 cite none and are the
# library's own; the rulings BE1 to BE10 and TE1 to TE11 carry the tags of the rules
# they test.
BIG_TWO_TAGS = (
    "B2-PAGAT", "B2-WIKI", "B2-BOOK", "B2-HK", "B2-TW", "B2-ZHWIKI", "B2-NET", "B2-MISC",
    "PD-WIKI", "PD-MISC",
)
TIEN_LEN_TAGS = ("TL-PAGAT", "TL-BGA", "TL-CGP", "TL-E2", "TL-SOUTH", "TL-VN", "TL-NORTH")
FAMILY_IDS: dict[str, tuple[str, ...]] = {
    "B0": BIG_TWO_TAGS,
    "B1.1": ("B2-WIKI", "B2-BOOK"),
    "B1.2": ("B2-WIKI", "B2-BOOK", "B2-MISC", "B2-ZHWIKI", "PD-WIKI"),
    "B2.1": ("B2-PAGAT", "B2-MISC", "B2-WIKI"),
    "B2.2": ("B2-WIKI", "B2-BOOK", "B2-ZHWIKI", "PD-WIKI", "B2-PAGAT", "B2-MISC"),
    "B2.3": ("B2-WIKI", "B2-NET"),
    "B3.1": ("PD-WIKI", "B2-ZHWIKI"),
    "B3.2": ("B2-WIKI", "B2-BOOK", "B2-HK"),
    "B3.3": ("B2-PAGAT", "B2-BOOK", "B2-NET", "PD-WIKI"),
    "B3.4": ("B2-BOOK", "B2-HK", "B2-MISC", "B2-NET", "PD-WIKI", "B2-TW", "B2-WIKI"),
    "B4.1": ("B2-WIKI", "PD-WIKI"),
    "B4.2": ("B2-MISC", "B2-WIKI"),
    "B4.3": ("B2-WIKI", "B2-BOOK", "B2-NET"),
    "B4.4": ("B2-WIKI", "PD-WIKI", "B2-TW"),
    "B5.1": ("B2-WIKI",),
    "B5.2": ("B2-MISC", "B2-WIKI", "B2-ZHWIKI", "B2-PAGAT"),
    "B5.3": ("B2-WIKI",),
    "B6.1": ("B2-BOOK", "B2-WIKI", "B2-PAGAT", "PD-MISC"),
    "B7.1": ("B2-WIKI", "B2-BOOK", "B2-NET"),
    "B7.2": ("B2-PAGAT",),
    "B8": ("B2-WIKI", "B2-BOOK", "B2-HK", "B2-TW", "B2-ZHWIKI", "PD-WIKI", "PD-MISC"),
    "B9": ("library ruling",),
    "BE1": ("B2-WIKI", "B2-BOOK", "B2-PAGAT"),  # B3.2, B3.3, B4.3
    "BE2": ("B2-BOOK", "B2-HK", "B2-TW", "B2-NET", "PD-WIKI"),  # B3.4
    "BE3": ("B2-WIKI", "B2-MISC", "B2-ZHWIKI", "PD-WIKI"),  # B1.2, B4.2
    "BE4": ("B2-NET", "B2-BOOK", "B2-WIKI"),  # B4.3
    "BE5": ("B2-WIKI",),  # B4.3
    "BE6": ("B2-WIKI", "B2-BOOK", "B2-ZHWIKI", "PD-WIKI"),  # B2.2
    "BE7": ("B2-TW", "B2-WIKI"),  # B4.4
    "BE8": ("B2-ZHWIKI", "B2-PAGAT", "B2-MISC"),  # B5.2
    "BE9": ("B2-WIKI", "B2-BOOK", "B2-NET"),  # B7.1
    "BE10": ("B2-PAGAT", "B2-MISC", "B2-WIKI"),  # B2.1
    "T0": TIEN_LEN_TAGS,
    "T1.1": ("TL-PAGAT", "TL-BGA", "TL-CGP", "TL-E2"),
    "T2.1": ("TL-PAGAT", "TL-BGA", "TL-E2"),
    "T2.2": ("TL-BGA", "TL-E2", "TL-PAGAT"),
    "T3.1": ("TL-PAGAT", "TL-BGA", "TL-CGP"),
    "T3.2": ("TL-PAGAT", "TL-SOUTH", "TL-VN"),
    "T4.1": ("TL-PAGAT",),
    "T4.2": ("TL-PAGAT", "TL-CGP", "TL-VN", "TL-SOUTH", "TL-NORTH"),
    "T5.1": ("TL-PAGAT",),
    "T5.2": ("TL-PAGAT", "TL-BGA", "TL-E2", "TL-CGP"),
    "T5.3": ("TL-PAGAT", "TL-VN"),
    "T5.4": ("TL-NORTH",),
    "T6.1": ("TL-PAGAT",),
    "T6.2": ("TL-SOUTH", "TL-PAGAT"),
    "T7.1": ("TL-PAGAT",),
    "T7.2": ("TL-SOUTH",),
    "T7.3": ("library ruling",),
    "T8": ("TL-BGA", "TL-SOUTH", "TL-VN", "TL-PAGAT", "TL-NORTH"),
    "T9": ("library ruling",),
    "TE1": ("TL-PAGAT", "TL-VN", "TL-NORTH"),  # T4.2
    "TE2": ("TL-PAGAT", "TL-VN", "TL-NORTH"),  # T4.2
    "TE3": ("TL-PAGAT", "TL-VN", "TL-SOUTH"),  # T4.2
    "TE4": ("TL-PAGAT", "TL-NORTH"),  # T5.2
    "TE5": ("TL-PAGAT", "TL-SOUTH"),  # T3.2
    "TE6": ("TL-PAGAT",),  # T4.1
    "TE7": ("TL-BGA", "TL-E2"),  # T2.2
    "TE8": ("TL-PAGAT", "TL-VN"),  # T5.3
    "TE9": ("TL-SOUTH",),  # T6.2
    "TE10": ("TL-SOUTH",),  # T7.2
    "TE11": ("TL-NORTH",),  # T5.4
}


def test_the_list_of_B_and_T_ids_has_every_rule_and_ruling_of_parts_B_and_T() -> None:
    # B0; B1.1-2; B2.1-3; B3.1-4; B4.1-4; B5.1-3; B6.1; B7.1-2; B8; B9; BE1 to BE10.
    # T0; T1.1; T2.1-2; T3.1-2; T4.1-2; T5.1-4; T6.1-2; T7.1-3; T8; T9; TE1 to TE11.
    b_ids = [rule_id for rule_id in FAMILY_IDS if rule_id.startswith("B")]
    t_ids = [rule_id for rule_id in FAMILY_IDS if rule_id.startswith("T")]
    assert len(b_ids) == 1 + 2 + 3 + 4 + 4 + 3 + 1 + 2 + 1 + 1 + 10
    assert len(t_ids) == 1 + 1 + 2 + 2 + 2 + 4 + 2 + 3 + 1 + 1 + 11
    assert len(FAMILY_IDS) == len(b_ids) + len(t_ids)
    assert {"B3.4", "B4.4", "B7.2", "BE10", "T5.4", "T7.3", "TE11"} <= set(FAMILY_IDS)
    assert not {"B1.3", "B4.5", "B7.3", "BE11", "T1.2", "T5.5", "TE12"} & set(FAMILY_IDS)
    for rule_id, tags in FAMILY_IDS.items():
        known = BIG_TWO_TAGS if rule_id.startswith("B") else TIEN_LEN_TAGS
        assert set(tags) <= {*known, "library ruling"}, rule_id


@pytest.mark.parametrize("rule_id", FAMILY_IDS)
def test_B_T_ids_in_docs(rule_id: str) -> None:
    """Every id of FAMILY.md parts B and T has its labelled section in the Big Two and
    Tiến Lên rules reference, and the section's sources name at least one of its source
    tags (B0, T0: each tag is described)."""
    tables = {table: FAMILY_IDS[table] for table in ("B0", "T0")}
    _check_family_section("family", rule_id, FAMILY_IDS, tables)


def test_the_family_reference_has_no_other_B_or_T_ids() -> None:
    labels = re.findall(r"^\.\. _((?:B|BE|T|TE)\d[\d.]*):$", page("family"), re.MULTILINE)
    assert sorted(labels) == sorted(FAMILY_IDS)


def test_the_family_reference_claims_no_option_that_does_not_exist() -> None:
    """The options the specification names for issue 37's second part are not options
    of Rules yet; the page may name them only where it says they are not implemented."""
    text = page("family")
    for option in ("hand_size", "chop_after_pass", "follow_suit", "two_last_forbidden",
                   "instant_wins", "thoi_heo", "cong", "three_player_deal", "two_doubles"):
        if option in Rules.option_names():
            continue  # implemented since: the page should then say how
        for line in re.findall(r"^:Options:.*(?:\n   .*)*", text, re.MULTILINE):
            assert f"``{option}``" not in line, f"{option} is not an option yet: {line!r}"


# What an unset (None) Dou Dizhu option means, as the lead's vocabulary defines it
# (FAMILY.md D2.3, D3.2, D3.3, D3.5, D4.1, D9.2, D9.4, D12): a preset may leave such an
# option unset where the table shows the value it stands for.
_DOUDIZHU_UNSET: dict[str, object] = {
    "bid_rounds": "once", "first_bidder": "face_up_card", "all_pass": "redeal",
    "landlord_seat": 0, "kitty_public": True, "spring_multiplier": 2, "douzero_objective": "adp",
}


def _doudizhu_presets_table() -> dict[str, list[str]]:
    """The D10 table: each option's cells (one per preset), literal markup removed."""
    text = page("doudizhu")
    start = text.index(".. list-table:: The Dou Dizhu presets")
    end = text.index("\n\n", text.index("   * - follows", start))
    found = {}
    for row in text[start:end].split("\n   * - ")[1:]:
        cells = [" ".join(cell.split()).replace("``", "") for cell in row.split("\n     - ")]
        found[cells[0]] = cells[1:]
    return found


def test_D10_the_presets_table_says_what_the_presets_are() -> None:
    table = _doudizhu_presets_table()
    presets = table.pop("option")
    assert presets == ["doudizhu", "douzero", "rlcard", "openspiel"]
    assert table.pop("follows") == ["DDZ-PAGAT, DDZ-WIKI", "DDZ-DOUZERO", "DDZ-RLCARD", "DDZ-OPENSPIEL"]
    text = page("doudizhu")
    start = text.index("All four share the rest:")
    shared = dict(re.findall(r"``(\w+)=([^`]+)``", text[start : text.index("\n\n", start)]))
    assert {"teams", "kitty", "first_lead", "next_dealer", "end", "run_order"} <= set(shared)
    assert not set(shared) & set(table)
    if not set(presets) <= set(Rules.preset_names()):
        pytest.skip("the Dou Dizhu presets are not in this tree yet")
    for column, name in enumerate(presets):
        rules = Rules.preset(name)
        for option, cells in table.items():
            value = getattr(rules, option)
            if cells[column] == "—":
                assert value is None, (name, option, value)
            else:
                expected = ast.literal_eval(cells[column])
                unset = _DOUDIZHU_UNSET.get(option, object())
                if option == "wing_trio_adjacent":
                    unset = rules.kicker_repeat == "any"  # D12
                assert value == expected or (value is None and expected == unset), (name, option, value)
        for option, literal in shared.items():
            assert getattr(rules, option) == ast.literal_eval(literal), (name, option)


# --- (b) the API reference ----------------------------------------------------


def test_every_submodule_with_all_has_an_automodule_with_members() -> None:
    documented = automodules()
    for module in submodules():
        if module_all(source(module)) is not None:
            assert module in documented, (
                f"docs/api.rst has no automodule for zhengshangyou.{module}"
            )
            assert "members" in documented[module], f"zhengshangyou.{module} lacks :members:"
    assert set(documented) <= set(submodules())


@pytest.mark.parametrize("module", [m for m in submodules() if module_all(source(m)) is not None])
def test_every_public_name_of_a_submodule_is_documented(module: str) -> None:
    tree = source(module)
    names = module_all(tree)
    assert names is not None
    defined, with_doc = documented_names(tree)
    options = automodules()[module]
    listed = {name.strip() for name in options["members"].split(",") if name.strip()}
    text = page("api")
    for name in names:
        assert name in defined, (
            f"zhengshangyou.{module}.__all__ names {name}, which it does not define"
        )
        if listed and name not in listed:
            # A restricted :members: list: the others need their own directive.
            assert (
                re.search(rf"^\.\. auto\w+:: zhengshangyou\.{module}\.{name}$", text, re.MULTILINE)
                or f"``{name}``" in text
            ), f"{module}.{name} is not in docs/api.rst"
        elif name not in with_doc and "undoc-members" not in options:
            # autodoc skips a name without a docstring: the page must name it.
            assert f"``{name}``" in text, (
                f"{module}.{name} has no docstring and is not named in docs/api.rst"
            )


def test_every_name_the_package_exports_is_defined_in_a_documented_submodule() -> None:
    documented = automodules()
    homes: dict[str, list[str]] = {}
    for module in documented:
        tree = source(module)
        defined, _ = documented_names(tree)
        for name in module_all(tree) or ():
            if name in defined:
                homes.setdefault(name, []).append(module)
    for name in zhengshangyou.__all__:
        if name == "__version__":
            continue
        assert len(homes.get(name, [])) == 1, f"{name} is defined in {homes.get(name)} submodules"


# --- (c) the options table ------------------------------------------------------


def test_the_options_table_lists_every_option_in_order() -> None:
    text = page("rules")
    start = text.index("\n.. _options:\n")
    end = text.index("\n.. _", start + 1)
    rows = re.findall(r"^   \* - ``(\w+)``$", text[start:end], re.MULTILINE)
    assert rows == list(Rules.option_names())


def _options_table() -> dict[str, list[str]]:
    """The rules reference's options table: each option's cells, markup removed."""
    text = page("rules")
    start = text.index(".. list-table:: The options of ``Rules``")
    end = text.index("The defaults, as the code reports them", start)
    found = {}
    for row in text[start:end].split("\n   * - ")[2:]:
        cells = [" ".join(cell.split()).replace("``", "") for cell in row.split("\n     - ")]
        found[cells[0]] = cells
    return found


def test_the_options_table_says_what_option_help_says() -> None:
    # One table, two readers: the docs and ``play --help`` (rules.option_help).
    table = _options_table()
    assert list(table) == list(Rules.option_names())
    for name, cells in table.items():
        help = option_help(name)
        assert cells[3] == help.allowed, name
        assert tuple(rule.strip() for rule in cells[4].split(",")) == help.rules, name


# --- the release checklist and .ci/run --------------------------------------------


def test_the_release_checklist_shows_every_command_of_ci_run() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    lines = [line.strip() for line in script.splitlines()]
    # The checks themselves, word for word; installing (pip) and the throw-away
    # environments (venv, whose paths differ) are described in words.
    commands = [
        line.split(" > ")[0]
        for line in lines
        if line.startswith("python -m ")
        and not line.startswith(("python -m pip", "python -m venv"))
    ]
    assert len(commands) >= 7
    release = page("release")
    for command in commands:
        assert command in release, f"docs/release.rst does not show: {command}"
    for step in ("bash .ci/run", "python -m venv", "dist/*.whl", "zhengshangyou rules"):
        assert step in release, f"docs/release.rst does not mention {step}"
    assert any("zhengshangyou rules" in line for line in lines)


# --- the architecture page's import flow ---------------------------------------


def test_imports_follow_the_flow_of_the_architecture_page() -> None:
    match = re.search(r"^   (cards, hand, errors[^→]* → .*)$", page("architecture"), re.MULTILINE)
    assert match, "the one-line flow is missing from docs/architecture.rst"
    layers = [
        {name.strip() for name in re.split(r"[,/]", layer)} for layer in match.group(1).split("→")
    ]
    position = {module: index for index, layer in enumerate(layers) for module in layer}
    assert set(position) == set(submodules()) - {"testing"}
    for module, level in position.items():
        for node in ast.walk(source(module)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "zhengshangyou."
            ):
                imported = (node.module or "").split(".")[1]
                assert position[imported] <= level, f"{module} imports {imported}, a later module"


def test_no_page_draws_its_own_table_of_contents() -> None:
    # The Furo theme shows every page's sections in its sidebar, and puts a red
    # error banner on a page with a ``.. contents::`` directive (sphinx -W cannot
    # see it: the theme adds it in the browser).
    pages = [page.name for page in DOCS.glob("*.rst") if ".. contents::" in page.read_text()]
    assert pages == []
