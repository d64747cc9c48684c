/*
 * The C reference of the side-by-side benchmark (storefront-bench, BENCHMARKS.md): a list of
 * N one-line products, "Product 00001  £0.99", in plain ncurses. It keeps no row it does not
 * show: each visible row's text is formatted when it is drawn, so its memory and start-up do
 * not grow with N. The selected row is drawn in reverse video across the list's width; going
 * past the last visible row scrolls the list by one row. Down/Up (and j/k) move, q quits.
 *
 * storefront-bench compiles it at run time: cc -O2 list.c -lncursesw -o list
 * usage: list N
 */
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static long count;
static long top;      /* the first visible product */
static long selected; /* the product the selection is on */

static void draw_row(int line, long product, int width) {
    char text[64];
    snprintf(text, sizeof text, "Product %05ld  \xc2\xa3" "0.99", product + 1);
    if (product == selected) attron(A_REVERSE);
    mvaddstr(line, 0, text);
    /* the selection bar runs the list's width; other rows end with clear-to-end-of-line */
    if (product == selected) {
        hline(' ', width - 20);
        attroff(A_REVERSE);
    } else {
        clrtoeol();
    }
}

static void draw(void) {
    int rows = LINES - 1;
    for (int line = 0; line < rows; line++) {
        long product = top + line;
        if (product < count) draw_row(line, product, COLS);
        else { move(line, 0); clrtoeol(); }
    }
    mvprintw(LINES - 1, 0, "%ld/%ld", selected + 1, count);
    clrtoeol();
    move((int)(selected - top), 0);
    refresh();
}

static void quit(int signal) {
    (void)signal;
    endwin();
    _exit(0);
}

int main(int argc, char **argv) {
    if (argc != 2 || (count = strtol(argv[1], NULL, 10)) < 1) {
        fprintf(stderr, "usage: %s N (N >= 1)\n", argv[0]);
        return 64;
    }
    setlocale(LC_ALL, "");
    initscr();
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    idlok(stdscr, TRUE); /* scroll with the terminal's own scrolling, not by redrawing */
    signal(SIGTERM, quit);
    signal(SIGHUP, quit);
    draw();
    for (;;) {
        int key = getch();
        int rows = LINES - 1;
        if (key == 'q') break;
        if ((key == KEY_DOWN || key == 'j') && selected + 1 < count) selected++;
        else if ((key == KEY_UP || key == 'k') && selected > 0) selected--;
        else continue;
        if (selected < top) top = selected;
        if (selected >= top + rows) top = selected - rows + 1;
        draw();
    }
    endwin();
    return 0;
}
