#pragma once
// A fixed set of worker threads that run one slice of a job each, started once and reused
// (private to host/; VehicleBatch steps its cars' slices on it). A job costs no thread creation
// and no allocation, and no system call while the workers are awake: the caller publishes the job
// by bumping an atomic generation, the workers spin on it before they sleep on it
// (std::atomic::wait), and the caller waits for the last slice the same way. How long they spin:
// about a millisecond where every slice has a core of its own (the threads no more than the cores
// the process may run on), so that back-to-back jobs (a host stepping a batch in a loop) make no
// system call; a few microseconds where they do not, so that a spinning thread does not take the
// core a working one needs. A worker asleep (the host took longer than the spin between two jobs)
// is woken by the caller's notify, a futex call.

#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace tractive::detail {

class WorkerPool {
public:
    // `threads` slices per job (at least 2): the caller runs slice 0, threads - 1 workers the rest.
    explicit WorkerPool(int threads);
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    [[nodiscard]] int threads() const { return static_cast<int>(workers_.size()) + 1; }

    // False in a child process forked after the pool started: the child has none of the
    // workers, and a job would wait for them for ever. The pool can then be neither run nor
    // destroyed (its threads cannot be joined); its owner leaves it and starts another.
    [[nodiscard]] bool threads_alive() const;

    // Calls slice(k) once for each k in [0, threads()), concurrently, and returns when all have
    // returned. An exception from a slice is rethrown here (the first, if several throw) after
    // every slice has ended. Calls from several threads at once run one after the other.
    template <class F>
    void run(F& slice) {
        run_erased(&slice, [](void* context, int k) { (*static_cast<F*>(context))(k); });
    }

private:
    using SliceFunction = void (*)(void*, int);
    void run_erased(void* context, SliceFunction function);
    void work(int k);
    void call(int k) noexcept;
    void stop_workers() noexcept;

    std::atomic<std::uint64_t> generation_{0};  // bumped to publish a job (or the stop)
    std::atomic<int> pending_{0};                // workers' slices not yet ended
    bool stop_ = false;                          // written before the last bump
    void* context_ = nullptr;                    // the job, written before its bump
    SliceFunction function_ = nullptr;
    unsigned forks_at_start_ = 0;                // threads_alive()
    std::uint64_t spin_ticks_ = 0;               // how long a wait spins past its first pauses (time-stamp counter ticks)
    std::mutex run_mutex_;                       // one job at a time
    std::mutex error_mutex_;
    std::exception_ptr error_;
    std::vector<std::thread> workers_;
};

}  // namespace tractive::detail
