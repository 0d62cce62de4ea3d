// Tests for this layer land here; delete this file with the first of them.
