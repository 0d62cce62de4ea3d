#ifndef CXML_H
#define CXML_H
// libxml2, loaded at its first use (see cxml.c): its types from its own headers, its calls through
// these wrappers. Call these, never xml* itself: libxml2 is not linked into missive.
// Debian builds libxml2 with ICU; its UErrorCode clashes with Foundation's, so hide ICU first.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>

// 0 when libxml2 cannot be loaded; every wrapper below then fails as its call does on no memory
// (NULL, or nothing done), so check this once before building a document.
int cxml_ready(void);

htmlDocPtr cxml_html_new_doc(void);
xmlDictPtr cxml_dict_create(void);
void cxml_free_doc(xmlDocPtr document);
xmlNodePtr cxml_doc_root(xmlDocPtr document);

xmlNodePtr cxml_new_node(xmlDocPtr document, const xmlChar *name);
xmlNodePtr cxml_new_text(xmlDocPtr document, const xmlChar *text);
xmlNodePtr cxml_new_comment(xmlDocPtr document, const xmlChar *text);
xmlAttrPtr cxml_new_prop(xmlNodePtr node, const xmlChar *name, const xmlChar *value);
xmlNodePtr cxml_add_child(xmlNodePtr parent, xmlNodePtr child);

// Both return a string to give back with cxml_free.
xmlChar *cxml_get_prop(const xmlNode *node, const xmlChar *name);
xmlChar *cxml_node_content(const xmlNode *node);
int cxml_has_prop(const xmlNode *node, const xmlChar *name);
void cxml_free(void *pointer);

xmlXPathContextPtr cxml_xpath_context(xmlDocPtr document);
void cxml_xpath_free_context(xmlXPathContextPtr context);
xmlXPathObjectPtr cxml_xpath_eval(const xmlChar *expression, xmlXPathContextPtr context);
void cxml_xpath_free_object(xmlXPathObjectPtr object);
// 1 when the first node comes first in the document, -1 when second, 0 when the same.
int cxml_xpath_compare(xmlNodePtr first, xmlNodePtr second);

#endif
