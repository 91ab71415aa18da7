#!/usr/bin/python3
"""Load for Benchmarks/serve.sh: CLIENTS keep-alive connections each GET PATH in a loop for SECONDS; prints the
requests per second that got a 200 with the whole body, and fails if any answer was something else."""
import http.client
import sys
import threading
import time

host, port, path, clients, seconds = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), float(sys.argv[5])
counts = [0] * clients
errors = [0] * clients
deadline = time.monotonic() + seconds


def client(index):
    connection = http.client.HTTPConnection(host, port, timeout=30)
    while time.monotonic() < deadline:
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            body = response.read()
            if response.status == 200 and len(body) > 0:
                counts[index] += 1
            else:
                errors[index] += 1
            if response.getheader("Connection", "").lower() == "close":
                connection.close()
                connection = http.client.HTTPConnection(host, port, timeout=30)
        except OSError:
            errors[index] += 1
            connection.close()
            connection = http.client.HTTPConnection(host, port, timeout=30)


threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
start = time.monotonic()
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
elapsed = time.monotonic() - start
print(f"{sum(counts) / elapsed:.1f}")
if sum(errors):
    print(f"serve-load: {sum(errors)} failed requests", file=sys.stderr)
    sys.exit(1)
