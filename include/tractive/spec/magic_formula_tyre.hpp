#pragma once
// A TYDEX .tir Magic Formula tyre (MF-Tyre 6.1 / 6.2 and MF 5.2 / PAC2002): its dimensions,
// operating conditions and coefficients by their MF names, in SI units (io/tir_loader.hpp
// converts from the file's [UNITS]). laws/tyre_magic_formula.hpp evaluates it.

#include <array>
#include <cstddef>

namespace tractive {

enum class MagicFormulaFamily {
    Mf61,     // FITTYP 61 or 62: MF-Tyre 6.1 / 6.2 (same steady-state equations)
    Pac2002,  // FITTYP 6 or 21, or PROPERTY_FILE_FORMAT 'PAC2002' / 'MF_05': MF 5.2
};

// Every coefficient the steady-state equations use: the scale factors (L*, 1 when a file does
// not give them) and the Magic Formula coefficients (0 when not given; PKY4 is 2 in MF 6.1 when
// not given, as TNO's and MFeval's readers take it).
namespace mf {
enum Coefficient : std::size_t {
    // scale factors
    LFZO, LCX, LMUX, LEX, LKX, LHX, LVX, LCY, LMUY, LEY, LKY, LKYC, LKZC, LHY, LVY, LTR, LRES, LXAL, LYKA,
    LVYKA, LS, LMX, LVMX, LMY, LGAX, LGAY, LGAZ, LSGAL,
    // longitudinal
    PCX1, PDX1, PDX2, PDX3, PEX1, PEX2, PEX3, PEX4, PKX1, PKX2, PKX3, PHX1, PHX2, PVX1, PVX2, PPX1, PPX2, PPX3, PPX4,
    RBX1, RBX2, RBX3, RCX1, REX1, REX2, RHX1,
    // overturning
    QSX1, QSX2, QSX3, QSX4, QSX5, QSX6, QSX7, QSX8, QSX9, QSX10, QSX11, QSX12, QSX13, QSX14, PPMX1,
    // lateral
    PCY1, PDY1, PDY2, PDY3, PEY1, PEY2, PEY3, PEY4, PEY5, PKY1, PKY2, PKY3, PKY4, PKY5, PKY6, PKY7, PHY1, PHY2, PHY3,
    PVY1, PVY2, PVY3, PVY4, PPY1, PPY2, PPY3, PPY4, PPY5, RBY1, RBY2, RBY3, RBY4, RCY1, REY1, REY2, RHY1, RHY2, RVY1,
    RVY2, RVY3, RVY4, RVY5, RVY6,
    // lateral relaxation length (MF 5.2)
    PTY1, PTY2,
    // rolling resistance
    QSY1, QSY2, QSY3, QSY4, QSY5, QSY6, QSY7, QSY8,
    // aligning
    QBZ1, QBZ2, QBZ3, QBZ4, QBZ5, QBZ9, QBZ10, QCZ1, QDZ1, QDZ2, QDZ3, QDZ4, QDZ6, QDZ7, QDZ8, QDZ9, QDZ10, QDZ11,
    QEZ1, QEZ2, QEZ3, QEZ4, QEZ5, QHZ1, QHZ2, QHZ3, QHZ4, PPZ1, PPZ2, SSZ1, SSZ2, SSZ3, SSZ4,
    kCount
};
}  // namespace mf

inline constexpr std::array<const char*, mf::kCount> kMagicFormulaNames = {
    "LFZO", "LCX", "LMUX", "LEX", "LKX", "LHX", "LVX", "LCY", "LMUY", "LEY", "LKY", "LKYC", "LKZC", "LHY", "LVY", "LTR",
    "LRES", "LXAL", "LYKA", "LVYKA", "LS", "LMX", "LVMX", "LMY", "LGAX", "LGAY", "LGAZ", "LSGAL",
    "PCX1", "PDX1", "PDX2", "PDX3", "PEX1", "PEX2", "PEX3", "PEX4", "PKX1", "PKX2", "PKX3", "PHX1", "PHX2", "PVX1", "PVX2",
    "PPX1", "PPX2", "PPX3", "PPX4", "RBX1", "RBX2", "RBX3", "RCX1", "REX1", "REX2", "RHX1",
    "QSX1", "QSX2", "QSX3", "QSX4", "QSX5", "QSX6", "QSX7", "QSX8", "QSX9", "QSX10", "QSX11", "QSX12", "QSX13", "QSX14",
    "PPMX1",
    "PCY1", "PDY1", "PDY2", "PDY3", "PEY1", "PEY2", "PEY3", "PEY4", "PEY5", "PKY1", "PKY2", "PKY3", "PKY4", "PKY5", "PKY6",
    "PKY7", "PHY1", "PHY2", "PHY3", "PVY1", "PVY2", "PVY3", "PVY4", "PPY1", "PPY2", "PPY3", "PPY4", "PPY5", "RBY1", "RBY2",
    "RBY3", "RBY4", "RCY1", "REY1", "REY2", "RHY1", "RHY2", "RVY1", "RVY2", "RVY3", "RVY4", "RVY5", "RVY6",
    "PTY1", "PTY2",
    "QSY1", "QSY2", "QSY3", "QSY4", "QSY5", "QSY6", "QSY7", "QSY8",
    "QBZ1", "QBZ2", "QBZ3", "QBZ4", "QBZ5", "QBZ9", "QBZ10", "QCZ1", "QDZ1", "QDZ2", "QDZ3", "QDZ4", "QDZ6", "QDZ7", "QDZ8",
    "QDZ9", "QDZ10", "QDZ11", "QEZ1", "QEZ2", "QEZ3", "QEZ4", "QEZ5", "QHZ1", "QHZ2", "QHZ3", "QHZ4", "PPZ1", "PPZ2",
    "SSZ1", "SSZ2", "SSZ3", "SSZ4",
};

// Whether coefficient c is a scale factor (1 when absent).
constexpr bool is_magic_formula_scale_factor(std::size_t c) { return c <= mf::LSGAL; }

struct MagicFormulaTyre {
    MagicFormulaFamily family = MagicFormulaFamily::Mf61;
    int fit_type = 61;  // FITTYP as the file gives it (0: only PROPERTY_FILE_FORMAT said PAC2002)
    std::array<double, mf::kCount> c{};
    double unloaded_radius_m = 0.0;           // UNLOADED_RADIUS, R0
    double nominal_load_n = 0.0;              // FNOMIN
    double nominal_pressure_pa = 0.0;         // NOMPRES (MF 6.1; 0 when not given)
    double inflation_pressure_pa = 0.0;       // INFLPRES, the operating pressure (NOMPRES when not given)
    double reference_speed_m_per_s = 16.7;    // LONGVL
    double vertical_stiffness_n_per_m = 0.0;  // VERTICAL_STIFFNESS (0 when not given)
    double vertical_damping_ns_per_m = 0.0;   // VERTICAL_DAMPING (0 when not given)
    double lateral_stiffness_n_per_m = 0.0;   // LATERAL_STIFFNESS, C_Fy (MF 6.1; 0 when not given)
    double width_m = 0.0;                     // WIDTH
    double aspect_ratio = 0.0;                // ASPECT_RATIO
    double rim_radius_m = 0.0;                // RIM_RADIUS
    double spin_inertia_kgm2 = 0.0;           // IYY (0 when not given)
    bool measured_on_right = false;           // TYRESIDE = 'RIGHT'
    friend bool operator==(const MagicFormulaTyre&, const MagicFormulaTyre&) = default;
};

}  // namespace tractive
