#include <stddef.h>
#include <hyphen.h>
