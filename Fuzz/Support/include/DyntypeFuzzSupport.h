// The entry point of the fuzz executables (Fuzz/Targets). SwiftPM links every executable with
// `main` renamed to `<target>_main`, so an executable without its own `main` does not link, and
// libFuzzer's `main` cannot be used: each target has an `@main` that calls this, which hands the
// command line to libFuzzer's driver with the target's LLVMFuzzerTestOneInput (an @_cdecl function).
#pragma once

int dyntype_fuzz_main(int argc, char **argv);
