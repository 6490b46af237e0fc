#include "CEpoll.h"
#include <sys/epoll.h>
#include <sys/eventfd.h>

const uint32_t CEPOLL_IN = EPOLLIN;
const uint32_t CEPOLL_OUT = EPOLLOUT;
const uint32_t CEPOLL_ERR = EPOLLERR;
const uint32_t CEPOLL_HUP = EPOLLHUP;
const uint32_t CEPOLL_RDHUP = EPOLLRDHUP;
const uint32_t CEPOLL_ET = EPOLLET;

int cepoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int cepoll_add(int epfd, int fd, uint32_t events) {
    struct epoll_event event = {0};
    event.events = events;
    event.data.fd = fd;
    return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event);
}

int cepoll_wait(int epfd, cepoll_ready *ready, int max, int timeout_ms) {
    struct epoll_event events[512];
    if (max > 512) max = 512;
    int count = epoll_wait(epfd, events, max, timeout_ms);
    for (int i = 0; i < count; i++) {
        ready[i].fd = events[i].data.fd;
        ready[i].events = events[i].events;
    }
    return count;
}

int cepoll_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }
