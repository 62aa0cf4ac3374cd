// Bare HarfBuzz: shapes every line of a UTF-8 file with hb_shape on one font file at one size (no
// line breaking, no fallback) and prints the time — the floor a layout engine's shaping can reach.
#include <hb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: %s file font-file size\n", argv[0]); return 64; }
    FILE *f = fopen(argv[1], "rb"); if (!f) { perror("open"); return 66; }
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    char *buf = malloc(n + 1);
    if (!buf || fread(buf, 1, n, f) != (size_t)n) { fprintf(stderr, "read failed\n"); return 66; }
    buf[n] = 0; fclose(f);
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(argv[2]);
    if (!blob) { fprintf(stderr, "cannot open font %s\n", argv[2]); return 66; }
    hb_face_t *face = hb_face_create(blob, 0);
    hb_font_t *font = hb_font_create(face);
    int scale = (int)(atof(argv[3]) * 1024);
    hb_font_set_scale(font, scale, scale);
    hb_buffer_t *buffer = hb_buffer_create();
    struct timespec t0, t1; clock_gettime(CLOCK_MONOTONIC, &t0);
    long glyphs = 0; int paragraphs = 0;
    char *p = buf;
    while (*p) {
        char *e = strchr(p, '\n'); size_t len = e ? (size_t)(e - p) : strlen(p);
        hb_buffer_clear_contents(buffer);
        hb_buffer_add_utf8(buffer, p, (int)len, 0, (int)len);
        hb_buffer_guess_segment_properties(buffer);
        hb_shape(font, buffer, NULL, 0);
        glyphs += hb_buffer_get_length(buffer);
        paragraphs++;
        if (!e) break; p = e + 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("{\"paragraphs\": %d, \"glyphs\": %ld, \"seconds\": %.6f}\n", paragraphs, glyphs, secs);
    return 0;
}
