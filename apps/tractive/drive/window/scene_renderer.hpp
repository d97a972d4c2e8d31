#pragma once
// Draws the world of `tractive drive` with OpenGL 3.3 core: the ground (a mesh's own triangles,
// kerbs and walls included; any other ground sampled around the car from its surface), with a
// 1 m and 10 m grid to see speed and the surface's friction as its shade, the body as a box from the
// car's wheel positions, and four wheels that steer, spin and travel. Chase, cockpit and side cameras.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "tractive/host/vehicle.hpp"
#include "tractive/world/mesh_ground.hpp"

namespace tractive::drive {

enum class CameraMode { Chase, Cockpit, Side };
inline CameraMode next_camera(CameraMode c) { return c == CameraMode::Chase ? CameraMode::Cockpit : c == CameraMode::Cockpit ? CameraMode::Side : CameraMode::Chase; }

class SceneRenderer {
public:
    // Needs a current OpenGL 3.3 context. Throws std::runtime_error when a shader does not build.
    explicit SceneRenderer(const VehicleModel& model);
    ~SceneRenderer();
    SceneRenderer(const SceneRenderer&) = delete;
    SceneRenderer& operator=(const SceneRenderer&) = delete;

    // One frame into the current framebuffer of width x height pixels: the car at its poses
    // interpolated to the frame's time.
    void draw(const Vehicle& car, CameraMode camera, int width_px, int height_px, double frame_dt_s);

private:
    struct Mesh {
        unsigned vao = 0, vbo = 0;
        int vertex_count = 0;
    };
    void build_ground(const Ground& ground, double centre_x_m, double centre_y_m);
    void build_mesh_ground(const TriangleMesh& mesh);
    void upload(Mesh& mesh, const std::vector<float>& vertices);
    void draw_mesh(const Mesh& mesh, const std::array<float, 16>& model, float grid, const std::array<float, 3>& tint = {1.0f, 1.0f, 1.0f});

    unsigned program_ = 0;
    int u_view_projection_ = -1, u_model_ = -1, u_grid_ = -1, u_eye_ = -1, u_tint_ = -1;
    Mesh ground_, box_, wheel_;
    bool ground_built_ = false;
    bool ground_is_mesh_ = false;  // drawn once, whole
    double ground_x_m_ = 0.0, ground_y_m_ = 0.0;
    std::array<float, 3> body_half_extent_{};
    std::array<float, 3> body_centre_{};
    std::array<float, 3> eye_in_body_{};
    std::array<float, 3> chase_eye_{};
    bool chase_started_ = false;
};

}  // namespace tractive::drive
