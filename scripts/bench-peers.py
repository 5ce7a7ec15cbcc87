#!/usr/bin/env python3
"""dtable beside DuckDB and polars on the bench files: `make bench-peers`.

Usage: bench-peers.py --bench PATH/dtable-bench [--data-directory DIR] [--rows N,N] [--runs R]

For each row count: dtable's figures from `dtable-bench --peers` (in-process, through the
library; it generates the file when missing and says where it is), then DuckDB and polars, each
in a child process of its own (this script with `--peer NAME FILE RUNS`), in-process with 2
threads, each after a read of the whole file (a warm page cache). Every figure is the best wall
time of R runs (default 3 up to 1M rows, 1 above), in ms.
Prints one Markdown table per file, with the ratios peer time / dtable time (above 1: dtable is
faster) and the 1-minute load average when each tool started. Progress goes to stderr.

The jobs, the same for all three:
- open / load: dtable opens the file and indexes every row (and counts every record's fields);
  DuckDB `CREATE TABLE t AS FROM read_csv(F)` in memory; polars `pl.read_csv(F)`.
- sort by `progress` (int), then by `name` (text), after loading: dtable `DataTableView.sort`;
  DuckDB the row ids in that order into a table; polars `arg_sort_by`.
- substring `hopper` over all columns, case-insensitive: dtable's filter (smart case); DuckDB
  `concat_ws(',', *COLUMNS(*)) ILIKE '%hopper%'`; polars `any_horizontal` of
  `str.contains('(?i)hopper')` over every column cast to text.
- frequency of `name` (264 values), then `email` (mostly distinct): dtable's `F` table;
  DuckDB `GROUP BY ... ORDER BY count DESC` into a table; polars `value_counts(sort=True)`.
- the same again: `name` right after its first count, `email` once sorted by it (dtable counts
  both from the sort keys it kept); a peer keeps nothing between two queries, so its figure is
  its count.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import time

THREADS = 2
FILTER_QUERY = "hopper"


def best(runs, job):
    """The best wall time of `runs` calls of `job` in ms, and what the last call returned."""
    fastest, result = float("inf"), None
    for _ in range(max(1, runs)):
        start = time.perf_counter()
        result = job()
        fastest = min(fastest, (time.perf_counter() - start) * 1000)
    return fastest, result


def peak_rss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def warm(path):
    """Reads the file once, so every tool starts on a warm page cache (as `make bench` does)."""
    with open(path, "rb", buffering=0) as file:
        while file.read(16 << 20):
            pass


def measure_duckdb(path, runs):
    import duckdb

    con = duckdb.connect()
    con.execute(f"SET threads = {THREADS}")
    quoted = path.replace("'", "''")
    figures = {"load_average": os.getloadavg()[0], "version": duckdb.__version__}

    def into(name, query):
        con.execute(f"CREATE OR REPLACE TEMP TABLE {name} AS {query}")
        return con.execute(f"SELECT count(*) FROM {name}").fetchone()[0]

    figures["load_ms"], _ = best(runs, lambda: con.execute(f"CREATE OR REPLACE TABLE t AS FROM read_csv('{quoted}')"))
    figures["rows"] = con.execute("SELECT count(*) FROM t").fetchone()[0]
    figures["sort_int_ms"], _ = best(runs, lambda: into("r", "SELECT rowid FROM t ORDER BY progress"))
    figures["sort_text_ms"], _ = best(runs, lambda: into("r", "SELECT rowid FROM t ORDER BY name"))
    figures["filter_ms"], figures["filter_rows"] = best(
        runs, lambda: into("f", f"SELECT rowid FROM t WHERE concat_ws(',', *COLUMNS(*)) ILIKE '%{FILTER_QUERY}%'"))
    for column in ("name", "email"):
        figures[f"freq_{column}_ms"], figures[f"freq_{column}_values"] = best(
            runs, lambda: into("g", f"SELECT {column}, count(*) AS n FROM t GROUP BY {column} ORDER BY n DESC"))
    figures["peak_rss_mb"] = peak_rss_mb()
    return figures


def measure_polars(path, runs):
    os.environ["POLARS_MAX_THREADS"] = str(THREADS)  # read when polars is imported
    import polars as pl

    figures = {"load_average": os.getloadavg()[0], "version": pl.__version__}
    figures["load_ms"], df = best(runs, lambda: pl.read_csv(path))
    figures["rows"] = df.height
    figures["sort_int_ms"], _ = best(runs, lambda: df.select(pl.arg_sort_by("progress")))
    figures["sort_text_ms"], _ = best(runs, lambda: df.select(pl.arg_sort_by("name")))
    matches = pl.any_horizontal(pl.all().cast(pl.String).str.contains(f"(?i){FILTER_QUERY}"))
    figures["filter_ms"], figures["filter_rows"] = best(runs, lambda: df.filter(matches).height)
    for column in ("name", "email"):
        figures[f"freq_{column}_ms"], figures[f"freq_{column}_values"] = best(
            runs, lambda: df[column].value_counts(sort=True).height)
    figures["peak_rss_mb"] = peak_rss_mb()
    return figures


PEERS = {"duckdb": ("DuckDB", measure_duckdb), "polars": ("polars", measure_polars)}


def progress(text):
    print(f"bench-peers: {text}", file=sys.stderr, flush=True)


def run_json(command):
    """The last line of `command`'s stdout as JSON, or None (said on stderr) when it failed."""
    done = subprocess.run(command, stdout=subprocess.PIPE, text=True)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        progress(f"{' '.join(command)} failed (exit {done.returncode})")
        return None
    return json.loads(lines[-1])


def label(rows):
    if rows >= 1_000_000 and rows % 1_000_000 == 0:
        return f"{rows // 1_000_000}M rows"
    return f"{rows} rows"


# The table's rows: key, label, the key of a count shown beside each figure (checked equal).
ROWS = [
    ("load_ms", "open / load (rows)", "rows"),
    ("sort_int_ms", "sort by int column `progress`, after loading", None),
    ("sort_text_ms", "sort by text column `name`", None),
    ("filter_ms", f"substring `{FILTER_QUERY}` over all columns (rows kept)", "filter_rows"),
    ("freq_name_ms", "frequency of text column `name` (values)", "freq_name_values"),
    ("freq_email_ms", "frequency of `email`, mostly distinct (values)", "freq_email_values"),
    ("freq_name_again_ms", "frequency of `name` again (values; see below)", "freq_name_again_values"),
    ("freq_email_sorted_ms", "frequency of `email` once sorted by it (values; see below)", "freq_email_sorted_values"),
]


def table(rows, path, runs, dtable, peers):
    """The Markdown lines of one file's table; `peers` is [(title, figures or None)]."""
    size_mb = os.path.getsize(path) / 1e6
    threads = f"{THREADS} threads"
    header = ["work (ms, best of %d)" % runs, "dtable"]
    for title, figures in peers:
        version = f" {figures['version']}" if figures else ""
        header += [f"{title}{version}", "ratio"]
    lines = [f"### {label(rows)} ({size_mb:.1f} MB), {path}; peers in-process, {threads}; ratio = peer / dtable", ""]
    body = [header]
    mismatches = []

    def cell(figures, key, count_key):
        if not figures or figures.get(key) is None:
            return "-"
        text = f"{figures[key]:.2f}" if figures[key] < 10 else f"{figures[key]:.1f}"
        if count_key and figures.get(count_key) is not None:
            text += f" ({int(figures[count_key])})"
        return text

    for key, name, count_key in ROWS:
        line = [name, cell(dtable, key, count_key)]
        for title, figures in peers:
            line.append(cell(figures, key, count_key))
            ours, theirs = (dtable or {}).get(key), (figures or {}).get(key)
            line.append(f"{theirs / ours:.1f}x" if ours and theirs else "-")
            if count_key and dtable and figures and dtable.get(count_key) != figures.get(count_key):
                mismatches.append(f"{name}: dtable {dtable.get(count_key)}, {title} {figures.get(count_key)}")
        body.append(line)
    memory = ["peak resident memory (MB; dtable's counts the mapped file)", cell(dtable, "peak_rss_mb", None)]
    load = ["load average (1 min) when the tool started", "-" if not dtable else f"{dtable['load_average']:.2f}"]
    for _, figures in peers:
        memory += [cell(figures, "peak_rss_mb", None), ""]
        load += ["-" if not figures else f"{figures['load_average']:.2f}", ""]
    body += [memory, load]
    widths = [max(len(r[c]) for r in body) for c in range(len(header))]
    for i, r in enumerate(body):
        lines.append("| " + " | ".join(t.ljust(w) if c == 0 else t.rjust(w) for c, (t, w) in enumerate(zip(r, widths))) + " |")
        if i == 0:
            lines.append("|" + "|".join("-" * (w + 2) if c == 0 else "-" * (w + 1) + ":" for c, w in enumerate(widths)) + "|")
    lines.append("")
    lines.append("Load: dtable indexes the rows (fields are read when needed), the peers parse every field into typed "
                 "columns. Counts in parentheses are checked equal across the tools. Frequencies: dtable's first "
                 "count reads the CSV (and keeps the sort keys of a few-valued column); `again` is its count right "
                 "after, from those keys, and `once sorted` its count from the keys a sort kept; a peer keeps "
                 "nothing between two queries, so both are its count.")
    for mismatch in mismatches:
        lines.append(f"NOT THE SAME ANSWER: {mismatch}")
    return lines


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "--peer":
        _, measure = PEERS[sys.argv[2]]
        print(json.dumps(measure(sys.argv[3], int(sys.argv[4]))), flush=True)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", default="./.build/release/dtable-bench", help="the dtable-bench executable")
    parser.add_argument("--data-directory", default="bench-data")
    parser.add_argument("--rows", default="1000000", help="row counts, comma-separated")
    parser.add_argument("--runs", type=int, default=0, help="runs per figure (default 3 up to 1M rows, else 1)")
    options = parser.parse_args()
    start = time.perf_counter()
    for rows in (int(n) for n in options.rows.split(",") if n):
        runs = options.runs or (3 if rows <= 1_000_000 else 1)
        progress(f"{label(rows)}: dtable (best of {runs})")
        dtable = run_json([options.bench, "--peers", "--rows", str(rows), "--runs", str(runs),
                           "--data-directory", options.data_directory])
        if not dtable:
            return 1
        peers = []
        for key, (title, _) in PEERS.items():
            progress(f"{label(rows)}: {title} (best of {runs})")
            warm(dtable["path"])
            figures = run_json([sys.executable, __file__, "--peer", key, dtable["path"], str(runs)])
            if figures:
                # A peer keeps nothing between two queries: counting again is its best count.
                for again, first in (("freq_name_again", "freq_name"), ("freq_email_sorted", "freq_email")):
                    figures[f"{again}_ms"] = figures[f"{first}_ms"]
                    figures[f"{again}_values"] = figures[f"{first}_values"]
            peers.append((title, figures))
        print("\n".join(table(rows, dtable["path"], runs, dtable, peers)) + "\n", flush=True)
    progress(f"done in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
