// A fixed set of worker threads reused for every job (worker_pool.hpp).

#include "worker_pool.hpp"

#include <pthread.h>
#include <sched.h>

#include <stdexcept>
#include <utility>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace tractive::detail {

namespace {

// Pauses before a wait may sleep: a few microseconds (a pause is 10-140 cycles by CPU
// generation), enough to catch the next job of a tight loop of steps. Past them a wait spins on
// for the pool's spin_ticks_ (0 where the threads outnumber the cores: 1,024 pauses there made
// the 3-thread test on a busy 2-core machine ten times slower than 128), then sleeps
// (std::atomic::wait, which yields a few times first).
constexpr int kSpinsBeforeSleep = 128;
// Where every slice has a core: about 1 ms at 2-4 GHz. A job that leaves its workers waiting
// longer than that (a host busy between two steps) costs a sleep and a wake.
constexpr std::uint64_t kSpinTicksWithCoresFree = 3'000'000;

void relax() {
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#endif
}

// A clock for the spin's budget that is no system call: the time-stamp counter. Without one (not
// x86) there is no budget: the pool keeps the short spin (a steady clock can be a system call).
#if defined(__x86_64__) || defined(__i386__)
constexpr bool kHaveTickCounter = true;
std::uint64_t ticks() { return __rdtsc(); }
#else
constexpr bool kHaveTickCounter = false;
std::uint64_t ticks() { return 0; }
#endif

// Waits until `value` differs from `seen`; returns the new value.
template <class T>
T wait_for_change(const std::atomic<T>& value, T seen, std::uint64_t spin_ticks) {
    std::uint64_t start = 0;
    for (int spin = 0;; ++spin) {
        const T now = value.load(std::memory_order_acquire);
        if (now != seen) return now;
        if (spin < kSpinsBeforeSleep) {
            relax();
        } else if (spin == kSpinsBeforeSleep) {
            start = ticks();
            relax();
        } else if (spin_ticks > 0 && ((spin & 63) != 0 || ticks() - start < spin_ticks)) {
            relax();
        } else {
            value.wait(seen, std::memory_order_acquire);
        }
    }
}

// The cores this process may run on (its affinity mask), asked once per pool.
int usable_cores() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) != 0) return 1;
    return CPU_COUNT(&set);
}

// Forks of this process so far, counted in the child (pthread_atfork): a pool remembers the
// count it started at, and a child process, which has none of its parent's threads, sees a
// different one (no system call: getpid() would be one per step).
std::atomic<unsigned> g_forks{0};

unsigned forks_so_far() {
    static const int registered = pthread_atfork(nullptr, nullptr, [] { g_forks.fetch_add(1, std::memory_order_relaxed); });
    (void)registered;
    return g_forks.load(std::memory_order_relaxed);
}

}  // namespace

WorkerPool::WorkerPool(int threads) : forks_at_start_(forks_so_far()) {
    if (threads < 2) throw std::invalid_argument("WorkerPool: expected at least 2 threads");
    spin_ticks_ = kHaveTickCounter && threads <= usable_cores() ? kSpinTicksWithCoresFree : 0;
    workers_.reserve(static_cast<std::size_t>(threads - 1));
    try {
        for (int k = 1; k < threads; ++k) workers_.emplace_back([this, k] { work(k); });
    } catch (...) {  // a thread the system would not start: stop and join the ones that did
        stop_workers();
        throw;
    }
}

WorkerPool::~WorkerPool() { stop_workers(); }

void WorkerPool::stop_workers() noexcept {
    stop_ = true;
    generation_.fetch_add(1, std::memory_order_release);
    generation_.notify_all();
    for (std::thread& t : workers_) t.join();
}

bool WorkerPool::threads_alive() const { return forks_so_far() == forks_at_start_; }

void WorkerPool::call(int k) noexcept {
    try {
        function_(context_, k);
    } catch (...) {
        const std::lock_guard<std::mutex> lock(error_mutex_);
        if (!error_) error_ = std::current_exception();
    }
}

void WorkerPool::work(int k) {
    std::uint64_t seen = 0;
    for (;;) {
        seen = wait_for_change(generation_, seen, spin_ticks_);
        if (stop_) return;
        call(k);
        if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) pending_.notify_one();
    }
}

void WorkerPool::run_erased(void* context, SliceFunction function) {
    // One job at a time: two host threads stepping one batch at once take turns (the pool's one
    // job slot would otherwise be overwritten, and a worker could miss a job and hang the caller).
    // Uncontended, a lock is an atomic exchange, no system call.
    const std::lock_guard<std::mutex> one_job(run_mutex_);
    context_ = context;
    function_ = function;
    pending_.store(static_cast<int>(workers_.size()), std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_release);  // publishes the job and the count
    generation_.notify_all();                             // no system call unless a worker sleeps
    call(0);
    for (int left = pending_.load(std::memory_order_acquire); left != 0;) left = wait_for_change(pending_, left, spin_ticks_);
    if (error_) {
        std::exception_ptr e = std::exchange(error_, nullptr);
        std::rethrow_exception(e);
    }
}

}  // namespace tractive::detail
