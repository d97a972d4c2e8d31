/* A C consumer of the installed tractive.h and libtractive.so: loads a car, drives it off on the
 * analytic road for 2 s and prints its speed in km/h. */
#include <stdio.h>

#include <tractive.h>

int main(int argc, char** argv) {
    tractive_car* car = NULL;
    tractive_ground* road = NULL;
    tractive_vehicle* v = NULL;
    if (argc != 2 || tractive_car_load_file(argv[1], &car) != TRACTIVE_OK || tractive_ground_road(0.0, 0.0, 1.0, &road) != TRACTIVE_OK ||
        tractive_vehicle_create(car, road, NULL, TRACTIVE_TRANSMISSION_AUTOMATIC, &v) != TRACTIVE_OK) {
        fprintf(stderr, "error: %s\n", tractive_last_error());
        return 1;
    }
    tractive_input in = TRACTIVE_INPUT_INIT;
    in.gear_lever = 1;
    in.throttle = 0.5;
    for (int k = 0; k < 120; ++k) tractive_vehicle_update(v, 1.0 / 60.0, &in, NULL);
    tractive_body_state s = TRACTIVE_BODY_STATE_INIT;
    tractive_vehicle_state(v, TRACTIVE_POSE_LAST_STEP, &s);
    printf("%.1f\n", s.speed_kmh);
    tractive_vehicle_free(v);
    tractive_ground_free(road);
    tractive_car_free(car);
    return s.speed_kmh > 5.0 ? 0 : 1;
}
