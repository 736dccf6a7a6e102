from pathlib import Path

from stud.docs.mkdocs_hooks import cited_sources, render_source_page, rewrite_source_links


def _tree(tmp_path: Path) -> Path:
    (tmp_path / "docs" / "guide").mkdir(parents=True)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "model.py").write_text("x = 1\n")
    return tmp_path / "docs"


def test_links_to_existing_source_files_become_source_pages_or_repo_links(tmp_path: Path):
    docs = _tree(tmp_path)
    md = "[the model](../../src/model.py) and [`model.py`](../../src/model.py#L1)"
    assert rewrite_source_links(md, docs, "guide/page.md") == (
        "[the model](../source/src/model.py.md) and [`model.py`](../source/src/model.py.md)"
    )
    linked = rewrite_source_links(md, docs, "guide/page.md", "https://github.com/o/stud/")
    assert linked == (
        "[the model](https://github.com/o/stud/blob/main/src/model.py) and "
        "[`model.py`](https://github.com/o/stud/blob/main/src/model.py#L1)"
    )
    assert rewrite_source_links("[src](../src/)", docs, "index.md", "https://x") == (
        "[src](https://x/tree/main/src)"
    )


def test_other_links_are_left_for_mkdocs_to_check(tmp_path: Path):
    docs = _tree(tmp_path)
    for md in (
        "[missing](../src/missing.py)",
        "[page](other.md#anchor)",
        "[site](https://example.org/x.py)",
        "![image](../src/model.py)",
        "[top](#top)",
    ):
        assert rewrite_source_links(md, docs, "index.md") == md


def test_links_to_published_folders_point_at_the_copy_in_the_site(tmp_path: Path):
    docs = _tree(tmp_path)
    (tmp_path / "schemas" / "protocol").mkdir(parents=True)
    (tmp_path / "schemas" / "protocol" / "state.json").write_text("{}")
    md = "[state](../../schemas/protocol/state.json#x) and [the folder](../../schemas/)"
    assert rewrite_source_links(md, docs, "guide/page.md") == (
        "[state](../schemas/protocol/state.json#x) and [the folder](../source/schemas/index.md)"
    )


def test_the_site_gets_a_page_for_every_cited_file_and_folder(tmp_path: Path):
    docs = _tree(tmp_path)
    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / "a.json").write_text("{}")
    (tmp_path / "src" / "notes.md").write_text("``` fenced ```\n")
    (docs / "index.md").write_text("[src](../src/) and [a](../schemas/a.json)")
    cited = cited_sources(docs)
    assert cited == {"src": True, "src/model.py": False, "src/notes.md": False}
    listing = render_source_page(tmp_path, "src", True)
    assert "- [`model.py`](model.py.md)" in listing and "- [`notes.md`](notes.md.md)" in listing
    page = render_source_page(tmp_path, "src/notes.md", False)
    assert page.startswith("# `src/notes.md`")
    assert "\n````markdown\n``` fenced ```\n````\n" in page  # a fence longer than any inside
