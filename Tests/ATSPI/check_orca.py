#!/usr/bin/python3
"""Orca reads the edit menu (EDIT-MENU.md §15): Debian's Orca screen reader runs against `editmenu-gtk` on
Xvfb, on the session's accessibility bus, while xdotool drives the keyboard menu — Shift+F10, Down to
the first item that opens a submenu, Right into it, Escape, Escape. What Orca presents is read from its
own debug log: each "SPEECH OUTPUT" (what it speaks) and each change of its locus of focus (the object
it presents, as [role | name]).

Speech goes nowhere here: speech-dispatcher cannot start on a machine without a sound server or sound
card (its output modules fail to open audio and it aborts, even with a module that only runs a
command), and Orca logs every utterance it would speak before handing it to the speech server.

Run it inside `dbus-run-session` (scripts/test-orca.sh does). Prints what Orca said; exits 1 naming
each check that failed, what it expected and what Orca said; 0 when every check holds.
   usage: check_orca.py path/to/editmenu-gtk
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_menu import App, Display, application, check, desktop, items_of, menus, states, wait  # noqa: E402

import pyatspi  # noqa: E402

SPOKEN = re.compile(r"SPEECH OUTPUT: '(.*?)'\s*(\{.*)?$")
FOCUS = re.compile(r"Changing locusOfFocus from .* to \[([^|\]]*) \| (.*)\]\.")


class Orca:
    """Debian's Orca with preferences of its own and its debug log in a temporary folder."""

    def __init__(self, display):
        self.folder = tempfile.mkdtemp(prefix="editmenu-orca-")
        self.log = os.path.join(self.folder, "orca-debug.txt")
        env = {k: v for k, v in os.environ.items() if k not in ("NO_AT_BRIDGE", "GTK_A11Y")}
        # Orca's own locale: C.UTF-8 is on every Debian machine (en_US.UTF-8 may not be generated).
        env.update({"DISPLAY": display, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": self.folder,
                    "XDG_CONFIG_HOME": os.path.join(self.folder, "config"),
                    "XDG_DATA_HOME": os.path.join(self.folder, "data"), "GDK_BACKEND": "x11"})
        # Orca loads orca-customizations.py from its preferences: there, its debug log is made to write
        # each line as it comes (it is block-buffered otherwise, and this check reads it as Orca runs).
        prefs = os.path.join(self.folder, "prefs")
        os.makedirs(prefs)
        with open(os.path.join(prefs, "orca-customizations.py"), "w", encoding="utf-8") as f:
            f.write("import orca.debug\n"
                    "if orca.debug.debugFile is not None:\n"
                    "    orca.debug.debugFile.reconfigure(line_buffering=True)\n")
        self.process = subprocess.Popen(
            ["orca", "--user-prefs", prefs, "--debug-file", self.log],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def lines(self):
        try:
            with open(self.log, encoding="utf-8", errors="replace") as f:
                return f.read().splitlines()
        except FileNotFoundError:
            return []

    def mark(self):
        return len(self.lines())

    def spoken(self, start=0):
        return [m.group(1) for m in map(SPOKEN.search, self.lines()[start:]) if m]

    def focus(self, start=0):
        """Each object Orca moved its locus of focus to since `start`, as (role, name)."""
        return [(m.group(1).strip(), m.group(2).strip()) for m in map(FOCUS.search, self.lines()[start:]) if m]

    def wait_focus(self, start, what, role, name, timeout=10):
        try:
            return wait(what, lambda: (role, name) in self.focus(start), timeout)
        except RuntimeError:
            check(False, "%s: expected Orca to present [%s | %s]; it presented %s and said %s"
                  % (what, role, name, self.focus(start), self.spoken(start)))
            return False

    def said(self, start, text, what):
        # An utterance is spoken after the focus moves: give Orca a moment to finish generating it.
        try:
            wait(what, lambda: any(text in s for s in self.spoken(start)), timeout=5)
            return True
        except RuntimeError:
            check(False, "%s: expected Orca to say %r; it said %s" % (what, text, self.spoken(start)))
            return False

    def stop(self):
        desktop.stop(self.process)
        shutil.rmtree(self.folder, ignore_errors=True)


def orca_reads_the_keyboard_menu(binary, display):
    app = App(binary, display, {"EDITMENU_GTK_IDIOM": "mac"})
    orca = None
    try:
        accessible = application(app.pid)
        orca = Orca(display)
        if orca.process.poll() is not None:
            raise RuntimeError("orca exited at once (%d)" % orca.process.returncode)
        # Orca is ready once it has presented the window and the focused text.
        try:
            wait("Orca to present the text view", lambda: ("text", "Sample text") in orca.focus(), timeout=30)
        except RuntimeError:
            raise RuntimeError("Orca never presented the text view [text | Sample text]; it said %s"
                               % orca.spoken())
        x, y = app.word("Infinite")
        app.xdotool("mousemove", str(x), str(y), "click", "--repeat", "2", "--delay", "60", "1")
        app.wait_event("selection", where=lambda e: e.get("gesture") == "doubleTap")
        time.sleep(0.5)

        start, count = orca.mark(), len(app.events())
        app.xdotool("key", "shift+F10")
        logged = app.wait_event("menu", after=count, where=lambda e: e.get("input") == "keyboard")
        titles = [i["title"] for i in logged["items"]]
        if orca.wait_focus(start, "Shift+F10", "menu item", titles[0]):
            orca.said(start, "Edit Menu menu", "Shift+F10 announces the menu")
            orca.said(start, titles[0], "Shift+F10 reads the first item")
        transcript = [("Shift+F10", orca.spoken(start))]

        menu_node = wait("the menu on the bus", lambda: next(iter(menus(accessible)), None))
        target = next((n.name for n in items_of(menu_node) if states(n).contains(pyatspi.STATE_EXPANDABLE)), None)
        if not check(target is not None, "the mac menu has an item that opens a submenu"):
            return
        # Down, item by item (the keyboard skips dimmed ones), to the first item that opens a submenu.
        title_of = {i["id"]: i["title"] for i in logged["items"]}
        focused = titles[0]
        for _ in range(len(titles)):
            if focused == target:
                break
            start, count = orca.mark(), len(app.events())
            app.xdotool("key", "Down")
            moved = app.wait_event("menu", after=count, where=lambda e: e.get("keyboardFocus"))
            focused = title_of.get(moved["keyboardFocus"], moved["keyboardFocus"])
            if orca.wait_focus(start, "Down", "menu item", focused):
                orca.said(start, focused, "Down reads %r" % focused)
            transcript.append(("Down", orca.spoken(start)))
        check(focused == target, "Down reaches %r, the first item that opens a submenu" % target)
        orca.said(start, "%s collapsed" % target, "an item that opens a submenu says so (collapsed)")

        start, count = orca.mark(), len(app.events())
        app.xdotool("key", "Right")
        opened = app.wait_event("menu", after=count, where=lambda e: e.get("submenus"))
        first = opened["submenus"][0]["items"][0]["title"]
        if orca.wait_focus(start, "Right", "menu item", first):
            orca.said(start, "%s menu" % target, "Right announces the submenu %r" % target)
            orca.said(start, first, "Right reads the submenu's first item")
        transcript.append(("Right", orca.spoken(start)))

        start = orca.mark()
        app.xdotool("key", "Escape")
        if orca.wait_focus(start, "Escape (closes the submenu)", "menu item", target):
            orca.said(start, target, "Escape reads the item whose submenu closed")
        transcript.append(("Escape", orca.spoken(start)))

        start = orca.mark()
        app.xdotool("key", "Escape")
        if orca.wait_focus(start, "Escape (closes the menu)", "text", "Sample text"):
            orca.said(start, "Sample text text", "Escape returns to the text view")
        transcript.append(("Escape", orca.spoken(start)))
        for key, said in transcript:
            print("%-10s Orca: %s" % (key, " | ".join(said)), flush=True)
    finally:
        if orca is not None:
            orca.stop()
        app.stop()


def main():
    binary = sys.argv[1]
    if shutil.which("orca") is None:
        print("FAIL: orca is not installed (scripts/setup-orca.sh installs it)")
        return 1
    display = Display()
    try:
        return desktop.run((orca_reads_the_keyboard_menu,), (binary, display.name), "Orca")
    finally:
        display.stop()


if __name__ == "__main__":
    sys.exit(main())
