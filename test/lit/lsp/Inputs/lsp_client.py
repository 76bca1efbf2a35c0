"""A small LSP client for the protocol tests: starts `warplint lsp`, speaks
JSON-RPC with Content-Length framing, and prints what it sees as plain lines
for FileCheck. Every wait is bounded; a timeout prints TIMEOUT and the
script exits non-zero instead of hanging the suite.

usage: lsp_client.py SCENARIO WARPLINT WORKDIR
"""
import json
import os
import queue
import subprocess
import sys
import threading
import time

TIMEOUT = 90  # seconds for one analysis (a cold clang parse of a CUDA file)


class Client:
    def __init__(self, warplint, *args):
        self.proc = subprocess.Popen([warplint, "lsp", "--debounce-ms=50", *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.messages = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 1

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            body = out.read(length)
            self.messages.put(json.loads(body))

    def send_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode()
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method, params=None):
        self.send({"jsonrpc": "2.0", "method": method, "params": params or {}})

    def request(self, method, params=None):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method,
                   "params": params or {}})
        return self.wait(lambda m: m.get("id") == rid and "method" not in m)

    def wait(self, pred, timeout=TIMEOUT):
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                print("TIMEOUT")
                self.proc.kill()
                sys.exit(1)
            try:
                m = self.messages.get(timeout=left)
            except queue.Empty:
                continue
            if m is None:
                print("SERVER CLOSED ITS OUTPUT")
                sys.exit(1)
            if pred(m):
                return m

    def diagnostics(self, uri, version):
        m = self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                      and m["params"]["uri"] == uri
                      and m["params"].get("version") == version)
        return m["params"]["diagnostics"]

    def exit_code(self):
        try:
            return self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return "still running"


def show_error(label, reply):
    err = reply.get("error")
    print(f"{label}: id={json.dumps(reply.get('id'))} code={err['code'] if err else None}")


def show_diagnostics(label, diags):
    print(f"{label}: {len(diags)} diagnostics")
    for d in diags:
        s = d["range"]["start"]
        e = d["range"]["end"]
        print(f"  {s['line'] + 1}:{s['character']}-{e['line'] + 1}:{e['character']}"
              f" severity={d['severity']} source={d['source']} code={d.get('code')}"
              f" {d['message']}")
        for r in d.get("relatedInformation", []):
            start = r["location"]["range"]["start"]
            print(f"    related {os.path.basename(r['location']['uri'])}:"
                  f"{start['line'] + 1}:{start['character']} {r['message']}")


def open_doc(c, path, text, version=1):
    uri = "file://" + path
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "cuda", "version": version, "text": text}})
    return uri


def change(c, uri, version, text):
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": version},
        "contentChanges": [{"text": text}]})


def protocol(warplint, work):
    inputs = os.path.dirname(os.path.abspath(__file__))
    conflict = open(os.path.join(inputs, "transpose.cu")).read()
    c = Client(warplint, "--checks=-*,warplint-bank-conflict")
    show_error("before initialize", c.request("textDocument/codeAction", {}))
    init = c.request("initialize", {"processId": None, "rootUri": None,
                                    "capabilities": {}})
    caps = init["result"]["capabilities"]
    print("initialize: sync", json.dumps(caps["textDocumentSync"], sort_keys=True))
    print("initialize: codeActionProvider", json.dumps(caps["codeActionProvider"]))
    print("initialize: server", init["result"]["serverInfo"]["name"])
    c.notify("initialized")

    # Malformed input: the server answers what it can and keeps going.
    body = b"{this is not json"
    c.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    show_error("malformed json", c.wait(lambda m: "error" in m))
    c.send_raw(b"X-Nonsense: 1\r\n\r\n")
    show_error("no content-length", c.wait(lambda m: "error" in m))
    c.send({"jsonrpc": "2.0", "id": 77})
    c.send([1, 2, 3])
    show_error("not an object", c.wait(lambda m: "error" in m))
    show_error("unknown request", c.request("warplint/doesNotExist", {}))
    c.notify("warplint/unknownNotification", {"x": 1})
    c.notify("$/cancelRequest", {"id": 12345})
    show_error("bad params", c.request("textDocument/codeAction", {"range": 3}))

    # A conflicting kernel: diagnostics, notes, and the fix as a code action.
    # Saved on disk, as an editor's file is: fixes are offered for it.
    path = os.path.join(work, "transpose.cu")
    with open(path, "w") as f:
        f.write(conflict)
    uri = open_doc(c, path, conflict)
    diags = c.diagnostics(uri, 1)
    show_diagnostics("open", diags)
    d = diags[0]
    actions = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": d["range"],
        "context": {"diagnostics": [d]}})["result"]
    for a in actions:
        print(f"action: kind={a['kind']} preferred={a.get('isPreferred', False)} {a['title']}")
        for edit_uri, edits in a["edit"]["changes"].items():
            for e in edits:
                s = e["range"]["start"]
                print(f"  edit {os.path.basename(edit_uri)}:{s['line'] + 1}:{s['character']}"
                      f" -> {json.dumps(e['newText'])}")
    far = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri},
        "range": {"start": {"line": 0, "character": 0},
                  "end": {"line": 0, "character": 0}},
        "context": {"diagnostics": []}})["result"]
    print("actions on line 1:", len(far))

    # Unsaved edits (a comment line inserted on top, nothing written to
    # disk): the fixes are computed against the buffer, so the quick fix
    # edits the moved lines, and applying it to the buffer removes the
    # finding.
    moved = "// unsaved\n" + conflict
    change(c, uri, 2, moved)
    moved_diags = c.diagnostics(uri, 2)
    show_diagnostics("unsaved", moved_diags)
    unsaved = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": moved_diags[0]["range"],
        "context": {"diagnostics": []}})["result"]
    print("actions while unsaved:", len(unsaved))
    preferred = [a for a in unsaved if a.get("isPreferred")][0]
    lines = moved.split("\n")
    for edit_uri, edits in preferred["edit"]["changes"].items():
        for e in edits:
            s, t = e["range"]["start"], e["range"]["end"]
            print(f"  unsaved edit {os.path.basename(edit_uri)}:{s['line'] + 1}:"
                  f"{s['character']} -> {json.dumps(e['newText'])}")
            assert s["line"] == t["line"]
            line = lines[s["line"]]
            lines[s["line"]] = (line[:s["character"]] + e["newText"] +
                                line[t["character"]:])
    change(c, uri, 3, "\n".join(lines))
    show_diagnostics("unsaved fixed", c.diagnostics(uri, 3))
    print("disk unchanged:", open(path).read() == conflict)

    # A file that does not parse: clang's error, and the server lives on.
    broken = conflict.replace("__syncthreads();", "__syncthreads() oops;", 1)
    change(c, uri, 4, broken)
    show_diagnostics("broken", c.diagnostics(uri, 4))

    # Several quick edits: the last text is what gets analyzed.
    for v in range(5, 8):
        change(c, uri, v, broken)
    fixed = conflict.replace("float tile[TILE][TILE];", "float tile[TILE][TILE + 1];", 1)
    change(c, uri, 8, fixed)
    show_diagnostics("latest", c.diagnostics(uri, 8))

    c.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    closed = c.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                    and m["params"]["uri"] == uri and "version" not in m["params"])
    print("close:", len(closed["params"]["diagnostics"]), "diagnostics")

    print("shutdown:", json.dumps(c.request("shutdown"), sort_keys=True))
    show_error("after shutdown", c.request("textDocument/codeAction", {}))
    c.notify("exit")
    print("exit code:", c.exit_code())


def database(warplint, work):
    """The command of a file comes from build/compile_commands.json above it."""
    src = os.path.join(work, "src")
    build = os.path.join(work, "build")
    os.makedirs(src, exist_ok=True)
    os.makedirs(build, exist_ok=True)
    path = os.path.join(src, "width.cu")
    text = ("__global__ void k(float *out) {\n"
            "  __shared__ float s[WIDTH][WIDTH];\n"
            "  out[threadIdx.x] = s[threadIdx.x][threadIdx.y];\n"
            "}\n"
            "void launch(float *out) { k<<<1, dim3(32, 32)>>>(out); }\n")
    with open(path, "w") as f:
        f.write(text)
    with open(os.path.join(build, "compile_commands.json"), "w") as f:
        json.dump([{"directory": build, "file": path,
                    "arguments": ["clang++", "-x", "cuda", "-DWIDTH=32", "-c",
                                  path]}], f)
    c = Client(warplint)
    c.request("initialize", {"processId": None, "capabilities": {}})
    c.notify("initialized")
    uri = open_doc(c, path, text)
    show_diagnostics("with database", c.diagnostics(uri, 1))
    os.remove(os.path.join(build, "compile_commands.json"))
    c.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    show_diagnostics("without database", c.diagnostics(uri, 1))
    c.request("shutdown")
    c.notify("exit")
    print("exit code:", c.exit_code())


def configured(warplint, work):
    """.warplint.yaml above the file applies; the server's --checks wins over
    its Checks; NOLINT in an unsaved buffer is honoured; a broken file is an
    error diagnostic."""
    src = os.path.join(work, "proj", "src")
    os.makedirs(src, exist_ok=True)
    with open(os.path.join(work, "proj", ".warplint.yaml"), "w") as f:
        f.write("Checks: '-warplint-bank-conflict'\n"
                "BlockShapes:\n  k: [32, 32]\n")
    path = os.path.join(src, "nolaunch.cu")
    text = ("__global__ void k(float *out) {\n"
            "  __shared__ float s[32][32];\n"
            "  s[threadIdx.y][threadIdx.x] = 1.0f;\n"
            "  __syncthreads();\n"
            "  out[threadIdx.x] = s[threadIdx.x][threadIdx.y];\n"
            "}\n")
    with open(path, "w") as f:
        f.write(text)
    c = Client(warplint, "--checks=warplint-bank-conflict")
    c.request("initialize", {"processId": None, "capabilities": {}})
    c.notify("initialized")
    uri = open_doc(c, path, text)
    diags = c.diagnostics(uri, 1)
    show_diagnostics("configured", diags)
    for d in diags:
        for r in d.get("relatedInformation", []):
            if "assuming block" in r["message"]:
                print("related:", r["message"])
    nolint = text.replace("[threadIdx.y];", "[threadIdx.y]; // NOLINT", 1)
    change(c, uri, 2, nolint)
    show_diagnostics("unsaved nolint", c.diagnostics(uri, 2))
    with open(os.path.join(work, "proj", ".warplint.yaml"), "w") as f:
        f.write("Chekcs: '*'\n")
    change(c, uri, 3, text)
    show_diagnostics("broken config", c.diagnostics(uri, 3))
    c.request("shutdown")
    c.notify("exit")
    print("exit code:", c.exit_code())


def no_shutdown(warplint, work):
    c = Client(warplint)
    c.request("initialize", {"processId": None, "capabilities": {}})
    c.notify("exit")
    print("exit without shutdown:", c.exit_code())
    c = Client(warplint)
    c.request("initialize", {"processId": None, "capabilities": {}})
    c.proc.stdin.close()
    print("end of input:", c.exit_code())


def peak_rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) // 1024
    return -1


def framing(warplint, work):
    """Broken frames: each gets a parse error (-32700, id null) and the
    server reads the next message as if nothing had happened."""
    c = Client(warplint)
    c.request("initialize", {"processId": None, "capabilities": {}})
    body = json.dumps({"jsonrpc": "2.0", "id": 999, "method": "warplint/none"})
    cases = [
        ("missing", b"Content-Type: x\r\n\r\n" + body.encode()),
        ("negative", b"Content-Length: -5\r\n\r\n" + body.encode()),
        ("malformed", b"Content-Length: 12abc\r\n\r\n" + body.encode()),
        ("2^64-1", b"Content-Length: 18446744073709551615\r\n\r\n" + body.encode()),
        ("10^12", b"Content-Length: 1000000000000\r\n\r\n" + body.encode()),
        ("3*10^9", b"Content-Length: 3000000000\r\n\r\n" + body.encode()),
        ("too large", b"Content-Length: %d\r\n\r\n" % (len(body) + 400) + body.encode()),
        ("too small", b"Content-Length: %d\r\n\r\n" % (len(body) - 9) + body.encode()),
    ]
    for label, raw in cases:
        # A length that is too large is only found out when the next
        # message arrives: the requests follow at once, as an editor's do.
        c.send_raw(raw)
        ids = []
        for _ in range(10):
            ids.append(c.next_id)
            c.send({"jsonrpc": "2.0", "id": c.next_id, "method": "warplint/ping"})
            c.next_id += 1
        err = c.wait(lambda m: "error" in m and m.get("id") is None)
        answered = 0
        for rid in ids:
            reply = c.wait(lambda m, rid=rid: m.get("id") == rid, timeout=10)
            answered += reply.get("error", {}).get("code") == -32601
        print(f"{label}: code={err['error']['code']}, {answered} of 10 later requests answered")
    print("peak memory under 256 MiB:", peak_rss_mib(c.proc.pid) < 256)
    c.request("shutdown")
    c.notify("exit")
    print("exit code:", c.exit_code())


def show_actions(c, uri, diag):
    actions = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": diag["range"],
        "context": {"diagnostics": [diag]}})["result"]
    for a in actions:
        print(f"action: preferred={a.get('isPreferred', False)} {a['title']}")
        for edit_uri, edits in a["edit"]["changes"].items():
            for e in edits:
                s = e["range"]["start"]
                print(f"  edit {os.path.basename(edit_uri)}:{s['line'] + 1}:{s['character']}"
                      f" -> {json.dumps(e['newText'])}")


def verified_fixes(warplint, work):
    """Quick fixes are verified on a copy of the buffer before they are
    offered: a tile declared through a macro gets its edit in the macro's
    definition, a padding that breaks a static_assert is not offered."""
    c = Client(warplint, "--checks=-*,warplint-bank-conflict")
    c.request("initialize", {"processId": None, "capabilities": {}})
    c.notify("initialized")
    sources = {
        "macro.cu": "#define DECL_TILE(name) __shared__ float name[32][32]\n"
                    "__global__ void k(float *out) {\n"
                    "  DECL_TILE(T);\n"
                    "  T[threadIdx.y][threadIdx.x] = 1.0f;\n"
                    "  __syncthreads();\n"
                    "  out[threadIdx.x] = T[threadIdx.x][threadIdx.y];\n"
                    "}\n"
                    "void launch(float *out) { k<<<1, dim3(32, 32)>>>(out); }\n",
        "assert.cu": "__global__ void k(float *out) {\n"
                     "  __shared__ float tile[32][32];\n"
                     "  static_assert(sizeof(tile[0]) == 128, \"rows\");\n"
                     "  tile[threadIdx.y][threadIdx.x] = 1.0f;\n"
                     "  __syncthreads();\n"
                     "  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];\n"
                     "}\n"
                     "void launch(float *out) { k<<<1, dim3(32, 32)>>>(out); }\n",
    }
    for name, text in sources.items():
        path = os.path.join(work, name)
        with open(path, "w") as f:
            f.write(text)
        uri = open_doc(c, path, text)
        diags = c.diagnostics(uri, 1)
        print(f"{name}: {len(diags)} diagnostics")
        for r in diags[0].get("relatedInformation", []):
            if "no edit" in r["message"]:
                print("  related", r["message"])
        show_actions(c, uri, diags[0])
    c.request("shutdown")
    c.notify("exit")
    print("exit code:", c.exit_code())


def deadline(warplint, work):
    """A document whose parse does not end within --timeout says so, and the
    server goes on with the next document and exits when asked."""
    inputs = os.path.dirname(os.path.abspath(__file__))
    endless = os.path.join(inputs, "..", "..", "robustness", "Inputs",
                           "endless-sum.cu")
    c = Client(warplint, "--timeout=15")
    c.request("initialize", {"processId": None, "capabilities": {}})
    c.notify("initialized")
    uri = open_doc(c, os.path.join(work, "endless-sum.cu"),
                   open(endless).read())
    show_diagnostics("endless", c.diagnostics(uri, 1))
    path = os.path.join(work, "transpose.cu")
    uri = open_doc(c, path, open(os.path.join(inputs, "transpose.cu")).read())
    print("next document:", len(c.diagnostics(uri, 1)) > 0)
    c.request("shutdown")
    c.notify("exit")
    print("exit code:", c.exit_code())


def lifecycle(warplint, work):
    c = Client(warplint)
    show_error("before initialize", c.request("shutdown"))
    init = c.request("initialize", {"processId": None, "capabilities": {}})
    print("initialize:", "result" in init)
    show_error("second initialize", c.request("initialize", {"processId": None, "capabilities": {}}))
    show_error("shutdown", c.request("shutdown"))
    show_error("initialize after shutdown", c.request("initialize", {"processId": None, "capabilities": {}}))
    show_error("request after shutdown", c.request("textDocument/codeAction", {}))
    c.notify("exit")
    print("exit code:", c.exit_code())


if __name__ == "__main__":
    scenario, warplint, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    {"protocol": protocol, "database": database, "config": configured,
     "no-shutdown": no_shutdown, "framing": framing,
     "lifecycle": lifecycle, "deadline": deadline,
     "verified-fixes": verified_fixes}[scenario](warplint, work)
