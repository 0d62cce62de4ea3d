#ifndef CMARK_ARENA_H
#define CMARK_ARENA_H

#include <stddef.h>

/// A cmark parser whose small blocks (nodes, delimiters: 128 bytes or less) come from an arena of
/// the process's own instead of malloc, once the process has asked for a few thousand of them. For a tree that lives until the process ends: the arena
/// is never given back, though blocks cmark frees are reused. Returned as `void *` (a
/// `cmark_parser *`) so that Swift sees one cmark type, CCMark's. NULL when cmark cannot start.
void *cmark_arena_parser_new(int options);

/// How many blocks the arena has handed out so far (reused ones counted again); 0 while small
/// trees need none, or when the arena could not reserve its address space.
size_t cmark_arena_blocks_served(void);

#endif
