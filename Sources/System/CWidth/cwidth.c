// wcwidth is X/Open: Swift's Glibc module does not declare it, so it is reached from here.
#ifdef __linux__
#define _XOPEN_SOURCE 700
#endif
#include <locale.h>
#include <pthread.h>
#include <wchar.h>
#ifdef __APPLE__
#include <xlocale.h>
#endif
#include "cwidth.h"

static locale_t utf8_locale;
static pthread_once_t utf8_once = PTHREAD_ONCE_INIT;

static void make_utf8_locale(void) {
    utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
}

int cwidth_columns(unsigned int scalar) {
    pthread_once(&utf8_once, make_utf8_locale);
    if (utf8_locale == (locale_t)0) return -2;
    // Only this thread's locale changes, and only for the call.
    locale_t previous = uselocale(utf8_locale);
    int width = wcwidth((wchar_t)scalar);
    uselocale(previous);
    return width;
}
