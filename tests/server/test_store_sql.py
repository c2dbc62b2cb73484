"""The event store, on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import pytest
from serverkit import game_row
from sqlalchemy import text

from racerbile.store import DuplicateWrite, SeatRow, Store, StoreError
from racerbile.store import store as store_module


@pytest.fixture
def store(any_db_url: str) -> Store:
    return Store(any_db_url)


def test_create_game_reads_back(store: Store) -> None:
    store.create_game(game_row())
    row = store.game("g1")
    assert row is not None
    assert (row.game, row.seed, row.dice, row.join_code) == ("toy", 2**62 - 1, "digital", "ABCDEF")
    assert row.setup["players"][1] == {"name": "Bo"}
    assert row.seats == game_row().seats
    assert row.finished is None
    assert store.game("nope") is None
    assert store.game_by_code("ABCDEF") == "g1"


def test_create_game_clashing_join_code_fails(store: Store) -> None:
    store.create_game(game_row())
    with pytest.raises(DuplicateWrite):
        store.create_game(game_row("g2", "ABCDEF"))
    assert store.game("g2") is None


def test_append_action_keeps_order(store: Store) -> None:
    store.create_game(game_row())
    for seq in (1, 2, 3):
        store.append_action("g1", seq, {"kind": "die", "value": seq}, "dice")
    rows = store.actions("g1")
    assert [(r.seq, r.action, r.actor) for r in rows] == [
        (n, {"kind": "die", "value": n}, "dice") for n in (1, 2, 3)
    ]


def test_append_action_concurrent_double_write_fails(any_db_url: str) -> None:
    first, second = Store(any_db_url), Store(any_db_url)  # two servers, one database
    first.create_game(game_row())
    first.append_action("g1", 1, {"kind": "roll"}, "seat:0")
    with pytest.raises(DuplicateWrite):
        second.append_action("g1", 1, {"kind": "pass"}, "seat:0")
    assert [r.action for r in first.actions("g1")] == [{"kind": "roll"}]
    first.close()
    second.close()


def test_append_actions_commits_all_or_none(any_db_url: str) -> None:
    first, second = Store(any_db_url), Store(any_db_url)  # two servers, one database
    first.create_game(game_row())
    first.append_actions("g1", 1, [({"kind": "roll"}, "seat:0"), ({"kind": "die"}, "dice")])
    second.append_action("g1", 4, {"kind": "pass"}, "seat:1")  # the other server, ahead
    with pytest.raises(DuplicateWrite):  # action 4 is taken: 3 is not written either
        first.append_actions("g1", 3, [({"kind": "move"}, "seat:0"), ({"kind": "roll"}, "dice")])
    assert [(r.seq, r.actor) for r in first.actions("g1")] == [
        (1, "seat:0"),
        (2, "dice"),
        (4, "seat:1"),
    ]
    assert first.unfinished() == ["g1"]
    first.append_actions("g1", 5, [({"kind": "move"}, "bot:1")], finished=True)
    assert first.unfinished() == [] and [r.seq for r in first.actions("g1")][-1] == 5
    first.close()
    second.close()


def test_unfinished_and_finish_game(store: Store) -> None:
    store.create_game(game_row("g1", "AAAAAA"))
    store.create_game(game_row("g2", "BBBBBB"))
    assert store.unfinished() == ["g1", "g2"]
    store.finish_game("g1")
    finished = store.game("g1")
    assert finished is not None and finished.finished is not None
    store.finish_game("g1")
    again = store.game("g1")
    assert again is not None and again.finished == finished.finished
    assert store.unfinished() == ["g2"]


def test_claim_seat_only_once_and_never_a_bot(store: Store) -> None:
    store.create_game(game_row())
    assert store.claim_seat("g1", 0, "n" * 64)
    assert not store.claim_seat("g1", 0, "m" * 64)
    assert not store.claim_seat("g1", 1, "m" * 64)
    row = store.game("g1")
    assert row is not None and row.seats[0] == SeatRow(0, "Anna", "n" * 64, claimed=True)


def test_mark_claimed(store: Store) -> None:
    store.create_game(game_row())
    assert store.mark_claimed("g1", 0, "a" * 64)
    assert not store.claim_seat("g1", 0, "n" * 64)


def test_mark_claimed_refuses_a_token_the_join_code_replaced(store: Store) -> None:
    store.create_game(game_row())
    assert store.claim_seat("g1", 0, "n" * 64)
    assert not store.mark_claimed("g1", 0, "a" * 64)
    row = store.game("g1")
    assert row is not None and row.seats[0].token_hash == "n" * 64


def test_head_is_the_last_action_and_the_seats_as_stored(store: Store) -> None:
    """What a server compares its copy of a game with before it answers."""
    store.create_game(game_row())
    store.create_game(game_row("g2", "GHIJKL"))
    assert store.head("g1") == (0, game_row().seats)
    for seq in (1, 2, 3):
        store.append_action("g1", seq, {"kind": "die", "value": seq}, "dice")
    store.append_action("g2", 1, {"kind": "die", "value": 6}, "dice")
    assert store.claim_seat("g1", 0, "n" * 64)
    claimed = (SeatRow(0, "Anna", "n" * 64, claimed=True), game_row().seats[1])
    assert store.head("g1") == (3, claimed)
    assert store.head("g2") == (1, game_row().seats)


def test_heads_reads_many_games_at_once_and_an_unknown_one_as_empty(store: Store) -> None:
    store.create_game(game_row())
    store.create_game(game_row("g2", "GHIJKL"))
    store.append_action("g2", 1, {"kind": "die", "value": 6}, "dice")
    assert store.heads(["g2", "nope", "g1", "g2"]) == {
        "g1": (0, game_row().seats),
        "g2": (1, game_row().seats),
        "nope": (0, ()),
    }


def test_heads_of_more_games_than_one_query_holds(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "HEADS_PER_QUERY", 2)
    for n in range(5):
        store.create_game(game_row(f"g{n}", f"CODE{n:02d}"))
        store.append_action(f"g{n}", 1, {"kind": "die", "value": 1}, "dice")
    heads = store.heads([f"g{n}" for n in range(5)])
    assert heads == {f"g{n}": (1, game_row().seats) for n in range(5)}


def test_sqlite_runs_in_wal_with_full_sync(db_url: str) -> None:
    store = Store(db_url)
    with store.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL


def test_store_bad_url_names_the_problem() -> None:
    with pytest.raises(StoreError, match="not a database URL"):
        Store("no url at all")
    with pytest.raises(StoreError, match="no database driver"):
        Store("nosuchdb://x")


def test_appended_actions_read_back_exactly(store: Store) -> None:
    store.create_game(game_row())
    odd = {"kind": "say", "text": 'Skål ø \u2603 "quoted" \\ back', "n": 2**53, "x": 0.1}
    nested = {"kind": "move", "path": [[1, -2], [3, None]], "flags": {"a": True, "b": False}}
    store.append_actions("g1", 1, [(odd, "seat:0"), (nested, "judge:0")])
    rows = store.actions("g1")
    assert [(r.seq, r.action, r.actor) for r in rows] == [
        (1, odd, "seat:0"),
        (2, nested, "judge:0"),
    ]
    assert rows[0].at == rows[1].at  # one call, one time
