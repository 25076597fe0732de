"""Type stubs of the compiled extension ``golfo_native._core`` (written in Rust)."""

from collections.abc import Sequence
from typing import Any

StakesArgs = tuple[int, int, int, list[int] | None, bool, bool, int, int | None, bool, bool]
VariantArgs = tuple[
    list[int],
    list[int],
    tuple[int, int],
    int,
    list[int],
    int,
    list[int] | None,
    int | None,
    list[int],
]
"""ranks, suit indices, deal sizes, discard rounds, betting rounds, cards counted, bet sizes,
most raises, table sizes."""
RulesArgs = tuple[StakesArgs, VariantArgs]

class Rules:
    """A game's rules in Rust, made once per ``golfo.Rules``."""

    def __init__(self, args: RulesArgs) -> None: ...

PotArgs = tuple[int, list[int], int]
ResultArgs = tuple[
    int, int, list[int], list[int], list[PotArgs], list[int], list[int | None], bool, bool, int
]
Fields = tuple[
    int,
    int,
    int,
    int,
    int,
    list[int],
    list[int],
    list[int],
    list[int],
    list[int],
    list[int],
    int,
    int,
    int,
    list[int],
    int,
    list[int],
    list[int],
    list[int],
    int,
    int,
]
MovesArgs = tuple[
    int, bool, bool, int | None, tuple[int, int], tuple[int, int], int | None, int, int, bool, bool
]
Refusal = tuple[str, str, list[tuple[str, int]]]

class Game:
    """One game of El Golfo with its history, in Rust."""

    @staticmethod
    def new_game(rules: Rules, players: int, dealer: int, stacks: list[int] | None) -> Game: ...
    @staticmethod
    def from_fields(
        rules: Rules,
        ints: tuple[int, int, int, int, int, int, int, int, int],
        seats: tuple[list[int], list[int], list[int], list[int], list[int]],
        dealt_in: list[int],
        cards: tuple[list[int], int, int, int],
        pending: list[int],
        folded: list[int],
        out: list[int],
        log: list[tuple[int, int, int, int]],
        results: list[ResultArgs],
    ) -> Game: ...
    def copy(self) -> Game: ...
    def play(self, kind: int, seat: int, value: int) -> Refusal | None: ...
    def fields(self) -> Fields: ...
    def log(self) -> list[tuple[int, int, int, int]]: ...
    def log_len(self) -> int: ...
    def results(self, start: int) -> list[ResultArgs]: ...
    def results_len(self) -> int: ...
    def moves(self) -> MovesArgs: ...
    def legal_ids(self, max_amount: int) -> list[int]: ...
    def apply_id(self, max_amount: int, id: int) -> bool: ...
    def decode_id(self, max_amount: int, id: int) -> tuple[int, int, int] | None: ...
    def perft(self, depth: int, deck: Sequence[int]) -> int: ...
    def view_events(self, seat: int | None) -> list[tuple[Any, ...]]:
        """(0, seat, card|None) a deal; (1, seat, count, mask|None) a discard; (2, kind,
        seat, value) any other action."""
    def heuristic_action(self) -> tuple[int, int, int] | None: ...
    def winner(self) -> int | None: ...
    def equals(self, other: Game) -> bool: ...
    @property
    def phase(self) -> int: ...
    @property
    def to_act(self) -> int: ...
    @property
    def version(self) -> int: ...

def set_bug(name: str) -> bool: ...
def active_bug() -> str | None: ...
def bug_names() -> list[str]: ...
def play_random_games(
    start: Game, n: int, seed: int, heuristic: bool, max_hands: int, max_actions: int
) -> bytes: ...
def play_random_game(
    start: Game, seed: int, heuristic: bool, max_hands: int, max_actions: int
) -> Game: ...

class Solver:
    """CFR on the tree of the hand in play in a new game, in Rust."""

    def __init__(
        self, start: Game, method: str, alpha: float, beta: float, gamma: float, limit: int
    ) -> None: ...
    def run(self, iterations: int) -> None: ...
    @property
    def iterations(self) -> int: ...
    def size(self) -> tuple[int, int, int, int, int, int]: ...
    def keys(self) -> list[str]: ...
    def seats(self) -> list[int]: ...
    def actions(self) -> list[list[tuple[int, int, int]]]: ...
    def tokens(self) -> list[list[str]]: ...
    def current_strategy(self) -> list[list[float]]: ...
    def average_strategy(self) -> list[list[float]]: ...
    def tree(
        self,
    ) -> tuple[
        list[int],
        list[int],
        list[int],
        list[int],
        list[list[int] | None],
        list[tuple[int, int]],
        list[list[int]],
    ]: ...
