// The C boundary of poster previews: JPEG (libjpeg-turbo), PNG (libpng) and WebP (libwebp) to RGBA pixels.
// Only ImagePreview's ImageDecoder uses it. Errors never abort or print: each function returns 0 and writes
// a message into `error`.
#ifndef TVM_IMAGE_DECODE_H
#define TVM_IMAGE_DECODE_H

#include <stddef.h>

/// Decoded pixels: `width * height` RGBA quadruplets, row by row, allocated with malloc.
typedef struct {
    unsigned char *pixels;
    int width;
    int height;
} tvm_image;

/// The largest image accepted, in pixels (after JPEG scaling): 4096 x 4096, 64 MiB of RGBA. Posters are about
/// 680 x 1000; a tiny file that claims more is refused before its pixels are allocated.
#define TVM_IMAGE_MAX_PIXELS (16 * 1024 * 1024)

/// Decodes a JPEG, scaled down by 1/2, 1/4 or 1/8 while both sides stay at least `min_width` x `min_height`.
/// Returns 1 and fills `out`, or 0 with a message in `error`.
int tvm_decode_jpeg(const unsigned char *data, size_t size, int min_width, int min_height, tvm_image *out,
                    char *error, size_t error_size);

/// Decodes a PNG at full size. Returns 1 and fills `out`, or 0 with a message in `error`.
int tvm_decode_png(const unsigned char *data, size_t size, tvm_image *out, char *error, size_t error_size);

/// Decodes a WebP at full size. Returns 1 and fills `out`, or 0 with a message in `error`.
int tvm_decode_webp(const unsigned char *data, size_t size, tvm_image *out, char *error, size_t error_size);

/// Frees the pixels of an image filled by one of the decoders; safe on an empty image.
void tvm_image_free(tvm_image *image);

#endif
