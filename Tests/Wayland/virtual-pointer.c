/*
 * virtual-pointer: real pointer input for the Wayland end-to-end suite (scripts/test-wayland.sh).
 *
 * A Wayland client that creates a virtual pointer (zwlr_virtual_pointer_v1, which sway and other wlroots
 * compositors offer) and plays the steps given as arguments, in order:
 *   move X Y      put the pointer at X,Y (logical pixels of the output, from its top-left corner)
 *   down B        press button B (left, right, middle)        up B     release it
 *   click B       press and release B                         sleep MS wait MS milliseconds
 * Positions are sent as absolute motion against the output's size, which the compositor reports
 * (wl_output's current mode, divided by its scale). Without arguments it reads lines of steps from its
 * standard input and answers each with "ok" (or "error: …") once the compositor has them, so that one
 * pointer device serves a whole test run (a new device per step would race with the seat adding it).
 * Exits 2 with a message naming what is missing when the compositor lacks the protocol, 64 for a bad
 * step, 1 when the connection fails.
 *   usage: WAYLAND_DISPLAY=… virtual-pointer move 100 200 click right
 */
#include <errno.h>
#include <linux/input-event-codes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayland-client.h>

#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"

struct state {
    struct wl_seat *seat;
    struct wl_output *output;
    struct zwlr_virtual_pointer_manager_v1 *manager;
    int32_t width, height, scale;
};

static void output_geometry(void *data, struct wl_output *output, int32_t x, int32_t y, int32_t physical_width,
                            int32_t physical_height, int32_t subpixel, const char *make, const char *model,
                            int32_t transform) {
    (void)data, (void)output, (void)x, (void)y, (void)physical_width, (void)physical_height;
    (void)subpixel, (void)make, (void)model, (void)transform;
}

static void output_mode(void *data, struct wl_output *output, uint32_t flags, int32_t width, int32_t height,
                        int32_t refresh) {
    (void)output, (void)refresh;
    struct state *state = data;
    if (flags & WL_OUTPUT_MODE_CURRENT) {
        state->width = width;
        state->height = height;
    }
}

static void output_done(void *data, struct wl_output *output) { (void)data, (void)output; }

static void output_scale(void *data, struct wl_output *output, int32_t factor) {
    (void)output;
    ((struct state *)data)->scale = factor;
}

static const struct wl_output_listener output_listener = {
    .geometry = output_geometry, .mode = output_mode, .done = output_done, .scale = output_scale};

static void global_added(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                         uint32_t version) {
    (void)version;
    struct state *state = data;
    if (strcmp(interface, wl_seat_interface.name) == 0 && state->seat == NULL) {
        state->seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    } else if (strcmp(interface, wl_output_interface.name) == 0 && state->output == NULL) {
        state->output = wl_registry_bind(registry, name, &wl_output_interface, 2);
        wl_output_add_listener(state->output, &output_listener, state);
    } else if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0) {
        state->manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
    }
}

static void global_removed(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data, (void)registry, (void)name;
}

static const struct wl_registry_listener registry_listener = {.global = global_added,
                                                              .global_remove = global_removed};

static uint32_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint32_t)(t.tv_sec * 1000 + t.tv_nsec / 1000000);
}

static int button_code(const char *name, uint32_t *code) {
    if (strcmp(name, "left") == 0 || strcmp(name, "1") == 0) {
        *code = BTN_LEFT;
    } else if (strcmp(name, "right") == 0 || strcmp(name, "3") == 0) {
        *code = BTN_RIGHT;
    } else if (strcmp(name, "middle") == 0 || strcmp(name, "2") == 0) {
        *code = BTN_MIDDLE;
    } else {
        return 0;
    }
    return 1;
}

static int number(const char *text, long *value) {
    char *end = NULL;
    errno = 0;
    *value = strtol(text, &end, 10);
    return errno == 0 && end != text && *end == '\0';
}

static void sleep_ms(long ms) {
    struct timespec t = {.tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) == -1 && errno == EINTR) {
    }
}

/* Plays `argc` steps from `argv`; returns 0, or 64 for a bad step (named on standard error). */
static int play(struct wl_display *display, struct zwlr_virtual_pointer_v1 *pointer, int argc, char **argv,
                uint32_t extent_x, uint32_t extent_y) {
    for (int i = 0; i < argc; i++) {
        const char *step = argv[i];
        long x = 0, y = 0, ms = 0;
        uint32_t code = 0;
        if (strcmp(step, "move") == 0 && i + 2 < argc && number(argv[i + 1], &x) && number(argv[i + 2], &y) &&
            x >= 0 && y >= 0 && (uint32_t)x <= extent_x && (uint32_t)y <= extent_y) {
            zwlr_virtual_pointer_v1_motion_absolute(pointer, now_ms(), (uint32_t)x, (uint32_t)y, extent_x,
                                                    extent_y);
            zwlr_virtual_pointer_v1_frame(pointer);
            i += 2;
        } else if ((strcmp(step, "down") == 0 || strcmp(step, "up") == 0 || strcmp(step, "click") == 0) &&
                   i + 1 < argc && button_code(argv[i + 1], &code)) {
            if (strcmp(step, "up") != 0) {
                zwlr_virtual_pointer_v1_button(pointer, now_ms(), code, WL_POINTER_BUTTON_STATE_PRESSED);
                zwlr_virtual_pointer_v1_frame(pointer);
            }
            if (strcmp(step, "click") == 0) {
                wl_display_roundtrip(display);
                sleep_ms(30);
            }
            if (strcmp(step, "down") != 0) {
                zwlr_virtual_pointer_v1_button(pointer, now_ms(), code, WL_POINTER_BUTTON_STATE_RELEASED);
                zwlr_virtual_pointer_v1_frame(pointer);
            }
            i += 1;
        } else if (strcmp(step, "sleep") == 0 && i + 1 < argc && number(argv[i + 1], &ms) && ms >= 0) {
            wl_display_roundtrip(display);
            sleep_ms(ms);
            i += 1;
        } else {
            fprintf(stderr,
                    "virtual-pointer: bad step %d \"%s\": expected move X Y (0…%u, 0…%u), down|up|click "
                    "left|right|middle, or sleep MS\n",
                    i, step, extent_x, extent_y);
            return 64;
        }
        wl_display_roundtrip(display);
    }
    return 0;
}

int main(int argc, char **argv) {
    struct wl_display *display = wl_display_connect(NULL);
    if (display == NULL) {
        fprintf(stderr, "virtual-pointer: cannot connect to the Wayland display (WAYLAND_DISPLAY=%s)\n",
                getenv("WAYLAND_DISPLAY") ? getenv("WAYLAND_DISPLAY") : "unset");
        return 1;
    }
    struct state state = {.scale = 1};
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, &state);
    wl_display_roundtrip(display);
    wl_display_roundtrip(display);
    if (state.manager == NULL) {
        fprintf(stderr, "virtual-pointer: the compositor offers no %s\n",
                zwlr_virtual_pointer_manager_v1_interface.name);
        return 2;
    }
    if (state.output == NULL || state.width <= 0 || state.height <= 0) {
        fprintf(stderr, "virtual-pointer: the compositor reports no output with a current mode\n");
        return 2;
    }
    uint32_t extent_x = (uint32_t)(state.width / (state.scale > 0 ? state.scale : 1));
    uint32_t extent_y = (uint32_t)(state.height / (state.scale > 0 ? state.scale : 1));
    struct zwlr_virtual_pointer_v1 *pointer =
        zwlr_virtual_pointer_manager_v1_create_virtual_pointer(state.manager, state.seat);

    // A pause lets the seat take the new device before the first step.
    wl_display_roundtrip(display);
    sleep_ms(100);
    int status = 0;
    if (argc > 1) {
        status = play(display, pointer, argc - 1, argv + 1, extent_x, extent_y);
    } else {
        char line[4096];
        setvbuf(stdout, NULL, _IOLBF, 0);
        while (fgets(line, sizeof line, stdin) != NULL) {
            char *words[256];
            int count = 0;
            for (char *word = strtok(line, " \t\r\n"); word != NULL && count < 256; word = strtok(NULL, " \t\r\n")) {
                words[count++] = word;
            }
            int result = play(display, pointer, count, words, extent_x, extent_y);
            printf(result == 0 ? "ok\n" : "error: bad step\n");
        }
    }
    zwlr_virtual_pointer_v1_destroy(pointer);
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return status;
}
