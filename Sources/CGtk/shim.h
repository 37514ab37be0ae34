// GTK 4 and Pango for Swift. Macros are not imported: the Swift side calls the functions they wrap.
#include <gtk/gtk.h>
#include <pango/pangocairo.h>
#include <glib-unix.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

// G_TYPE_STRING and G_TYPE_BOOLEAN are macros over fundamental type numbers.
static inline GType cgtk_type_string(void) { return G_TYPE_STRING; }
static inline GType cgtk_type_boolean(void) { return G_TYPE_BOOLEAN; }

// Where `surface`'s origin is on the X screen (XTranslateCoordinates to the root window). Returns 0
// when the display is not an X11 one: a Wayland client cannot know where its windows are.
static inline int cgtk_surface_root_origin(GdkSurface *surface, int *x, int *y) {
#ifdef GDK_WINDOWING_X11
    GdkDisplay *display = gdk_surface_get_display(surface);
    if (!g_type_check_instance_is_a((GTypeInstance *)display, gdk_x11_display_get_type())) return 0;
    Window child;
    return XTranslateCoordinates(gdk_x11_display_get_xdisplay(display), gdk_x11_surface_get_xid(surface),
                                 gdk_x11_display_get_xrootwindow(display), 0, 0, x, y, &child) ? 1 : 0;
#else
    (void)surface; (void)x; (void)y;
    return 0;
#endif
}

// The work area (the monitor less panels and docks) of the monitor `surface` is on, in X screen
// coordinates. Returns 0 when the display is not an X11 one.
static inline int cgtk_surface_workarea(GdkSurface *surface, GdkRectangle *area) {
#ifdef GDK_WINDOWING_X11
    GdkDisplay *display = gdk_surface_get_display(surface);
    if (!g_type_check_instance_is_a((GTypeInstance *)display, gdk_x11_display_get_type())) return 0;
    GdkMonitor *monitor = gdk_display_get_monitor_at_surface(display, surface);
    if (!monitor) return 0;
    gdk_x11_monitor_get_workarea(monitor, area);
    return 1;
#else
    (void)surface; (void)area;
    return 0;
#endif
}
