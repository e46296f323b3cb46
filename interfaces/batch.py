"""Batches: a JSON-lines file of requests answered into a file that survives interruptions.

``tapwise pay IN.jsonl --jsonl --out OUT.jsonl`` answers every line of IN (any query, as in
``tapwise serve``) in this process, or on Dask (``--dask``: a LocalCluster of ``--workers N``;
``--scheduler ADDRESS``: an existing cluster). Why it loses nothing:

- Every line has an identity: its ``id`` when it is a JSON object with a non-null ``id``, else
  its line number in IN (1-based, blank lines counted, not answered). Answers of the second
  kind carry ``"line": N`` beside the spec answer, so OUT alone says which lines are answered.
  A line repeating an id that an earlier line used gets an error answer keyed by its line.
- Answers are appended to OUT in chunks as they finish and flushed. A rerun of the same command
  reads OUT, cuts off a torn last line (a crash in mid-write) and answers only what is missing,
  so every line is answered exactly once. Answers are deterministic, so the file holds the same
  answers, byte for byte, whatever the backend, worker count or interruptions.
- Order: in-process runs write in input order (a resumed run continues the prefix); Dask writes
  in finish order. ``--in-order`` rewrites a finished OUT in input order.

Work goes in chunks (``--chunk``, default 100 requests): one Dask task per chunk amortizes the
scheduling (about a millisecond a task) over 100 solves of a fraction of a millisecond each.
Workers import the solver once and keep its caches warm between chunks. A chunk whose workers keep
dying is split in halves and resent, so a request that kills its worker costs only itself: it is
left unanswered, named in the summary (exit code 1), and tried again by a rerun.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Callable, Iterator, NamedTuple, TextIO

from tapwise.solver.queries.request import answer_request

DEFAULT_CHUNK = 100
LABELS = ("paid", "infeasible", "unpayable", "unknown", "error", "other")

Key = tuple[str, Any]  # ("id", the id as canonical JSON) or ("line", its line number)


class Item(NamedTuple):
    """One request line as shipped to a worker: small, picklable, enough to answer it."""

    line: int  # 1-based line number in the input
    text: str  # the line's JSON text, or "" when it isn't JSON (error says why)
    key: Key
    error: str | None  # set when the client already knows the answer is this error


class Answered(NamedTuple):
    text: str  # the answer's output line, newline included
    label: str  # one of LABELS, for the summary


class BatchError(Exception):
    """A batch that can't run as asked; the message says what to do (exit code 2)."""


@dataclass(frozen=True)
class Backend:
    """Where the requests are answered: here, on a new LocalCluster, or on a running scheduler."""

    kind: str = "in-process"  # "in-process", "local-cluster" or "scheduler"
    workers: int = 1  # LocalCluster worker processes
    address: str | None = None  # the scheduler's address

    def describe(self) -> str:
        if self.kind == "local-cluster":
            return f"Dask LocalCluster, {self.workers} worker{'s' * (self.workers != 1)}"
        if self.kind == "scheduler":
            return f"Dask scheduler {self.address}"
        return "in-process"


@dataclass
class Summary:
    """What OUT holds at the end, and what this run did."""

    labels: Counter[str] = field(default_factory=Counter)  # over every answer in OUT
    before: int = 0  # answers OUT already held when the run started
    this_run: int = 0
    seconds: float = 0.0
    backend: str = "in-process"
    finished: bool = False
    # requests whose worker died each time: not answered
    failed: list[Item] = field(default_factory=list)

    @property
    def answered(self) -> int:
        return self.before + self.this_run

    def text(self) -> str:
        names = {"error": "errors", "other": "other (castable, available)"}
        counts = ", ".join(f"{self.labels[k]} {names.get(k, k)}" for k in LABELS if k != "other"
                           or self.labels[k])
        rate = self.this_run / self.seconds if self.seconds > 0 else 0.0
        head = "batch done" if self.finished and not self.failed else "batch stopped"
        text = (f"tapwise: {head}: {self.answered} answered ({self.this_run} this run, "
                f"{self.before} before): "
                f"{counts}; this run {self.this_run} in {self.seconds:.1f} s = {rate:.0f} "
                f"problems/s "
                f"({self.backend})")
        if self.failed:
            lines = ", ".join(str(item.line) for item in sorted(self.failed)[:10])
            text += (f"\ntapwise: {len(self.failed)} lines not answered: the Dask worker answering "
                     f"each died every "
                     f"time (line {lines}{', ...' if len(self.failed) > 10 else ''}); a rerun "
                     f"tries them again")
        return text


# --- answering (runs on the workers) ------------------------------------------------------------

def _label(answer: dict[str, Any]) -> str:
    status = answer.get("status")
    return status if status in LABELS else "other"  # castable's results and available's pools


def _answer(item: Item, request: Any) -> dict[str, Any]:
    """The answer to one line: the spec answer, or an error naming the line; ``line`` added
    when the line's identity is its number."""
    pid = request.get("id") if isinstance(request, dict) else None
    if item.error is not None:
        answer: dict[str, Any] = {"status": "error", "error": item.error}
    else:
        try:
            answer = answer_request(request)
        except Exception as e:  # noqa: BLE001 - one request's crash must not end the batch
            answer = {"status": "error", "error": f"line {item.line}: internal error: "
                                                  f"{type(e).__name__}: {e}"}
    if pid is not None and "id" not in answer:
        answer["id"] = pid
    if item.key[0] == "line":
        answer = {**answer, "line": item.line}
    return answer


def answer_chunk(items: list[Item], requests: list[Any] | None = None) -> list[Answered]:
    """Answer a chunk. On a worker ``requests`` is None and each line is parsed here (the client
    sends the text, cheaper to ship than the parsed object); in-process the client's parse is
    reused. Either way the same object reaches :func:`_answer`, so the bytes are the same."""
    if requests is None:
        requests = [json.loads(item.text) if item.text else None for item in items]
    out = []
    for item, request in zip(items, requests):
        answer = _answer(item, request)
        out.append(Answered(json.dumps(answer) + "\n", _label(answer)))
    return out


def _tapwise_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tapwise")
    except PackageNotFoundError:
        return "not installed"


# --- reading the input ----------------------------------------------------------------------------

def _id_key(value: Any) -> Key:
    return ("id", json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False))


def _describe(key: Key) -> str:
    return f"id {key[1]}" if key[0] == "id" else f"line {key[1]}"


def read_requests(stream: IO[bytes]) -> Iterator[tuple[Item, Any]]:
    """Each non-blank line of ``stream`` as an Item and its parsed request (None if it isn't JSON)."""
    first_use: dict[Key, int] = {}
    for n, raw in enumerate(stream, 1):
        if not raw.strip():
            continue
        try:
            text = raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError as e:
            yield Item(n, "", ("line", n), f"line {n}: not UTF-8 text (byte {e.start + 1})"), None
            continue
        try:
            request = json.loads(text)
        except json.JSONDecodeError as e:
            yield Item(n, "", ("line", n), f"line {n}: not JSON: {e.msg} at column {e.colno}"), None
            continue
        pid = request.get("id") if isinstance(request, dict) else None
        if pid is None:
            yield Item(n, text, ("line", n), None), request
            continue
        key = _id_key(pid)
        if key in first_use:
            yield Item(n, text, ("line", n),
                       f"line {n}: id {key[1]} is already line {first_use[key]}'s; each line of a "
                       "batch needs its own id (a resumed run skips the ids already "
                       "answered)"), request
            continue
        first_use[key] = n
        yield Item(n, text, key, None), request


@contextmanager
def _open_input(source: str | Path) -> Iterator[IO[bytes]]:
    """The input as a seekable binary file: standard input (``-``) is spooled to a temporary
    file first, since a run reads its input twice when resuming."""
    if str(source) == "-":
        with tempfile.TemporaryFile() as spool:
            shutil.copyfileobj(sys.stdin.buffer, spool)
            spool.seek(0)
            yield spool
        return
    try:
        handle = open(source, "rb")
    except OSError as e:
        raise BatchError(f"can't read {source}: {e.strerror}") from None
    with handle:
        yield handle


# --- the output file ------------------------------------------------------------------------------

def _key_of_answer(record: Any) -> Key | None:
    if not isinstance(record, dict):
        return None
    if isinstance(record.get("line"), int):
        return ("line", record["line"])
    if record.get("id") is not None:
        return _id_key(record["id"])
    return None


class Output:
    """OUT, locked against a second run, its complete answers read, a torn last line cut off,
    open for appending."""

    def __init__(self, path: Path, restart: bool) -> None:
        self.path = path
        self.done: dict[Key, str] = {}  # the answers already in OUT: their keys and labels
        self.keys: list[Key] = []  # the key of each line of OUT, in file order
        self.cut = 0  # bytes of a torn last line cut off
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
        except OSError as e:
            raise BatchError(f"can't write {path}: {e.strerror}") from None
        self.handle = open(fd, "r+b")
        try:
            self._lock()
            if restart:
                self.handle.truncate(0)
            else:
                self._read()
            self.handle.seek(0, os.SEEK_END)
        except BaseException:
            self.handle.close()
            raise

    def _lock(self) -> None:
        try:
            import fcntl
        except ImportError:
            # not on POSIX: no lock, a second run on the same OUT is the user's care
            return
        try:
            fcntl.flock(self.handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise BatchError(f"another run is writing {self.path}; wait for it or stop "
                             f"it") from None

    def _read(self) -> None:
        offset = 0
        for n, raw in enumerate(self.handle, 1):
            if not raw.endswith(b"\n"):  # torn by a crash in mid-write: redone
                self.cut = len(raw)
                break
            try:
                record = json.loads(raw)
            except (json.JSONDecodeError, UnicodeDecodeError):
                record = None
            key = _key_of_answer(record)
            if key is None:
                raise BatchError(f"{self.path} line {n} is not a batch answer (no id, no line); "
                                 f"give a new "
                                 "--out, or add --restart to overwrite it")
            if key in self.done:
                raise BatchError(f"{self.path} line {n} answers {_describe(key)} a second time; "
                                 f"the file was "
                                 "written by something else: give a new --out, or add --restart")
            self.done[key] = _label(record)
            self.keys.append(key)
            offset += len(raw)
        self.handle.seek(offset)
        self.handle.truncate()

    def write(self, answers: list[Answered], keys: list[Key]) -> None:
        self.handle.write("".join(a.text for a in answers).encode("utf-8"))
        self.handle.flush()
        self.keys.extend(keys)

    def rewrite_in_order(self, line_of: dict[Key, int]) -> None:
        """OUT's lines sorted by their request's input line, written to a new file that replaces
        OUT."""
        self.handle.seek(0)
        lines = self.handle.readlines()
        order = sorted(range(len(lines)), key=lambda i: line_of[self.keys[i]])
        fresh = self.path.with_name(self.path.name + ".sorting")
        with open(fresh, "wb") as out:
            out.writelines(lines[i] for i in order)
        os.replace(fresh, self.path)

    def close(self) -> None:
        self.handle.close()


# --- backends -------------------------------------------------------------------------------------

Chunk = tuple[list[Item], list[Any]]


def _in_process(chunks: Iterator[Chunk]) -> Iterator[tuple[list[Item], list[Answered]]]:
    for items, requests in chunks:
        yield items, answer_chunk(items, requests)


def _ignore_sigint(dask_worker: Any = None) -> None:
    """Run on each LocalCluster worker: Ctrl-C at a terminal reaches the whole process group, and
    is the client's to handle (stop after the chunk); a worker it killed would be restarted and
    its chunk redone, but three such deaths would make Dask give the chunk up."""
    with suppress(ValueError):  # only the main thread may set handlers
        signal.signal(signal.SIGINT, signal.SIG_IGN)


_RESTART_WAIT = 30.0  # seconds to wait at shutdown for a killed worker's restart


def _dask_client(backend: Backend, log: TextIO) -> tuple[Any, Any]:
    import logging

    import dask
    from distributed import Client, LocalCluster

    if backend.kind == "local-cluster":
        # No statistical profiler on the workers: sampling every thread's stack each 10 ms cost
        # about a third of a worker's time on typical problems (10,000: 19.5 s against 12.8 s)
        with dask.config.set({"distributed.worker.profile.enabled": False}):
            cluster = LocalCluster(n_workers=backend.workers, threads_per_worker=1, processes=True,
                                   dashboard_address=":0", silence_logs=logging.ERROR)
        client = Client(cluster)
        client.run(_ignore_sigint)
        return client, cluster
    try:
        client = Client(backend.address, timeout=30)
    except (OSError, TimeoutError, ValueError) as e:
        raise BatchError(f"can't reach the Dask scheduler at {backend.address}: {e}") from None
    try:
        versions = client.run(_tapwise_version)
    except Exception as e:  # noqa: BLE001 - a worker that can't import tapwise fails here
        client.close()
        raise BatchError(f"the workers of {backend.address} can't run tapwise ({type(e).__name__}: "
                         f"{e}); "
                         "install the same tapwise on every worker") from None
    mine = _tapwise_version()
    other = {v for v in versions.values() if v != mine}
    if other:
        client.close()
        raise BatchError(f"the workers of {backend.address} run tapwise "
                         f"{', '.join(sorted(other))}, this is "
                         f"{mine}; answers must come from one version: install {mine} on every "
                         f"worker")
    if not versions:
        print(f"tapwise: the scheduler at {backend.address} has no workers yet; waiting for them",
              file=log)
    return client, None


def _on_dask(chunks: Iterator[Chunk], backend: Backend, log: TextIO, failed: list[Item],
             stopping: Callable[[], bool]) -> Iterator[tuple[list[Item], list[Answered]]]:
    """Chunks as Dask tasks, results in finish order. About two chunks per worker thread are in
    flight, so a batch of millions never sits in the scheduler at once and a stopped run has
    little to redo; the window follows workers that join or leave. A chunk that Dask gives up on
    (KilledWorker: its workers died running it, three times by default) is split in halves and
    resent, down to the single requests that kill their worker: those go to ``failed``, not to
    OUT, so a rerun tries them again (a worker may die of something else than its request, and a
    chunk queued on a dying worker counts that death too)."""
    from distributed import KilledWorker, wait

    client, cluster = _dask_client(backend, log)
    try:
        pending = iter(chunks)
        chunk_of: dict[Any, list[Item]] = {}

        def window() -> int:
            return 2 * max(1, sum(client.nthreads().values()))

        size, checked = window(), time.monotonic()
        while not stopping():
            while len(chunk_of) < size:
                nxt = next(pending, None)
                if nxt is None:
                    break
                chunk_of[client.submit(answer_chunk, nxt[0], pure=False)] = nxt[0]
            if not chunk_of:
                return
            try:  # wake up twice a second to see a stop asked while no chunk finishes
                finished = wait(list(chunk_of), timeout=0.5, return_when="FIRST_COMPLETED").done
            except TimeoutError:
                continue
            for future in finished:
                items = chunk_of.pop(future)
                try:
                    answers = future.result()
                except KilledWorker:
                    if len(items) > 1:  # find the request that kills its worker; answer the rest
                        for part in (items[:len(items) // 2], items[len(items) // 2:]):
                            chunk_of[client.submit(answer_chunk, part, pure=False)] = part
                    else:
                        failed.append(items[0])
                    continue
                finally:
                    future.release()
                yield items, answers
            if time.monotonic() - checked > 1.0:
                size, checked = window(), time.monotonic()
    finally:
        _shut(client, cluster, backend, log)


def _shut(client: Any, cluster: Any, backend: Backend, log: TextIO) -> None:
    """Close the client, and the LocalCluster if this run made it. A worker killed by its request
    is being restarted by its nanny; closing the cluster before the new process has started
    makes distributed fail (its nanny joins a process that never started: "can only join a
    started process"), so the workers are awaited first, for a bounded time. Every answer is
    written by now, so a cluster that still won't close is said, not raised."""
    if cluster is None:
        client.close()
        return
    with suppress(TimeoutError):
        client.wait_for_workers(backend.workers, timeout=_RESTART_WAIT)
    client.close()
    try:
        cluster.close()
    except Exception as e:  # noqa: BLE001 - distributed's shutdown races; the answers are written
        print(f"tapwise: the Dask LocalCluster did not shut down cleanly ({type(e).__name__}: {e}); "
              "every answer is written", file=log)


def _distributed_available() -> bool:
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


# --- the run --------------------------------------------------------------------------------------

def _chunks(requests: Iterator[tuple[Item, Any]], done: dict[Key, str], size: int,
            line_of: dict[Key, int]) -> Iterator[Chunk]:
    items: list[Item] = []
    parsed: list[Any] = []
    for item, request in requests:
        line_of[item.key] = item.line
        if item.key in done:
            continue
        items.append(item)
        parsed.append(request)
        if len(items) == size:
            yield items, parsed
            items, parsed = [], []
    if items:
        yield items, parsed


def _progress(total: int | None, initial: int, show: bool, log: TextIO) -> Any:
    if not show:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        print("tapwise: no progress bar (pip install tqdm for one)", file=log)
        return None
    return tqdm(total=total, initial=initial, unit="problem", file=log, smoothing=0.1)


class _Stop:
    """Ctrl-C (SIGINT) and SIGTERM ask the run to stop after the chunk being written: a
    KeyboardInterrupt raised anywhere could land in library code that swallows it (a ``__del__``
    of a Dask future: measured, a SIGINT'd 100,000-problem run went on to the end). A second
    signal stops at once."""

    def __init__(self) -> None:
        self.asked = False
        self.old: dict[int, Any] = {}

    def _handle(self, signum: int, frame: Any) -> None:
        if self.asked:
            raise KeyboardInterrupt
        self.asked = True

    def __enter__(self) -> _Stop:
        with suppress(ValueError):  # not the main thread: leave signals alone
            for sig in (signal.SIGINT, signal.SIGTERM):
                self.old[sig] = signal.signal(sig, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        for sig, old in self.old.items():
            signal.signal(sig, old)


def run_batch(source: str | Path, out: str | Path, *, backend: Backend = Backend(),
              chunk: int = DEFAULT_CHUNK,
              restart: bool = False, in_order: bool = False, progress: bool | None = None,
              log: TextIO | None = None) -> Summary:
    """Answer every line of ``source`` (a path, or ``-`` for standard input) into ``out``,
    resuming from what ``out`` holds. ``progress``: None shows a bar when ``log`` is a terminal.
    Raises BatchError for a run that can't start, KeyboardInterrupt (after the summary) when
    stopped."""
    log = sys.stderr if log is None else log
    if chunk < 1:
        raise BatchError(f"--chunk must be at least 1, not {chunk}")
    if backend.kind == "local-cluster" and backend.workers < 1:
        raise BatchError(f"--workers must be at least 1, not {backend.workers}")
    out = Path(out)
    if str(source) != "-" and out.exists() and Path(source).exists() and out.samefile(source):
        raise BatchError(f"--out {out} is the input file; give another file")
    if backend.kind != "in-process" and not _distributed_available():
        print("tapwise: --dask and --scheduler need Dask (pip install 'tapwise[distributed]'); "
              "running the batch in-process instead", file=log)
        backend = Backend()
    show = (log.isatty() if progress is None else progress)
    summary = Summary(backend=backend.describe())
    with _open_input(source) as stream:
        output = Output(out, restart)
        try:
            if output.cut:
                print(f"tapwise: {out} ended in a torn line ({output.cut} bytes, a crash in "
                      f"mid-write); "
                      "redoing it", file=log)
            summary.before = len(output.done)
            summary.labels.update(output.done.values())
            total = sum(1 for raw in stream if raw.strip()) if show else None
            stream.seek(0)
            if output.done:  # a resumed run first checks that OUT answers this input
                keys = {item.key for item, _ in read_requests(stream)}
                total = len(keys)
                foreign = [k for k in output.done if k not in keys]
                if foreign:
                    raise BatchError(f"{out} holds {len(foreign)} answers to no line of {source} "
                                     f"(first: "
                                     f"{_describe(foreign[0])}); give a new --out, or add "
                                     f"--restart to overwrite it")
                stream.seek(0)
            if output.done:
                print(f"tapwise: resuming: {len(output.done)} of {total} lines already answered in "
                      f"{out}", file=log)
            line_of: dict[Key, int] = {}
            chunks = _chunks(read_requests(stream), output.done, chunk, line_of)
            bar = _progress(total, summary.before, show, log)
            start = time.perf_counter()
            try:
                with _Stop() as stop:
                    results = (_on_dask(chunks, backend, log, summary.failed, lambda: stop.asked)
                               if backend.kind != "in-process" else _in_process(chunks))
                    try:
                        for items, answers in results:
                            output.write(answers, [item.key for item in items])
                            summary.this_run += len(answers)
                            summary.labels.update(a.label for a in answers)
                            if bar is not None:
                                bar.update(len(answers))
                            if stop.asked:
                                break
                    finally:
                        # shuts a LocalCluster down now, not when the
                        # traceback goes
                        results.close()
                    if stop.asked:
                        raise KeyboardInterrupt
                summary.finished = True
            except KeyboardInterrupt:
                summary.seconds = time.perf_counter() - start
                if bar is not None:
                    bar.close()
                print(f"{summary.text()}\ntapwise: rerun the same command to resume from {out}",
                      file=log)
                raise
            summary.seconds = time.perf_counter() - start
            if bar is not None:
                bar.close()
            if in_order:
                output.rewrite_in_order(line_of)
        finally:
            output.close()
    return summary


# --- the command line -----------------------------------------------------------------------------

def add_options(parser: argparse.ArgumentParser) -> None:
    """The batch options of ``tapwise pay`` (used with ``--jsonl``)."""
    group = parser.add_argument_group("batches (with --jsonl)")
    group.add_argument("--out", metavar="OUT.jsonl",
                       help="write the answers to this file; a rerun resumes where a stopped run "
                            "left off")
    group.add_argument("--dask", action="store_true", help="answer on a Dask LocalCluster "
                                                           "(tapwise[distributed])")
    group.add_argument("--workers", type=int, help="LocalCluster worker processes (default: cores)")
    group.add_argument("--scheduler", metavar="ADDRESS", help="answer on a running Dask scheduler, "
                                                              "like tcp://host:8786")
    group.add_argument("--chunk", type=int, default=DEFAULT_CHUNK,
                       help="requests per task (default %(default)s)")
    group.add_argument("--restart", action="store_true", help="discard the answers OUT holds and "
                                                              "start over")
    group.add_argument("--in-order", action="store_true", help="at the end, rewrite OUT in input "
                                                               "order")
    group.add_argument("--quiet", action="store_true", help="no progress bar and no summary")


def wanted(args: argparse.Namespace) -> bool:
    """Whether ``tapwise pay``'s arguments ask for a batch."""
    return bool(args.out or args.dask or args.scheduler)


def main(args: argparse.Namespace) -> int:
    """``tapwise pay IN --jsonl --out OUT [--dask [--workers N] | --scheduler ADDRESS]``; the exit
    code."""
    problems = []
    if not args.jsonl:
        problems.append("--out, --dask and --scheduler answer a JSON-lines batch: add --jsonl")
    if not args.out:
        problems.append("a batch writes its answers to a file it can resume from: add --out "
                        "OUT.jsonl")
    if args.dask and args.scheduler:
        problems.append("--dask starts a LocalCluster, --scheduler uses a running one: give one of "
                        "them")
    if args.workers is not None and not args.dask:
        problems.append("--workers sets the LocalCluster's size: use it with --dask")
    if args.board is not None:
        problems.append("--board is quick mode's; a batch reads its problems from the file")
    if problems:
        for problem in problems:
            print(f"tapwise: {problem}", file=sys.stderr)
        return 2
    if args.dask:
        backend = Backend("local-cluster", workers=args.workers or os.cpu_count() or 1)
    elif args.scheduler:
        backend = Backend("scheduler", address=args.scheduler)
    else:
        backend = Backend()
    try:
        summary = run_batch(args.target, args.out, backend=backend, chunk=args.chunk,
                            restart=args.restart,
                            in_order=args.in_order, progress=False if args.quiet else None)
    except BatchError as e:
        print(f"tapwise: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    if not args.quiet or summary.failed:
        print(summary.text(), file=sys.stderr)
    return 1 if summary.failed else 0
