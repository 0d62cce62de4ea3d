// Debian builds libxml2 with ICU; its UErrorCode clashes with Foundation's, so hide ICU first.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/tree.h>

// xmlFree is a global function pointer, which Swift 6 rejects as shared mutable state.
static inline void linked_xml_free(void *p) { xmlFree(p); }
