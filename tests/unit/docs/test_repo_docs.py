"""The committed docs/ must match what `stud docs` generates, and the site must build."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from stud.docs import stale

ROOT = Path(__file__).resolve().parents[3]


def test_committed_docs_are_up_to_date():
    problems = stale(ROOT)
    assert problems == [], "stale docs; run `stud docs` and commit:\n" + "\n".join(problems)


@pytest.mark.slow
def test_mkdocs_build_strict(tmp_path: Path):
    pytest.importorskip("material")
    mkdocs = shutil.which("mkdocs") or str(Path(sys.executable).parent / "mkdocs")
    if not Path(mkdocs).exists():
        pytest.skip("mkdocs is not installed")
    run = subprocess.run(
        [mkdocs, "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"NO_MKDOCS_2_WARNING": "1", "PATH": str(Path(sys.executable).parent)},
    )
    assert run.returncode == 0, run.stderr[-3000:]
    page = tmp_path / "site" / "rulebook" / "seven-card-stud" / "index.html"
    assert page.exists()
    assert 'class="card' in page.read_text(encoding="utf-8")


def test_every_scenario_of_the_repository_is_in_the_rulebook():
    from stud.docs import generate
    from stud.docs.features import load_features
    from stud.docs.rulebook import families, family_page

    files = generate(ROOT)
    groups = families(load_features(ROOT / "features"))
    assert groups, "no features found"
    for family, features in groups.items():
        page = files[f"docs/{family_page(family)}"]
        assert page.count("\n#### ") == sum(len(f.scenarios) for f in features)
        footnote = page[page.index("[^spec]: ") :]  # where the examples come from
        for feature in features:
            assert f"`features/{feature.path}`" in footnote
