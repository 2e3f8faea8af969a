"""Test configuration: hypothesis profiles (``HYPOTHESIS_PROFILE=ci`` in CI)."""

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from zhengshangyou import Game, cli

settings.register_profile("dev", max_examples=200, deadline=None)
# CI draws 70 examples a test (fresh ones each run) to keep the whole of .ci/run
# within 10 minutes on 2 cores; "thorough" is for long runs by hand.
settings.register_profile(
    "ci", max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

#: Property and soak tests that run the engine's hot paths (the move generator, the
#: rank plays, the action space, whole games of bots) thousands of times over, on
#: lines that the other tests cover too. Under ``--cov`` the tracer doubles the cost
#: of a pure-Python hot loop; pytest-cov's ``no_cover`` mark keeps it off these, so
#: that .ci/run's coverage pass stays short (its gates, 97% in all and 95% for the
#: record reader and the command line, still hold).
UNTRACED = frozenset({
    "test_R3_R4_card_view_is_complete_and_class_view_one_per_class_under_each_preset",
    "test_D3_auction_decisions_have_ids_after_the_pass",
    "test_r3_16_labels_are_unique_and_parse_back_under_random_rules",
    "test_r4_1_presets_labels_are_unique_and_parse_back",
    "test_issue34_item12_decode_gives_the_listed_move_of_every_id",
    "test_bots_play_legal_moves_through_matches",
    "test_R10_rules_sets_draw_both_int_bounds",
    "test_R3_18_rules_sets_draw_every_airplane_wings_value",
    "test_R4_1_search_bots_play_legal_moves_under_every_preset",
    "test_D3_D7_every_bot_finishes_50_hands_of_each_preset_with_legal_moves",
    "test_R4_rank_plays_come_in_id_order_and_stand_for_a_legal_play",
    "test_R2_5_rank_plays_holding_a_card_stand_for_plays_holding_it",
    "test_R5_a_games_legal_plays_as_rank_plays",
    "test_R3_R4_class_and_card_views_are_unchanged",
    "test_B3_B4_T3_T4_library_agrees_with_the_reference_under_random_options",
    "test_B3_B4_T3_T4_library_agrees_with_the_reference_under_each_preset",
    "test_R10_rules_sets_cover_every_option_value",
    "test_D5_every_generated_play_reads_and_both_views_and_rank_plays_agree",
    "test_R4_rank_plays_from_rank_counts_equal_those_of_the_class_view",
    "test_R4_where_suits_cannot_matter_the_members_of_the_rank_plays_are_the_class_view",
    "test_R5_1_where_suits_cannot_matter_a_hand_leads_every_rank_play_it_holds",
    "test_R3_every_rank_play_has_its_id_and_a_member_in_a_full_deck",
    "test_R3_order_is_deterministic_with_a_warm_or_a_fresh_memo",
    "test_R3_R4_card_view_is_complete_and_class_view_one_per_class_for_11_to_14_cards",
    "test_R4_8_card_and_class_views_under_revolution",
    "test_random_pairs_compare_as_the_reference",
    "test_beats_is_a_strict_order",
    "test_D3_D7_search_bots_finish_hands_of_each_preset_with_legal_moves",
    "test_R2_R5_R7_R8_presets_stay_within_bounds",
    "test_D2_3_a_random_first_bidder_is_each_seat_alike_with_unequal_hands",
})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests of :data:`UNTRACED` ``no_cover`` (pytest-cov)."""
    for item in items:
        if getattr(item, "originalname", item.name) in UNTRACED:
            item.add_marker(pytest.mark.no_cover)


@pytest.fixture
def kept_games(monkeypatch: pytest.MonkeyPatch) -> list[Game]:
    """The games the command line builds, kept for the test to look at."""
    games: list[Game] = []

    class KeptGame(Game):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            games.append(self)

    monkeypatch.setattr(cli, "Game", KeptGame)
    return games
