#!/usr/bin/env python3
"""Opens garden's HTML report in headless Chromium and checks it the way a reader would see it.

For each width (a phone, 390 CSS px; a laptop, 1280 px) the page is loaded from its file with the
DevTools protocol over a pipe (--remote-debugging-pipe: no port, no websocket library), and the check
fails when:
  - the page logs a console error or throws an exception;
  - any request is made besides the page itself (a font, an image, a stylesheet, anything on a network);
  - the page is blank (little text, or a screenshot of nearly one colour);
  - it is clipped: the document is wider than the viewport, or an element reaches past the right edge
    (outside a horizontally scrolling box), or text is cut inside a box that hides its overflow;
  - headings skip a level, or a chart (svg[role=img]) has no table with header cells in its section.
A full-page screenshot of each width is written to --out (phone.png, laptop.png); --readme FILE also
writes the top of the laptop page (1280 x 1400 CSS px at scale 1) for the README.

Python standard library only; Chromium from Debian's `chromium` package (tools/report-check/check.sh
installs it when missing). Exit 0 when every check passes, 1 otherwise, 2 on a usage or browser error.
"""
import argparse
import base64
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

WIDTHS = [("phone", 390, 844, 2, True), ("laptop", 1280, 800, 1, False)]

LAYOUT_PROBE = r"""
(() => {
  const vw = document.documentElement.clientWidth;
  const out = {viewport: vw, scrollWidth: document.documentElement.scrollWidth,
               height: document.documentElement.scrollHeight, text: document.body.innerText.trim().length,
               clipped: [], cut: [], headings: [], charts: [], sections: document.querySelectorAll('section').length};
  const scrolls = el => { for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX; if (o === 'auto' || o === 'scroll') return p; } return null; };
  const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : '');
  for (const el of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    if (el.closest('svg.defs')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const box = scrolls(el);
    if (box) {
      const b = box.getBoundingClientRect();
      if (b.right > vw + 1 || b.left < -1) out.clipped.push(name(box) + ' (a scrolling box) ends at ' + Math.round(b.right));
    } else if (r.right > vw + 1 || r.left < -1) {
      out.clipped.push(name(el) + ' spans ' + Math.round(r.left) + '..' + Math.round(r.right) + ' of ' + vw);
    }
    if ((style.overflowX === 'hidden' || style.overflow === 'hidden') && el.scrollWidth > el.clientWidth + 1 && el.innerText && el.innerText.trim())
      out.cut.push(name(el) + ': ' + el.innerText.trim().slice(0, 40));
  }
  for (const h of document.querySelectorAll('h1,h2,h3,h4,h5,h6')) out.headings.push(Number(h.tagName[1]));
  for (const svg of document.querySelectorAll('svg[role=img]')) {
    const section = svg.closest('section');
    const table = section && section.querySelector('table thead th');
    out.charts.push({label: svg.getAttribute('aria-labelledby'), hasTable: !!table});
  }
  return JSON.stringify(out);
})()
"""


class Browser:
    """Chromium driven over --remote-debugging-pipe: JSON messages ending in NUL on fds 3 (in) and 4 (out)."""

    def __init__(self, executable, profile):
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()
        # Copied above 10 first, so putting them on 3 and 4 in the child never overwrites one with the other.
        to_child_r2, from_child_w2 = high_copy(to_child_r), high_copy(from_child_w)

        def place():
            os.dup2(to_child_r2, 3)
            os.dup2(from_child_w2, 4)

        args = [executable, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-default-apps", "--mute-audio", "--hide-scrollbars", "--user-data-dir=" + profile, "about:blank"]
        self.process = subprocess.Popen(args, preexec_fn=place, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for fd in (to_child_r, from_child_w, to_child_r2, from_child_w2):
            os.close(fd)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_child, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def receive(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_child, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the pipe (did it start? is it installed?)")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_for(self, method, session, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for index, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == session:
                    return self.events.pop(index)
            self.events.append(self.receive())
        raise RuntimeError(f"no {method} within {timeout} s")

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def high_copy(fd):
    """A copy of `fd` numbered above 10, closed on exec (the child gets it as 3 or 4 instead)."""
    import fcntl
    return fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 11)


def png_pixels(data):
    """(width, height, rows of RGB(A) bytes) of an 8-bit PNG (what Chromium writes), with filters undone."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), f"PNG depth {depth} colour {colour}"
            channels = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, pos = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def blank_share(png):
    """The share of sampled pixels that differ from the most common colour (0: one colour only)."""
    width, height, channels, rows = png_pixels(png)
    counts = {}
    samples = 0
    for y in range(0, height, max(1, height // 300)):
        row = rows[y]
        for x in range(0, width, max(1, width // 200)):
            pixel = row[x * channels:x * channels + 3]
            counts[pixel] = counts.get(pixel, 0) + 1
            samples += 1
    return 1 - max(counts.values()) / samples, len(counts)


def check(browser, page_url, label, width, height, scale, mobile, out_dir, readme):
    problems = []
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    for domain in ("Page", "Runtime", "Log", "Network"):
        browser.send(domain + ".enable", {}, session)
    browser.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile}, session)
    browser.send("Page.navigate", {"url": page_url}, session)
    browser.wait_for("Page.loadEventFired", session)
    time.sleep(0.3)
    layout = json.loads(browser.send("Runtime.evaluate", {"expression": LAYOUT_PROBE, "returnByValue": True}, session)["result"]["value"])
    for event in browser.events:
        if event.get("sessionId") != session:
            continue
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            problems.append("console error: " + " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
        elif method == "Runtime.exceptionThrown":
            problems.append("exception: " + params.get("exceptionDetails", {}).get("text", ""))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            problems.append("console error: " + params["entry"].get("text", ""))
        elif method == "Network.requestWillBeSent":
            url = params.get("request", {}).get("url", "")
            if url != page_url:
                problems.append("a request besides the page: " + url[:200])
    if layout["scrollWidth"] > layout["viewport"] + 1:
        problems.append(f"the page is {layout['scrollWidth']} px wide in a {layout['viewport']} px viewport")
    problems += ["clipped: " + c for c in layout["clipped"][:5]]
    problems += ["text cut: " + c for c in layout["cut"][:5]]
    if layout["text"] < 200 or layout["sections"] < 4:
        problems.append(f"blank page: {layout['text']} characters of text, {layout['sections']} sections")
    levels = layout["headings"]
    if not levels or levels[0] != 1 or any(b > a + 1 for a, b in zip(levels, levels[1:])):
        problems.append(f"headings out of order: {levels}")
    for chart in layout["charts"]:
        if not chart["hasTable"]:
            problems.append(f"chart {chart['label']} has no table with header cells in its section")
    full = {"x": 0, "y": 0, "width": width, "height": min(layout["height"], 16000), "scale": 1}
    shot = base64.b64decode(browser.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": full}, session)["data"])
    with open(os.path.join(out_dir, label + ".png"), "wb") as f:
        f.write(shot)
    # Blank or not is judged on the first screen at scale 1 (decoding the whole page in Python is slow).
    first = {"x": 0, "y": 0, "width": width, "height": min(layout["height"], height), "scale": 1 / scale}
    share, colours = blank_share(base64.b64decode(browser.send("Page.captureScreenshot", {"format": "png", "clip": first}, session)["data"]))
    if share < 0.02 or colours < 8:
        problems.append(f"blank screenshot: {share:.1%} of pixels differ from the background, {colours} colours")
    if readme and label == "laptop":
        top = dict(full, height=min(layout["height"], 1400))
        with open(readme, "wb") as f:
            f.write(base64.b64decode(browser.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": top}, session)["data"]))
    browser.send("Target.closeTarget", {"targetId": target})
    print(f"{label} {width}px: {layout['height']} px tall, {layout['text']} characters, {len(levels)} headings, "
          f"{len(layout['charts'])} chart(s); {'ok' if not problems else str(len(problems)) + ' problem(s)'}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("page", help="the report's HTML file")
    parser.add_argument("--out", default=".", help="folder for phone.png and laptop.png")
    parser.add_argument("--readme", help="also write the top of the laptop page here")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    args = parser.parse_args()
    page = os.path.abspath(args.page)
    if not os.path.isfile(page):
        print(f"check.py: no such file {page}", file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="garden-chromium-")
    browser = Browser(args.chromium, profile)
    problems = []
    try:
        browser.send("Browser.getVersion")
        for label, width, height, scale, mobile in WIDTHS:
            problems += [f"{label}: {p}" for p in check(browser, "file://" + page, label, width, height, scale, mobile, args.out, args.readme)]
    except RuntimeError as error:
        print(f"check.py: {error}", file=sys.stderr)
        return 2
    finally:
        browser.close()
        shutil.rmtree(profile, ignore_errors=True)
    for problem in problems:
        print("FAIL " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
