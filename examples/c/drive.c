/* A C host: the roadster on the analytic road and on a ground of its own (a 10 % ramp given
 * through callbacks), driven off in the automatic at 60 frames a second through tractive.h.
 * Usage: drive CAR.toml. Prints the speed once a second; exits 0 when both runs drove off, 1
 * otherwise, 2 on an error. */
#include <math.h>
#include <stdio.h>

#include "tractive.h"

/* The plane z = 0.1 x: the hub's height along the plane's normal is (z - 0.1 x) / sqrt(1.01). */
static void ramp_contact(void* user_data, const tractive_wheel_probe* w, tractive_contact* c) {
    const double slope = *(const double*)user_data;
    const double n = sqrt(1.0 + slope * slope);
    c->found = 1;
    c->normal[0] = -slope / n;
    c->normal[1] = 0.0;
    c->normal[2] = 1.0 / n;
    c->hub_height_m = (w->hub_m[2] - slope * w->hub_m[0]) / n;
    for (int k = 0; k < 3; ++k) c->point_m[k] = w->hub_m[k] - c->normal[k] * c->hub_height_m;
    c->friction = 1.0;
    c->rolling_resistance_factor = 1.0;
}

static int ramp_surface(void* user_data, double x, double y, double* z, double normal[3]) {
    const double slope = *(const double*)user_data;
    const double n = sqrt(1.0 + slope * slope);
    (void)y;
    *z = slope * x;
    normal[0] = -slope / n;
    normal[1] = 0.0;
    normal[2] = 1.0 / n;
    return 1;
}

static int drive(tractive_car* car, tractive_ground* ground, const char* name) {
    tractive_vehicle* v = NULL;
    if (tractive_vehicle_create(car, ground, NULL, TRACTIVE_TRANSMISSION_AUTOMATIC, &v) != TRACTIVE_OK) {
        fprintf(stderr, "error: %s\n", tractive_last_error());
        return 2;
    }
    tractive_input in = TRACTIVE_INPUT_INIT;
    in.gear_lever = 1; /* D */
    in.throttle = 0.7;
    tractive_body_state s = TRACTIVE_BODY_STATE_INIT;
    for (int frame = 1; frame <= 60 * 6; ++frame) {
        tractive_vehicle_update(v, 1.0 / 60.0, &in, NULL);
        if (frame % 60 == 0) {
            tractive_vehicle_state(v, TRACTIVE_POSE_INTERPOLATED, &s);
            printf("%s: t %.1f s, %.1f km/h, gear %d, x %.1f m, z %.2f m\n", name, s.time_s, s.speed_kmh, s.gear, s.position_m[0], s.position_m[2]);
        }
    }
    tractive_wheel_state w = TRACTIVE_WHEEL_STATE_INIT;
    tractive_vehicle_wheel(v, TRACTIVE_WHEEL_FRONT_LEFT, TRACTIVE_POSE_INTERPOLATED, &w);
    printf("%s: front left wheel at (%.2f, %.2f, %.2f) m, load %.0f N, in contact %d\n", name, w.position_m[0], w.position_m[1], w.position_m[2],
           w.load_n, w.in_contact);
    tractive_vehicle_free(v);
    return s.speed_kmh > 40.0 && w.in_contact ? 0 : 1;
}

int main(int argc, char** argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: drive CAR.toml\n");
        return 2;
    }
    tractive_car* car = NULL;
    if (tractive_car_load_file(argv[1], &car) != TRACTIVE_OK) {
        fprintf(stderr, "error: %s\n", tractive_last_error());
        return 2;
    }
    tractive_ground* road = NULL;
    tractive_ground_road(0.0, 0.0, 1.0, &road);
    double slope = 0.1;
    tractive_ground* ramp = NULL;
    tractive_ground_callback(ramp_contact, ramp_surface, &slope, &ramp);
    const int flat = drive(car, road, "road");
    const int up = drive(car, ramp, "10 % ramp");
    tractive_ground_free(road);
    tractive_ground_free(ramp);
    tractive_car_free(car);
    return flat > up ? flat : up;
}
