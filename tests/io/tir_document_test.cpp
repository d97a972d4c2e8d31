// The TYDEX .tir text layout (io/tir_document.hpp): sections, KEY = value with numbers and quoted
// strings, $ and ! comments, table rows, and errors that name the line.
#include <gtest/gtest.h>

#include <string>

#include "tractive/io/tir_document.hpp"

namespace tractive {
namespace {

double number(const TirSection& s, const char* key) { return std::get<double>(s.find(key)->value); }

TEST(TirDocument, ReadsSectionsNumbersStringsCommentsAndTables) {
    const std::string text =
        "[MDI_HEADER]\n"
        "FILE_TYPE                ='tir'\n"
        "FILE_VERSION             =3.0\n"
        "$----------------------------------------------------------------units\n"
        "[units]\n"
        "LENGTH                   ='meter'                $Length unit\n"
        "FORCE                    = \"newton\"  ! a bang comment\n"
        "[MODEL]\n"
        "FITTYP = 61 $ MF 6.1\n"
        "LONGVL = 1.665e+001\n"
        "pdx1 = 1.0D+00\n"
        "TYRESIDE = 'LEFT'  $ a '$' inside a string stays: 'a$b' below\n"
        "NOTE = 'a$b'\n"
        "[SHAPE]\n"
        "{radial width}\n"
        " 1.0    0.0\n"
        " 1.0    0.4\n"
        "[model]\n"
        "PDX2 = -0.05\n";
    const TirDocument doc = parse_tir(text, "t.tir");
    ASSERT_EQ(doc.sections.size(), 4u);  // MDI_HEADER, UNITS, MODEL (continued), SHAPE
    const TirSection* units = doc.find("UNITS");
    ASSERT_NE(units, nullptr);
    EXPECT_EQ(std::get<std::string>(units->find("LENGTH")->value), "meter");
    EXPECT_EQ(std::get<std::string>(units->find("FORCE")->value), "newton");
    const TirSection* model = doc.find("MODEL");
    ASSERT_NE(model, nullptr);
    EXPECT_EQ(number(*model, "FITTYP"), 61.0);
    EXPECT_DOUBLE_EQ(number(*model, "LONGVL"), 16.65);
    EXPECT_DOUBLE_EQ(number(*model, "PDX1"), 1.0);  // key upper-cased, D exponent read
    EXPECT_DOUBLE_EQ(number(*model, "PDX2"), -0.05);  // the repeated section continues
    EXPECT_EQ(std::get<std::string>(model->find("NOTE")->value), "a$b");
    EXPECT_EQ(model->find("NOTE")->location.line, 13);
    const TirSection* shape = doc.find("SHAPE");
    ASSERT_NE(shape, nullptr);
    ASSERT_EQ(shape->table_rows.size(), 2u);
    EXPECT_DOUBLE_EQ(shape->table_rows[1][1], 0.4);
    EXPECT_TRUE(doc.warnings.empty());
}

TEST(TirDocument, ARepeatedKeyReplacesTheEarlierOneWithAWarning) {
    const TirDocument doc = parse_tir("[MODEL]\nLONGVL = 10\nLONGVL = 20\n", "t.tir");
    EXPECT_DOUBLE_EQ(number(*doc.find("MODEL"), "LONGVL"), 20.0);
    ASSERT_EQ(doc.warnings.size(), 1u);
    EXPECT_EQ(doc.warnings[0].location.line, 3);
    EXPECT_EQ(doc.warnings[0].key, "MODEL.LONGVL");
}

// Each malformed line is refused with its file, line and what was expected.
TEST(TirDocument, RefusesMalformedLinesNamingTheLine) {
    const struct {
        const char* text;
        int line;
        const char* needle;
    } cases[] = {
        {"[MODEL\nA = 1\n", 1, "unclosed section"},
        {"[MODEL]\nLONGVL = fast\n", 2, "not a number"},
        {"[MODEL]\nLONGVL = nan\n", 2, "not a number"},
        {"[MODEL]\nNAME = 'open\n", 2, "unclosed string"},
        {"[MODEL]\njust words\n", 2, "expected 'KEY = value'"},
        {"LONGVL = 1\n", 1, "before the first [SECTION]"},
        {"[MODEL]\n = 1\n", 2, "empty key"},
        {"[SHAPE]\n{radial width\n", 2, "unclosed table header"},
        {"[SHAPE]\n{radial width}\n1.0 x\n", 3, "table row"},
    };
    for (const auto& c : cases) {
        try {
            (void)parse_tir(c.text, "bad.tir");
            ADD_FAILURE() << "accepted: " << c.text;
        } catch (const LoadError& e) {
            EXPECT_EQ(e.location().file, "bad.tir");
            EXPECT_EQ(e.location().line, c.line) << c.text;
            EXPECT_NE(std::string(e.what()).find(c.needle), std::string::npos) << e.what();
        }
    }
}

}  // namespace
}  // namespace tractive
