#pragma once
// A list of at most N plain values on the stack whose storage is not initialised: only the values
// added are constructed. The step's scratch lists (the body points asked about, those touching)
// are built every step and mostly stay short or empty; an std::array of a type with member
// initialisers (Vec3) would write all N each step. Private to the library.

#include <cstddef>
#include <new>
#include <span>
#include <stdexcept>
#include <type_traits>

namespace tractive::detail {

template <class T, std::size_t N>
class FixedList {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>, "plain values only");

public:
    FixedList() = default;
    FixedList(const FixedList& other) {
        for (const T& value : other.span()) add(value);
    }
    FixedList& operator=(const FixedList& other) {
        if (this == &other) return *this;
        size_ = 0;
        for (const T& value : other.span()) add(value);
        return *this;
    }

    // Adds `value`; a full list is a logic error of the caller (its N is the most it can add).
    void add(const T& value) {
        if (size_ >= N) throw std::logic_error("FixedList: full");
        new (&storage_[size_ * sizeof(T)]) T(value);
        ++size_;
    }
    void clear() { size_ = 0; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const T& operator[](std::size_t i) const { return data()[i]; }
    std::span<const T> span() const { return {data(), size_}; }

private:
    const T* data() const { return std::launder(reinterpret_cast<const T*>(storage_)); }

    std::size_t size_ = 0;
    alignas(T) std::byte storage_[N * sizeof(T)];
};

}  // namespace tractive::detail
