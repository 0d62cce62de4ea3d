#!/usr/bin/env python3
"""Evaluates a JavaScript expression in the page of a headless Chromium started with
--remote-debugging-port=0 --user-data-dir=DIR, over the DevTools protocol, and prints its value.
Only the standard library: a WebSocket client of the smallest kind (one masked text frame out,
unmasked frames in), enough for Runtime.evaluate.

  cdp-eval.py DIR EXPRESSION [--until TEXT] [--timeout SECONDS]

--until repeats the evaluation until the value contains TEXT (exit 1 if it never does).
"""
import argparse, base64, json, os, socket, struct, sys, time, urllib.request


def devtools_port(directory, deadline):
    path = os.path.join(directory, "DevToolsActivePort")
    while time.time() < deadline:
        try:
            with open(path) as f:
                return int(f.readline().strip())
        except (OSError, ValueError):
            time.sleep(0.05)
    sys.exit("no DevToolsActivePort in %s" % directory)


def page_socket(port, deadline):
    while time.time() < deadline:
        try:
            targets = json.load(urllib.request.urlopen("http://127.0.0.1:%d/json/list" % port, timeout=2))
            pages = [t for t in targets if t.get("type") == "page" and t.get("url", "").startswith("http")]
            if pages:
                return pages[0]["webSocketDebuggerUrl"]
        except OSError:
            pass
        time.sleep(0.05)
    sys.exit("no page target on port %d" % port)


class WebSocket:
    def __init__(self, url):
        rest = url.split("://", 1)[1]
        hostport, path = rest.split("/", 1)
        host, port = hostport.split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(("GET /%s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (path, hostport, key)).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            sys.exit("WebSocket refused: %r" % head)

    def send(self, text):
        data = text.encode()
        mask = os.urandom(4)
        header = bytes([0x81])
        if len(data) < 126:
            header += bytes([0x80 | len(data)])
        else:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(data))
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def exact(self, count):
        data = b""
        while len(data) < count:
            chunk = self.sock.recv(count - len(data))
            if not chunk:
                sys.exit("DevTools closed the connection")
            data += chunk
        return data

    def receive(self):
        first, second = self.exact(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack(">H", self.exact(2))[0]
        elif length == 127:
            length = struct.unpack(">Q", self.exact(8))[0]
        return self.exact(length).decode()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("directory")
    parser.add_argument("expression")
    parser.add_argument("--until")
    parser.add_argument("--timeout", type=float, default=10)
    options = parser.parse_args()
    deadline = time.time() + options.timeout
    ws = WebSocket(page_socket(devtools_port(options.directory, deadline), deadline))
    ident = 0
    while True:
        ident += 1
        ws.send(json.dumps({"id": ident, "method": "Runtime.evaluate",
                            "params": {"expression": options.expression, "returnByValue": True}}))
        while True:
            message = json.loads(ws.receive())
            if message.get("id") == ident:
                break
        value = message.get("result", {}).get("result", {}).get("value")
        text = value if isinstance(value, str) else json.dumps(value)
        if options.until is None or (text is not None and options.until in text):
            print(text)
            return 0
        if time.time() > deadline:
            print(text)
            return 1
        time.sleep(0.05)


if __name__ == "__main__":
    sys.exit(main())
