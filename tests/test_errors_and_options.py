"""The error family and the option readers under hostile values (issues 34 and 35).

- Issue 34, item 8: every error class can be built from its message alone, as
  ``type(error)(str(error))``; Gymnasium re-raises an environment constructor's
  error that way, so a refused option reached the user as a ``TypeError`` about
  a missing keyword argument.
- Issue 35, item 7: ``brief_repr`` survives a ``__repr__`` that raises anything,
  so that no entry point turns bad input into an untyped error.
- Issue 35, item 12: option readers never drain an endless iterator, compare
  option text as text (never by the value's own ``__eq__``), and the notation is
  case-insensitive in ASCII only (``3ſ`` is not ``3S``).
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from zhengshangyou import (
    Card,
    Game,
    Rules,
    errors,
    parse_cards,
)
from zhengshangyou.cards import Rank, Suit
from zhengshangyou.errors import ZhengShangyouError, brief_repr
from zhengshangyou.record import Record, referee


def _error_classes() -> list[type[ZhengShangyouError]]:
    classes = [getattr(errors, name) for name in errors.__all__]
    found: list[type[ZhengShangyouError]] = []
    pending: list[type[ZhengShangyouError]] = [ZhengShangyouError]
    while pending:
        cls = pending.pop()
        if cls not in found:
            found.append(cls)
            pending.extend(cls.__subclasses__())
    assert set(classes) <= set(found)
    return sorted(found, key=lambda cls: cls.__name__)


@pytest.mark.parametrize("cls", _error_classes(), ids=lambda cls: cls.__name__)
def test_issue34_item8_every_error_class_takes_a_lone_message(
    cls: type[ZhengShangyouError],
) -> None:
    error = cls("a message alone")
    assert str(error) == "a message alone"
    assert isinstance(error, ValueError)
    rebuilt = type(error)(str(error))
    assert type(rebuilt) is cls
    assert str(rebuilt) == "a message alone"


def _raised(call: Any) -> ZhengShangyouError:
    with pytest.raises(ZhengShangyouError) as info:
        call()
    return info.value


@pytest.mark.parametrize(
    "call",
    [
        lambda: parse_cards("3D 1H"),  # NotationError
        lambda: Rules(singles_by_suit=True),  # InvalidRulesError: needs a suit_order
        lambda: Game(Rules(), seed="seven"),  # type: ignore[arg-type]  # WrongTypeError
        lambda: Game(Rules()).play("3D 3D"),  # an IllegalMoveError family member
        lambda: Record.from_data({}),  # InvalidRecordError
    ],
    ids=["notation", "rules", "wrong-type", "illegal-move", "record"],
)
def test_issue34_item8_raised_errors_rebuild_from_their_message(call: Any) -> None:
    error = _raised(call)
    rebuilt = type(error)(str(error))
    assert type(rebuilt) is type(error)
    assert str(rebuilt) == str(error)


@pytest.mark.parametrize(
    ("option", "value"),
    [("seat", "0"), ("opponents", 42), ("hands", "2")],
)
def test_issue34_item8_gymnasium_make_reraises_the_library_error(option: str, value: object) -> None:
    gymnasium = pytest.importorskip("gymnasium")
    import zhengshangyou.envs.gymnasium  # noqa: F401  (registers the environments)

    with pytest.raises(ZhengShangyouError) as info:
        gymnasium.make("zhengshangyou/VsBots-v0", **{option: value})
    assert option in str(info.value)


class _RaisingRepr:
    """An argument whose ``__repr__`` (and ``__str__``) raise something unexpected."""

    def __repr__(self) -> str:
        raise KeyError("repr")

    def __str__(self) -> str:
        raise KeyError("str")


def test_issue35_item7_brief_repr_survives_any_repr_error() -> None:
    assert brief_repr(_RaisingRepr()) == "<a _RaisingRepr>"


@pytest.mark.parametrize(
    "call",
    [
        lambda bad: Record.from_data(bad),
        lambda bad: Game(Rules(), seed=bad),
        lambda bad: Rules(players=bad),
        lambda bad: Rules(first_lead=bad),
        lambda bad: Game(Rules(), seed=1).observation(bad),
        lambda bad: Card(bad, Suit.SPADES),
    ],
    ids=["Record.from_data", "Game-seed", "Rules-players", "Rules-first_lead", "observation", "Card"],
)
def test_issue35_item7_raising_repr_gives_a_typed_error(call: Any) -> None:
    with pytest.raises(ZhengShangyouError):
        call(_RaisingRepr())


def test_issue35_item7_referee_never_raises_on_a_raising_repr() -> None:
    report = referee(_RaisingRepr())
    assert not report.legal
    assert "<a _RaisingRepr>" in str(report)


class _EqualsEverything:
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


@pytest.mark.parametrize("option", ["first_lead", "exchange", "later_lead", "end", "scoring"])
def test_issue35_item12_R10_text_options_compare_as_text(option: str) -> None:
    with pytest.raises(errors.InvalidRulesError) as info:
        Rules(**{option: _EqualsEverything()})  # type: ignore[arg-type]
    assert info.value.options == (option,)


def test_issue35_item12_R10_text_options_refuse_str_subclasses_with_their_own_eq() -> None:
    class Sly(str):
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = str.__hash__

    with pytest.raises(errors.InvalidRulesError):
        Rules(first_lead=Sly("anything"))  # type: ignore[arg-type]


def test_issue35_item12_R1_2_endless_suit_order_is_refused_without_draining_it() -> None:
    endless = itertools.cycle("DCHS")
    with pytest.raises(errors.InvalidRulesError) as info:
        Rules(suit_order=endless)
    assert info.value.options == ("suit_order",)
    assert next(endless) in "DCHS"  # still an iterator that works, not exhausted memory


def test_issue35_item12_R7_1_endless_penalty_tiers_are_refused() -> None:
    with pytest.raises(errors.InvalidRulesError) as info:
        Rules(penalty_tiers=itertools.repeat((10, 2)))
    assert info.value.rule == "R7.1"


def test_issue35_item12_R1_2_a_finite_iterator_still_gives_a_suit_order() -> None:
    assert Rules(suit_order=iter("DCHS")).suit_order == tuple(Suit)
    assert Rules(penalty_tiers=iter([(10, 2), (13, 3)])).penalty_tiers == ((10, 2), (13, 3))


@pytest.mark.parametrize("text", ["3ſ", "ſ3", "Kſ", "ı0H"])
def test_issue35_item12_R1_4_lookalike_letters_are_not_the_notation(text: str) -> None:
    with pytest.raises(errors.NotationError) as info:
        Card.parse(text)
    assert info.value.token == text


def test_issue35_item12_R1_4_rank_and_suit_readers_are_ascii_case_insensitive() -> None:
    assert Rank.parse("q") is Rank.QUEEN
    assert Suit.parse("s") is Suit.SPADES
    with pytest.raises(errors.NotationError):
        Suit.parse("ſ")
    assert Card.parse("10h") == Card.parse("TH")


def test_issue35_item12_R1_4_a_record_with_a_lookalike_card_is_illegal() -> None:
    data = Record.from_game(Game(Rules(), seed=3)).to_data()
    assert referee(data).legal
    deal = data["hands"][0]["deal"]
    seat, text = next((seat, text) for seat, text in enumerate(deal) if "S " in text + " ")
    card = next(token for token in text.split() if token.endswith("S"))
    deal[seat] = text.replace(card, card[:-1] + "ſ", 1)
    report = referee(data)
    assert not report.legal
    assert card[:-1] + "ſ" in str(report)


KELVIN = "\u212a"  # KELVIN SIGN: str.lower() reads it as "k"


def test_issue35_item12_R1_4_kelvin_sign_is_no_king_for_the_action_space() -> None:
    from zhengshangyou import ActionSpace

    space = ActionSpace(Rules())
    assert space.label(space.parse("K K")) == "K K"
    with pytest.raises(errors.ZhengShangyouError):
        space.parse(f"{KELVIN} {KELVIN}")


def test_issue35_item12_R3_16_a_declared_kind_is_read_in_ascii_only() -> None:
    from zhengshangyou.combinations import Kind
    from zhengshangyou.plays import split_declaration

    assert split_declaration("BJ RJ as JOKER_BOMB") == ("BJ RJ", Kind.JOKER_BOMB)
    text = f"BJ RJ as jo{KELVIN}er_bomb"
    assert split_declaration(text) == (text, None)  # no kind's name: all of it is cards


def test_issue35_item12_R8_an_exchange_verb_is_read_in_ascii_only() -> None:
    game = Game(Rules(), seed=1)
    with pytest.raises(errors.ZhengShangyouError):
        game.parse_move(f"ta{KELVIN}e 3D")


class _RaisingIterable:
    """An option value whose iteration and length raise what no option reader expects."""

    def __iter__(self) -> Any:
        raise KeyError("no iteration")

    def __len__(self) -> int:
        raise OverflowError("no length")


@pytest.mark.parametrize("option", ["suit_order", "penalty_tiers"])
def test_issue35_item12_R10_a_value_whose_iteration_raises_is_refused(option: str) -> None:
    with pytest.raises(errors.InvalidRulesError) as info:
        Rules(**{option: _RaisingIterable()})  # type: ignore[arg-type]
    assert info.value.options == (option,)


def test_issue35_item12_R10_a_by_suit_override_is_never_asked_for_its_truth() -> None:
    with pytest.raises(errors.InvalidRulesError) as info:
        Rules.preset("zhengshangyou", straights_by_suit=_RaisingIterable())
    assert info.value.options == ("straights_by_suit",)


@pytest.mark.parametrize(
    ("option", "value"),
    [("min_triple_run", Suit.SPADES), ("players", Rank.SEVEN), ("target_score", Rank.ACE)],
)
def test_issue35_item12_R10_whole_number_options_refuse_int_subclasses(option: str, value: object) -> None:
    with pytest.raises(errors.InvalidRulesError) as info:
        Rules(**{option: value})  # type: ignore[arg-type]
    assert info.value.options == (option,)
