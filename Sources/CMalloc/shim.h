// glibc's allocator settings (mallopt, malloc_trim), which Swift's Glibc module leaves out.
#include <malloc.h>
