"""Build the book: one Jupyter Book 1.x site per language, and a landing page.

    python book/build.py            # every language, warnings are errors
    python book/build.py --lang de  # one language

The sites land side by side in ``book/_build/html/{ru,bg,de}`` (so that every page can
link to itself in the other languages) with ``book/_build/html/index.html`` leading to
them. Pages come from ``lessons/<lang>``; each site's settings from ``book/<lang>``.
Nothing is fetched from the network: the theme, its scripts and the kit's style sheet
come from installed packages.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

BOOK = Path(__file__).resolve().parent
ROOT = BOOK.parent
LANGUAGES = ("ru", "bg", "de")


def site_settings(lang: str) -> tuple[str, str]:
    """A site's language name and title, as its ``book/<lang>/_config.yml`` gives them."""
    import yaml

    config = yaml.safe_load((BOOK / lang / "_config.yml").read_text(encoding="utf-8"))
    return config["sphinx"]["config"]["rummy_language_switch"][lang], config["title"]


def build_language(lang: str, out: Path, lessons: Path = ROOT / "lessons") -> None:
    """One language's site into ``out/<lang>``; a warning stops the build."""
    work = out.parent / f"{out.name}-work" / lang  # Jupyter Book's cache, kept per output
    command = [
        str(Path(sys.executable).with_name("jupyter-book")), "build", str(lessons / lang),
        "--config", str(BOOK / lang / "_config.yml"), "--toc", str(BOOK / lang / "_toc.yml"),
        "--path-output", str(work), "--warningiserror", "--nitpick", "--keep-going",
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        output, log = done.stdout + done.stderr, work.parent / f"{lang}.log"
        log.write_text(output, encoding="utf-8")
        causes = what_stopped(output)
        sys.stderr.write("\n".join(causes or [done.stderr[-4000:] or done.stdout[-4000:]]) + "\n")
        raise SystemExit(
            f"the {lang} site did not build (exit {done.returncode}); the whole log: {log}"
        )
    shutil.rmtree(out / lang, ignore_errors=True)
    shutil.copytree(work / "_build" / "html", out / lang)


def what_stopped(output: str) -> list[str]:
    r"""The lines of a build's output that say what went wrong (a wrong example, a warning).

    >>> what_stopped("reading...\n\x1b[91mx.md:3: WARNING: unknown document\x1b[39;49;00m\nok")
    ['x.md:3: WARNING: unknown document']
    >>> what_stopped("reading...\nrummy-learn example: x.md:5: example 'k': the core says valid")
    ["x.md:5: example 'k': the core says valid"]
    """
    plain = re.sub(r"\x1b\[[0-9;]*m", "", output)
    wanted = re.compile(
        r"^rummy-learn( example)?: |WARNING: |ERROR: |CellExecutionError|Exception occurred"
    )
    found = [line.strip() for line in plain.splitlines() if wanted.search(line)]
    return list(dict.fromkeys(re.sub(r"^rummy-learn( example)?: ", "", line) for line in found))


def landing_page(languages: list[str]) -> str:
    """The page that leads to the language sites (no script, no network)."""
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    env = Environment(loader=FileSystemLoader(BOOK), autoescape=select_autoescape(default=True))
    sites = [(lang, *site_settings(lang)) for lang in languages]
    return env.get_template("landing.html.j2").render(sites=sites)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lang", action="append", choices=list(LANGUAGES))
    parser.add_argument("--out", type=Path, default=BOOK / "_build" / "html")
    parser.add_argument("--lessons", type=Path, default=ROOT / "lessons", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    languages = args.lang or list(LANGUAGES)
    args.out.mkdir(parents=True, exist_ok=True)
    for lang in languages:
        start = time.perf_counter()
        build_language(lang, args.out, args.lessons.resolve())
        print(f"{lang}: built in {time.perf_counter() - start:.1f} s")
    (args.out / "index.html").write_text(landing_page(list(LANGUAGES)), encoding="utf-8")
    print(f"the book: {args.out / 'index.html'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
