#!/usr/bin/python3
# fake-patchwork.py PORT-FILE MSGIDS TOKEN LOG: a stand-in for patchwork's
# REST API, as much of it as posting checks needs, on 127.0.0.1 (a free
# port, written to PORT-FILE): GET /api/1.3/patches/?project=P&msgid=M
# (M without angle brackets) lists the patch whose Message-ID is line N of
# MSGIDS as id N; POST /api/1.3/patches/N/checks/ with "Authorization:
# Token TOKEN" and a JSON body takes a check as patchwork does (state
# required and one of its four; context a slug) and appends "N STATE
# CONTEXT" to LOG. Anything else is answered as patchwork would refuse it.
import http.server
import json
import os
import re
import sys
import urllib.parse

port_file, msgids_file, token, log = sys.argv[1:5]
msgids = [line.strip() for line in open(msgids_file) if line.strip()]
STATES = ("pending", "success", "warning", "fail")


class Handler(http.server.BaseHTTPRequestHandler):
    def reply(self, code, body):
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        query = urllib.parse.parse_qs(url.query)
        if url.path != "/api/1.3/patches/" or "project" not in query:
            return self.reply(404, {"detail": "Not found."})
        want = query.get("msgid", [""])[0]
        found = [{"id": i + 1, "msgid": m} for i, m in enumerate(msgids) if m == "<%s>" % want]
        self.reply(200, found)

    def do_POST(self):
        m = re.fullmatch(r"/api/1\.3/patches/(\d+)/checks/", self.path)
        if not m or not 1 <= int(m.group(1)) <= len(msgids):
            return self.reply(404, {"detail": "Not found."})
        if self.headers.get("Authorization") != "Token " + token:
            return self.reply(403, {"detail": "Authentication credentials were not provided."})
        if self.headers.get("Content-Type") != "application/json":
            return self.reply(415, {"detail": "Unsupported media type."})
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if body.get("state") not in STATES or \
                not re.fullmatch(r"[-a-zA-Z0-9_]+", body.get("context", "default")):
            return self.reply(400, {"state": ["A check must have a state."]})
        with open(log, "a") as f:
            f.write("%s %s %s\n" % (m.group(1), body["state"], body.get("context", "default")))
        self.reply(201, dict(body, id=1))

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
with open(port_file + ".tmp", "w") as f:  # renamed: the port file appears whole
    f.write(str(server.server_address[1]))
os.rename(port_file + ".tmp", port_file)
server.serve_forever()
