"""The page's program and the browser tokenizers are shipped built (playground/page/static/twin/): a clean `npm ci` from the lockfile and
scripts/build_browser.mjs make the same bytes again, and every npm package the build bundles has its license in
assets/NOTICE."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from browser import require_node
from conftest import ROOT

BUILT = ROOT / "playground" / "page" / "static" / "twin"
SOURCES = ("package.json", "package-lock.json", "scripts/build_browser.mjs", "playground/tokenizers", "playground/lesson",
           "playground/page/static", "playground/page/browser_page.js", "playground/page/render.js", "playground/page/qr_code.js",
           "playground/page/export.js",
           "playground/page/batch_view.js")


def built_files(folder) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


@pytest.mark.node
def test_a_clean_build_from_the_lockfile_makes_the_committed_bytes(tmp_path):
    require_node(installed=False)
    for source in SOURCES:
        if (ROOT / source).is_dir():
            shutil.copytree(ROOT / source, tmp_path / source, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
        else:
            (tmp_path / source).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(ROOT / source, tmp_path / source)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=tmp_path, check=True, capture_output=True, timeout=600)
    subprocess.run(["node", "scripts/build_browser.mjs"], cwd=tmp_path, check=True, capture_output=True, timeout=300)
    rebuilt = built_files(tmp_path / "playground/page/static/twin")
    committed = built_files(BUILT)
    assert sorted(rebuilt) == sorted(committed), "run `npm ci && npm run build` and commit playground/page/static/twin/"
    changed = [name for name in rebuilt if rebuilt[name] != committed[name]]
    assert not changed, f"{changed} differ from a clean build: run `npm ci && npm run build` and commit the result"


def test_every_bundled_package_has_its_license_in_the_notice():
    packages = json.loads((BUILT / "build.json").read_text(encoding="utf-8"))["packages"]
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    notice = (ROOT / "assets" / "NOTICE").read_text(encoding="utf-8")
    assert "tiktoken@1.0.22" in packages  # the tiktoken family's core, bundled
    for package in packages:
        name, _, version = package.rpartition("@")
        assert lock[f"node_modules/{name}"]["version"] == version, f"{package} is not the version the lockfile pins"
        assert f"{name} {version}" in notice and lock[f"node_modules/{name}"]["license"] in notice, \
            f"assets/NOTICE must name {name} {version} and its license ({lock[f'node_modules/{name}']['license']})"
