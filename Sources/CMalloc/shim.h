// glibc's malloc tuning (mallopt), for the dyntype process only.
#include <malloc.h>
