// The Forum layer. HTTP over libcurl, one ForumAdapter per forum engine, HTML scraped with libxml2, typed outcomes.
// (This file only marks the module until its first real source lands; delete it then.)
