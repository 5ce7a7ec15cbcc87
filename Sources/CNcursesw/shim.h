// The C side of dtable's ncurses backend: what Swift cannot import from <curses.h> directly.
// See ../shared/notes/ncursesw-from-swift.md for why each piece is here.
#ifndef DTABLE_CNCURSESW_SHIM_H
#define DTABLE_CNCURSESW_SHIM_H

// Without this the wide-character API (cchar_t, setcchar, mvadd_wch) stays hidden. (Input is
// not read through ncurses: see docs/decisions/0078-own-input-decoder.md.)
#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <stdio.h>
#include <sys/types.h>

// Attribute macros are expressions Swift does not import.
static const attr_t dt_A_NORMAL = A_NORMAL;
static const attr_t dt_A_BOLD = A_BOLD;
static const attr_t dt_A_DIM = A_DIM;
static const attr_t dt_A_ITALIC = A_ITALIC;
static const attr_t dt_A_UNDERLINE = A_UNDERLINE;
static const attr_t dt_A_REVERSE = A_REVERSE;

// glibc's width table, which ncurses uses to place wide characters (not visible through Glibc).
int wcwidth(wchar_t c);

static inline int dt_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int dt_getmaxx(WINDOW *w) { return getmaxx(w); }

#endif
