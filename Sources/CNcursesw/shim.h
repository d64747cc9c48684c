// Wide-character ncurses for Swift. Swift cannot import C macros that expand to
// expressions or globals that are macros (stdscr, A_* attributes, COLOR_PAIR), so
// small inline functions expose them.
#ifndef STOREFRONT_CNCURSESW_SHIM_H
#define STOREFRONT_CNCURSESW_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

static inline WINDOW *sf_stdscr(void) { return stdscr; }
static inline int sf_lines(void) { return LINES; }
static inline int sf_cols(void) { return COLS; }
static inline attr_t sf_a_normal(void) { return A_NORMAL; }
static inline attr_t sf_a_bold(void) { return A_BOLD; }
static inline attr_t sf_a_dim(void) { return A_DIM; }
static inline attr_t sf_a_reverse(void) { return A_REVERSE; }
static inline attr_t sf_a_underline(void) { return A_UNDERLINE; }
static inline int sf_color_pair(int n) { return (int)COLOR_PAIR(n); }
static inline int sf_key_resize(void) { return KEY_RESIZE; }
static inline int sf_key_code_yes(void) { return KEY_CODE_YES; }
static inline int sf_err(void) { return ERR; }

#endif
