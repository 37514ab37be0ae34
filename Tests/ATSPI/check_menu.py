#!/usr/bin/python3
"""The GTK edit menu as a screen reader hears it: a real AT-SPI client (pyatspi) reads the accessibility
tree of `editmenu-gtk` running on Xvfb, on the session's accessibility bus, while xdotool drives it.

Run it inside `dbus-run-session` (scripts/test-gtk-atspi.sh does): the bus launcher starts the
accessibility bus and its registry on demand. Exits 1 with what failed, 0 when every check holds.

Checks (docs/pointer-platforms.md, accessibility): a menu at the pointer is a `menu` whose items are `menu item`s named by their titles,
dimmed ones insensitive; a submenu opened beside its item is a `menu` named by its parent; the compact row
is a `tool bar` whose paging chevrons are buttons named "Next" and "Previous" (their localized form in
German); the keyboard-revealed menu puts the focus on its first item and Escape gives it back to the
text; no decorative glyph (chevron arrows, top-row icons) is read.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

import pyatspi

GLYPHS = {"›", "‹", "✂", "❐", "⇩", "⌫", "▸", "◂"}
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message, flush=True)
    return condition


def wait(what, probe, timeout=10.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = probe()
        if value:
            return value
        time.sleep(0.1)
    raise RuntimeError("timed out waiting for " + what)


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
        self.ready = self.wait_event("ready", timeout=20)
        self.origin = self.ready.get("origin", [0, 0])
        self.pid = self.process.pid

    def events(self):
        try:
            with open(self.log, encoding="utf-8") as f:
                return [json.loads(line) for line in f if line.strip()]
        except FileNotFoundError:
            return []

    def wait_event(self, name, after=0, timeout=6.0, where=lambda e: True):
        def probe():
            if self.process.poll() is not None:
                raise RuntimeError("editmenu-gtk exited while waiting for " + name)
            for event in self.events()[after:]:
                if event.get("event") == name and where(event):
                    return event
            return None
        return wait('"%s" event' % name, probe, timeout)

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
        self.process.terminate()
        self.process.wait()
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
        x, y = app.word("Infinite")
        app.xdotool("mousemove", str(x), str(y), "click", "3")
        logged = app.wait_event("menu", where=lambda e: e.get("style") == "contextMenu")
        menu_node = wait("a menu on the bus", lambda: next(iter(menus(accessible)), None))
        check(menu_node.name == "Edit Menu", "the menu is named \"Edit Menu\", not %r" % menu_node.name)
        check_menu(menu_node, logged["items"], "the mac context menu")
        check(any(not i["enabled"] for i in logged["items"]), "the context menu has a dimmed item to check")
        # A submenu beside its item is a menu of its own, named by its parent.
        parent = next(i for i in logged["items"] if i["id"] == "transformations")
        f = parent["frame"]
        px, py = app.screen(f[0] + f[2] / 2, f[1] + f[3] / 2)
        count = len(app.events())
        app.xdotool("mousemove", str(px), str(py), "click", "1")
        opened = app.wait_event("menu", after=count, where=lambda e: e.get("submenus"))
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


def compact_toolbar_chevrons(binary, display):
    app = App(binary, display, {"EDITMENU_GTK_TOUCH": "1", "EDITMENU_GTK_SIZE": "300x600", "LANG": "de_DE.UTF-8"})
    try:
        accessible = application(app.pid)
        x, y = app.word(next(w["word"] for w in app.ready["words"]))
        app.xdotool("mousemove", str(x), str(y), "mousedown", "1", "sleep", "0.8", "mouseup", "1")
        logged = app.wait_event("menu", where=lambda e: e.get("style") == "compact")
        check(logged.get("pages", 1) > 1, "a 300-pixel window pages the compact menu")
        bar = wait("a tool bar on the bus", lambda: next(iter(menus(accessible, "tool bar")), None))
        check_menu(bar, logged["items"], "the compact row")
        buttons = [n.name for n in walk(bar) if role(n) == "push button"]
        check("Weiter" in buttons,
              "the compact row's chevron is a button named 'Weiter' (Next, in German): %s" % buttons)
    finally:
        app.stop()


def main():
    binary = sys.argv[1]
    display = Display()
    try:
        for test in (pointer_menu_and_submenu, keyboard_menu_focus, compact_toolbar_chevrons):
            print("--", test.__name__, flush=True)
            try:
                test(binary, display.name)
            except Exception as error:  # a timeout or a crash fails the check, with what it waited for
                check(False, "%s: %s" % (test.__name__, error))
    finally:
        display.stop()
    if failures:
        print("%d AT-SPI check(s) failed" % len(failures))
        return 1
    print("AT-SPI: every check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
