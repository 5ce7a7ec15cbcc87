#!/usr/bin/env python3
"""Make docs/screenshot/dtable.svg: a picture of dtable's real screen.

Runs dtable in a tmux pane (110x30, TERM=xterm-256color, LANG=C.UTF-8, NO_COLOR
removed), opens the demo table (no file argument), sends a few keys, captures the
pane with its SGR colours (`tmux capture-pane -e -p`) and writes the cells as an
SVG: one background rectangle per run of a colour, the text placed cell by cell in
a monospace font, block elements (progress bars, sparklines) drawn as rectangles
so they do not depend on the font.

Python 3 standard library only. Needs tmux and a built dtable:

    python3 docs/screenshot/make-screenshot.py [--binary .build/debug/dtable]
    rsvg-convert docs/screenshot/dtable.svg -o /tmp/dtable.png   # to look at it

The SVG is committed; run this again when the screen changes.
"""

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
import unicodedata
from html import escape

COLUMNS, LINES = 110, 30
# Keys sent after the first frame: down four rows, right to the `status` column.
DEFAULT_KEYS = ["j", "j", "j", "j", "l", "l", "l"]
READY_TEXT = "row 1/500"          # the demo's status line once it is drawn
DONE_TEXT = "row 5/500"           # ... and after the keys

CELL_W, CELL_H = 9, 18            # pixels per terminal cell
FONT_SIZE = 15                    # DejaVu Sans Mono advances 0.602 em: ~9 px
BASELINE = 14                     # from the top of a cell
PAD = 10                          # margin around the screen
DEFAULT_FG = (0xD8, 0xD8, 0xD8)
DEFAULT_BG = (0x1C, 0x1C, 0x1C)
FONT = "'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace"


def palette_256():
    """The xterm 256-colour palette as (r, g, b)."""
    base = [
        (0x00, 0x00, 0x00), (0xCD, 0x00, 0x00), (0x00, 0xCD, 0x00), (0xCD, 0xCD, 0x00),
        (0x00, 0x00, 0xEE), (0xCD, 0x00, 0xCD), (0x00, 0xCD, 0xCD), (0xE5, 0xE5, 0xE5),
        (0x7F, 0x7F, 0x7F), (0xFF, 0x00, 0x00), (0x00, 0xFF, 0x00), (0xFF, 0xFF, 0x00),
        (0x5C, 0x5C, 0xFF), (0xFF, 0x00, 0xFF), (0x00, 0xFF, 0xFF), (0xFF, 0xFF, 0xFF),
    ]
    levels = [0, 95, 135, 175, 215, 255]
    cube = [(levels[r], levels[g], levels[b]) for r in range(6) for g in range(6) for b in range(6)]
    greys = [(8 + 10 * i,) * 3 for i in range(24)]
    return base + cube + greys


PALETTE = palette_256()


class Attributes:
    """The SGR state of a cell."""

    __slots__ = ("fg", "bg", "bold", "dim", "italic", "underline", "reverse")

    def __init__(self):
        self.reset()

    def reset(self):
        self.fg = None            # None: the terminal's default colour
        self.bg = None
        self.bold = self.dim = self.italic = self.underline = self.reverse = False

    def copy(self):
        other = Attributes()
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        return other

    def apply(self, params):
        """Apply one SGR sequence's parameters (`1;38;5;24`)."""
        codes = [int(p) if p else 0 for p in params.split(";")] if params else [0]
        i = 0
        while i < len(codes):
            code = codes[i]
            if code == 0:
                self.reset()
            elif code == 1:
                self.bold = True
            elif code == 2:
                self.dim = True
            elif code == 3:
                self.italic = True
            elif code == 4:
                self.underline = True
            elif code == 7:
                self.reverse = True
            elif code == 22:
                self.bold = self.dim = False
            elif code == 23:
                self.italic = False
            elif code == 24:
                self.underline = False
            elif code == 27:
                self.reverse = False
            elif 30 <= code <= 37:
                self.fg = PALETTE[code - 30]
            elif 90 <= code <= 97:
                self.fg = PALETTE[code - 90 + 8]
            elif 40 <= code <= 47:
                self.bg = PALETTE[code - 40]
            elif 100 <= code <= 107:
                self.bg = PALETTE[code - 100 + 8]
            elif code == 39:
                self.fg = None
            elif code == 49:
                self.bg = None
            elif code in (38, 48) and i + 1 < len(codes):
                if codes[i + 1] == 5 and i + 2 < len(codes):
                    colour = PALETTE[codes[i + 2] % 256]
                    i += 2
                elif codes[i + 1] == 2 and i + 4 < len(codes):
                    colour = tuple(codes[i + 2:i + 5])
                    i += 4
                else:
                    colour = None
                if code == 38:
                    self.fg = colour
                else:
                    self.bg = colour
            i += 1

    def colours(self):
        """(foreground, background) as drawn: reverse and dim resolved."""
        fg = self.fg or DEFAULT_FG
        bg = self.bg or DEFAULT_BG
        if self.reverse:
            fg, bg = bg, fg
        if self.dim:
            fg = tuple((f + b) // 2 for f, b in zip(fg, bg))
        return fg, bg


def char_width(ch):
    """Terminal columns of one scalar: 2 wide, 0 combining/joiners, else 1."""
    code = ord(ch)
    if code in (0x200D, 0xFE0F, 0xFE0E) or unicodedata.combining(ch):
        return 0
    if unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return 2
    return 1


class Cell:
    __slots__ = ("text", "attrs", "width")

    def __init__(self, text, attrs, width):
        self.text, self.attrs, self.width = text, attrs, width


SGR = re.compile(r"\x1b\[([0-9;]*)m")


def parse_line(line, attrs):
    """One captured line into a list of COLUMNS cells (None for the right half of a
    wide character). `attrs` carries over from the line before, as in tmux's output."""
    cells = []
    position = 0
    for match in list(SGR.finditer(line)) + [None]:
        end = match.start() if match else len(line)
        for ch in line[position:end]:
            width = char_width(ch)
            if width == 0 and cells:
                last = next(c for c in reversed(cells) if c is not None)
                last.text += ch
                if ord(ch) == 0xFE0F:
                    last.width = 2
                continue
            cells.append(Cell(ch, attrs.copy(), width))
            if width == 2:
                cells.append(None)
        if match:
            attrs.apply(match.group(1))
            position = match.end()
    # tmux leaves out the cells at the end of a line that ncurses cleared (EL with
    # back colour erase); a clear takes the background but no reverse video, so they
    # have the background of the line's last cell that is not reversed: the row's.
    row = next((c.attrs for c in reversed(cells) if c is not None and not c.attrs.reverse), attrs)
    trailing = Attributes()
    trailing.bg = row.bg
    while len(cells) < COLUMNS:
        cells.append(Cell(" ", trailing, 1))
    # A character that a VS16 made wide takes the next cell.
    fixed = []
    for cell in cells:
        fixed.append(cell)
        if cell is not None and cell.width == 2 and len(cell.text) > 1 and cell.text[-1] == "\ufe0f":
            fixed.append(None)
    return fixed[:COLUMNS]


def capture(binary, keys):
    """Run dtable in tmux and return the pane's lines with SGR escapes."""
    socket = os.path.join(tempfile.mkdtemp(prefix="dtable-shot-"), "tmux")
    tmux = ["tmux", "-S", socket, "-f", "/dev/null"]
    command = "env -u NO_COLOR TERM=xterm-256color LANG=C.UTF-8 " + shlex.quote(os.path.abspath(binary))
    subprocess.run(tmux + ["new-session", "-d", "-s", "shot", "-x", str(COLUMNS), "-y", str(LINES), command],
                   check=True)
    try:
        def pane(escapes=False):
            # -N keeps the blanks a program wrote at the end of a line (a reversed cursor cell).
            args = ["capture-pane", "-p", "-t", "shot"] + (["-e", "-N"] if escapes else [])
            return subprocess.run(tmux + args, check=True, capture_output=True, text=True).stdout

        def wait_for(text):
            deadline = time.monotonic() + 20
            while text not in pane():
                if time.monotonic() > deadline:
                    sys.exit("make-screenshot: '%s' never appeared:\n%s" % (text, pane()))
                time.sleep(0.1)

        wait_for(READY_TEXT)
        for key in keys:
            subprocess.run(tmux + ["send-keys", "-t", "shot", key], check=True)
        wait_for(DONE_TEXT)
        time.sleep(0.5)             # let any flash fade and the last frame land
        return pane(escapes=True).split("\n")[:LINES]
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)


def hex_colour(rgb):
    return "#%02x%02x%02x" % tuple(rgb)


def block_rect(ch, x, y):
    """A block element as a rectangle (x, y, w, h), or None for other characters."""
    code = ord(ch)
    if 0x2581 <= code <= 0x2588:                    # lower one eighth .. full block
        h = CELL_H * (code - 0x2580) / 8
        return (x, y + CELL_H - h, CELL_W, h)
    if 0x2589 <= code <= 0x258F:                    # left seven eighths .. one eighth
        w = CELL_W * (0x2590 - code) / 8
        return (x, y, w, CELL_H)
    if code == 0x2580:                              # upper half
        return (x, y, CELL_W, CELL_H / 2)
    if code == 0x2590:                              # right half
        return (x + CELL_W / 2, y, CELL_W / 2, CELL_H)
    return None


def to_svg(lines):
    width = COLUMNS * CELL_W + 2 * PAD
    height = LINES * CELL_H + 2 * PAD
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">' % (
            width, height, width, height),
        "<!-- dtable's demo table at %dx%d, captured from tmux by make-screenshot.py -->" % (COLUMNS, LINES),
        '<rect width="100%%" height="100%%" rx="6" fill="%s"/>' % hex_colour(DEFAULT_BG),
        '<g font-family="%s" font-size="%d" xml:space="preserve">' % (escape(FONT), FONT_SIZE),
    ]
    attrs = Attributes()
    grid = [parse_line(line, attrs) for line in lines]
    for row, cells in enumerate(grid):
        y = PAD + row * CELL_H
        # Backgrounds: one rectangle per run of the same colour.
        column = 0
        while column < COLUMNS:
            cell = cells[column]
            if cell is None:
                column += 1
                continue
            bg = cell.attrs.colours()[1]
            start = column
            column += cell.width
            while column < COLUMNS and (cells[column] is None or cells[column].attrs.colours()[1] == bg):
                column += 1
            if bg != DEFAULT_BG:
                out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>' % (
                    PAD + start * CELL_W, y, (column - start) * CELL_W, CELL_H, hex_colour(bg)))
        # Text: runs of cells with the same look, each character at its own column.
        column = 0
        while column < COLUMNS:
            cell = cells[column]
            if cell is None or cell.text == " ":
                column += 1
                continue
            x = PAD + column * CELL_W
            fg = hex_colour(cell.attrs.colours()[0])
            rect = block_rect(cell.text, x, y)
            if rect:
                out.append('<rect x="%g" y="%g" width="%g" height="%g" fill="%s"/>' % (rect + (fg,)))
                column += 1
                continue
            style = ""
            if cell.attrs.bold:
                style += ' font-weight="bold"'
            if cell.attrs.italic:
                style += ' font-style="italic"'
            if cell.attrs.underline:
                style += ' text-decoration="underline"'
            if cell.width == 2 or len(cell.text) > 1 or ord(cell.text[0]) > 0xFFFF:
                # A wide character or a cluster: its own element, centred on its cells.
                out.append('<text x="%g" y="%d" fill="%s" text-anchor="middle"%s>%s</text>' % (
                    x + cell.width * CELL_W / 2, y + BASELINE, fg, style, escape(cell.text)))
                column += cell.width
                continue
            xs, text = [], ""
            look = (fg, style)
            while column < COLUMNS:
                cell = cells[column]
                if (cell is None or cell.width != 1 or len(cell.text) > 1 or ord(cell.text[0]) > 0xFFFF
                        or block_rect(cell.text, 0, 0)):
                    break
                cell_style = ("".join([' font-weight="bold"' if cell.attrs.bold else "",
                                       ' font-style="italic"' if cell.attrs.italic else "",
                                       ' text-decoration="underline"' if cell.attrs.underline else ""]))
                if (hex_colour(cell.attrs.colours()[0]), cell_style) != look and cell.text != " ":
                    break
                xs.append(PAD + column * CELL_W)
                text += cell.text
                column += 1
            text = text.rstrip(" ")
            xs = xs[:len(text)]
            out.append('<text x="%s" y="%d" fill="%s"%s>%s</text>' % (
                " ".join(str(v) for v in xs), y + BASELINE, look[0], look[1], escape(text)))
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    parser = argparse.ArgumentParser(description="Write docs/screenshot/dtable.svg from dtable's demo table.")
    parser.add_argument("--binary", default=os.path.join(root, ".build", "debug", "dtable"),
                        help="the dtable to run (default: .build/debug/dtable)")
    parser.add_argument("--output", default=os.path.join(here, "dtable.svg"), help="where to write the SVG")
    parser.add_argument("--keys", nargs="*", default=DEFAULT_KEYS, help="tmux key names sent after the first frame")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit("make-screenshot: no dtable at %s (make run builds one, or give --binary)" % args.binary)
    lines = capture(args.binary, args.keys)
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(to_svg(lines))
    print("wrote %s" % args.output)


if __name__ == "__main__":
    main()
