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
static inline WINDOW *sf_curscr(void) { return curscr; }
static inline int sf_lines(void) { return LINES; }
static inline int sf_cols(void) { return COLS; }
static inline int sf_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t sf_a_normal(void) { return A_NORMAL; }
static inline attr_t sf_a_bold(void) { return A_BOLD; }
static inline attr_t sf_a_dim(void) { return A_DIM; }
static inline attr_t sf_a_reverse(void) { return A_REVERSE; }
static inline attr_t sf_a_underline(void) { return A_UNDERLINE; }
static inline int sf_color_pair(int n) { return (int)COLOR_PAIR(n); }
static inline int sf_key_resize(void) { return KEY_RESIZE; }
static inline int sf_key_code_yes(void) { return KEY_CODE_YES; }
static inline int sf_err(void) { return ERR; }
static inline int sf_cchar_max(void) { return CCHARW_MAX; }

// Mouse masks are macros built from shifts.
static inline mmask_t sf_button1_pressed(void) { return BUTTON1_PRESSED; }

// A terminfo string capability of the current terminal, or NULL when it is absent
// (tigetstr also returns (char *)-1 for names that are not string capabilities).
static inline const char *sf_string_capability(const char *name) {
    char *value = tigetstr(name);
    return (value == NULL || value == (char *)-1) ? NULL : value;
}

// The terminal's sequence that moves the cursor to row y, column x (cup), or NULL.
// tiparm is variadic, which Swift cannot call.
static inline const char *sf_cursor_address(int y, int x) {
    const char *cup = sf_string_capability("cup");
    return cup == NULL ? NULL : tiparm(cup, y, x);
}

// A terminfo boolean capability of the current terminal (false when absent).
static inline bool sf_flag(const char *name) { return tigetflag(name) > 0; }

#endif
