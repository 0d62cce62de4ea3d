#include "cgd.h"
#include <dlfcn.h>
#include <pthread.h>

// libgd is opened at its first use rather than linked: it pulls in some fifty libraries (HEIF,
// x265, AOM, dav1d, X11, fontconfig, ...), and loading them cost every run of missive about 7 ms
// (most of a start-up), while only `--resize` ever scales an image.
static struct {
    gdImagePtr (*create_from_png)(int size, void *data);
    gdImagePtr (*create_from_jpeg)(int size, void *data);
    gdImagePtr (*create_from_gif)(int size, void *data);
    gdImagePtr (*create_from_webp)(int size, void *data);
    void (*destroy)(gdImagePtr image);
    int (*set_interpolation_method)(gdImagePtr image, gdInterpolationMethod method);
    gdImagePtr (*scale)(const gdImagePtr image, const unsigned int width, const unsigned int height);
    void (*alpha_blending)(gdImagePtr image, int blending);
    void (*save_alpha)(gdImagePtr image, int save);
    void *(*png)(gdImagePtr image, int *size, int level);
    void *(*jpeg)(gdImagePtr image, int *size, int quality);
    void *(*gif)(gdImagePtr image, int *size);
    void *(*webp)(gdImagePtr image, int *size, int quality);
    void (*free)(void *memory);
    void (*set_error_method)(gdErrorMethod method);
} gd;
static int loaded;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

#define FIND(field, symbol) \
    if (!(gd.field = (__typeof__(gd.field))dlsym(library, symbol))) return;

// libgd prints decoder complaints on standard error; a damaged image is the caller's typed error.
static void ignore_message(int priority, const char *format, va_list arguments) {
    (void)priority; (void)format; (void)arguments;
}

static void load(void) {
    void *library = dlopen("libgd.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    FIND(create_from_png, "gdImageCreateFromPngPtr")
    FIND(create_from_jpeg, "gdImageCreateFromJpegPtr")
    FIND(create_from_gif, "gdImageCreateFromGifPtr")
    FIND(create_from_webp, "gdImageCreateFromWebpPtr")
    FIND(destroy, "gdImageDestroy")
    FIND(set_interpolation_method, "gdImageSetInterpolationMethod")
    FIND(scale, "gdImageScale")
    FIND(alpha_blending, "gdImageAlphaBlending")
    FIND(save_alpha, "gdImageSaveAlpha")
    FIND(png, "gdImagePngPtrEx")
    FIND(jpeg, "gdImageJpegPtr")
    FIND(gif, "gdImageGifPtr")
    FIND(webp, "gdImageWebpPtrEx")
    FIND(free, "gdFree")
    FIND(set_error_method, "gdSetErrorMethod")
    gd.set_error_method(ignore_message);
    loaded = 1;
}

/// Whether libgd is there, loading it the first time.
static int ready(void) {
    pthread_once(&load_once, load);
    return loaded;
}

int cgd_available(void) {
    return ready();
}
gdImagePtr cgd_image_create_from_png(int size, void *data) {
    return ready() ? gd.create_from_png(size, data) : NULL;
}
gdImagePtr cgd_image_create_from_jpeg(int size, void *data) {
    return ready() ? gd.create_from_jpeg(size, data) : NULL;
}
gdImagePtr cgd_image_create_from_gif(int size, void *data) {
    return ready() ? gd.create_from_gif(size, data) : NULL;
}
gdImagePtr cgd_image_create_from_webp(int size, void *data) {
    return ready() ? gd.create_from_webp(size, data) : NULL;
}

// An image only exists once libgd is loaded, so the calls that take one need no check.
void cgd_image_destroy(gdImagePtr image) {
    gd.destroy(image);
}
gdImagePtr cgd_image_scale(gdImagePtr image, gdInterpolationMethod method, unsigned int width, unsigned int height) {
    gd.set_interpolation_method(image, method);
    return gd.scale(image, width, height);
}
void cgd_image_keep_alpha(gdImagePtr image) {
    gd.alpha_blending(image, 0);
    gd.save_alpha(image, 1);
}
void *cgd_image_png(gdImagePtr image, int *size, int level) {
    return gd.png(image, size, level);
}
void *cgd_image_jpeg(gdImagePtr image, int *size, int quality) {
    return gd.jpeg(image, size, quality);
}
void *cgd_image_gif(gdImagePtr image, int *size) {
    return gd.gif(image, size);
}
void *cgd_image_webp(gdImagePtr image, int *size, int quality) {
    return gd.webp(image, size, quality);
}
void cgd_free(void *memory) {
    gd.free(memory);
}
