"""A private production stack on loopback, for load, fault and scale-out runs.

``Stack`` starts, in a temporary directory and on ports of its own:

- ``postgres``: its own PostgreSQL cluster (``initdb`` from ``/usr/lib/postgresql/*/bin``, trust
  on loopback, run as the ``postgres`` account when we are root, since PostgreSQL refuses root);
- ``redis``: its own ``redis-server`` (no RDB, no AOF);
- ``web``: gunicorn with ``workers`` sync workers of ``config.settings.production``;
- ``celery``: one Celery worker (``celery=False`` leaves it out).

For the production topology (``make scale-out``): ``web_nodes=2`` starts ``web`` and ``web2``
(one gunicorn each, own ports), ``celery_workers=2`` starts ``celery`` and ``celery2``,
``beat=True`` one Celery beat, and ``nginx=True`` an nginx from ``deploy/nginx.conf.template``
(its own prefix directory, pid file and port, ``daemon off``; never the system's nginx service)
in front of the web nodes: ``web_url`` is then nginx's, ``node_url("web2")`` one node's own.

It migrates the database first and tears everything down on ``stop()`` (or leaving the ``with``
block, or at exit), removing the directory. It never touches the machine's shared PostgreSQL or
Redis: every URL it hands out names its own port.

The API (everything a load, chaos or scale-out suite needs)::

    with Stack(workers=4) as stack:          # or stack = Stack(...).start(); stack.stop()
        stack.web_url        # http://127.0.0.1:<port>
        stack.database_url   # postgres://postgres@127.0.0.1:<port>/zto
        stack.redis_url      # redis://127.0.0.1:<port>/0
        stack.env            # the environment of every process (for subprocesses of your own)
        stack.pids           # {"postgres": pid, "redis": pid, "web": pid, "celery": pid}
        stack.children("web")          # pids of the gunicorn workers (kill -9 one of them)
        stack.kill("redis")            # SIGKILL (or sig=...) the process and its group, no restart
        stack.restart("redis")         # start it again (after kill) on the same port and data
        stack.manage("simulate_event", "--players", "512")   # manage.py against the stack
        stack.log("web")               # what the process printed so far

Production settings redirect plain HTTP to HTTPS: clients send ``X-Forwarded-Proto: https``
(``HEADERS``), as the load balancer would. Session and CSRF cookies are ``Secure``; an HTTP
client that keeps cookies must be told to send them over loopback (or use API tokens).

Command line: ``python benchmarks/stack.py up [--workers 4] [--no-celery]`` starts the stack,
prints its URLs and pids, and waits for Ctrl-C; ``python benchmarks/stack.py run [--workers 4] --
CMD ...`` runs one command with the stack's variables (``DATABASE_URL``, ``REDIS_URL``,
``WEB_URL``…) and stops the stack when it ends, passing on its exit status.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import glob
import os
import pwd
import shutil
import signal
import socket
import string
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent
HEADERS = {"X-Forwarded-Proto": "https"}


@dataclass(frozen=True)
class CpuReading:
    """``Stack.cpu_reading``: pid -> (group, CPU seconds), and the machine's counters."""

    processes: dict[int, tuple[str, float]]
    machine: dict[str, float]

    def since(self, earlier: CpuReading) -> dict[str, float]:
        """CPU seconds by group between ``earlier`` and this reading: each process's own
        difference (a process started since counts from zero; one that ended is lost: keep the
        phases' processes alive, as persistent connections do), and the machine's counters."""
        totals: dict[str, float] = {}
        for pid, (group, seconds) in self.processes.items():
            before = earlier.processes.get(pid)
            start = before[1] if before is not None and before[0] == group else 0.0
            totals[group] = totals.get(group, 0.0) + seconds - start
        for name, seconds in self.machine.items():
            totals[name] = seconds - earlier.machine.get(name, 0.0)
        return totals


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _pg_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise RuntimeError("no PostgreSQL binaries under /usr/lib/postgresql/*/bin")
    return Path(found[-1]).parent


def _nginx_bin() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else "")
    if not found:
        raise RuntimeError("no nginx: apt-get install -y nginx (make scale-out does)")
    return found


def _wait(
    what: str, ready: Callable[[], bool], timeout: float, process: subprocess.Popen[bytes]
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode} while starting")
        with contextlib.suppress(Exception):  # not answering yet
            if ready():
                return
        time.sleep(0.2)
    raise RuntimeError(f"{what} did not become ready within {timeout:.0f} s")


class Stack:
    """A private PostgreSQL, Redis, gunicorn and Celery worker; see the module's docstring."""

    def __init__(
        self,
        *,
        workers: int = 4,
        celery: bool = True,
        celery_concurrency: int = 1,
        settings: str = "config.settings.production",
        extra_env: dict[str, str] | None = None,
        gunicorn_args: tuple[str, ...] = (),
        web_nodes: int = 1,
        celery_workers: int = 1,
        beat: bool = False,
        nginx: bool = False,
        read_workers: int = 0,
    ) -> None:
        self.workers = workers
        self.with_celery = celery
        self.celery_concurrency = celery_concurrency
        self.settings = settings
        self.extra_env = dict(extra_env or {})
        self.gunicorn_args = gunicorn_args
        # the production topology: web nodes web, web2…; workers celery, celery2…; one beat;
        # nginx in front of the web nodes (deploy/nginx.conf.template), then web_url is nginx's
        self.web_names = ["web"] + [f"web{n}" for n in range(2, web_nodes + 1)]
        self.celery_names = ["celery"] + [f"celery{n}" for n in range(2, celery_workers + 1)]
        self.with_beat = beat
        self.with_nginx = nginx
        # with nginx: a read pool beside each web node (reads, reads2…: gunicorn with
        # read_workers sync workers) that nginx sends GET and HEAD to, so that a poll never
        # waits in the queue behind reports (deploy/nginx.conf.template)
        self.read_workers = read_workers if nginx else 0
        self.read_names = (
            [name.replace("web", "reads") for name in self.web_names] if self.read_workers else []
        )
        self.dir: Path | None = None
        self.ports: dict[str, int] = {}
        self.processes: dict[str, subprocess.Popen[bytes]] = {}
        self._pg_user: pwd.struct_passwd | None = None
        self._all_cores = set(os.sched_getaffinity(0))

    @staticmethod
    def available() -> bool:
        """Whether this machine can run a stack: PostgreSQL's binaries and redis-server."""
        return bool(glob.glob("/usr/lib/postgresql/*/bin/initdb")) and bool(
            shutil.which("redis-server")
        )

    # --- addresses ------------------------------------------------------------------------

    @property
    def database_url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.ports['postgres']}/zto"

    @property
    def redis_url(self) -> str:
        return f"redis://127.0.0.1:{self.ports['redis']}/0"

    @property
    def web_url(self) -> str:
        """The web node's address, or nginx's when it stands in front of them."""
        port = self.ports["nginx"] if self.with_nginx else self.ports["web"]
        return f"http://127.0.0.1:{port}"

    def node_url(self, name: str) -> str:
        """One web node's own address (``web``, ``web2``…), past the load balancer."""
        return f"http://127.0.0.1:{self.ports[name]}"

    @property
    def env(self) -> dict[str, str]:
        env = {
            key: value
            for key, value in os.environ.items()
            if key not in {"DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE"}
        }
        env.update(
            DJANGO_SETTINGS_MODULE=self.settings,
            DATABASE_URL=self.database_url,
            REDIS_URL=self.redis_url,
            WEB_URL=self.web_url,
            SECRET_KEY="private-stack-" + "k" * 50,
            ALLOWED_HOSTS="127.0.0.1,localhost",
            SITE_URL=self.web_url,
            LOG_LEVEL="WARNING",
            EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
            PYTHONPATH=str(ROOT),
        )
        env.update(self.extra_env)
        return env

    @property
    def pids(self) -> dict[str, int]:
        return {name: p.pid for name, p in self.processes.items() if p.poll() is None}

    def children(self, name: str) -> list[int]:
        """The live child processes of ``name`` (gunicorn's workers, Celery's pool)."""
        parent = self.processes[name].pid
        found = []
        for stat in glob.glob("/proc/[0-9]*/stat"):
            with contextlib.suppress(OSError):
                fields = Path(stat).read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) == parent:
                    found.append(int(Path(stat).parent.name))
        return sorted(found)

    def cpu_reading(self) -> CpuReading:
        """The CPU seconds used so far (user + system) by every process of the machine, each
        under its group: the stack's process it descends from (``postgres``: the server and its
        backends; ``web``: gunicorn and its workers…), ``load`` for this process and its
        children (the load generators), ``other`` for the rest; and the machine's own counters
        over all its cores. ``later.since(earlier)`` tells where a phase's CPU went."""
        ticks = float(os.sysconf("SC_CLK_TCK"))
        roots = {p.pid: name for name, p in self.processes.items()}
        roots[os.getpid()] = "load"
        parent: dict[int, int] = {}
        used: dict[int, float] = {}
        for stat in glob.glob("/proc/[0-9]*/stat"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                fields = Path(stat).read_text().rsplit(")", 1)[1].split()
                pid = int(Path(stat).parent.name)
                parent[pid] = int(fields[1])
                used[pid] = (int(fields[11]) + int(fields[12])) / ticks
        processes: dict[int, tuple[str, float]] = {}
        for pid, seconds in used.items():
            node, group = pid, "other"
            for _ in range(64):
                if node in roots:
                    group = roots[node]
                    break
                node = parent.get(node, 0)
                if node <= 1:
                    break
            processes[pid] = (group, seconds)
        cpu = [int(n) / ticks for n in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
        machine = {
            "idle": cpu[3] + cpu[4],
            "interrupts": cpu[5] + cpu[6],
            "steal": cpu[7],  # taken by the hypervisor for other machines
        }
        return CpuReading(processes, machine)

    def log(self, name: str) -> str:
        assert self.dir is not None
        path = self.dir / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    # --- life cycle ------------------------------------------------------------------------

    def start(self) -> Stack:
        self.dir = Path(tempfile.mkdtemp(prefix="zto-stack-"))
        os.chmod(self.dir, 0o755)  # noqa: S103 - the postgres account must reach its data
        atexit.register(self.stop)
        nginx = ["nginx"] if self.with_nginx else []
        for name in ("postgres", "redis", *self.web_names, *self.read_names, *nginx):
            self.ports[name] = _free_port()
        try:
            self._init_postgres()
            self._start("postgres")
            self._createdb()
            self._start("redis")
            self.manage("migrate", "--noinput", quiet=True)
            for name in (*self.web_names, *self.read_names):
                self._start(name)
            if self.with_celery:
                for name in self.celery_names:
                    self._start(name)
            if self.with_beat:
                self._start("beat")
            if self.with_nginx:
                self._write_nginx_conf()
                self._start("nginx")
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        """Stop every process (web and workers first, the database last) and remove the files."""
        order = ["nginx", *self.web_names, *self.read_names, "beat", *self.celery_names, "redis",
                 "postgres"]  # fmt: skip
        for name in order:
            if name in self.processes:
                self._terminate(name)
        self.processes.clear()
        if self.dir is not None:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None

    def __enter__(self) -> Stack:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def kill(self, name: str, sig: int = signal.SIGKILL) -> None:
        """Send ``sig`` to ``name``'s process group (SIGKILL: the process and its children die
        at once) and wait for it; ``restart(name)`` brings it back."""
        process = self.processes[name]
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=30)

    def restart(self, name: str) -> None:
        """Start ``name`` again (stopping it first if it still runs), same port, same data."""
        if name in self.processes and self.processes[name].poll() is None:
            self._terminate(name)
        self._start(name)

    def manage(self, *args: str, quiet: bool = False) -> str:
        """Run ``manage.py`` against the stack; its output (raises when it fails)."""
        done = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
        if not quiet:
            return done.stdout
        return ""

    # --- the processes ---------------------------------------------------------------------

    def _pg_ids(self) -> tuple[int, int] | tuple[None, None]:
        """(uid, gid) to run PostgreSQL as: the postgres account when we are root."""
        if os.geteuid() != 0:
            return None, None
        self._pg_user = self._pg_user or pwd.getpwnam("postgres")
        return self._pg_user.pw_uid, self._pg_user.pw_gid

    def _init_postgres(self) -> None:
        assert self.dir is not None
        data = self.dir / "pgdata"
        data.mkdir()
        uid, gid = self._pg_ids()
        if uid is not None and gid is not None:
            os.chown(data, uid, gid)
        initdb = [str(_pg_bin() / "initdb"), "-D", str(data), "-U", "postgres"]
        subprocess.run(
            [*initdb, "--auth=trust", "-E", "UTF8", "--no-locale", "--no-sync"],
            check=True,
            capture_output=True,
            user=uid,
            group=gid,
        )

    def _command(self, name: str) -> list[str]:
        assert self.dir is not None
        if name == "postgres":
            return [
                str(_pg_bin() / "postgres"),
                "-D",
                str(self.dir / "pgdata"),
                "-p",
                str(self.ports["postgres"]),
                "-k",
                str(self.dir / "pgdata"),
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                "max_connections=200",
            ]
        if name == "redis":
            return [
                "redis-server",
                "--port",
                str(self.ports["redis"]),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.dir),
            ]
        if name in self.web_names or name in self.read_names:
            return [
                str(VENV_BIN / "gunicorn"),
                "config.wsgi",
                "--bind",
                f"127.0.0.1:{self.ports[name]}",
                "--workers",
                str(self.read_workers if name in self.read_names else self.workers),
                "--worker-class",
                "sync",
                "--timeout",
                "60",
                *self.gunicorn_args,
            ]
        if name in self.celery_names:
            return [
                str(VENV_BIN / "celery"),
                "-A",
                "config",
                "worker",
                "--loglevel=INFO",
                "--hostname",
                f"{name}@%h",
                "--concurrency",
                str(self.celery_concurrency),
                "--without-gossip",
                "--without-mingle",
            ]
        if name == "beat":
            return [
                str(VENV_BIN / "celery"),
                "-A",
                "config",
                "beat",
                "--loglevel=INFO",
                "--schedule",
                str(self.dir / "celerybeat-schedule"),
            ]
        if name == "nginx":
            prefix = self.dir / "nginx"
            return [
                _nginx_bin(), "-p", str(prefix), "-e", str(prefix / "logs" / "error.log"),
                "-c", str(self.dir / "nginx.conf"),
            ]  # fmt: skip
        raise KeyError(name)

    def _write_nginx_conf(self) -> None:
        """deploy/nginx.conf.template with this stack's ports and directory."""
        assert self.dir is not None
        prefix = self.dir / "nginx"
        for sub in ("", "logs", "tmp"):
            (prefix / sub).mkdir(exist_ok=True)
            os.chmod(prefix / sub, 0o777)  # noqa: S103 - nginx's workers (nobody) write here

        def servers(names: list[str]) -> str:
            return "\n".join(f"        server 127.0.0.1:{self.ports[n]};" for n in names)

        template = string.Template((ROOT / "deploy" / "nginx.conf.template").read_text())
        (self.dir / "nginx.conf").write_text(
            template.safe_substitute(
                PREFIX=str(prefix),
                LISTEN=f"127.0.0.1:{self.ports['nginx']}",
                UPSTREAMS=servers(self.web_names),
                # no read pool: the web nodes answer reads too
                READ_UPSTREAMS=servers(self.read_names or self.web_names),
                # the TLS terminator's word: the private stack speaks plain HTTP on loopback
                FORWARDED_PROTO="https",
            )
        )

    def _ready(self, name: str) -> Callable[[], bool]:
        if name == "postgres":
            port = self.ports["postgres"]
            return lambda: (
                subprocess.run(
                    [str(_pg_bin() / "pg_isready"), "-h", "127.0.0.1", "-p", str(port)],
                    capture_output=True,
                ).returncode
                == 0
            )
        if name == "redis":
            port = self.ports["redis"]

            def redis_ready() -> bool:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                    sock.sendall(b"PING\r\n")
                    return sock.recv(16).startswith(b"+PONG")

            return redis_ready
        if name in self.web_names or name in self.read_names or name == "nginx":
            url = (self.web_url if name == "nginx" else self.node_url(name)) + "/healthz"

            def web_ready() -> bool:
                request = urllib.request.Request(url, headers=HEADERS)
                try:
                    with urllib.request.urlopen(request, timeout=2) as response:
                        return bool(response.status < 500)
                except urllib.error.HTTPError as error:
                    return bool(error.code < 500)

            return web_ready
        if name in self.celery_names:
            return lambda: " ready." in self.log(name)
        if name == "beat":
            return lambda: "beat: Starting" in self.log("beat")
        raise KeyError(name)

    def pin_web_tier(self, on: bool = True) -> tuple[list[int], list[int]]:
        """``on``: the web tier (nginx, gunicorn: every thread of every process) on half of the
        cores, and everything else of the stack (the database and its backends, Redis, Celery)
        and the caller with its children (the load generators) on the other half, as the
        production topology has them on other machines; off: every core for all. Processes
        started later inherit their parent's cores (a new PostgreSQL backend, a new worker).
        Returns the web tier's cores and the others' (each at least one)."""
        cores = sorted(self._all_cores)
        half = max(1, len(cores) // 2)
        web, rest = (cores[:half], cores[half:] or cores) if on else (cores, cores)
        tier = {*self.web_names, *self.read_names, "nginx"}
        for pid, (group, _seconds) in self.cpu_reading().processes.items():
            if group == "other":
                continue
            for task in glob.glob(f"/proc/{pid}/task/[0-9]*"):
                with contextlib.suppress(OSError, ValueError):  # a thread that just ended
                    os.sched_setaffinity(int(Path(task).name), web if group in tier else rest)
        return web, rest

    def _start(self, name: str) -> None:
        assert self.dir is not None
        uid, gid = self._pg_ids() if name == "postgres" else (None, None)
        log = open(self.dir / f"{name}.log", "ab")  # noqa: SIM115 - the child keeps it open
        process = subprocess.Popen(
            self._command(name),
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            user=uid,
            group=gid,
        )
        log.close()
        self.processes[name] = process
        _wait(name, self._ready(name), 90, process)

    def _createdb(self) -> None:
        port = str(self.ports["postgres"])
        subprocess.run(
            [str(_pg_bin() / "createdb"), "-h", "127.0.0.1", "-p", port, "-U", "postgres", "zto"],
            check=True,
            capture_output=True,
        )

    def _terminate(self, name: str) -> None:
        process = self.processes[name]
        # PostgreSQL: SIGINT is its fast shutdown; the others stop cleanly on SIGTERM.
        sig = signal.SIGINT if name == "postgres" else signal.SIGTERM
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, sig)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=20)
        # whatever is left of the group (workers of a master killed earlier) goes too
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=10)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("up", "run"):
        command = sub.add_parser(name)
        command.add_argument("--workers", type=int, default=4)
        command.add_argument("--no-celery", action="store_true")
        if name == "run":
            command.add_argument("cmd", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    stack = Stack(workers=args.workers, celery=not args.no_celery)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    with stack:
        if args.command == "up":
            print(f"web       {stack.web_url}  (send X-Forwarded-Proto: https)")
            print(f"database  {stack.database_url}")
            print(f"redis     {stack.redis_url}")
            for name, pid in stack.pids.items():
                print(f"pid       {name} {pid}")
            print("Ctrl-C stops everything.", flush=True)
            with contextlib.suppress(KeyboardInterrupt):
                while True:
                    time.sleep(3600)
            return 0
        cmd = [part for part in args.cmd if part != "--"]
        return subprocess.run(cmd, env=stack.env, cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main())
