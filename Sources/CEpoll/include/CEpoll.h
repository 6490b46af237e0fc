// epoll(7) and eventfd(2) for Swift: Glibc's Swift module does not export them, and
// `struct epoll_event` is packed on x86_64, which Swift cannot import faithfully. So the
// event loop calls these small wrappers, which take and give plain, unpacked values.
#ifndef CEPOLL_H
#define CEPOLL_H

#include <stdint.h>

/// One ready descriptor from `cepoll_wait`.
typedef struct {
    int32_t fd;
    uint32_t events;
} cepoll_ready;

extern const uint32_t CEPOLL_IN;
extern const uint32_t CEPOLL_OUT;
extern const uint32_t CEPOLL_ERR;
extern const uint32_t CEPOLL_HUP;
extern const uint32_t CEPOLL_RDHUP;
extern const uint32_t CEPOLL_ET;

/// epoll_create1(EPOLL_CLOEXEC).
int cepoll_create(void);
/// Registers `fd` for `events`, tagging it with the descriptor itself.
int cepoll_add(int epfd, int fd, uint32_t events);
/// Waits up to `timeout_ms` (-1: forever) for at most `max` (<= 512) events.
int cepoll_wait(int epfd, cepoll_ready *ready, int max, int timeout_ms);
/// eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC).
int cepoll_eventfd(void);

#endif
