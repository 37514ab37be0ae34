#!/usr/bin/python3
"""The GTK host on a real Wayland desktop: `editmenu-gtk` with GDK_BACKEND=wayland under a headless sway,
driven by real Wayland input — keys through the virtual keyboard protocol (`wtype`), the pointer through
the virtual pointer protocol (Tests/Wayland/virtual-pointer.c) — and checked from the host's event log,
from screenshots (`grim`, wlr-screencopy) and from the Wayland clipboard (`wl-paste`, `wl-copy`).

scripts/test-wayland.sh starts the compositor, builds the pointer client and runs this with
WAYLAND_DISPLAY, XDG_RUNTIME_DIR and SWAYSOCK set. Exits 1 naming each check that failed, what it expected
and what it saw; 0 when every check holds.
   usage: check_wayland.py path/to/editmenu-gtk path/to/virtual-pointer [screenshot folder]
   EDITMENU_WAYLAND_KEEP_LOGS=1 keeps each run's event log (/tmp/editmenu-wayland-*.jsonl).

Cases: press and hold (the compact menu above the word); right click in a small window (a popup at the
pointer that reaches past the window, drawn there too); Shift+F10 then Down (the focus ring moves, in
the screenshot's pixels); a submenu beside its item; Copy then Paste through the Wayland clipboard;
Look Up's popover.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Support"))
import desktop  # noqa: E402
from desktop import check, wait  # noqa: E402

# The menu's light background (EditMenuStyleSheet.background) and the focus ring's colour (its CSS).
MENU_LIGHT = (0xF2, 0xF2, 0xF7)
FOCUS_RING = (0x35, 0x84, 0xE4)


def run(arguments, timeout=10, input=None):
    result = subprocess.run(arguments, capture_output=True, timeout=timeout, input=input)
    if result.returncode != 0:
        raise RuntimeError("%s exited %d: %s" % (" ".join(arguments), result.returncode,
                                                 result.stderr.decode(errors="replace").strip()))
    return result.stdout


class Shot:
    """A screenshot of the whole output, from grim (PPM: no image library needed)."""

    def __init__(self):
        data = run(["grim", "-t", "ppm", "-"])
        fields, at = [], 0
        while len(fields) < 4:  # P6, width, height, maximum value, separated by whitespace
            while data[at:at + 1].isspace():
                at += 1
            start = at
            while not data[at:at + 1].isspace():
                at += 1
            fields.append(data[start:at])
        self.width, self.height = int(fields[1]), int(fields[2])
        self.rgb = data[at + 1:]

    def pixel(self, x, y):
        x, y = min(max(x, 0), self.width - 1), min(max(y, 0), self.height - 1)
        i = (y * self.width + x) * 3
        return self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]

    def rect(self, rect):
        x, y, w, h = (int(round(v)) for v in rect)
        for yy in range(max(0, y), min(self.height, y + h)):
            for xx in range(max(0, x), min(self.width, x + w)):
                yield self.pixel(xx, yy)

    def near(self, rect, color, tolerance=40):
        """How many pixels of `rect` are within `tolerance` (summed over channels) of `color`."""
        return sum(1 for p in self.rect(rect) if sum(abs(a - b) for a, b in zip(p, color)) <= tolerance)

    def changed(self, other, rect):
        x, y, w, h = (int(round(v)) for v in rect)
        count = 0
        for yy in range(max(0, y), min(self.height, y + h)):
            for xx in range(max(0, x), min(self.width, x + w)):
                if sum(abs(a - b) for a, b in zip(self.pixel(xx, yy), other.pixel(xx, yy))) > 60:
                    count += 1
        return count

    def save(self, path, rect):
        """Saves `rect` as a PNG (through ImageMagick's convert, which scripts/setup-gtk.sh installs)."""
        x, y, w, h = (int(round(v)) for v in rect)
        header = b"P6\n%d %d\n255\n" % (self.width, self.height)
        subprocess.run(["convert", "ppm:-", "-crop", "%dx%d+%d+%d" % (w, h, max(0, x), max(0, y)), "+repage",
                        "-strip", path], input=header + self.rgb, check=True, timeout=30)


class Pointer:
    """One virtual pointer device for the whole run (Tests/Wayland/virtual-pointer.c reading steps)."""

    def __init__(self, binary):
        self.process = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)

    def play(self, steps):
        self.process.stdin.write(" ".join(str(s) for s in steps) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().strip()
        if answer != "ok":
            raise RuntimeError("the virtual pointer did not play %s: %s %s" % (
                steps, answer or "it exited", self.process.stderr.read() if not answer else ""))

    def stop(self):
        self.process.stdin.close()
        self.process.wait(timeout=5)


class App:
    def __init__(self, binary, pointer, environment, floating_size=None):
        self.pointer_device = pointer
        self.log = tempfile.NamedTemporaryFile(prefix="editmenu-wayland-", suffix=".jsonl", delete=False).name
        env = {k: v for k, v in os.environ.items()
               if k not in ("DISPLAY", "LANG", "LC_ALL", "LC_MESSAGES", "GTK_A11Y", "NO_AT_BRIDGE")}
        env.update({"GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "LANG": "en_US.UTF-8",
                    "NO_AT_BRIDGE": "1", "GTK_A11Y": "none", "EDITMENU_GTK_LOG": self.log,
                    "EDITMENU_OPENER": "/bin/true"})
        if floating_size:
            env["EDITMENU_GTK_SIZE"] = "%dx%d" % floating_size
        env.update(environment)
        self.process = subprocess.Popen([binary], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.log_reader = desktop.EventLog(self.log, self.process)
        self.events, self.wait_event = self.log_reader.events, self.log_reader.wait_event
        self.ready = self.wait_event("ready", timeout=30)
        # Where the window's surface is on the output: sway's tree gives the window's rectangle and the
        # part of the surface it shows (the surface's shadow margin lies outside, before geometry's x, y).
        self.view = wait("the window in sway's tree", self.find_view, timeout=10)
        rect, inner, geometry = self.view["rect"], self.view["window_rect"], self.view["geometry"]
        self.surface = (rect["x"] + inner["x"] - geometry["x"], rect["y"] + inner["y"] - geometry["y"])
        self.window_rect = (rect["x"] + inner["x"], rect["y"] + inner["y"], inner["width"], inner["height"])
        origin = self.ready.get("origin", [0, 0])
        self.origin = (self.surface[0] + origin[0], self.surface[1] + origin[1])

    def find_view(self):
        tree = json.loads(run(["swaymsg", "-r", "-t", "get_tree"]))
        stack = [tree]
        while stack:
            node = stack.pop()
            if node.get("pid") == self.process.pid and node.get("type") in ("con", "floating_con"):
                return node
            stack += node.get("nodes", []) + node.get("floating_nodes", [])
        return None

    def screen(self, rect):
        """`rect` (the overlay's coordinates) on the output."""
        return (self.origin[0] + rect[0], self.origin[1] + rect[1], rect[2], rect[3])

    def center(self, rect):
        x, y, w, h = self.screen(rect)
        return int(round(x + w / 2)), int(round(y + h / 2))

    def word(self, word):
        for entry in self.ready.get("words", []):
            if entry.get("word") == word:
                return entry["rect"]
        raise RuntimeError("the ready event has no rect for %r" % word)

    def pointer(self, *steps):
        self.pointer_device.play(steps)

    def click(self, point, button="left", count=1):
        steps = ["move", point[0], point[1]]
        for n in range(count):
            steps += ["click", button] + (["sleep", 60] if n + 1 < count else [])
        self.pointer(*steps)

    def keys(self, *arguments):
        run(["wtype"] + list(arguments))

    def park_pointer(self):
        """Moves the pointer to the output's corner, off the menu (no hover highlight in screenshots)."""
        self.pointer("move", 1020, 764)

    def stop(self):
        desktop.stop(self.process)
        if not os.environ.get("EDITMENU_WAYLAND_KEEP_LOGS"):
            os.unlink(self.log)


def item_of(menu, item_id):
    for item in menu["items"]:
        if item["id"] == item_id:
            return item
    raise RuntimeError("the menu has no %r item: %s" % (item_id, [i["id"] for i in menu["items"]]))


def settle():
    """Gives the compositor time to map a popup the app just asked for (its surface gets no input
    before it is mapped)."""
    time.sleep(0.4)


def frame_of(menu, item_id):
    for item in menu["items"]:
        if item["id"] == item_id:
            return item["frame"]
    raise RuntimeError("the menu has no %r item: %s" % (item_id, [i["id"] for i in menu["items"]]))


def drawn(app, shot, rect, what):
    """Checks that the menu's light background fills most of `rect` (overlay coordinates) on screen."""
    area = max(1, int(rect[2] * rect[3]))
    fill = shot.near(app.screen(rect), MENU_LIGHT, tolerance=24)
    check(fill > area * 0.4, "%s: expected the menu's background (#F2F2F7) over most of its frame %s on the "
          "output, saw it on %d of %d pixels" % (what, [round(v) for v in app.screen(rect)], fill, area))


def press_and_hold(ctx):
    app = ctx.launch({"EDITMENU_GTK_TOUCH": "1"})
    try:
        x, y = app.center(app.word("Call"))
        app.pointer("move", x, y, "down", "left", "sleep", 800, "up", "left")
        selection = app.wait_event("selection", where=lambda e: e.get("gesture") == "longPress")
        check(selection.get("selected") == "Call",
              "press and hold: expected the word \"Call\" selected, saw %r" % selection.get("selected"))
        menu = app.wait_event("menu")
        check(menu["style"] == "compact" and menu["side"] == "above",
              "press and hold: expected the compact menu above the word, saw %s %s" % (menu["style"], menu["side"]))
        time.sleep(0.3)
        drawn(app, Shot(), menu["frame"], "press and hold")
    finally:
        app.stop()


def right_click_small_window(ctx):
    # A 420×260 window: the mac context menu at the pointer is taller than the window and leaves it.
    app = ctx.launch({"EDITMENU_GTK_IDIOM": "mac"}, floating_size=(420, 260))
    try:
        word = app.word("Infinite")
        point = app.center(word)
        app.click(point, "right")
        menu = app.wait_event("menu", where=lambda e: e.get("style") == "contextMenu")
        check(menu.get("popup") is True, "right click: expected the menu in a popup surface, saw popup=%r"
              % menu.get("popup"))
        frame = app.screen(menu["frame"])
        check(abs(frame[0] - point[0]) <= 2 and abs(frame[1] - point[1]) <= 2,
              "right click: expected the menu's corner at the pointer %s, saw %s" % (point, frame[:2]))
        window = app.window_rect
        check(frame[1] + frame[3] > window[1] + window[3] + 20,
              "right click: expected the menu to reach past the %dx%d window's bottom (%d), it ends at %d"
              % (window[2], window[3], window[1] + window[3], frame[1] + frame[3]))
        time.sleep(0.3)
        shot = Shot()
        # The part of the menu below the window is drawn too: a popup surface of its own.
        outside = (menu["frame"][0], window[1] + window[3] - app.origin[1] + 4, menu["frame"][2],
                   frame[1] + frame[3] - (window[1] + window[3]) - 8)
        drawn(app, shot, outside, "right click, the part of the menu outside the window")
        ctx.save(shot, (0, 0, max(window[0] + window[2], frame[0] + frame[2]) + 16,
                        max(window[1] + window[3], frame[1] + frame[3]) + 16), "wayland-context-menu.png")
        app.keys("-k", "Escape")
        app.wait_event("dismissed")
    finally:
        app.stop()


def keyboard_focus_moves(ctx):
    app = ctx.launch({})
    try:
        # A first click focuses the new window; the double click then selects the word.
        point = app.center(app.word("Infinite"))
        app.click(point)
        app.wait_event("selection", where=lambda e: e.get("gesture") == "tap")
        time.sleep(0.6)
        app.click(point, count=2)
        app.wait_event("selection", where=lambda e: e.get("gesture") == "doubleTap")
        count = len(app.events())
        app.park_pointer()
        app.keys("-M", "shift", "-k", "F10", "-m", "shift")
        menu = app.wait_event("menu", after=count, where=lambda e: e.get("input") == "keyboard")
        first = menu["items"][0]
        check(menu.get("keyboardFocus") == first["id"],
              "Shift+F10: expected the focus on the first item %r, saw %r" % (first["id"], menu.get("keyboardFocus")))
        time.sleep(0.3)
        before = Shot()
        count = len(app.events())
        app.keys("-k", "Down")
        moved = app.wait_event("menu", after=count, where=lambda e: e.get("keyboardFocus") not in ("", first["id"]))
        second = item_of(moved, moved["keyboardFocus"])
        check(moved["frame"] == menu["frame"], "Down: the menu stays where it was")
        time.sleep(0.3)
        after = Shot()
        ctx.save(after, app.screen([menu["frame"][0] - 24, menu["frame"][1] - 24, menu["frame"][2] + 48,
                                    menu["frame"][3] + 48]), "wayland-keyboard-focus.png")
        for shot, name, focused, other in ((before, "before Down", first, second), (after, "after Down", second, first)):
            ring = shot.near(app.screen(focused["frame"]), FOCUS_RING)
            stray = shot.near(app.screen(other["frame"]), FOCUS_RING)
            check(ring >= 2 * (focused["frame"][2] + focused["frame"][3]) * 0.8 and stray < 10,
                  "%s: expected the focus ring (#3584E4) on %r and not on %r, saw %d and %d ring pixels"
                  % (name, focused["title"], other["title"], ring, stray))
        changed = after.changed(before, app.screen(second["frame"]))
        check(changed > 40, "Down: expected the pixels of %r to change as the focus arrives, %d changed"
              % (second["title"], changed))
        app.keys("-k", "Escape")
        app.wait_event("dismissed", after=count)
    finally:
        app.stop()


def submenu_beside_its_item(ctx):
    app = ctx.launch({"EDITMENU_GTK_IDIOM": "mac"})
    try:
        app.click(app.center(app.word("Infinite")), "right")
        menu = app.wait_event("menu", where=lambda e: e.get("style") == "contextMenu")
        parent = frame_of(menu, "transformations")
        settle()
        count = len(app.events())
        app.click(app.center(parent))
        opened = app.wait_event("menu", after=count, where=lambda e: e.get("submenus"))
        submenu = opened["submenus"][0]
        f = submenu["frame"]
        beside = f[0] >= parent[0] + parent[2] - 8 or f[0] + f[2] <= parent[0] + 8
        check(beside and f[1] <= parent[1] + parent[3] and f[1] + f[3] >= parent[1],
              "submenu: expected Transformations ▸ beside its item %s, saw it at %s" % (parent, f))
        app.park_pointer()
        time.sleep(0.3)
        shot = Shot()
        drawn(app, shot, f, "submenu")
        drawn(app, shot, menu["frame"], "the menu under its submenu")
        app.keys("-k", "Escape", "-k", "Escape")
    finally:
        app.stop()


def copy_then_paste(ctx):
    app = ctx.launch({})
    try:
        app.click(app.center(app.word("Infinite")), "right")
        menu = app.wait_event("menu")
        settle()
        count = len(app.events())
        app.click(app.center(frame_of(menu, "copy")))
        app.wait_event("performed", after=count, where=lambda e: e.get("command") == "copy" and e.get("done"))
        pasted = ""
        deadline = time.time() + 5
        while pasted != "Infinite" and time.time() < deadline:
            pasted = run(["wl-paste", "--no-newline"]).decode(errors="replace")
        check(pasted == "Infinite", "Copy: expected wl-paste to read \"Infinite\", it read %r" % pasted)
        # Something another Wayland client copied comes back through Paste.
        # wl-copy serves the clipboard from a process it leaves behind: no pipes to wait on.
        subprocess.run(["wl-copy", "from another client"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True, timeout=10)
        app.wait_event("clipboard", after=count, where=lambda e: "text" in (e.get("types") or []))
        count = len(app.events())
        app.click(app.center(app.word("Call")), "right")
        menu = app.wait_event("menu", after=count, where=lambda e: any(i["id"] == "paste" for i in e["items"]))
        settle()
        count = len(app.events())
        app.click(app.center(frame_of(menu, "paste")))
        state = app.wait_event("state", after=count, where=lambda e: "from another client" in (e.get("text") or ""))
        check("\nfrom another client +1 (408)" in state["text"],
              "Paste: expected \"Call\" replaced by what wl-copy put there, saw %r" % state["text"][:160])
    finally:
        app.stop()


def look_up_popover(ctx):
    app = ctx.launch({})
    try:
        services = app.wait_event("services").get("found", [])
        if not check(any(s.startswith("Look Up: WordNet") for s in services),
                     "Look Up: expected WordNet installed (scripts/setup.sh), the demo found %s" % services):
            return
        app.click(app.center(app.word("Infinite")), "right")
        menu = app.wait_event("menu")
        settle()
        count = len(app.events())
        app.click(app.center(frame_of(menu, "lookUp")))
        panel = app.wait_event("panel", after=count, timeout=10)
        check(panel.get("kind") == "definition" and "having no limits" in panel.get("text", ""),
              "Look Up: expected WordNet's definition of \"Infinite\", saw %s %r" % (panel.get("kind"),
                                                                                   panel.get("text", "")[:80]))
        shown = app.wait_event("panelShown", after=count)
        f = shown["frame"]
        app.park_pointer()
        time.sleep(0.3)
        shot = Shot()
        rect = app.screen(f)
        ctx.save(shot, (rect[0] - 16, rect[1] - 40, rect[2] + 32, rect[3] + 56), "wayland-lookup-popover.png")
        app.keys("-k", "Escape")
        app.wait_event("panelClosed", after=count)
        time.sleep(0.3)
        gone = Shot()
        changed = shot.changed(gone, rect)
        check(changed > f[2] * f[3] / 10, "Look Up: expected the popover drawn at %s and gone after Escape, "
              "%d of %d pixels changed" % ([round(v) for v in rect], changed, int(f[2] * f[3])))
    finally:
        app.stop()


class Context:
    def __init__(self, binary, pointer, screenshots):
        self.binary, self.pointer, self.screenshots = binary, Pointer(pointer), screenshots
        # A keyboard that is there before any popup, as a desktop's is: wlroots hands a popup's keyboard
        # grab only the keyboards the seat had when the grab began, and each `wtype` adds a new virtual
        # keyboard — which a popup that is already open would never hear — unless the seat already
        # has one. This `wtype` holds its virtual keyboard for the run (and types nothing).
        self.keyboard = subprocess.Popen(["wtype", "-s", "900000"])
        time.sleep(0.2)

    def stop(self):
        self.pointer.stop()
        self.keyboard.terminate()
        self.keyboard.wait()

    def launch(self, environment, floating_size=None):
        return App(self.binary, self.pointer, environment, floating_size)

    def save(self, shot, rect, name):
        if self.screenshots:
            os.makedirs(self.screenshots, exist_ok=True)
            shot.save(os.path.join(self.screenshots, name), rect)


def main():
    ctx = Context(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)
    try:
        return desktop.run((press_and_hold, right_click_small_window, keyboard_focus_moves,
                            submenu_beside_its_item, copy_then_paste, look_up_popover), (ctx,), "Wayland")
    finally:
        ctx.stop()


if __name__ == "__main__":
    sys.exit(main())
