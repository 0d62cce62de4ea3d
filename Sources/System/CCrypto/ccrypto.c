#include "ccrypto.h"
#include <dlfcn.h>
#include <pthread.h>

// libcrypto is opened at its first use rather than linked: loading it cost every run of missive
// about half a millisecond (a C program linked with it and without), and only images are hashed.
static struct {
    EVP_MD_CTX *(*context_new)(void);
    void (*context_free)(EVP_MD_CTX *context);
    const EVP_MD *(*sha256)(void);
    int (*digest_init)(EVP_MD_CTX *context, const EVP_MD *type, ENGINE *engine);
    int (*digest_update)(EVP_MD_CTX *context, const void *bytes, size_t count);
    int (*digest_final)(EVP_MD_CTX *context, unsigned char *digest, unsigned int *length);
} crypto;
static int loaded;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

#define FIND(field, symbol) \
    if (!(crypto.field = (__typeof__(crypto.field))dlsym(library, symbol))) return;

static void load(void) {
    void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    FIND(context_new, "EVP_MD_CTX_new")
    FIND(context_free, "EVP_MD_CTX_free")
    FIND(sha256, "EVP_sha256")
    FIND(digest_init, "EVP_DigestInit_ex")
    FIND(digest_update, "EVP_DigestUpdate")
    FIND(digest_final, "EVP_DigestFinal_ex")
    loaded = 1;
}

/// Whether libcrypto is there, loading it the first time.
static int ready(void) {
    pthread_once(&load_once, load);
    return loaded;
}

EVP_MD_CTX *ccrypto_sha256_begin(void) {
    if (!ready()) return NULL;
    EVP_MD_CTX *context = crypto.context_new();
    if (context && !crypto.digest_init(context, crypto.sha256(), NULL)) {
        crypto.context_free(context);
        return NULL;
    }
    return context;
}

// A context only exists once libcrypto is loaded, so these need no check.
int ccrypto_sha256_update(EVP_MD_CTX *context, const void *bytes, size_t count) {
    return context ? crypto.digest_update(context, bytes, count) : 0;
}
int ccrypto_sha256_finish(EVP_MD_CTX *context, unsigned char *digest, unsigned int *length) {
    return context ? crypto.digest_final(context, digest, length) : 0;
}
void ccrypto_sha256_free(EVP_MD_CTX *context) {
    if (context) crypto.context_free(context);
}
