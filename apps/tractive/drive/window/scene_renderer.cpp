#include "scene_renderer.hpp"

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

namespace tractive::drive {

namespace {

using Mat4 = std::array<float, 16>;  // column-major, as OpenGL takes it

constexpr double kGroundSpacing_m = 1.5;
constexpr int kGroundCells = 160;          // per side: a 240 m patch
constexpr double kGroundRecentre_m = 40.0;  // resampled when the car is this far from its centre
constexpr std::size_t kMostMeshTriangles = 4'000'000;  // larger meshes are sampled like any ground (GPU memory)

const char* kVertexShader = R"(#version 330 core
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec3 a_colour;
uniform mat4 u_view_projection;
uniform mat4 u_model;
out vec3 v_world;
out vec3 v_normal;
out vec3 v_colour;
void main() {
    vec4 world = u_model * vec4(a_position, 1.0);
    v_world = world.xyz;
    v_normal = mat3(u_model) * a_normal;
    v_colour = a_colour;
    gl_Position = u_view_projection * world;
}
)";

// Lambert light from the sky; on the ground a 1 m and a 10 m grid (their lines a fixed share of
// a pixel wide, by the screen-space derivative) and fog towards the horizon.
const char* kFragmentShader = R"(#version 330 core
in vec3 v_world;
in vec3 v_normal;
in vec3 v_colour;
uniform float u_grid;
uniform vec3 u_eye;
uniform vec3 u_tint;
out vec4 o_colour;
float grid_line(vec2 p, float pitch) {
    vec2 q = p / pitch;
    vec2 d = abs(fract(q + 0.5) - 0.5) / fwidth(q);
    return 1.0 - clamp(min(d.x, d.y) - 0.5, 0.0, 1.0);
}
void main() {
    vec3 n = normalize(v_normal);
    float light = 0.35 + 0.65 * max(dot(n, normalize(vec3(0.4, 0.3, 0.85))), 0.0);
    vec3 c = v_colour * u_tint * light;
    if (u_grid > 0.5) {
        c = mix(c, c * 0.55, grid_line(v_world.xy, 1.0) * 0.6);
        c = mix(c, vec3(0.85, 0.85, 0.8), grid_line(v_world.xy, 10.0) * 0.7);
    }
    float fog = smoothstep(60.0, 160.0, length(v_world - u_eye));
    o_colour = vec4(mix(c, vec3(0.62, 0.72, 0.84), fog), 1.0);
}
)";

Mat4 multiply(const Mat4& a, const Mat4& b) {
    Mat4 r{};
    for (int c = 0; c < 4; ++c)
        for (int row = 0; row < 4; ++row) {
            float s = 0.0f;
            for (int k = 0; k < 4; ++k) s += a[static_cast<std::size_t>(k * 4 + row)] * b[static_cast<std::size_t>(c * 4 + k)];
            r[static_cast<std::size_t>(c * 4 + row)] = s;
        }
    return r;
}

Mat4 perspective(double fovy_rad, double aspect, double near_m, double far_m) {
    const double f = 1.0 / std::tan(fovy_rad / 2.0);
    Mat4 m{};
    m[0] = static_cast<float>(f / aspect);
    m[5] = static_cast<float>(f);
    m[10] = static_cast<float>((far_m + near_m) / (near_m - far_m));
    m[11] = -1.0f;
    m[14] = static_cast<float>(2.0 * far_m * near_m / (near_m - far_m));
    return m;
}

Mat4 look_at(const Vec3& eye, const Vec3& target, const Vec3& up) {
    const Vec3 f = normalized(target - eye);
    const Vec3 s = normalized(cross(f, up));
    const Vec3 u = cross(s, f);
    Mat4 m{};
    m[0] = static_cast<float>(s.x), m[4] = static_cast<float>(s.y), m[8] = static_cast<float>(s.z);
    m[1] = static_cast<float>(u.x), m[5] = static_cast<float>(u.y), m[9] = static_cast<float>(u.z);
    m[2] = static_cast<float>(-f.x), m[6] = static_cast<float>(-f.y), m[10] = static_cast<float>(-f.z);
    m[12] = static_cast<float>(-dot(s, eye));
    m[13] = static_cast<float>(-dot(u, eye));
    m[14] = static_cast<float>(dot(f, eye));
    m[15] = 1.0f;
    return m;
}

// A pose's rotation and position, then a scale along the local axes.
Mat4 pose_matrix(const Pose& p, const Vec3& local_offset = {}, const Vec3& scale = {1.0, 1.0, 1.0}) {
    const Mat3 r = to_matrix(p.orientation);
    const Vec3 origin = p.position_m + r * local_offset;
    Mat4 m{};
    const double s[3] = {scale.x, scale.y, scale.z};
    for (int c = 0; c < 3; ++c)
        for (int row = 0; row < 3; ++row) m[static_cast<std::size_t>(c * 4 + row)] = static_cast<float>(r.m[row][c] * s[c]);
    m[12] = static_cast<float>(origin.x);
    m[13] = static_cast<float>(origin.y);
    m[14] = static_cast<float>(origin.z);
    m[15] = 1.0f;
    return m;
}

void push(std::vector<float>& v, const Vec3& p, const Vec3& n, const std::array<float, 3>& c) {
    v.insert(v.end(), {static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z), static_cast<float>(n.x),
                       static_cast<float>(n.y), static_cast<float>(n.z), c[0], c[1], c[2]});
}

// The unit cube [-1, 1]^3 with face normals.
std::vector<float> cube(const std::array<float, 3>& colour) {
    std::vector<float> v;
    for (int axis = 0; axis < 3; ++axis)
        for (const double sign : {-1.0, 1.0}) {
            Vec3 n{};
            (axis == 0 ? n.x : axis == 1 ? n.y : n.z) = sign;
            const Vec3 a = axis == 0 ? Vec3{0, 1, 0} : axis == 1 ? Vec3{0, 0, 1} : Vec3{1, 0, 0};
            const Vec3 b = cross(n, a);
            const Vec3 corners[4] = {n - a - b, n + a - b, n + a + b, n - a + b};
            for (const int i : {0, 1, 2, 0, 2, 3}) push(v, corners[i], n, colour);
        }
    return v;
}

// A wheel of unit radius and unit width about the y axis: tread and two faces, in stripes so
// that its spin shows.
std::vector<float> wheel_mesh() {
    std::vector<float> v;
    constexpr int kSegments = 24;
    const std::array<float, 3> tyre_a{0.08f, 0.08f, 0.09f}, tyre_b{0.16f, 0.16f, 0.17f}, rim{0.75f, 0.75f, 0.78f}, mark{0.9f, 0.6f, 0.1f};
    for (int i = 0; i < kSegments; ++i) {
        const double a0 = 2.0 * std::numbers::pi * i / kSegments, a1 = 2.0 * std::numbers::pi * (i + 1) / kSegments;
        const Vec3 r0{std::cos(a0), 0.0, std::sin(a0)}, r1{std::cos(a1), 0.0, std::sin(a1)};
        const auto& tread = i % 2 ? tyre_a : tyre_b;
        const Vec3 half{0.0, 0.5, 0.0};
        for (const Vec3& p : {r0 - half, r1 - half, r1 + half, r0 - half, r1 + half, r0 + half}) push(v, p, normalized(Vec3{p.x, 0.0, p.z}), tread);
        for (const double side : {-0.5, 0.5}) {
            const Vec3 n{0.0, side > 0 ? 1.0 : -1.0, 0.0};
            const Vec3 c{0.0, side, 0.0};
            const auto& face = i < 2 ? mark : rim;
            for (const Vec3& p : {c, c + r0 * 0.62, c + r1 * 0.62}) push(v, p, n, face);
            for (const Vec3& p : {c + r0 * 0.62, c + r0, c + r1, c + r0 * 0.62, c + r1, c + r1 * 0.62}) push(v, p, n, tyre_a);
        }
    }
    return v;
}

unsigned compile(GLenum type, const char* source) {
    const GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &source, nullptr);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[1024];
        glGetShaderInfoLog(s, sizeof log, nullptr, log);
        throw std::runtime_error(std::string("tractive drive: a shader did not compile: ") + log);
    }
    return s;
}

}  // namespace

SceneRenderer::SceneRenderer(const VehicleModel& model) {
    const GLuint vs = compile(GL_VERTEX_SHADER, kVertexShader), fs = compile(GL_FRAGMENT_SHADER, kFragmentShader);
    program_ = glCreateProgram();
    glAttachShader(program_, vs);
    glAttachShader(program_, fs);
    glLinkProgram(program_);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(program_, GL_LINK_STATUS, &ok);
    if (!ok) throw std::runtime_error("tractive drive: the shader program did not link");
    u_view_projection_ = glGetUniformLocation(program_, "u_view_projection");
    u_model_ = glGetUniformLocation(program_, "u_model");
    u_grid_ = glGetUniformLocation(program_, "u_grid");
    u_eye_ = glGetUniformLocation(program_, "u_eye");
    u_tint_ = glGetUniformLocation(program_, "u_tint");

    // The body: a box over the wheels, overhanging the axles as a car does.
    double x_min = 1e9, x_max = -1e9, y_max = 0.0, z_hub = 1e9, radius = 0.0;
    for (const WheelModel& w : model.wheels) {
        x_min = std::min(x_min, w.design_position_m.x);
        x_max = std::max(x_max, w.design_position_m.x);
        y_max = std::max(y_max, std::abs(w.design_position_m.y));
        z_hub = std::min(z_hub, w.design_position_m.z);
        radius = std::max(radius, w.radius_m);
    }
    // Its floor a little below the hubs, so that the tyres show under it from behind.
    const double overhang_m = 0.8, bottom = z_hub - 0.1 * radius, top = z_hub + 0.75;
    body_half_extent_ = {static_cast<float>(0.5 * (x_max - x_min) + overhang_m), static_cast<float>(y_max - 0.02),  // the tyres' outer halves show
                         static_cast<float>(0.5 * (top - bottom))};
    body_centre_ = {static_cast<float>(0.5 * (x_max + x_min)), 0.0f, static_cast<float>(0.5 * (top + bottom))};
    // The driver's eyes: a little behind the middle of the wheelbase, on the left, 1.1 m over the road.
    eye_in_body_ = {static_cast<float>(0.5 * (x_max + x_min) - 0.1 * (x_max - x_min)), static_cast<float>(0.38 * y_max),
                    static_cast<float>(z_hub - radius + 1.1)};
    upload(box_, cube({1.0f, 1.0f, 1.0f}));
    upload(wheel_, wheel_mesh());
    glEnable(GL_DEPTH_TEST);
}

SceneRenderer::~SceneRenderer() {
    for (Mesh* m : {&ground_, &box_, &wheel_}) {
        glDeleteBuffers(1, &m->vbo);
        glDeleteVertexArrays(1, &m->vao);
    }
    glDeleteProgram(program_);
}

void SceneRenderer::upload(Mesh& mesh, const std::vector<float>& vertices) {
    if (mesh.vao == 0) {
        glGenVertexArrays(1, &mesh.vao);
        glGenBuffers(1, &mesh.vbo);
        glBindVertexArray(mesh.vao);
        glBindBuffer(GL_ARRAY_BUFFER, mesh.vbo);
        constexpr GLsizei kStride = 9 * sizeof(float);
        for (GLuint i = 0; i < 3; ++i) {
            glEnableVertexAttribArray(i);
            glVertexAttribPointer(i, 3, GL_FLOAT, GL_FALSE, kStride, reinterpret_cast<const void*>(static_cast<std::uintptr_t>(i * 3 * sizeof(float))));
        }
    }
    glBindBuffer(GL_ARRAY_BUFFER, mesh.vbo);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size() * sizeof(float)), vertices.data(), GL_STATIC_DRAW);
    mesh.vertex_count = static_cast<int>(vertices.size() / 9);
}

// The colour of a surface by its friction: asphalt grey; slippery surfaces blue, grippier or loose
// ones greener.
std::array<float, 3> surface_colour(double friction) {
    const float f = static_cast<float>(std::clamp(friction, 0.0, 1.5));
    return f < 0.95f ? std::array<float, 3>{0.25f + 0.1f * f, 0.3f + 0.05f * f, 0.5f - 0.15f * f}
                     : std::array<float, 3>{0.33f, 0.33f + 0.1f * (f - 1.0f), 0.35f};
}

void SceneRenderer::build_mesh_ground(const TriangleMesh& mesh) {
    std::vector<float> v;
    v.reserve(mesh.triangles.size() * 27);
    for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
        const auto& tri = mesh.triangles[t];
        const Vec3 a = mesh.vertices_m[tri[0]], b = mesh.vertices_m[tri[1]], c = mesh.vertices_m[tri[2]];
        Vec3 n = cross(b - a, c - a);
        n = norm(n) > 0.0 ? normalized(n) : Vec3{0.0, 0.0, 1.0};
        if (n.z < 0.0) n = n * -1.0;  // lit from above whichever way the file winds it
        const std::size_t s = mesh.surface_of_triangle.empty() ? 0 : mesh.surface_of_triangle[t];
        const auto colour = surface_colour(s < mesh.surfaces.size() ? mesh.surfaces[s].friction_factor(0.0) : 1.0);
        for (const Vec3& p : {a, b, c}) push(v, p, n, colour);
    }
    upload(ground_, v);
    ground_built_ = ground_is_mesh_ = true;
}

void SceneRenderer::build_ground(const Ground& ground, double centre_x_m, double centre_y_m) {
    // Grid points on a world-aligned lattice, so the drawn ground does not shift when resampled.
    const double x0 = std::round(centre_x_m / 12.0) * 12.0 - 0.5 * kGroundCells * kGroundSpacing_m;
    const double y0 = std::round(centre_y_m / 12.0) * 12.0 - 0.5 * kGroundCells * kGroundSpacing_m;
    constexpr int n = kGroundCells + 1;
    std::vector<std::optional<SurfacePoint>> samples(static_cast<std::size_t>(n * n));
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) samples[static_cast<std::size_t>(j * n + i)] = ground.surface_at(x0 + i * kGroundSpacing_m, y0 + j * kGroundSpacing_m);
    std::vector<float> v;
    v.reserve(static_cast<std::size_t>(kGroundCells * kGroundCells * 6 * 9));
    const auto vertex = [&](int i, int j) {
        const SurfacePoint& s = *samples[static_cast<std::size_t>(j * n + i)];
        push(v, {x0 + i * kGroundSpacing_m, y0 + j * kGroundSpacing_m, s.z_m}, s.normal, surface_colour(s.friction_factor));
    };
    for (int j = 0; j < kGroundCells; ++j)
        for (int i = 0; i < kGroundCells; ++i) {
            const auto at = [&](int di, int dj) { return samples[static_cast<std::size_t>((j + dj) * n + i + di)].has_value(); };
            if (at(0, 0) && at(1, 0) && at(1, 1)) vertex(i, j), vertex(i + 1, j), vertex(i + 1, j + 1);
            if (at(0, 0) && at(1, 1) && at(0, 1)) vertex(i, j), vertex(i + 1, j + 1), vertex(i, j + 1);
        }
    upload(ground_, v);
    ground_built_ = true;
    ground_x_m_ = centre_x_m;
    ground_y_m_ = centre_y_m;
}

void SceneRenderer::draw_mesh(const Mesh& mesh, const Mat4& model, float grid, const std::array<float, 3>& tint) {
    glUniformMatrix4fv(u_model_, 1, GL_FALSE, model.data());
    glUniform3f(u_tint_, tint[0], tint[1], tint[2]);
    glUniform1f(u_grid_, grid);
    glBindVertexArray(mesh.vao);
    glDrawArrays(GL_TRIANGLES, 0, mesh.vertex_count);
}

void SceneRenderer::draw(const Vehicle& car, CameraMode camera, int width_px, int height_px, double frame_dt_s) {
    const Pose body = car.body_pose(true);
    const auto* mesh = dynamic_cast<const MeshGround*>(&car.ground());
    if (mesh && mesh->mesh().triangles.size() <= kMostMeshTriangles) {
        if (!ground_built_) build_mesh_ground(mesh->mesh());
    } else if (!ground_built_ || std::hypot(body.position_m.x - ground_x_m_, body.position_m.y - ground_y_m_) > kGroundRecentre_m) {
        build_ground(car.ground(), body.position_m.x, body.position_m.y);
    }
    const Mat3 r = to_matrix(body.orientation);
    const Vec3 forward = r * Vec3{1.0, 0.0, 0.0};
    Vec3 eye, target, up{0.0, 0.0, 1.0};
    double fovy = 55.0;
    if (camera == CameraMode::Chase) {
        Vec3 heading{forward.x, forward.y, 0.0};
        heading = norm(heading) > 1e-6 ? normalized(heading) : Vec3{1.0, 0.0, 0.0};
        const Vec3 wanted = body.position_m - heading * 6.5 + Vec3{0.0, 0.0, 2.0};
        Vec3 e{chase_eye_[0], chase_eye_[1], chase_eye_[2]};
        // The camera follows like a spring-damped boom (time constant 0.2 s), from where it was.
        e = chase_started_ ? e + (wanted - e) * (1.0 - std::exp(-std::max(frame_dt_s, 0.0) / 0.2)) : wanted;
        chase_started_ = true;
        chase_eye_ = {static_cast<float>(e.x), static_cast<float>(e.y), static_cast<float>(e.z)};
        eye = e;
        target = body.position_m + Vec3{0.0, 0.0, 0.6};
    } else if (camera == CameraMode::Side) {  // beside the car, level with it
        Vec3 left{-forward.y, forward.x, 0.0};
        left = norm(left) > 1e-6 ? normalized(left) : Vec3{0.0, 1.0, 0.0};
        eye = body.position_m + left * 7.0 + Vec3{0.0, 0.0, 0.8};
        target = body.position_m;
    } else {
        eye = body.position_m + r * Vec3{eye_in_body_[0], eye_in_body_[1], eye_in_body_[2]};
        target = eye + forward * 10.0;
        up = r * Vec3{0.0, 0.0, 1.0};
        fovy = 75.0;
    }
    glViewport(0, 0, width_px, height_px);
    glClearColor(0.62f, 0.72f, 0.84f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glUseProgram(program_);
    const Mat4 vp = multiply(perspective(fovy * std::numbers::pi / 180.0, std::max(1, width_px) / static_cast<double>(std::max(1, height_px)), 0.1, 1000.0),
                             look_at(eye, target, up));
    glUniformMatrix4fv(u_view_projection_, 1, GL_FALSE, vp.data());
    glUniform3f(u_eye_, static_cast<float>(eye.x), static_cast<float>(eye.y), static_cast<float>(eye.z));

    Mat4 identity{};
    identity[0] = identity[5] = identity[10] = identity[15] = 1.0f;
    draw_mesh(ground_, identity, 1.0f);
    if (camera != CameraMode::Cockpit) {  // the cockpit camera sits inside the body
        const Vec3 c{body_centre_[0], body_centre_[1], body_centre_[2]};
        const Vec3 h{body_half_extent_[0], body_half_extent_[1], body_half_extent_[2]};
        draw_mesh(box_, pose_matrix(body, c, h), 0.0f, {0.72f, 0.08f, 0.06f});
        // The cabin: narrower, over the rear half of the wheelbase.
        draw_mesh(box_, pose_matrix(body, c + Vec3{-0.15 * h.x, 0.0, h.z + 0.18}, Vec3{0.45 * h.x, 0.85 * h.y, 0.2}), 0.0f, {0.12f, 0.13f, 0.16f});
    }
    for (int i = 0; i < 4; ++i) {
        const WheelPose w = car.wheel_pose(i, true);
        const WheelModel& m = car.model().wheels[static_cast<std::size_t>(i)];
        const double width = std::max(car.model().spec.wheels[static_cast<std::size_t>(i)].tyre.width_m, 0.15);
        draw_mesh(wheel_, pose_matrix(w.pose, {}, {m.radius_m, width, m.radius_m}), 0.0f);
    }
}

}  // namespace tractive::drive
