// Wraps every line of a UTF-8 file as one paragraph at a width with Pango (FT2 backend, 72 dpi so
// 1 pt = 1 px, hinting off, subpixel positions), prints per-paragraph line counts and the time.
// A width of 0 measures each line as a single-line label (its logical extents), like
// `dyntype measure --titles`.
#include <pango/pangoft2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: %s file width font-desc\n", argv[0]); return 64; }
    FILE *f = fopen(argv[1], "rb"); if (!f) { perror("open"); return 66; }
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    char *buf = malloc(n + 1);
    if (!buf || fread(buf, 1, n, f) != (size_t)n) { fprintf(stderr, "read failed\n"); return 66; }
    buf[n] = 0; fclose(f);
    double width = atof(argv[2]);
    PangoFontMap *map = pango_ft2_font_map_new();
    pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(map), 72, 72);
    PangoContext *ctx = pango_font_map_create_context(map);
    pango_context_set_round_glyph_positions(ctx, FALSE);
    PangoFontDescription *desc = pango_font_description_from_string(argv[3]);
    PangoLayout *layout = pango_layout_new(ctx);
    pango_layout_set_font_description(layout, desc);
    pango_layout_set_width(layout, width > 0 ? (int)(width * PANGO_SCALE) : -1);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    struct timespec t0, t1; clock_gettime(CLOCK_MONOTONIC, &t0);
    int paragraphs = 0; long lines = 0;
    char *p = buf;
    int capacity = 1; for (char *q = buf; *q; q++) if (*q == '\n') capacity++;
    int *counts = malloc(sizeof(int) * capacity);
    while (*p) {
        char *e = strchr(p, '\n'); size_t len = e ? (size_t)(e - p) : strlen(p);
        pango_layout_set_text(layout, p, (int)len);
        int c = pango_layout_get_line_count(layout);
        if (width <= 0) { PangoRectangle logical; pango_layout_get_extents(layout, NULL, &logical); (void)logical; }
        counts[paragraphs++] = c; lines += c;
        if (!e) break; p = e + 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("{\"paragraphs\": %d, \"lines\": %ld, \"seconds\": %.6f, \"counts\": [", paragraphs, lines, secs);
    for (int i = 0; i < paragraphs; i++) printf(i ? ",%d" : "%d", counts[i]);
    printf("]}\n");
    return 0;
}
