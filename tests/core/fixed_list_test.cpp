// The step's scratch list (src/core/fixed_list.hpp): only what is added is there, in order; a
// copy holds the same values; adding past its capacity is refused.

#include "core/fixed_list.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "tractive/core/vec3.hpp"

using tractive::Vec3;
using tractive::detail::FixedList;

TEST(FixedList, HoldsWhatIsAddedInOrder) {
    FixedList<Vec3, 3> list;
    EXPECT_TRUE(list.empty());
    EXPECT_EQ(list.span().size(), 0u);
    list.add({1.0, 2.0, 3.0});
    list.add({4.0, 5.0, 6.0});
    ASSERT_EQ(list.size(), 2u);
    EXPECT_EQ(list[0].y, 2.0);
    EXPECT_EQ(list[1].z, 6.0);
    EXPECT_EQ(list.span().data(), &list[0]);
    const FixedList<Vec3, 3> copy = list;
    ASSERT_EQ(copy.size(), 2u);
    EXPECT_EQ(copy[1].x, 4.0);
    FixedList<Vec3, 3> assigned;
    assigned.add({9.0, 9.0, 9.0});
    assigned.add({9.0, 9.0, 9.0});
    assigned.add({9.0, 9.0, 9.0});
    assigned = list;
    ASSERT_EQ(assigned.size(), 2u);
    EXPECT_EQ(assigned[0].x, 1.0);
    const FixedList<Vec3, 3>& same = assigned;
    assigned = same;  // assigned to itself: unchanged
    ASSERT_EQ(assigned.size(), 2u);
    EXPECT_EQ(assigned[1].z, 6.0);
}

TEST(FixedList, RefusesMoreThanItsCapacity) {
    FixedList<double, 2> list;
    list.add(1.0);
    list.add(2.0);
    EXPECT_THROW(list.add(3.0), std::logic_error);
    EXPECT_EQ(list.size(), 2u);
}
