#!/usr/bin/python3
"""The GTK edit menu as a screen reader hears it: a real AT-SPI client (pyatspi) reads the accessibility
tree of `editmenu-gtk` running on Xvfb, on the session's accessibility bus, while xdotool drives it.

Run it inside `dbus-run-session` (scripts/test-gtk-atspi.sh does): the bus launcher starts the
accessibility bus and its registry on demand. Exits 1 with what failed, 0 when every check holds.

Checks (docs/pointer-platforms.md, accessibility): a menu at the pointer is a `menu` whose items are `menu item`s named by their titles,
dimmed ones insensitive; a submenu opened beside its item is a `menu` named by its parent; the compact row
is a `tool bar` whose paging chevrons are buttons named "Next" and "Previous" (their localized form in
German); the keyboard-revealed menu puts the focus on its first item and Escape gives it back to the
text; no decorative glyph (chevron arrows, top-row icons) is read. Items that open submenus are
expandable (and has-popup where GTK exports it: after 4.8), expanded while their submenu is open.

What a screen reader hears (EDIT-MENU.md §15), through the AT-SPI events Orca listens to: the text view
is named for its purpose, not its class; its accessible action `editmenu.show-menu` opens the keyboard's
menu, whose first item takes the focus (the menu announces itself); Down moves the focus item by item;
Right opens a submenu (state-changed:expanded, the focus on its first item); Escape goes back one level,
then to the text. Each focus change is printed as "heard: <name> <role>".

Emoji & Symbols under a German menu: the picker's search field and each emoji are read by their
names in the menu's language (the CLDR name "Katze" for 🐈), and Escape gives the focus back to the text.
"""
import os
import subprocess
import sys
import tempfile

import pyatspi
from gi.repository import GLib

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Support"))
import desktop  # noqa: E402
from desktop import check, failures  # noqa: E402,F401  (check_orca.py takes them from here too)

GLYPHS = {"›", "‹", "✂", "❐", "⇩", "⌫", "▸", "◂"}


def pump():
    """Delivers the AT-SPI events that arrived (pyatspi's listeners run on GLib's main context)."""
    context = GLib.MainContext.default()
    while context.pending():
        context.iteration(False)


def wait(what, probe, timeout=10.0):
    return desktop.wait(what, probe, timeout, pump)


class Events:
    """What a screen reader hears: the AT-SPI events Orca listens to (focus, state changes, windows),
    recorded for the app with `pid` as (type, role, name, detail1)."""

    KINDS = ("object:state-changed:focused", "object:state-changed:expanded", "object:state-changed:showing",
             "window:activate", "object:children-changed")

    def __init__(self, pid):
        self.pid = pid
        self.seen = []
        for kind in self.KINDS:
            pyatspi.Registry.registerEventListener(self.record, kind)

    def record(self, event):
        try:
            if event.host_application is None or event.host_application.get_process_id() != self.pid:
                return
            source = event.source
            self.seen.append((event.type, role(source), source.name if source is not None else "", event.detail1))
        except Exception:
            pass

    def since(self, start, kind):
        return [e for e in self.seen[start:] if e[0].startswith(kind)]

    def focused(self, start):
        """The (role, name) of each object that gained the focus since `start`."""
        return [(e[1], e[2]) for e in self.since(start, "object:state-changed:focused") if e[3] == 1]

    def stop(self):
        for kind in self.KINDS:
            pyatspi.Registry.deregisterEventListener(self.record, kind)


class Display:
    def __init__(self):
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x768x24", "-nolisten", "tcp", "-noreset"],
            pass_fds=[write], stderr=subprocess.DEVNULL)
        os.close(write)
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(read, 16)
            if not chunk:
                break
            number += chunk
        os.close(read)
        self.name = ":" + number.decode().strip()

    def stop(self):
        self.process.terminate()
        self.process.wait()


class App:
    def __init__(self, binary, display, environment):
        self.display = display
        self.log = tempfile.NamedTemporaryFile(prefix="editmenu-atspi-", suffix=".jsonl", delete=False).name
        env = {k: v for k, v in os.environ.items()
               if k not in ("NO_AT_BRIDGE", "GTK_A11Y", "WAYLAND_DISPLAY", "LANG", "LC_ALL", "LC_MESSAGES")}
        env.update({"DISPLAY": display, "GDK_BACKEND": "x11", "GSK_RENDERER": "cairo", "LANG": "en_US.UTF-8",
                    "EDITMENU_GTK_LOG": self.log})
        env.update(environment)
        self.process = subprocess.Popen([binary], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.log_reader = desktop.EventLog(self.log, self.process, pump)
        self.events, self.wait_event = self.log_reader.events, self.log_reader.wait_event
        self.ready = self.wait_event("ready", timeout=20)
        self.origin = self.ready.get("origin", [0, 0])
        self.pid = self.process.pid

    def screen(self, x, y):
        return int(round(self.origin[0] + x)), int(round(self.origin[1] + y))

    def word(self, word):
        for entry in self.ready.get("words", []):
            if entry.get("word") == word:
                r = entry["rect"]
                return self.screen(r[0] + r[2] / 2, r[1] + r[3] / 2)
        raise RuntimeError("no rect for " + word)

    def xdotool(self, *arguments):
        subprocess.run(["xdotool"] + list(arguments), env=dict(os.environ, DISPLAY=self.display), check=True)

    def stop(self):
        desktop.stop(self.process)
        os.unlink(self.log)


def application(pid):
    """The app's accessible on the bus (it registers when its window maps)."""
    def probe():
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            try:
                if app is not None and app.get_process_id() == pid:
                    return app
            except Exception:
                continue
        return None
    return wait("the application on the accessibility bus", probe, timeout=15)


def gtk_version(app):
    """The GTK version the application reports over AT-SPI, as a tuple of numbers."""
    try:
        return tuple(int(part) for part in app.get_toolkit_version().split(".")[:2])
    except Exception:
        return (0, 0)


def walk(node, depth=0):
    if node is None or depth > 60:
        return
    yield node
    try:
        children = list(node)
    except Exception:
        return
    for child in children:
        yield from walk(child, depth + 1)


def role(node):
    try:
        return node.getRoleName()
    except Exception:
        return ""


def states(node):
    """The node's states as the application says now (not libatspi's cache, which GTK 4.8 does not
    update for every state it changes)."""
    try:
        node.clear_cache()
    except Exception:
        pass
    return node.getState()


def menus(app, kind="menu"):
    return [n for n in walk(app) if role(n) == kind]


def items_of(menu, kind="menu item"):
    return [n for n in walk(menu) if role(n) == kind]


def check_menu(menu_node, logged_items, label):
    items = items_of(menu_node)
    check([i.name for i in items] == [i["title"] for i in logged_items],
          "%s: its menu items are named by their titles: %s, logged %s"
          % (label, [i.name for i in items], [i["title"] for i in logged_items]))
    for node, logged in zip(items, logged_items):
        sensitive = states(node).contains(pyatspi.STATE_SENSITIVE)
        check(sensitive == logged["enabled"],
              "%s: %s is %s" % (label, logged["title"], "insensitive though enabled" if logged["enabled"]
                                else "sensitive though dimmed"))
    read = [n.name for n in walk(menu_node) if n.name in GLYPHS]
    check(not read, "%s: decorative glyphs are read: %s" % (label, read))
    extra = [role(n) for n in walk(menu_node) if role(n) in ("label", "drawing area")]
    check(not extra, "%s: labels or drawings inside the menu are read: %s" % (label, extra))


def pointer_menu_and_submenu(binary, display):
    app = App(binary, display, {"EDITMENU_GTK_IDIOM": "mac"})
    try:
        accessible = application(app.pid)
        events = Events(app.pid)
        x, y = app.word("Infinite")
        app.xdotool("mousemove", str(x), str(y), "click", "3")
        logged = app.wait_event("menu", where=lambda e: e.get("style") == "contextMenu")
        menu_node = wait("a menu on the bus", lambda: next(iter(menus(accessible)), None))
        # A menu at the pointer announces itself: it takes the focus (no item has it before an arrow key).
        try:
            wait("the menu to take the focus", lambda: ("menu", "Edit Menu") in events.focused(0))
        except RuntimeError:
            check(False, "the menu at the pointer announces itself (the focus on [menu | Edit Menu]); "
                  "the focus went to %s" % events.focused(0))
        events.stop()
        check(menu_node.name == "Edit Menu", "the menu is named \"Edit Menu\", not %r" % menu_node.name)
        check_menu(menu_node, logged["items"], "the mac context menu")
        check(any(not i["enabled"] for i in logged["items"]), "the context menu has a dimmed item to check")
        # A submenu beside its item is a menu of its own, named by its parent.
        parent = next(i for i in logged["items"] if i["id"] == "transformations")
        f = parent["frame"]
        px, py = app.screen(f[0] + f[2] / 2, f[1] + f[3] / 2)
        parent_node = next((n for n in items_of(menu_node) if n.name == parent["title"]), None)
        if check(parent_node is not None, "the context menu has a %r item on the bus" % parent["title"]):
            st = states(parent_node)
            # Newer GTK puts the has-popup property on the bus as AT-SPI's has-popup state; Debian 12's GTK
            # 4.8.3 has the property but does not export it, so there the expandable state is what says
            # that the item opens a submenu.
            popup = st.contains(pyatspi.STATE_HAS_POPUP) or gtk_version(accessible) < (4, 9)
            check(popup and st.contains(pyatspi.STATE_EXPANDABLE) and not st.contains(pyatspi.STATE_EXPANDED),
                  "%s ▸ says it opens a submenu: expected has-popup (GTK after 4.8) and expandable, not expanded; "
                  "saw %s" % (parent["title"], [pyatspi.stateToString(x) for x in st.getStates()]))
        count = len(app.events())
        app.xdotool("mousemove", str(px), str(py), "click", "1")
        opened = app.wait_event("menu", after=count, where=lambda e: e.get("submenus"))
        def expanded_item():
            return next((n for n in walk(accessible) if role(n) == "menu item" and n.name == parent["title"]
                         and states(n).contains(pyatspi.STATE_EXPANDED)), None)
        try:
            wait("Transformations ▸ expanded", expanded_item)
        except RuntimeError:
            check(False, "an open submenu's item %r is expanded: it is not" % parent["title"])
        submenu = opened["submenus"][0]
        node = wait("the submenu on the bus",
                    lambda: next((m for m in menus(accessible) if m.name == "Transformations"), None))
        check_menu(node, submenu["items"], "Transformations ▸")
        app.xdotool("key", "Escape", "Escape")
    finally:
        app.stop()


def keyboard_menu_focus(binary, display):
    app = App(binary, display, {})
    try:
        accessible = application(app.pid)
        x, y = app.word("Infinite")
        app.xdotool("mousemove", str(x), str(y), "click", "--repeat", "2", "--delay", "60", "1")
        app.wait_event("selection", where=lambda e: e.get("gesture") == "doubleTap")
        count = len(app.events())
        app.xdotool("key", "Menu")
        logged = app.wait_event("menu", after=count)
        first = logged["items"][0]["title"]
        menu_node = wait("the keyboard menu on the bus", lambda: next(iter(menus(accessible)), None))
        focused = wait("the focus on the first item", lambda: next(
            (n for n in items_of(menu_node) if states(n).contains(pyatspi.STATE_FOCUSED)), None))
        check(focused.name == first, "the keyboard menu focuses its first item %r, not %r" % (first, focused.name))
        check_menu(menu_node, logged["items"], "the keyboard menu")
        app.xdotool("key", "Escape")
        app.wait_event("dismissed", after=count)

        def text_focused():
            for n in walk(accessible):
                if role(n) in ("text", "entry") and states(n).contains(pyatspi.STATE_FOCUSED):
                    return n
            return None
        wait("the focus back on the text", text_focused)
        check(not menus(accessible), "Escape removes the menu from the tree")
    finally:
        app.stop()


def find_text(accessible):
    return next((n for n in walk(accessible) if role(n) == "text"), None)


def speech(node_role, name):
    """A focus event the way a screen reader words it: the name, then the role."""
    return "%s %s" % (name, node_role)


def keyboard_menu_as_heard(binary, display):
    """The keyboard menu as a screen reader hears it, through the events Orca listens to: the text
    view's "show menu" action opens the menu and focuses its first item (the menu announces itself);
    Down moves the focus; Right opens a submenu (its item expanded, the focus in the submenu); Escape
    closes it, and a second Escape gives the focus back to the text."""
    app = App(binary, display, {"EDITMENU_GTK_IDIOM": "mac"})
    events = None
    try:
        accessible = application(app.pid)
        events = Events(app.pid)
        text = wait("the text view on the bus", lambda: find_text(accessible))
        check(text.name == "Sample text", "the text view is named for what it holds: expected 'Sample text', "
              "saw %r" % text.name)
        x, y = app.word("Infinite")
        app.xdotool("mousemove", str(x), str(y), "click", "--repeat", "2", "--delay", "60", "1")
        app.wait_event("selection", where=lambda e: e.get("gesture") == "doubleTap")
        action = text.queryAction()
        names = [action.getName(i) for i in range(action.nActions)]
        if not check("editmenu.show-menu" in names,
                     "the text view offers the accessible action 'editmenu.show-menu', it has %s" % names):
            return
        check("menu.popup" not in names, "the text view offers no second menu (GTK's own menu.popup): %s" % names)
        count, start = len(app.events()), len(events.seen)
        action.doAction(names.index("editmenu.show-menu"))
        logged = app.wait_event("menu", after=count)
        check(logged.get("input") == "keyboard", "the show-menu action opens the keyboard's menu, saw input %r"
              % logged.get("input"))
        titles = [i["title"] for i in logged["items"]]
        heard = wait("the focus on the menu's first item", lambda: events.focused(start))
        check(heard[-1] == ("menu item", titles[0]),
              "the menu announces itself with its first item focused: expected %r, heard %s"
              % (speech("menu item", titles[0]), [speech(*h) for h in heard]))
        menu_node = next(iter(menus(accessible)), None)
        check(menu_node is not None and menu_node.name == "Edit Menu",
              "the focused item is in a menu named 'Edit Menu', saw %r" % (menu_node and menu_node.name))
        print("heard:", "; ".join(speech(*h) for h in heard), flush=True)
        # Down to the first item that opens a submenu, hearing each item on the way.
        target = next((n for n in items_of(menu_node) if states(n).contains(pyatspi.STATE_EXPANDABLE)), None)
        if not check(target is not None, "the mac menu has an item that opens a submenu"):
            return
        for _ in range(len(titles)):
            start = len(events.seen)
            app.xdotool("key", "Down")
            heard = wait("the focus to move on Down", lambda: events.focused(start))
            print("heard:", "; ".join(speech(*h) for h in heard), flush=True)
            check(heard[-1][0] == "menu item" and heard[-1][1] in titles,
                  "Down: expected a menu item of %s, heard %s" % (titles, [speech(*h) for h in heard]))
            if heard[-1][1] == target.name:
                break
        start = len(events.seen)
        count = len(app.events())
        app.xdotool("key", "Right")
        opened = app.wait_event("menu", after=count, where=lambda e: e.get("submenus"))
        sub_titles = [i["title"] for i in opened["submenus"][0]["items"]]
        heard = wait("the focus in the submenu", lambda: events.focused(start))
        print("heard:", "; ".join(speech(*h) for h in heard), flush=True)
        check(heard[-1] == ("menu item", sub_titles[0]),
              "Right opens %s ▸ and focuses its first item %r, heard %s"
              % (target.name, sub_titles[0], [speech(*h) for h in heard]))
        expanded = [e for e in events.since(start, "object:state-changed:expanded") if e[2] == target.name]
        check(expanded and expanded[-1][3] == 1, "%s ▸ says it expanded (state-changed:expanded), saw %s"
              % (target.name, events.since(start, "object:state-changed:expanded")))
        start = len(events.seen)
        app.xdotool("key", "Escape")
        heard = wait("the focus back on the submenu's item", lambda: events.focused(start))
        check(heard[-1] == ("menu item", target.name),
              "Escape closes the submenu and the focus goes back to %r, heard %s"
              % (target.name, [speech(*h) for h in heard]))
        start = len(events.seen)
        app.xdotool("key", "Escape")
        heard = wait("the focus back on the text", lambda: events.focused(start))
        print("heard:", "; ".join(speech(*h) for h in heard), flush=True)
        check(heard[-1] == ("text", "Sample text"),
              "Escape closes the menu and the focus goes back to the text 'Sample text', heard %s"
              % [speech(*h) for h in heard])
    finally:
        if events is not None:
            events.stop()
        app.stop()


def compact_toolbar_chevrons(binary, display):
    """A compact bar too wide for its window: in the 2023 release it pages behind a 'Weiter' (Next)
    chevron; in the current release (the host's default) it ends with a 'Mehr anzeigen' (Show More)
    chevron that expands it in place (EDIT-MENU.md §13). Either chevron is a button on the bus."""
    for release, chevron, english in (("2023", "Weiter", "Next"), ("current", "Mehr anzeigen", "Show More")):
        app = App(binary, display, {"EDITMENU_GTK_TOUCH": "1", "EDITMENU_GTK_SIZE": "300x600",
                                    "LANG": "de_DE.UTF-8", "EDITMENU_GTK_RELEASE": release})
        try:
            accessible = application(app.pid)
            x, y = app.word(next(w["word"] for w in app.ready["words"]))
            app.xdotool("mousemove", str(x), str(y), "mousedown", "1", "sleep", "0.8", "mouseup", "1")
            logged = app.wait_event("menu", where=lambda e: e.get("style") == "compact")
            if release == "2023":
                check(logged.get("pages", 1) > 1, "release 2023: a 300-pixel window pages the compact menu")
            else:
                check(logged.get("pages", 1) == 1 and logged.get("expandable") is True,
                      "release current: a 300-pixel window shows one expandable page, logged %s"
                      % {k: logged.get(k) for k in ("pages", "expandable")})
            bar = wait("a tool bar on the bus", lambda: next(iter(menus(accessible, "tool bar")), None))
            check_menu(bar, logged["items"], "the compact row (%s)" % release)
            # The bar's buttons reach the bus as GTK exports them, not all at once: wait for the chevron
            # (a loaded machine once read the bar before it), then check what is there.
            def push_buttons():
                return [n.name for n in walk(bar) if role(n) == "push button"]
            try:
                wait("the chevron '%s' on the bus" % chevron, lambda: chevron in push_buttons(), timeout=5)
            except RuntimeError:
                pass
            buttons = push_buttons()
            check(chevron in buttons,
                  "release %s: the compact row's chevron is a button named '%s' (%s, in German): %s"
                  % (release, chevron, english, buttons))
        finally:
            app.stop()


def emoji_picker_in_german(binary, display):
    """Emoji & Symbols under a German menu as a screen reader hears it: the picker's search field is
    named "Emoji & Symbole"; after typing "Katze", Down puts the focus on the first result, which is
    read by its German CLDR name, "Katze"; Right reads the next one by its name; Escape closes the
    picker and gives the focus back to the text."""
    app = App(binary, display, {"LANG": "de_DE.UTF-8"})
    events = None
    try:
        accessible = application(app.pid)
        events = Events(app.pid)
        for entry in app.ready.get("words", []):
            if entry.get("word") == "Meet":
                r = entry["rect"]
                x, y = app.screen(r[0] - 3, r[1] + r[3] / 2)
        app.xdotool("mousemove", str(x), str(y), "click", "1")
        app.wait_event("state", where=lambda e: e.get("selection") == [0, 0])
        app.xdotool("key", "Escape", "sleep", "0.2", "key", "F10", "sleep", "0.4", "key", "Up", "Return")
        shown = app.wait_event("emojiPicker", where=lambda e: e.get("shown") is True)
        check(shown.get("language") == "de", "the picker searches German names, logged %r" % shown.get("language"))

        def search_field():
            return next((n for n in walk(accessible) if role(n) in ("entry", "text")
                         and states(n).contains(pyatspi.STATE_FOCUSED)), None)
        field = wait("the focus in the picker's search field", search_field)
        check(field.name == "Emoji & Symbole", "the search field is named 'Emoji & Symbole', saw %r" % field.name)
        count = len(app.events())
        app.xdotool("type", "--delay", "60", "Katze")
        found = app.wait_event("emojiSearch", after=count, where=lambda e: e.get("query") == "Katze")
        start = len(events.seen)
        app.xdotool("key", "Down")
        heard = wait("the focus on the first result", lambda: [h for h in events.focused(start) if h[1]])
        print("heard:", "; ".join(speech(*h) for h in heard), flush=True)
        check(heard[-1][1] == "Katze", "Down reads the first result by its German name 'Katze', heard %s"
              % [speech(*h) for h in heard])
        start = len(events.seen)
        app.xdotool("key", "Right")
        heard = wait("the focus on the next result", lambda: [h for h in events.focused(start) if h[1]])
        print("heard:", "; ".join(speech(*h) for h in heard), flush=True)
        second = (found.get("results") or [{}, {}])[1].get("name")
        check(heard[-1][1] == second, "Right reads the next result by its German name %r, heard %s"
              % (second, [speech(*h) for h in heard]))
        start = len(events.seen)
        app.xdotool("key", "Escape")
        app.wait_event("emojiPicker", where=lambda e: e.get("closed") is True)
        heard = wait("the focus back on the text", lambda: [h for h in events.focused(start) if h[0] == "text"])
        check(heard[-1] == ("text", "Sample text"), "Escape gives the focus back to the text, heard %s"
              % [speech(*h) for h in heard])
    finally:
        if events is not None:
            events.stop()
        app.stop()


def main():
    binary = sys.argv[1]
    display = Display()
    try:
        return desktop.run((pointer_menu_and_submenu, keyboard_menu_focus, keyboard_menu_as_heard,
                            compact_toolbar_chevrons, emoji_picker_in_german), (binary, display.name), "AT-SPI")
    finally:
        display.stop()


if __name__ == "__main__":
    sys.exit(main())
