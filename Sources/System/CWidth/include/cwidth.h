#ifndef CWIDTH_H
#define CWIDTH_H

/// The terminal columns of one Unicode scalar by the C library's wcwidth, read in a C.UTF-8
/// locale of its own (the process's stays as it is): 0, 1 or 2; -1 for a character wcwidth
/// calls unprintable (a control); -2 when the C library has no C.UTF-8 locale.
int cwidth_columns(unsigned int scalar);

#endif
