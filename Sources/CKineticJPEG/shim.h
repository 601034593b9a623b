// libjpeg(-turbo) behind two calls. libjpeg reports errors by calling `error_exit`, which must not
// return: here it longjmps back into the C function that called libjpeg, so no jump ever crosses a
// Swift frame (the rule CLuaShim keeps for Lua).
#include <stdio.h>
#include <stddef.h>
#include <setjmp.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
} kinetic_jpeg_error;

static void kinetic_jpeg_error_exit(j_common_ptr info) {
    longjmp(((kinetic_jpeg_error *)info->err)->jump, 1);
}

/// Warnings (a truncated file's "premature end of data") are not printed: Render reports its own.
static void kinetic_jpeg_emit_message(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

/// Decodes the JPEG in `data` (`size` bytes) into `pixels`: `width` × `height` 32-bit pixels, `stride`
/// bytes a row, in Cairo's ARGB32 byte order on a little-endian machine (B, G, R, A), opaque.
/// Returns 0 on success, 1 for a file libjpeg cannot decode or whose size is not `width` × `height`
/// (the caller read the size from the header first, to refuse huge images before allocating).
static inline int kinetic_jpeg_decode(const unsigned char *data, unsigned long size, unsigned char *pixels,
                                      int width, int height, int stride) {
    struct jpeg_decompress_struct cinfo;
    kinetic_jpeg_error error;
    cinfo.err = jpeg_std_error(&error.base);
    error.base.error_exit = kinetic_jpeg_error_exit;
    error.base.emit_message = kinetic_jpeg_emit_message;
    jpeg_create_decompress(&cinfo);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    jpeg_mem_src(&cinfo, data, size);
    jpeg_read_header(&cinfo, TRUE);
    if ((int)cinfo.image_width != width || (int)cinfo.image_height != height) {
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    cinfo.out_color_space = JCS_EXT_BGRA;
    jpeg_start_decompress(&cinfo);
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels + (size_t)cinfo.output_scanline * (size_t)stride;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}
