#ifndef CCRYPTO_H
#define CCRYPTO_H
// OpenSSL's libcrypto for SHA-256, loaded at its first use (see ccrypto.c). Call these, never
// EVP_* itself: libcrypto is not linked.
#include <openssl/evp.h>

// A SHA-256 context, or NULL when libcrypto cannot be loaded (or memory ran out).
EVP_MD_CTX *ccrypto_sha256_begin(void);
int ccrypto_sha256_update(EVP_MD_CTX *context, const void *bytes, size_t count);
// Writes the 32-byte digest; returns 0 when it could not.
int ccrypto_sha256_finish(EVP_MD_CTX *context, unsigned char *digest, unsigned int *length);
void ccrypto_sha256_free(EVP_MD_CTX *context);

#endif
