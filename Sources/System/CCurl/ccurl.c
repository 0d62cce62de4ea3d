#include "ccurl.h"
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <time.h>

// libcurl is opened at its first use rather than linked: with the thirty-odd libraries it needs
// (TLS, Kerberos, LDAP, IDN, ...) loading it cost every run of missive about 3 ms and 5 MB, and
// most commands (convert, drafts, --version) never touch the network.
static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    CURLcode (*easy_perform)(CURL *handle);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    const char *(*easy_strerror)(CURLcode code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *string);
    void (*slist_free_all)(struct curl_slist *list);
    CURLSHcode (*share_setopt)(CURLSH *share, CURLSHoption option, ...);
} curl;
static int loaded;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

#define FIND(field, symbol) \
    if (!(curl.field = (__typeof__(curl.field))dlsym(library, symbol))) return;

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    FIND(global_init, "curl_global_init")
    FIND(easy_init, "curl_easy_init")
    FIND(easy_cleanup, "curl_easy_cleanup")
    FIND(easy_perform, "curl_easy_perform")
    FIND(easy_setopt, "curl_easy_setopt")
    FIND(easy_getinfo, "curl_easy_getinfo")
    FIND(easy_strerror, "curl_easy_strerror")
    FIND(slist_append, "curl_slist_append")
    FIND(slist_free_all, "curl_slist_free_all")
    FIND(share_setopt, "curl_share_setopt")
    loaded = 1;
}

/// Whether libcurl is there, loading it the first time.
static int ready(void) {
    pthread_once(&load_once, load);
    return loaded;
}

CURLcode ccurl_global_init(long flags) {
    return ready() ? curl.global_init(flags) : CURLE_FAILED_INIT;
}
CURL *ccurl_easy_init(void) {
    return ready() ? curl.easy_init() : NULL;
}
void ccurl_easy_cleanup(CURL *handle) {
    if (ready()) curl.easy_cleanup(handle);
}
// With CURLOPT_NOSIGNAL (set: missive runs requests on several threads) libcurl no longer ignores
// SIGPIPE itself, and its documentation warns that a write to a connection the other end closed
// may still raise one in corner cases (TLS among them), which would end missive without a word.
// So SIGPIPE is blocked on the calling thread for the transfer, and one raised meanwhile is taken
// off before it is unblocked: the transfer fails as a closed connection instead. Only this
// thread's mask changes, so `missive convert | head` still ends quietly as a pipeline expects.
CURLcode ccurl_easy_perform(CURL *handle) {
    if (!ready()) return CURLE_FAILED_INIT;
    sigset_t pipe_only, previous;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    int blocked = pthread_sigmask(SIG_BLOCK, &pipe_only, &previous) == 0 && !sigismember(&previous, SIGPIPE);
    CURLcode code = curl.easy_perform(handle);
    if (blocked) {
        sigset_t pending;
        if (sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE)) {
            const struct timespec now = {0, 0};
            while (sigtimedwait(&pipe_only, NULL, &now) == SIGPIPE) {}
        }
        pthread_sigmask(SIG_SETMASK, &previous, NULL);
    }
    return code;
}
const char *ccurl_easy_strerror(CURLcode code) {
    return ready() ? curl.easy_strerror(code) : "libcurl (libcurl.so.4) could not be loaded";
}
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *string) {
    return ready() ? curl.slist_append(list, string) : NULL;
}
void ccurl_slist_free_all(struct curl_slist *list) {
    if (ready()) curl.slist_free_all(list);
}

// The typed wrappers around the variadic calls, which Swift cannot make itself. A handle only
// exists once libcurl is loaded, so these need no check.
CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_write_function(CURL *handle, ccurl_data_callback callback) {
    return curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}
CURLcode ccurl_setopt_header_function(CURL *handle, ccurl_data_callback callback) {
    return curl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}
CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl.easy_getinfo(handle, info, value);
}
CURLcode ccurl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl.easy_getinfo(handle, info, value);
}
CURLcode ccurl_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return curl.easy_getinfo(handle, info, value);
}
CURLcode ccurl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl.easy_getinfo(handle, info, value);
}
CURLcode ccurl_getinfo_slist(CURL *handle, CURLINFO info, struct curl_slist **value) {
    return curl.easy_getinfo(handle, info, value);
}
CURLSHcode ccurl_share_setopt_long(CURLSH *share, CURLSHoption option, long value) {
    return curl.share_setopt(share, option, value);
}
