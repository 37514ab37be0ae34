// GTK 4 and Pango for Swift. Macros are not imported: the Swift side calls the functions they wrap.
#include <gtk/gtk.h>
#include <pango/pangocairo.h>
#include <glib-unix.h>

// G_TYPE_STRING is a macro over a fundamental type number.
static inline GType cgtk_type_string(void) { return G_TYPE_STRING; }
