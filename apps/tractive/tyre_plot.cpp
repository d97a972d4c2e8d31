#include "tyre_plot.hpp"

#include <cairo.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <numbers>
#include <stdexcept>
#include <string_view>
#include <system_error>

#include "atomic_write.hpp"

namespace tractive::cli {

namespace {

constexpr int kPanelWidth = 520;
constexpr int kPanelHeight = 400;
constexpr int kTitleHeight = 40;
constexpr double kMarginLeft = 70.0, kMarginRight = 16.0, kMarginTop = 30.0, kMarginBottom = 48.0;

// Line colours per load (a colour-blind-safe set).
constexpr std::array<std::array<double, 3>, 6> kColours = {{{0.00, 0.45, 0.70},
                                                            {0.84, 0.37, 0.00},
                                                            {0.00, 0.62, 0.45},
                                                            {0.80, 0.47, 0.65},
                                                            {0.34, 0.71, 0.91},
                                                            {0.90, 0.62, 0.00}}};

// A "nice" tick step for a range: 1, 2 or 5 times a power of ten, about six ticks.
double tick_step(double span) {
    if (!(span > 0.0)) return 1.0;
    const double raw = span / 6.0;
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double m : {1.0, 2.0, 5.0, 10.0}) {
        if (raw <= m * p) return m * p;
    }
    return 10.0 * p;
}

struct Axis {
    double lo, hi;
};

Axis padded(double lo, double hi) {
    if (!(hi > lo)) {
        lo -= 1.0;
        hi += 1.0;
    }
    const double step = tick_step(hi - lo);
    return {std::floor(lo / step) * step, std::ceil(hi / step) * step};
}

void text(cairo_t* cr, double x, double y, const std::string& s, double align_x, double align_y) {
    cairo_text_extents_t e;
    cairo_text_extents(cr, s.c_str(), &e);
    cairo_move_to(cr, x - align_x * e.width - e.x_bearing, y - align_y * e.height - e.y_bearing);
    cairo_show_text(cr, s.c_str());
}

std::string tick_label(double v, double step) {
    const int decimals = std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9)));
    return fmt::format("{:.{}f}", std::abs(v) < 1e-12 * step ? 0.0 : v, decimals);
}

// One panel at (x0, y0): y[i] against x for every series.
void panel(cairo_t* cr, double x0, double y0, const std::string& title, const std::string& x_label, const std::string& y_label,
           const std::vector<double>& x, const std::vector<std::vector<double>>& ys, const std::vector<std::string>& names) {
    double ylo = 0.0, yhi = 0.0;
    for (const auto& y : ys) {
        for (const double v : y) {
            if (std::isfinite(v)) {
                ylo = std::min(ylo, v);
                yhi = std::max(yhi, v);
            }
        }
    }
    const Axis ax = padded(x.front(), x.back());
    const Axis ay = padded(ylo, yhi);
    const double left = x0 + kMarginLeft, right = x0 + kPanelWidth - kMarginRight;
    const double top = y0 + kMarginTop, bottom = y0 + kPanelHeight - kMarginBottom;
    const auto px = [&](double v) { return left + (v - ax.lo) / (ax.hi - ax.lo) * (right - left); };
    const auto py = [&](double v) { return bottom - (v - ay.lo) / (ay.hi - ay.lo) * (bottom - top); };
    cairo_set_font_size(cr, 12.0);
    // Grid and ticks.
    cairo_set_line_width(cr, 1.0);
    const double sx = tick_step(ax.hi - ax.lo), sy = tick_step(ay.hi - ay.lo);
    for (double v = ax.lo; v <= ax.hi + 1e-9 * sx; v += sx) {
        cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
        cairo_move_to(cr, px(v), top);
        cairo_line_to(cr, px(v), bottom);
        cairo_stroke(cr);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        text(cr, px(v), bottom + 6.0, tick_label(v, sx), 0.5, 0.0);
    }
    for (double v = ay.lo; v <= ay.hi + 1e-9 * sy; v += sy) {
        cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
        cairo_move_to(cr, left, py(v));
        cairo_line_to(cr, right, py(v));
        cairo_stroke(cr);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        text(cr, left - 6.0, py(v), tick_label(v, sy), 1.0, 0.5);
    }
    // Zero lines and frame.
    cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
    if (ax.lo < 0.0 && ax.hi > 0.0) {
        cairo_move_to(cr, px(0.0), top);
        cairo_line_to(cr, px(0.0), bottom);
    }
    if (ay.lo < 0.0 && ay.hi > 0.0) {
        cairo_move_to(cr, left, py(0.0));
        cairo_line_to(cr, right, py(0.0));
    }
    cairo_stroke(cr);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cairo_rectangle(cr, left, top, right - left, bottom - top);
    cairo_stroke(cr);
    // The legend goes in the corner the curves cross least.
    const double legend_w = 120.0, legend_h = 16.0 * static_cast<double>(ys.size()) + 8.0;
    const std::array<std::pair<double, double>, 4> corners = {{{left + 4.0, top + 4.0},
                                                               {right - legend_w - 4.0, top + 4.0},
                                                               {left + 4.0, bottom - legend_h - 4.0},
                                                               {right - legend_w - 4.0, bottom - legend_h - 4.0}}};
    std::size_t best_corner = 0;
    int fewest = -1;
    for (std::size_t c = 0; c < corners.size(); ++c) {
        int inside = 0;
        for (const auto& y : ys) {
            for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
                const double cx = px(x[i]), cy = py(y[i]);
                if (cx >= corners[c].first && cx <= corners[c].first + legend_w && cy >= corners[c].second &&
                    cy <= corners[c].second + legend_h)
                    ++inside;
            }
        }
        if (fewest < 0 || inside < fewest) {
            fewest = inside;
            best_corner = c;
        }
    }
    const double legend_x = corners[best_corner].first, legend_y = corners[best_corner].second;
    // Curves.
    cairo_set_line_width(cr, 2.0);
    for (std::size_t s = 0; s < ys.size(); ++s) {
        const auto& c = kColours[s % kColours.size()];
        cairo_set_source_rgb(cr, c[0], c[1], c[2]);
        bool pen = false;
        for (std::size_t i = 0; i < x.size() && i < ys[s].size(); ++i) {
            if (!std::isfinite(ys[s][i])) {
                pen = false;
                continue;
            }
            if (pen) {
                cairo_line_to(cr, px(x[i]), py(ys[s][i]));
            } else {
                cairo_move_to(cr, px(x[i]), py(ys[s][i]));
                pen = true;
            }
        }
        cairo_stroke(cr);
        // Legend entry.
        const double ly = legend_y + 12.0 + 16.0 * static_cast<double>(s);
        cairo_move_to(cr, legend_x + 6.0, ly);
        cairo_line_to(cr, legend_x + 30.0, ly);
        cairo_stroke(cr);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        text(cr, legend_x + 36.0, ly, names[s], 0.0, 0.5);
    }
    // Labels.
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cairo_set_font_size(cr, 14.0);
    text(cr, 0.5 * (left + right), y0 + 8.0, title, 0.5, 0.0);
    cairo_set_font_size(cr, 12.0);
    text(cr, 0.5 * (left + right), bottom + 26.0, x_label, 0.5, 0.0);
    cairo_save(cr);
    cairo_translate(cr, x0 + 14.0, 0.5 * (top + bottom));
    cairo_rotate(cr, -std::numbers::pi / 2.0);
    text(cr, 0.0, 0.0, y_label, 0.5, 0.5);
    cairo_restore(cr);
}

}  // namespace

void write_tyre_plot_png(const TyrePlot& plot, const std::string& path) {
    if (plot.series.empty() || plot.slip_ratio.size() < 2 || plot.slip_angle_deg.size() < 2) {
        throw std::runtime_error("nothing to plot");
    }
    const int width = 3 * kPanelWidth, height = kPanelHeight + kTitleHeight;
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    cairo_t* cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1.0, 1.0, 1.0);
    cairo_paint(cr);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cairo_set_font_size(cr, 16.0);
    text(cr, 0.5 * width, 12.0, plot.title, 0.5, 0.0);
    std::vector<std::string> names;
    std::vector<std::vector<double>> fx, fy, mz;
    for (const TyrePlotSeries& s : plot.series) {
        names.push_back(fmt::format("Fz = {:.0f} N", s.fz_n));
        fx.push_back(s.fx_n);
        fy.push_back(s.fy_n);
        mz.push_back(s.mz_nm);
    }
    panel(cr, 0.0, kTitleHeight, "Longitudinal force, no slip angle", "slip ratio kappa", "Fx (N)", plot.slip_ratio, fx, names);
    panel(cr, kPanelWidth, kTitleHeight, "Lateral force, no slip ratio", "slip angle alpha (deg)", "Fy (N)", plot.slip_angle_deg,
          fy, names);
    panel(cr, 2.0 * kPanelWidth, kTitleHeight, "Aligning moment, no slip ratio", "slip angle alpha (deg)", "Mz (N m)",
          plot.slip_angle_deg, mz, names);
    cairo_destroy(cr);
    // Through an AtomicFile as every output: a link followed, a pipe written into, nothing
    // half-written left behind.
    AtomicFile file(path);
    const auto write = [](void* closure, const unsigned char* data, unsigned int length) {
        try {
            static_cast<AtomicFile*>(closure)->write(std::string_view(reinterpret_cast<const char*>(data), length));
            return CAIRO_STATUS_SUCCESS;
        } catch (...) {  // nothing may cross back into cairo's C
            return CAIRO_STATUS_WRITE_ERROR;
        }
    };
    const cairo_status_t status = cairo_surface_write_to_png_stream(surface, write, &file);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS) throw std::runtime_error(fmt::format("cannot write {}: {}", path, cairo_status_to_string(status)));
    file.commit();
}

}  // namespace tractive::cli
