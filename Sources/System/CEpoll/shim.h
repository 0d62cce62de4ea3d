// epoll and eventfd: Swift's Glibc module does not include them.
#include <sys/epoll.h>
#include <sys/eventfd.h>
