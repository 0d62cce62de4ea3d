#ifndef CGD_H
#define CGD_H
// libgd, loaded at its first use (see cgd.c). Call these, never gd* itself: libgd is not linked.
#include <gd.h>

// Whether libgd could be loaded (loading it the first time). Every call below returns NULL (or
// does nothing) when it could not.
int cgd_available(void);

gdImagePtr cgd_image_create_from_png(int size, void *data);
gdImagePtr cgd_image_create_from_jpeg(int size, void *data);
gdImagePtr cgd_image_create_from_gif(int size, void *data);
gdImagePtr cgd_image_create_from_webp(int size, void *data);
void cgd_image_destroy(gdImagePtr image);
gdImagePtr cgd_image_scale(gdImagePtr image, gdInterpolationMethod method, unsigned int width, unsigned int height);
void cgd_image_keep_alpha(gdImagePtr image);
void *cgd_image_png(gdImagePtr image, int *size, int level);
void *cgd_image_jpeg(gdImagePtr image, int *size, int quality);
void *cgd_image_gif(gdImagePtr image, int *size);
void *cgd_image_webp(gdImagePtr image, int *size, int quality);
void cgd_free(void *memory);

#endif
