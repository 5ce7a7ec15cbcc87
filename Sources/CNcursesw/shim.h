// The C side of dtable's ncurses backend: what Swift cannot import from <curses.h> directly.
// See ../shared/notes/ncursesw-from-swift.md for why each piece is here.
#ifndef DTABLE_CNCURSESW_SHIM_H
#define DTABLE_CNCURSESW_SHIM_H

// Without this the wide-character API (cchar_t, setcchar, mvadd_wch, wget_wch) stays hidden.
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

// Mouse masks.
static const mmask_t dt_ALL_MOUSE_EVENTS = ALL_MOUSE_EVENTS;
static const mmask_t dt_REPORT_MOUSE_POSITION = REPORT_MOUSE_POSITION;
static const mmask_t dt_BUTTON1_PRESSED = BUTTON1_PRESSED;
static const mmask_t dt_BUTTON1_RELEASED = BUTTON1_RELEASED;
static const mmask_t dt_BUTTON1_CLICKED = BUTTON1_CLICKED;
static const mmask_t dt_BUTTON2_PRESSED = BUTTON2_PRESSED;
static const mmask_t dt_BUTTON2_RELEASED = BUTTON2_RELEASED;
static const mmask_t dt_BUTTON3_PRESSED = BUTTON3_PRESSED;
static const mmask_t dt_BUTTON3_RELEASED = BUTTON3_RELEASED;
static const mmask_t dt_BUTTON4_PRESSED = BUTTON4_PRESSED;
static const mmask_t dt_BUTTON5_PRESSED = BUTTON5_PRESSED;
static const mmask_t dt_BUTTON_SHIFT = BUTTON_SHIFT;
static const mmask_t dt_BUTTON_CTRL = BUTTON_CTRL;
static const mmask_t dt_BUTTON_ALT = BUTTON_ALT;

// glibc's width table, which ncurses uses to place wide characters (not visible through Glibc).
int wcwidth(wchar_t c);

static inline int dt_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int dt_getmaxx(WINDOW *w) { return getmaxx(w); }

#endif
