// The Compose layer. The editor session, the buffer's front matter, template instantiation.
// (This file only marks the module until its first real source lands; delete it then.)
