// PCRE2 (Debian libpcre2-dev) for dtable's regex matching: the 8-bit library, whose functions
// pcre2.h names through token-pasting macros (pcre2_compile -> pcre2_compile_8) that Swift
// cannot import; Swift calls the `_8` names. Why PCRE2:
// docs/decisions/0041-regex-through-pcre2-with-limits.md.
#ifndef DTABLE_CPCRE2_SHIM_H
#define DTABLE_CPCRE2_SHIM_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

// Cast expressions Swift does not import.
static const PCRE2_SIZE dt_PCRE2_UNSET = PCRE2_UNSET;
static const PCRE2_SIZE dt_PCRE2_ZERO_TERMINATED = PCRE2_ZERO_TERMINATED;

#endif
