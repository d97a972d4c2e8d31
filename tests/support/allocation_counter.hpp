#pragma once
// Counts every heap allocation of the program that includes this header (once, in one of its
// source files): the global operator new is replaced by one that counts and mallocs. The
// allocation test and the step benchmark use it to check and report that a vehicle step
// allocates nothing.

#include <atomic>
#include <cstdlib>
#include <new>

namespace tractive::test {
inline std::atomic<long> g_allocations{0};
}  // namespace tractive::test

void* operator new(std::size_t size) {
    tractive::test::g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
