"""What the load test (ssh_load.py) and the SSH benchmarks (ssh_bench.py) share: a server of
their own, customers that connect with asyncssh (from PyPI), the same storefront on a local
pseudo-terminal to compare with, and readings of a process from /proc."""
import asyncio, contextlib, fcntl, os, re, signal, struct, subprocess, tempfile, termios, time

import asyncssh

ESCAPES = re.compile(rb"\x1b(\[[0-9;?]*[ -/]*[@-~]|[()][0-9A-B]|[=>78])")
DOWN, UP = b"\x1b[B", b"\x1b[A"
# One environment for the sessions' children and for the local storefront, so both draw alike.
SCREEN_ENVIRONMENT = {"TERM": "xterm-256color", "LANG": "C.UTF-8"}


class Screen:
    """What a terminal has drawn so far, escape sequences removed, to wait for words in.

    `read` is a coroutine that returns the next chunk of output (b"" at the end)."""

    def __init__(self, read, write):
        self.read, self.write, self.text = read, write, ""

    async def wait_for(self, words, limit=60):
        deadline = time.monotonic() + limit
        while words not in self.text:
            try:
                chunk = await asyncio.wait_for(self.read(), max(0, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                raise TimeoutError(f"waited {limit}s for {words!r}; last drawn: {self.text[-300:]!r}") from None
            if not chunk:
                raise ConnectionError(f"session ended before {words!r}")
            self.text += ESCAPES.sub(b"", chunk).decode("utf-8", "replace")

    async def quiet(self, quiet=0.15):
        """Reads until nothing comes for `quiet` seconds: (when the last byte came, how many came)."""
        last, count = None, 0
        while True:
            try:
                chunk = await asyncio.wait_for(self.read(), quiet)
            except asyncio.TimeoutError:
                return last, count
            if not chunk:
                return last, count
            last, count = time.monotonic(), count + len(chunk)

    async def move(self, key, quiet=0.15):
        """Sends one key and reads its redraw: (seconds until the redraw's last byte, its bytes)."""
        pressed = time.monotonic()
        self.write(key)
        last, count = await self.quiet(quiet)
        return (last - pressed if last else float("nan")), count


@contextlib.asynccontextmanager
async def ssh_session(port, key, size=(80, 24)):
    """A customer's terminal session over SSH: (the connection, its Screen)."""
    async with asyncssh.connect("127.0.0.1", port=port, username="customer", client_keys=[key],
                                known_hosts=None, agent_path=None) as connection:
        signed_in = time.monotonic()
        process = await connection.create_process(term_type=SCREEN_ENVIRONMENT["TERM"], term_size=size,
                                                  env={"LANG": SCREEN_ENVIRONMENT["LANG"]}, encoding=None)
        screen = Screen(lambda: process.stdout.read(65536), process.stdin.write)
        screen.signed_in = signed_in  # when key exchange and sign-in were over
        yield connection, screen


@contextlib.asynccontextmanager
async def local_session(storefront, arguments, size=(80, 24)):
    """`storefront run ARGUMENTS` on a pseudo-terminal of its own, as a terminal emulator runs it."""
    controller, device = os.openpty()
    fcntl.ioctl(device, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    child = subprocess.Popen([storefront, "run"] + arguments, stdin=device, stdout=device, stderr=device,
                             env=dict(os.environ, **SCREEN_ENVIRONMENT), start_new_session=True)
    os.close(device)
    chunks = asyncio.Queue()
    loop = asyncio.get_running_loop()

    def readable():
        try:
            chunk = os.read(controller, 65536)
        except OSError:  # EIO: the child has gone and its terminal with it
            chunk = b""
        if not chunk:
            loop.remove_reader(controller)
        chunks.put_nowait(chunk)

    loop.add_reader(controller, readable)
    try:
        yield child, Screen(chunks.get, lambda data: os.write(controller, data))
    finally:
        loop.remove_reader(controller)
        child.send_signal(signal.SIGTERM)
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
        os.close(controller)


@contextlib.contextmanager
def server(storefront, *options):
    """`storefront serve --ssh 0` of its own (the tip jar, no latency, data in a scratch folder),
    stopped with SIGTERM at the end: (its process, its port)."""
    if not os.access(storefront, os.X_OK):
        raise SystemExit(f"no storefront executable at {storefront}: build it with `make build` (or give its path)")
    scratch = tempfile.mkdtemp(prefix="storefront-ssh-")
    process = subprocess.Popen(
        [storefront, "serve", "--ssh", "0", "--catalog", "tipjar", "--latency", "0", *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=dict(os.environ, XDG_DATA_HOME=scratch), text=True)
    try:
        line = process.stdout.readline()
        found = re.search(r"127\.0\.0\.1:(\d+)", line)
        if not found:
            raise RuntimeError(f"serve did not say where it listens: {line!r} {process.stderr.read()!r}")
        yield process, int(found.group(1))
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


def new_key():
    return asyncssh.generate_private_key("ssh-ed25519")


def percentile(values, p):
    """In milliseconds, nearest rank, of values in seconds."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[min(len(ordered), int(rank)) - 1] * 1000


def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def children(pid):
    """Every child of `pid`, zombies included."""
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as f:
            found += f.read().split()
    return found


def descriptors(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def memory(pid):
    """RSS, RssAnon and PSS of a process, in MB."""
    def field(path, name):
        with open(path) as f:
            for line in f:
                if line.startswith(name):
                    return int(line.split()[1]) / 1024
        raise ValueError(f"no {name} in {path}")
    return {"rss": field(f"/proc/{pid}/status", "VmRSS:"), "rss_anon": field(f"/proc/{pid}/status", "RssAnon:"),
            "pss": field(f"/proc/{pid}/smaps_rollup", "Pss:")}


def load_average():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])
