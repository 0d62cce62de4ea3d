// The Sandbox layer. The local practice forum: the same pages and forms as forum-protocol.md, over loopback.
// (This file only marks the module until its first real source lands; delete it then.)
