#include "cxml.h"
#include <dlfcn.h>
#include <pthread.h>

// libxml2 is opened at its first use rather than linked: it brings ICU (libicuuc, 30 MB of
// libicudata), libstdc++'s users, liblzma and zlib, and loading them cost every start of missive
// about a millisecond, though only reading a forum's pages needs it (convert, drafts, --version don't).
static struct {
    void (*init_parser)(void);
    htmlDocPtr (*html_new_doc)(const xmlChar *uri, const xmlChar *external_id);
    xmlDictPtr (*dict_create)(void);
    void (*free_doc)(xmlDocPtr document);
    xmlNodePtr (*doc_root)(const xmlDoc *document);
    xmlNodePtr (*new_node)(xmlDocPtr document, xmlNsPtr ns, const xmlChar *name, const xmlChar *content);
    xmlNodePtr (*new_text)(const xmlDoc *document, const xmlChar *text);
    xmlNodePtr (*new_comment)(xmlDocPtr document, const xmlChar *text);
    xmlAttrPtr (*new_prop)(xmlNodePtr node, const xmlChar *name, const xmlChar *value);
    xmlNodePtr (*add_child)(xmlNodePtr parent, xmlNodePtr child);
    xmlChar *(*get_prop)(const xmlNode *node, const xmlChar *name);
    xmlChar *(*node_content)(const xmlNode *node);
    xmlAttrPtr (*has_prop)(const xmlNode *node, const xmlChar *name);
    xmlFreeFunc *free; // the library's xmlFree variable: whatever deallocator it was set to
    xmlXPathContextPtr (*xpath_context)(xmlDocPtr document);
    void (*xpath_free_context)(xmlXPathContextPtr context);
    xmlXPathObjectPtr (*xpath_eval)(const xmlChar *expression, xmlXPathContextPtr context);
    void (*xpath_free_object)(xmlXPathObjectPtr object);
    int (*xpath_compare)(xmlNodePtr first, xmlNodePtr second);
} xml;
static int loaded;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

#define FIND(field, symbol) \
    if (!(xml.field = (__typeof__(xml.field))dlsym(library, symbol))) return;

static void load(void) {
    void *library = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    FIND(init_parser, "xmlInitParser")
    FIND(html_new_doc, "htmlNewDocNoDtD")
    FIND(dict_create, "xmlDictCreate")
    FIND(free_doc, "xmlFreeDoc")
    FIND(doc_root, "xmlDocGetRootElement")
    FIND(new_node, "xmlNewDocNode")
    FIND(new_text, "xmlNewDocText")
    FIND(new_comment, "xmlNewDocComment")
    FIND(new_prop, "xmlNewProp")
    FIND(add_child, "xmlAddChild")
    FIND(get_prop, "xmlGetProp")
    FIND(node_content, "xmlNodeGetContent")
    FIND(has_prop, "xmlHasProp")
    FIND(free, "xmlFree")
    FIND(xpath_context, "xmlXPathNewContext")
    FIND(xpath_free_context, "xmlXPathFreeContext")
    FIND(xpath_eval, "xmlXPathEvalExpression")
    FIND(xpath_free_object, "xmlXPathFreeObject")
    FIND(xpath_compare, "xmlXPathCmpNodes")
    // Once, before any thread uses the library, as its documentation asks.
    xml.init_parser();
    loaded = 1;
}

int cxml_ready(void) {
    pthread_once(&load_once, load);
    return loaded;
}

// Everything below is only reached with a document, a node or a context, which exist only once
// the library is loaded; the makers check.
htmlDocPtr cxml_html_new_doc(void) {
    return cxml_ready() ? xml.html_new_doc(NULL, NULL) : NULL;
}
xmlDictPtr cxml_dict_create(void) {
    return cxml_ready() ? xml.dict_create() : NULL;
}
void cxml_free_doc(xmlDocPtr document) {
    if (document) xml.free_doc(document);
}
xmlNodePtr cxml_doc_root(xmlDocPtr document) {
    return document ? xml.doc_root(document) : NULL;
}
xmlNodePtr cxml_new_node(xmlDocPtr document, const xmlChar *name) {
    return document ? xml.new_node(document, NULL, name, NULL) : NULL;
}
xmlNodePtr cxml_new_text(xmlDocPtr document, const xmlChar *text) {
    return document ? xml.new_text(document, text) : NULL;
}
xmlNodePtr cxml_new_comment(xmlDocPtr document, const xmlChar *text) {
    return document ? xml.new_comment(document, text) : NULL;
}
xmlAttrPtr cxml_new_prop(xmlNodePtr node, const xmlChar *name, const xmlChar *value) {
    return node ? xml.new_prop(node, name, value) : NULL;
}
xmlNodePtr cxml_add_child(xmlNodePtr parent, xmlNodePtr child) {
    return parent && child ? xml.add_child(parent, child) : NULL;
}
xmlChar *cxml_get_prop(const xmlNode *node, const xmlChar *name) {
    return node ? xml.get_prop(node, name) : NULL;
}
xmlChar *cxml_node_content(const xmlNode *node) {
    return node ? xml.node_content(node) : NULL;
}
int cxml_has_prop(const xmlNode *node, const xmlChar *name) {
    return node && xml.has_prop(node, name) != NULL;
}
void cxml_free(void *pointer) {
    if (pointer) (*xml.free)(pointer);
}
xmlXPathContextPtr cxml_xpath_context(xmlDocPtr document) {
    return document ? xml.xpath_context(document) : NULL;
}
void cxml_xpath_free_context(xmlXPathContextPtr context) {
    if (context) xml.xpath_free_context(context);
}
xmlXPathObjectPtr cxml_xpath_eval(const xmlChar *expression, xmlXPathContextPtr context) {
    return context ? xml.xpath_eval(expression, context) : NULL;
}
void cxml_xpath_free_object(xmlXPathObjectPtr object) {
    if (object) xml.xpath_free_object(object);
}
int cxml_xpath_compare(xmlNodePtr first, xmlNodePtr second) {
    return first && second ? xml.xpath_compare(first, second) : 0;
}
