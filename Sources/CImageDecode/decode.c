#include "tvm_image_decode.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <png.h>
#include <webp/decode.h>

static void set_error(char *error, size_t error_size, const char *message) {
    if (error != NULL && error_size > 0) {
        snprintf(error, error_size, "%s", message);
    }
}

static int too_large(long width, long height) {
    return width <= 0 || height <= 0 || width * height > TVM_IMAGE_MAX_PIXELS;
}

// libjpeg reports fatal errors through error_exit, which must not return: jump back to the decoder.
struct jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void jpeg_failed(j_common_ptr info) {
    struct jpeg_failure *failure = (struct jpeg_failure *)info->err;
    (*info->err->format_message)(info, failure->message);
    longjmp(failure->jump, 1);
}

static void jpeg_warning(j_common_ptr info, int level) {
    // Corrupt-data warnings: libjpeg goes on decoding what it can, as image viewers do.
    (void)info;
    (void)level;
}

int tvm_decode_jpeg(const unsigned char *data, size_t size, int min_width, int min_height, tvm_image *out,
                    char *error, size_t error_size) {
    struct jpeg_decompress_struct info;
    struct jpeg_failure failure;
    unsigned char *volatile pixels = NULL;
    unsigned char *volatile row = NULL;
    memset(out, 0, sizeof *out);
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_failed;
    failure.manager.emit_message = jpeg_warning;
    failure.message[0] = '\0';
    if (setjmp(failure.jump)) {
        set_error(error, error_size, failure.message[0] ? failure.message : "invalid JPEG data");
        jpeg_destroy_decompress(&info);
        free(pixels);
        free(row);
        return 0;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    unsigned int denominator = 8;
    while (denominator > 1 && ((long)info.image_width < (long)min_width * (long)denominator ||
                               (long)info.image_height < (long)min_height * (long)denominator)) {
        denominator /= 2;
    }
    info.scale_num = 1;
    info.scale_denom = denominator;
    jpeg_start_decompress(&info);
    long width = info.output_width;
    long height = info.output_height;
    if (too_large(width, height) || info.output_components != 4) {
        set_error(error, error_size, too_large(width, height) ? "the image is too large" : "unsupported JPEG colours");
        jpeg_destroy_decompress(&info);
        return 0;
    }
    pixels = malloc((size_t)width * (size_t)height * 4);
    row = malloc((size_t)width * 4);
    if (pixels == NULL || row == NULL) {
        set_error(error, error_size, "out of memory");
        jpeg_destroy_decompress(&info);
        free(pixels);
        free(row);
        return 0;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW rows[1] = {row};
        long y = info.output_scanline;
        jpeg_read_scanlines(&info, rows, 1);
        unsigned char *target = pixels + (size_t)y * (size_t)width * 4;
        if (cmyk) {
            // Adobe writes CMYK inverted: each stored value is 255 minus the ink.
            for (long x = 0; x < width; x++) {
                unsigned int c = row[x * 4], m = row[x * 4 + 1], yellow = row[x * 4 + 2], k = row[x * 4 + 3];
                target[x * 4] = (unsigned char)(c * k / 255);
                target[x * 4 + 1] = (unsigned char)(m * k / 255);
                target[x * 4 + 2] = (unsigned char)(yellow * k / 255);
                target[x * 4 + 3] = 255;
            }
        } else {
            memcpy(target, row, (size_t)width * 4);
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    out->pixels = pixels;
    out->width = (int)width;
    out->height = (int)height;
    return 1;
}

int tvm_decode_png(const unsigned char *data, size_t size, tvm_image *out, char *error, size_t error_size) {
    png_image image;
    memset(out, 0, sizeof *out);
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        set_error(error, error_size, image.message);
        return 0;
    }
    if (too_large(image.width, image.height)) {
        png_image_free(&image);
        set_error(error, error_size, "the image is too large");
        return 0;
    }
    image.format = PNG_FORMAT_RGBA;
    unsigned char *pixels = malloc(PNG_IMAGE_SIZE(image));
    if (pixels == NULL) {
        png_image_free(&image);
        set_error(error, error_size, "out of memory");
        return 0;
    }
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        set_error(error, error_size, image.message);
        free(pixels);
        return 0;
    }
    out->pixels = pixels;
    out->width = (int)image.width;
    out->height = (int)image.height;
    return 1;
}

int tvm_decode_webp(const unsigned char *data, size_t size, tvm_image *out, char *error, size_t error_size) {
    int width = 0;
    int height = 0;
    memset(out, 0, sizeof *out);
    if (!WebPGetInfo(data, size, &width, &height)) {
        set_error(error, error_size, "invalid WebP data");
        return 0;
    }
    if (too_large(width, height)) {
        set_error(error, error_size, "the image is too large");
        return 0;
    }
    size_t length = (size_t)width * (size_t)height * 4;
    unsigned char *pixels = malloc(length);
    if (pixels == NULL) {
        set_error(error, error_size, "out of memory");
        return 0;
    }
    if (WebPDecodeRGBAInto(data, size, pixels, length, width * 4) == NULL) {
        set_error(error, error_size, "invalid WebP data");
        free(pixels);
        return 0;
    }
    out->pixels = pixels;
    out->width = width;
    out->height = height;
    return 1;
}

void tvm_image_free(tvm_image *image) {
    free(image->pixels);
    image->pixels = NULL;
    image->width = 0;
    image->height = 0;
}
