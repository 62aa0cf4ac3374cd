#include "DyntypeFuzzSupport.h"

#include <stddef.h>
#include <stdint.h>

// From libFuzzer's runtime (-sanitize=fuzzer) and from the Swift target (@_cdecl) respectively.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int dyntype_fuzz_main(int argc, char **argv) { return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput); }
