"""One tokenizer's tokens in a terminal, drawn so that no boundary between two tokens is hidden.

With colour, each token is a block in its id's colour (playground.page.colors). A terminal of 16 or 256
colours draws the nearest colour of its palette (rich's Color.downgrade), and there two neighbours can
come out alike and read as one block; then the second takes the next palette colour the terminal draws
differently. That is on screen only: the id -> colour mapping, which the page uses, does not change.
Without colour (piped, NO_COLOR, TERM=dumb, --no-color) a separator stands between tokens.
Lines break between tokens; only a token wider than the line is folded, and nothing is cut unseen.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import NamedTuple

from rich.cells import cell_len
from rich.color import Color, ColorSystem
from rich.console import COLOR_SYSTEMS, Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from playground.page.colors import PALETTE_SIZE, palette, palette_index, text_color

# The default separator is the first of these that no token's text holds, so "a|b" is drawn "a¦|¦b".
# Not "│": the table's own border.
SEPARATORS = ("|", "¦", "‖", "⁞")


class Piece(NamedTuple):
    """One thing a row draws: a token, or characters no token covers (BERT drops spaces)."""

    label: str  # what is drawn: the token's text with whitespace marks, its piece, its bytes or its id
    token_id: int | None  # None: characters no token covers, drawn dim
    mark: str = ""  # a style added to the token's colour: the under-trained tokens' underline
    chip: bool = False  # bytes ("E0 A4") or an id: padded with spaces when drawn as blocks, to keep chips apart


def standalone(label: str) -> str:
    """A label that begins with a combining mark, a Hindi virama "्" or vowel sign "े", set on a dotted circle,
    "◌्", as Unicode shows a mark alone: else the terminal puts it on the character before it, the previous
    token's or the separator, and the two tokens read as one."""
    return "◌" + label if label and unicodedata.category(label[0]).startswith("M") else label


def reads_back(separator: str, labels: list[str]) -> bool:
    """Whether the labels joined by the separator split back into exactly those labels."""
    return separator.join(labels).split(separator) == labels


def choose_separator(rows: Iterable[list[str]], requested: str | None = None) -> str:
    """The separator between tokens: `requested` (--sep), else the first of SEPARATORS, such that every row
    reads back into its labels; a separator some token's text holds would hide a boundary, so it is refused."""
    rows = list(rows)
    if requested is not None:
        if not requested:
            raise ValueError("--sep needs at least one character, e.g. --sep '|'")
        if not all(reads_back(requested, labels) for labels in rows):
            spare = next((sep for sep in SEPARATORS if all(reads_back(sep, labels) for labels in rows)), None)
            hint = f", e.g. --sep '{spare}'" if spare else ""
            raise ValueError(f"--sep {requested!r} occurs in the text of a token, so it would hide where "
                             f"tokens end; choose another{hint}")
        return requested
    for sep in SEPARATORS:
        if all(reads_back(sep, labels) for labels in rows):
            return sep
    raise ValueError(f"the tokens' text holds every one of the separators {' '.join(SEPARATORS)}; "
                     "give one it does not hold with --sep")


def drawn_as(color: str, system: ColorSystem) -> tuple:
    """What a terminal of `system` draws for "#rrggbb": its palette number, or the colour itself in truecolor."""
    drawn = Color.parse(color).downgrade(system)
    return drawn.number, drawn.triplet


def distinct_background(tokenizer: str, token_id: int, previous: tuple | None,
                        system: ColorSystem) -> tuple[str, tuple]:
    """The token's colour, or, where `system` draws it as the previous token's (`previous`), the next colour
    of the palette that it draws differently; with what the terminal draws."""
    colors = palette("light")
    start = palette_index(tokenizer, token_id)
    for step in range(PALETTE_SIZE):
        color = colors[(start + step) % PALETTE_SIZE]
        drawn = drawn_as(color, system)
        if drawn != previous:
            return color, drawn
    raise AssertionError(f"the palette draws as one colour in {system.name}")  # 16 colours still draw 4 of it


class TokenRow:
    """A rich renderable: one tokenizer's pieces, in lines as wide as rich gives it, broken between tokens.

    Whether there is colour is the console's to say, so the row decides as it is drawn: blocks in distinct
    colours, or labels joined by the separator (always, when `always_separate`, as with an explicit --sep).
    A line ends with the separator when the next token starts the next line; a token wider than the line is
    folded, and that line ends without one. `hidden` tokens past the end are counted in a last line.
    """

    def __init__(self, tokenizer: str, pieces: list[Piece], separator: str, always_separate: bool = False,
                 hidden: int = 0) -> None:
        self.tokenizer = tokenizer
        self.pieces = pieces
        self.separator = separator
        self.always_separate = always_separate
        self.hidden = hidden

    def separated(self, console: Console) -> bool:
        return self.always_separate or console.no_color or console.color_system is None

    def chunks(self, console: Console) -> list[tuple[str, str, str]]:
        """(label, its style, what follows it: the separator or nothing) for each piece."""
        separated = self.separated(console)
        system = COLOR_SYSTEMS.get(console.color_system or "")
        previous = None
        found = []
        # Between separators, characters no token covers would read as one more token ("hello|·|world"): without
        # colour to draw them dim, they are left out, and the separators are the tokens' own ("hello|world").
        pieces = [p for p in self.pieces if p.token_id is not None] if separated else self.pieces
        for i, piece in enumerate(pieces):
            label = f" {piece.label} " if piece.chip and not separated else piece.label
            tail = self.separator if separated and i < len(pieces) - 1 else ""
            if piece.token_id is None:
                style = "dim"
            else:
                color, previous = distinct_background(self.tokenizer, piece.token_id, previous,
                                                      system or ColorSystem.TRUECOLOR)
                style = f"{piece.mark} {text_color()} on {color}".strip()
            found.append((label, style, tail))
        return found

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [cell_len(label + tail) for label, _, tail in self.chunks(console)] or [0]
        return Measurement(max(widths), sum(widths))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        text = Text(overflow="fold")
        column = 0
        for label, style, tail in self.chunks(console):
            chunk = label + tail
            if column and column + cell_len(chunk.split("\n", 1)[0]) > width:
                text.append("\n")
                column = 0
            text.append(label, style)
            text.append(tail, "dim")
            # A newline token ("↵\n") starts a line; a token wider than the line leaves it full (folded).
            column = cell_len(chunk.rsplit("\n", 1)[-1]) if "\n" in chunk else min(column + cell_len(chunk), width)
        if self.hidden:
            text.append(("\n" if column else "") + f"… {self.hidden:,} more token{'s' if self.hidden != 1 else ''} "
                        "not shown (--max-tokens 0 draws all)", "dim italic")
        yield text
