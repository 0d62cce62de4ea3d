#ifndef CCURL_H
#define CCURL_H
// libcurl, loaded at its first use (see ccurl.c), and typed wrappers around its variadic calls,
// which Swift cannot make directly. Call these, never curl_* itself: libcurl is not linked.
#include <curl/curl.h>

typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);

CURLcode ccurl_global_init(long flags);
// NULL when libcurl cannot be loaded, as when it is out of memory.
CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
CURLcode ccurl_easy_perform(CURL *handle);
const char *ccurl_easy_strerror(CURLcode code);
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *string);
void ccurl_slist_free_all(struct curl_slist *list);

CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode ccurl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_setopt_write_function(CURL *handle, ccurl_data_callback callback);
CURLcode ccurl_setopt_header_function(CURL *handle, ccurl_data_callback callback);
CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode ccurl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode ccurl_getinfo_double(CURL *handle, CURLINFO info, double *value);
CURLcode ccurl_getinfo_string(CURL *handle, CURLINFO info, char **value);
CURLcode ccurl_getinfo_slist(CURL *handle, CURLINFO info, struct curl_slist **value);
CURLSHcode ccurl_share_setopt_long(CURLSH *share, CURLSHoption option, long value);

#endif
