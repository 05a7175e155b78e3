"""A small OTLP/HTTP trace receiver for benchmarks/tracing.sh: accepts POST /v1/traces and answers 200
with an empty body (a valid, empty ExportTraceServiceResponse), counting what it received so that the
benchmark can check that every span reached it.

    python3 benchmarks/harness/otlp-sink.py PORT

GET /stats answers the counts so far as JSON: requests, bytes, spans (decoded from the protobuf:
ExportTraceServiceRequest.resource_spans[].scope_spans[].spans[]), protobuf requests it could not
decode, other requests it refused, and the time spent in handlers (total and the longest), which says
whether it kept up with the exporter. JSON bodies (http/json) are counted but their spans are not.
"""
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

lock = threading.Lock()
stats = {"requests": 0, "bytes": 0, "spans": 0, "undecoded": 0, "refused": 0, "busy_s": 0.0, "longest_s": 0.0}


def varint(buf, i):
    value = shift = 0
    while True:
        b = buf[i]
        i += 1
        value |= (b & 0x7F) << shift
        if b < 0x80:
            return value, i
        shift += 7


def fields(buf, start=0, end=None):
    """(field number, start, end) of each length-delimited field; other wire types are skipped."""
    i, end = start, len(buf) if end is None else end
    while i < end:
        key, i = varint(buf, i)
        wire = key & 7
        if wire == 0:
            _, i = varint(buf, i)
        elif wire == 1:
            i += 8
        elif wire == 5:
            i += 4
        elif wire == 2:
            size, i = varint(buf, i)
            yield key >> 3, i, i + size
            i += size
        else:
            raise ValueError(f"wire type {wire}")
    if i != end:
        raise ValueError("truncated")


def count_spans(body):
    spans = 0
    for number, start, end in fields(body):  # ExportTraceServiceRequest.resource_spans = 1
        if number != 1:
            continue
        for number2, start2, end2 in fields(body, start, end):  # ResourceSpans.scope_spans = 2
            if number2 != 2:
                continue
            spans += sum(1 for number3, _, _ in fields(body, start2, end2) if number3 == 2)  # ScopeSpans.spans = 2
    return spans


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the exporter's HTTP client expects

    def do_POST(self):
        began = time.perf_counter()
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.path != "/v1/traces":
            self.answer(404, b"", refused=True)
            return
        spans, undecoded = 0, 0
        if "json" in self.headers.get("Content-Type", ""):
            undecoded = 1
        else:
            try:
                spans = count_spans(body)
            except (ValueError, IndexError):
                undecoded = 1
        self.answer(200, b"")
        took = time.perf_counter() - began
        with lock:
            stats["requests"] += 1
            stats["bytes"] += len(body)
            stats["spans"] += spans
            stats["undecoded"] += undecoded
            stats["busy_s"] += took
            stats["longest_s"] = max(stats["longest_s"], took)

    def do_GET(self):
        if self.path != "/stats":
            self.answer(404, b"", refused=True)
            return
        with lock:
            body = json.dumps(stats).encode()
        self.answer(200, body, "application/json")

    def answer(self, status, body, content_type="application/x-protobuf", refused=False):
        if refused:
            with lock:
                stats["refused"] += 1
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler)
    server.daemon_threads = True
    server.serve_forever()
