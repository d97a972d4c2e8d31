#pragma once
// A PNG of a tyre's curves (cairo): Fx against slip ratio, Fy and Mz against slip angle, one line
// per load, with axes, ticks, labels and a legend.

#include <string>
#include <vector>

namespace tractive::cli {

struct TyrePlotSeries {
    double fz_n = 0.0;
    std::vector<double> fx_n;   // at TyrePlot::slip_ratio
    std::vector<double> fy_n;   // at TyrePlot::slip_angle_deg
    std::vector<double> mz_nm;  // at TyrePlot::slip_angle_deg
};

struct TyrePlot {
    std::string title;
    std::vector<double> slip_ratio;
    std::vector<double> slip_angle_deg;
    std::vector<TyrePlotSeries> series;
};

// Writes the PNG to path (through a temporary file and a rename: a failed write leaves no half
// file). Throws std::runtime_error when it cannot.
void write_tyre_plot_png(const TyrePlot& plot, const std::string& path);

}  // namespace tractive::cli
