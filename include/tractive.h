/* tractive's C interface: load a car, make a ground (the analytic road, a ground file, or your
 * own through callbacks), create a vehicle on it, update it every frame with the driver's inputs
 * (through the transmission controller, automated clutch, ABS and traction control at every
 * internal step) and read its state and its wheels' transforms. For Unity, Godot, C#, Python's
 * ctypes, or any language with a C foreign-function interface. Link with libtractive.so.
 *
 * Stability: within one TRACTIVE_C_API_VERSION, functions, enum values and struct members are only
 * added, never changed or removed; a struct grows only at its end. Every struct passed in or out
 * carries its size as its first member: set it with the struct's TRACTIVE_..._INIT (or to
 * sizeof the struct) so that a library newer or older than your header reads and writes only
 * what both know. Docs: docs/c-api.md.
 *
 * Conventions: SI units (m, s, N, rad unless a name says _deg or _kmh); world axes x, y
 * horizontal and z up; quaternions as w, x, y, z (body axes to world). Every function that can
 * fail returns a tractive_status; on failure tractive_last_error() gives a message naming the
 * file, line and key where there is one. Handles are not shared between threads while one of them
 * updates; different vehicles may be updated from different threads. */
#ifndef TRACTIVE_H
#define TRACTIVE_H

#ifdef __cplusplus
extern "C" {
#endif

#include <stddef.h>

#define TRACTIVE_C_API_VERSION 2

#if defined(_WIN32)
#define TRACTIVE_API __declspec(dllexport)
#else
#define TRACTIVE_API __attribute__((visibility("default")))
#endif

typedef enum tractive_status {
    TRACTIVE_OK = 0,
    TRACTIVE_BAD_INPUT = 1, /* a file or text that cannot be used, an argument out of range, a NULL */
    TRACTIVE_FAILED = 2     /* anything else (out of memory, an internal error) */
} tractive_status;

/* The transmission a vehicle is driven through. */
typedef enum tractive_transmission {
    TRACTIVE_TRANSMISSION_OF_CAR = 0, /* the car file's own mode */
    TRACTIVE_TRANSMISSION_MANUAL = 1,
    TRACTIVE_TRANSMISSION_SEQUENTIAL = 2,
    TRACTIVE_TRANSMISSION_AUTOMATIC = 3
} tractive_transmission;

typedef enum tractive_wheel {
    TRACTIVE_WHEEL_FRONT_LEFT = 0,
    TRACTIVE_WHEEL_FRONT_RIGHT = 1,
    TRACTIVE_WHEEL_REAR_LEFT = 2,
    TRACTIVE_WHEEL_REAR_RIGHT = 3
} tractive_wheel;

/* Which pose a state read gives. */
typedef enum tractive_pose {
    TRACTIVE_POSE_LAST_STEP = 0,    /* the last internal step's */
    TRACTIVE_POSE_INTERPOLATED = 1  /* between the last two internal steps (one step behind the frame's time): for drawing */
} tractive_pose;

typedef struct tractive_car tractive_car;
typedef struct tractive_ground tractive_ground;
typedef struct tractive_vehicle tractive_vehicle;

/* The message of the last call that failed on this thread ("" when none). Valid until the next
 * failing call on this thread. */
TRACTIVE_API const char* tractive_last_error(void);
/* TRACTIVE_C_API_VERSION of the library in use. */
TRACTIVE_API int tractive_api_version(void);

/* Cars: a .toml car or a VDrift .car file, or TOML text (label names it in messages; files it
 * names are resolved from the working folder). */
TRACTIVE_API tractive_status tractive_car_load_file(const char* path, tractive_car** out);
TRACTIVE_API tractive_status tractive_car_load_toml(const char* text, const char* label, tractive_car** out);
TRACTIVE_API void tractive_car_free(tractive_car* car);
/* A car's parameters by dotted key of the TOML car format (docs/car-format.md, "Reference"; a
 * VDrift car as it converts): get writes the value as TOML text ("23000", "[0.95, 0, 0.14]",
 * "\"manual\"") into out, NUL-terminated, and fails with TRACTIVE_BAD_INPUT when it needs more than
 * `size` bytes (the message says how many); set takes a TOML value and checks the changed car as the
 * loader checks a file (the car is unchanged when it fails). Vehicles created before a set keep
 * the car they were created with. */
TRACTIVE_API tractive_status tractive_car_get_parameter(const tractive_car* car, const char* key, char* out, size_t size);
TRACTIVE_API tractive_status tractive_car_set_parameter(tractive_car* car, const char* key, const char* value_toml);

/* Grounds. The analytic road: a plane of the given grade (rise over run), bank (degrees, left
 * side up) and friction factor. A ground file: .obj, .png, .csv or .toml (docs/grounds.md). */
TRACTIVE_API tractive_status tractive_ground_road(double grade, double bank_deg, double friction, tractive_ground** out);
TRACTIVE_API tractive_status tractive_ground_load_file(const char* path, tractive_ground** out);

/* Your own ground: the step calls contact() for each wheel and each of the body's contact points
 * (5 cm spheres with axle all zero) at every internal step, world axes, and expects the contact
 * filled in; surface() (for placing a car) returns 1 with
 * the height and normal at (x, y), or 0 where there is no ground. Both get user_data. They must
 * not call back into tractive. */
typedef struct tractive_wheel_probe {
    size_t size;    /* sizeof the struct as the library knows it */
    double hub_m[3];
    double axle[3]; /* unit: the wheel's spin axis, to its left, as the last internal step found it */
    double up[3];   /* unit: the body's z axis */
    double radius_m;
    double width_m;
    double tread;   /* the tyre's tread, 0 road .. 1 off-road */
} tractive_wheel_probe;

typedef struct tractive_contact {
    size_t size;                        /* set by the library: fill only the members within it */
    int found;                          /* 0: no ground within reach (the wheel is off the ground) */
    double normal[3];                   /* unit, out of the surface */
    double hub_height_m;                /* the hub's distance from the surface along normal */
    double point_m[3];                  /* hub - normal * hub_height_m */
    double friction;                    /* factor on the tyre's friction, 1 = its data's surface */
    double rolling_resistance_factor;   /* factor on its rolling resistance, 1 = as its data */
    double surface_velocity_m_per_s[3]; /* a moving platform's, else 0 */
} tractive_contact;

typedef void (*tractive_contact_fn)(void* user_data, const tractive_wheel_probe* wheel, tractive_contact* contact);
typedef int (*tractive_surface_fn)(void* user_data, double x_m, double y_m, double* z_m, double normal[3]);

TRACTIVE_API tractive_status tractive_ground_callback(tractive_contact_fn contact, tractive_surface_fn surface, void* user_data,
                                                      tractive_ground** out);

/* Optional answer of your own ground: 1 only where contact() would find none of the count spheres
 * (centres_m: x, y, z of each in turn, world axes) within radius_m of the surface; the step then
 * asks contact() about none of the body's points that step. 0: it cannot tell, and each point is
 * asked, as without it. It gets user_data and must not call back into tractive. */
typedef int (*tractive_spheres_clear_fn)(void* user_data, const double* centres_m, size_t count, double radius_m);

/* Your own ground with all its callbacks: contact and surface as for tractive_ground_callback, and
 * the optional ones (NULL: not given). */
typedef struct tractive_ground_callbacks {
    size_t size; /* TRACTIVE_GROUND_CALLBACKS_INIT */
    tractive_contact_fn contact;
    tractive_surface_fn surface;
    tractive_spheres_clear_fn spheres_clear; /* optional */
} tractive_ground_callbacks;

TRACTIVE_API tractive_status tractive_ground_from_callbacks(const tractive_ground_callbacks* callbacks, void* user_data,
                                                            tractive_ground** out);
/* Where a ground file says a car starts; 0 when it says nothing (then the origin, heading +x,
 * written to the outputs given). */
TRACTIVE_API int tractive_ground_start(const tractive_ground* ground, double* x_m, double* y_m, double* heading_deg);
TRACTIVE_API void tractive_ground_free(tractive_ground* ground);

/* Vehicles. A vehicle keeps what it needs of its car and ground: both may be freed after. */
typedef struct tractive_start {
    size_t size;        /* TRACTIVE_START_INIT */
    double x_m, y_m;
    double heading_deg; /* 0 = +x, + = to the left */
    double speed_kmh;   /* a rolling start */
    int gear;           /* the gear it starts in (0 = neutral) */
} tractive_start;

/* start NULL: at rest at the origin heading +x. */
TRACTIVE_API tractive_status tractive_vehicle_create(const tractive_car* car, const tractive_ground* ground, const tractive_start* start,
                                                     tractive_transmission transmission, tractive_vehicle** out);
TRACTIVE_API void tractive_vehicle_free(tractive_vehicle* vehicle);

typedef struct tractive_input {
    size_t size;      /* TRACTIVE_INPUT_INIT */
    double throttle;  /* 0..1 */
    double brake;     /* 0..1 */
    double clutch;    /* pedal travel 0..1 (manual mode) */
    double steering;  /* -1..1, + = left */
    double handbrake; /* 0..1 */
    int gear_lever;   /* manual: -1 reverse, 0 neutral, 1..n; automatic: -1 R, 0 N, 1 D */
    int shift_up;     /* sequential paddles, 1 = pressed this frame */
    int shift_down;
    int start_engine; /* 1 = the starter */
} tractive_input;

/* Advances by dt_s through the control layer; internal_steps (may be NULL) gets how many were
 * taken and stand. A dt that is negative, infinite or not a number simulates nothing
 * (TRACTIVE_BAD_INPUT). A step that would end in a state no car can have (not finite, or the
 * body beyond 1,000 m/s or 1,000 rad/s, a shaft or wheel beyond 10,000 rad/s: an impossible
 * force or impulse from the host) keeps the vehicle at its last good state, counts neither it
 * nor the steps after it, and returns TRACTIVE_FAILED, saying which bound it broke. */
TRACTIVE_API tractive_status tractive_vehicle_update(tractive_vehicle* vehicle, double dt_s, const tractive_input* input, int* internal_steps);

/* tractive_vehicle_update for `count` vehicles at once, vehicle k with *inputs[k], faster: their
 * internal steps taken together, four vehicles at a time (docs/c-api.md). Each vehicle comes out
 * exactly as its own tractive_vehicle_update would leave it. internal_steps (may be NULL) gets
 * count numbers. TRACTIVE_BAD_INPUT, nothing stepped: NULL arrays, a NULL vehicle or input, an
 * input without its size, a vehicle twice in one four (vehicles[4k] to [4k + 3]), or a dt that is negative
 * or not a number. TRACTIVE_FAILED when a vehicle's step failed: that vehicle kept at its last
 * good state (every such vehicle's number in the message), the others stepped. */
TRACTIVE_API tractive_status tractive_vehicles_update(tractive_vehicle* const* vehicles, size_t count, double dt_s,
                                                      const tractive_input* const* inputs, int* internal_steps);

typedef struct tractive_body_state {
    size_t size; /* TRACTIVE_BODY_STATE_INIT */
    double time_s;
    double position_m[3];
    double orientation_wxyz[4];
    double velocity_m_per_s[3];
    double angular_velocity_rad_per_s[3];
    double speed_kmh;
    double engine_rpm;
    int gear;
    int engine_running;
} tractive_body_state;

typedef struct tractive_wheel_state {
    size_t size;                /* TRACTIVE_WHEEL_STATE_INIT */
    double position_m[3];       /* the wheel's centre */
    double orientation_wxyz[4]; /* x along its heading, y its spin axis (left), spun by its angle */
    double contact_point_m[3];
    double contact_normal[3];
    int in_contact;
    double load_n;
    double slip_ratio;
    double slip_angle_rad;
    double steer_rad;
    double spin_rad_per_s;
} tractive_wheel_state;

/* out->size must be set (TRACTIVE_..._INIT); the members within it are written. */
TRACTIVE_API tractive_status tractive_vehicle_state(const tractive_vehicle* vehicle, tractive_pose pose, tractive_body_state* out);
TRACTIVE_API tractive_status tractive_vehicle_wheel(const tractive_vehicle* vehicle, tractive_wheel wheel, tractive_pose pose,
                                                    tractive_wheel_state* out);

/* From the host's own physics: a force at a world point held over the next update, an impulse
 * delivered in the next internal step. */
TRACTIVE_API tractive_status tractive_vehicle_add_force(tractive_vehicle* vehicle, const double force_n[3], const double point_m[3]);
TRACTIVE_API tractive_status tractive_vehicle_add_impulse(tractive_vehicle* vehicle, const double impulse_ns[3], const double point_m[3]);
/* Puts the car at a new start on its ground (NULL: the origin). */
TRACTIVE_API tractive_status tractive_vehicle_reset(tractive_vehicle* vehicle, const tractive_start* start);

#ifdef __cplusplus
}
#endif

/* Each struct with its size set and every other member zero. */
#ifdef __cplusplus
template <class T>
inline T tractive_sized_struct() {
    T value{};
    value.size = sizeof(T);
    return value;
}
#define TRACTIVE_START_INIT tractive_sized_struct<tractive_start>()
#define TRACTIVE_INPUT_INIT tractive_sized_struct<tractive_input>()
#define TRACTIVE_BODY_STATE_INIT tractive_sized_struct<tractive_body_state>()
#define TRACTIVE_WHEEL_STATE_INIT tractive_sized_struct<tractive_wheel_state>()
#define TRACTIVE_GROUND_CALLBACKS_INIT tractive_sized_struct<tractive_ground_callbacks>()
#else
#define TRACTIVE_START_INIT {.size = sizeof(tractive_start)}
#define TRACTIVE_INPUT_INIT {.size = sizeof(tractive_input)}
#define TRACTIVE_BODY_STATE_INIT {.size = sizeof(tractive_body_state)}
#define TRACTIVE_WHEEL_STATE_INIT {.size = sizeof(tractive_wheel_state)}
#define TRACTIVE_GROUND_CALLBACKS_INIT {.size = sizeof(tractive_ground_callbacks)}
#endif

#endif /* TRACTIVE_H */
