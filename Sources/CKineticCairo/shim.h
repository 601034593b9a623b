#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>
#include <cairo/cairo-pdf.h>
// FreeType faces let Render load its fonts by file path, so text never depends on fontconfig.
#include <cairo/cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
