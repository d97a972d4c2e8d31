#include "tractive/io/ini_document.hpp"

#include <gtest/gtest.h>

using namespace tractive;

TEST(IniDocument, SectionsKeysCommentsAndLines) {
    const IniDocument doc = parse_ini(
        "drive = RWD\n"
        "# a comment\n"
        "[ engine ]\n"
        "mass = 140.0   # inline comment\n"
        "\n"
        "[wheel.fl.tire]\n"
        "size = 215,45,17 ; another comment\n"
        "[engine]\n"
        "inertia = 0.25\n",
        "car.car");
    ASSERT_NE(doc.find(""), nullptr);
    EXPECT_EQ(doc.find("")->find("drive")->value, "RWD");
    const IniSection* engine = doc.find("engine");
    ASSERT_NE(engine, nullptr);
    EXPECT_EQ(engine->find("mass")->value, "140.0");
    EXPECT_EQ(engine->find("mass")->location.line, 4);
    EXPECT_EQ(engine->find("inertia")->value, "0.25");  // repeated section continues
    EXPECT_EQ(doc.find("wheel.fl.tire")->find("size")->value, "215,45,17");
    EXPECT_TRUE(doc.warnings.empty());
}

TEST(IniDocument, RepeatedKeyWarnsAndKeepsLast) {
    const IniDocument doc = parse_ini("[a]\nx = 1\nx = 2\n", "f");
    EXPECT_EQ(doc.find("a")->find("x")->value, "2");
    ASSERT_EQ(doc.warnings.size(), 1u);
    EXPECT_EQ(doc.warnings[0].location.line, 3);
    EXPECT_EQ(doc.warnings[0].key, "a.x");
}

TEST(IniDocument, SyntaxErrorsNameTheLine) {
    try {
        parse_ini("[a]\nx = 1\nnot a pair\n", "f.car");
        FAIL() << "expected LoadError";
    } catch (const LoadError& e) {
        EXPECT_EQ(e.location().line, 3);
        EXPECT_NE(std::string(e.what()).find("f.car:3"), std::string::npos) << e.what();
    }
    EXPECT_THROW(parse_ini("[open\n", "f"), LoadError);
    EXPECT_THROW(parse_ini("[]\n", "f"), LoadError);
    EXPECT_THROW(parse_ini(" = 3\n", "f"), LoadError);
}
